import WearablesCore
import WearablesWire
import WireServing

/// A client's stream of a pair's IMU, as DAT's Motion sends it to the phone: `motion_samples`
/// events a few samples each (``WireProtocol/samplesPerMotionEvent(at:)``). Where the glasses
/// stream their samples (DAT), those cross as they came; where the feed computes them (the
/// simulator), it is read at the rate, and no sample crosses while the glasses' link is down
/// (a short drop pauses, as it pauses their session).
final class MotionWatch {
    let rate: MotionSamplingRate
    private let device: DeviceIdentifier
    private weak var queue: OutboundQueue?
    private let perEvent: Int
    private var batch: [MotionSample] = []
    private var stream: IMUStream?

    /// Samples passed on with ``forward(_:)``, batched for the rate the glasses stream at.
    init(device: DeviceIdentifier, rate: MotionSamplingRate, queue: OutboundQueue) {
        self.rate = rate
        self.device = device
        self.queue = queue
        perEvent = WireProtocol.samplesPerMotionEvent(at: rate)
    }

    /// Samples read from `feed` at `rate` while `linked`.
    convenience init(device: DeviceIdentifier, feed: MotionFeedSource, rate: MotionSamplingRate, scheduler: Scheduler,
                     linked: @escaping () -> Bool, queue: OutboundQueue) {
        self.init(device: device, rate: rate, queue: queue)
        stream = IMUStream(feed: feed, rate: rate, scheduler: scheduler) { [weak self] sample in
            guard linked() else { return }
            self?.forward([sample])
        }
    }

    func forward(_ samples: [MotionSample]) {
        batch += samples
        guard batch.count >= perEvent else { return }
        queue?.send(.event(.motionSamples(device: device, batch)))
        batch = []
    }

    func stop() { stream?.stop() }
}

/// A pair's Motion as the backend runs it for the clients watching it: DAT has one Motion
/// per session, so the first watch starts it at its rate (a later watch at another rate
/// reads the same feed at its own), and it stops when the last watcher stops or leaves.
final class MotionStart {
    let rate: MotionSamplingRate
    var started = false
    /// The watches waiting for the backend's `started`.
    var waiting: [(client: Int, queue: OutboundQueue, rate: MotionSamplingRate, reply: (Result<WireReplyValue, WireError>) -> Void)] = []

    init(rate: MotionSamplingRate) { self.rate = rate }
}

/// `watch_motion`: the backend's `watchMotion` (what the model in process calls), its feed
/// read at the client's rate. A watch ends when the client stops it or leaves, the backend's
/// Motion fails (`motion_error` with DAT's error), or the glasses are unpaired (`deviceDisconnected`).
extension WorldWireServer {
    func watchMotion(_ device: DeviceIdentifier, rate: MotionSamplingRate?, from clientID: Int, queue: OutboundQueue,
                     reply: @escaping (Result<WireReplyValue, WireError>) -> Void) {
        guard let rate else {
            motionWatches[clientID]?.removeValue(forKey: device)?.stop()
            motionStarts[device]?.waiting.removeAll { $0.client == clientID }
            stopMotionIfUnwatched(device)
            return reply(.success(.done))
        }
        if let watching = motionWatches[clientID]?[device] {
            return reply(.failure(alreadyWatching(device, at: watching.rate)))
        }
        if let waiting = motionStarts[device]?.waiting.first(where: { $0.client == clientID }) {
            return reply(.failure(alreadyWatching(device, at: waiting.rate)))
        }
        guard backend.devices.contains(where: { $0.identifier == device }) else { return reply(.failure(unknownDevice(device))) }
        guard sessionOwners[device] != nil else {
            return reply(.failure(.protocolError("noSession",
                "watch_motion needs a started session on '\(device)' (open_session first): DAT adds Motion to a started session")))
        }
        guard backend.motionFeed(on: device) != nil else { return reply(.failure(WireError(MotionError.sensorUnavailable))) }
        if let start = motionStarts[device] {
            guard start.started else { return start.waiting.append((clientID, queue, rate, reply)) }
            return reply(beginWatch(device, rate: rate, for: clientID, queue: queue))
        }
        let start = MotionStart(rate: rate)
        start.waiting.append((clientID, queue, rate, reply))
        motionStarts[device] = start
        backend.watchMotion(on: device, rate: rate, started: { [weak self, weak start] in
            guard let self, let start, self.motionStarts[device] === start else { return }
            self.motionStarted(device, start)
        }, failed: { [weak self, weak start] error in
            guard let self, let start, self.motionStarts[device] === start else { return }
            self.motionFailed(device, error)
        })
    }

    private func alreadyWatching(_ device: DeviceIdentifier, at rate: MotionSamplingRate) -> WireError {
        .protocolError("alreadyWatching",
            "this client already watches the IMU of '\(device)' at \(rate.name); stop it first "
                + #"({"type":"watch_motion","device":"\#(device)","watch":false})"#)
    }

    private func beginWatch(_ device: DeviceIdentifier, rate: MotionSamplingRate, for clientID: Int, queue: OutboundQueue)
        -> Result<WireReplyValue, WireError> {
        guard clients[clientID] != nil else { return .success(.done) }
        if backend.streamsMotionSamples {
            // The glasses stream at the rate the first watch started them at.
            motionWatches[clientID, default: [:]][device] = MotionWatch(device: device, rate: motionStarts[device]?.rate ?? rate, queue: queue)
            return .success(.done)
        }
        guard let feed = backend.motionFeed(on: device) else { return .failure(WireError(MotionError.sensorUnavailable)) }
        motionWatches[clientID, default: [:]][device] = MotionWatch(
            device: device, feed: feed, rate: rate, scheduler: world.scheduler,
            linked: { [weak self] in self?.links[device] == .connected }, queue: queue)
        return .success(.done)
    }

    /// Samples the glasses streamed, to every client watching them.
    func motionStreamed(_ samples: [MotionSample], on device: DeviceIdentifier) {
        for clientID in motionWatches.keys.sorted() { motionWatches[clientID]?[device]?.forward(samples) }
    }

    private func motionStarted(_ device: DeviceIdentifier, _ start: MotionStart) {
        start.started = true
        let waiting = start.waiting
        start.waiting = []
        for watch in waiting { watch.reply(beginWatch(device, rate: watch.rate, for: watch.client, queue: watch.queue)) }
        stopMotionIfUnwatched(device)
        publishHolderChanges()
    }

    /// The backend's Motion failed: a start waiting hears the error, every watcher gets
    /// `motion_error`, and a later watch starts it again.
    private func motionFailed(_ device: DeviceIdentifier, _ error: MotionError) {
        guard let start = motionStarts.removeValue(forKey: device) else { return }
        for watch in start.waiting { watch.reply(.failure(WireError(error))) }
        for (clientID, watches) in motionWatches {
            guard let watch = watches[device] else { continue }
            watch.stop()
            motionWatches[clientID]?[device] = nil
            queue(of: clientID)?.send(.event(.motionError(device: device, error)))
        }
        publishHolderChanges()
    }

    /// Nobody watches the pair's Motion any more: the backend stops it.
    private func stopMotionIfUnwatched(_ device: DeviceIdentifier) {
        guard let start = motionStarts[device], start.waiting.isEmpty,
              !motionWatches.values.contains(where: { $0[device] != nil }) else { return }
        motionStarts[device] = nil
        backend.watchMotion(on: device, rate: nil, started: {}, failed: { _ in })
    }

    /// The client left: its watches end.
    func stopMotionWatches(of clientID: Int) {
        let watched = motionWatches.removeValue(forKey: clientID) ?? [:]
        for watch in watched.values { watch.stop() }
        var devices = Set(watched.keys)
        for (device, start) in motionStarts where start.waiting.contains(where: { $0.client == clientID }) {
            start.waiting.removeAll { $0.client == clientID }
            devices.insert(device)
        }
        for device in devices.sorted() { stopMotionIfUnwatched(device) }
    }

    /// The glasses were unpaired: every watch of them ends with `deviceDisconnected`.
    func endMotionWatches(of device: DeviceIdentifier) {
        motionFailed(device, .deviceDisconnected)
    }
}

import WearablesCore
import WearablesSimulator
import WearablesWire
import WireServing

/// `watch_motion`: a client's stream of a pair's IMU, as DAT's Motion sends it to the phone,
/// `motion_samples` events a few samples each (``WireProtocol/samplesPerMotionEvent(at:)``).
/// No sample crosses while the glasses' link is down (a short drop pauses, as it pauses their
/// session). A watch ends when the client stops it or leaves, or the glasses are unpaired
/// (`motion_error` `deviceDisconnected`).
final class MotionWatch {
    let rate: MotionSamplingRate
    private let stream: IMUStream

    init(glasses: SimulatedGlasses, feed: MotionFeedSource, rate: MotionSamplingRate, scheduler: Scheduler, queue: OutboundQueue) {
        self.rate = rate
        let device = glasses.identifier
        let perEvent = WireProtocol.samplesPerMotionEvent(at: rate)
        var batch: [MotionSample] = []
        stream = IMUStream(feed: feed, rate: rate, scheduler: scheduler) { [weak queue, weak glasses] sample in
            guard glasses?.link == .connected else { return }
            batch.append(sample)
            guard batch.count >= perEvent else { return }
            queue?.send(.event(.motionSamples(device: device, batch)))
            batch = []
        }
    }

    func stop() { stream.stop() }
}

extension WorldBridge {
    func watchMotion(_ device: DeviceIdentifier, rate: MotionSamplingRate?, from clientID: Int, queue: OutboundQueue)
        -> Result<WireReplyValue, WireError> {
        guard let rate else {
            motionWatches[clientID]?.removeValue(forKey: device)?.stop()
            return .success(.done)
        }
        if let watching = motionWatches[clientID]?[device] {
            return .failure(.protocolError("alreadyWatching",
                "this client already watches the IMU of '\(device)' at \(watching.rate.name); stop it first "
                    + #"({"type":"watch_motion","device":"\#(device)","watch":false})"#))
        }
        guard let glasses = world.kit.glasses(device) else {
            let known = world.kit.glasses.map(\.identifier)
            return .failure(.protocolError("unknownDevice",
                "no glasses '\(device)' in this world; paired: \(known.isEmpty ? "none" : known.joined(separator: ", "))"))
        }
        guard let feed = world.kit.motionFeed(on: device) else { return .failure(WireError(MotionError.sensorUnavailable)) }
        motionWatches[clientID, default: [:]][device] = MotionWatch(glasses: glasses, feed: feed, rate: rate, scheduler: world.scheduler, queue: queue)
        return .success(.done)
    }

    /// The client left: its watches end.
    func stopMotionWatches(of clientID: Int) {
        for watch in (motionWatches.removeValue(forKey: clientID) ?? [:]).values { watch.stop() }
    }

    /// The glasses were unpaired: every watch of them ends with `deviceDisconnected`.
    func endMotionWatches(of device: DeviceIdentifier) {
        for (clientID, watches) in motionWatches {
            guard let watch = watches[device] else { continue }
            watch.stop()
            motionWatches[clientID]?[device] = nil
            queue(of: clientID)?.send(.event(.motionError(device: device, .deviceDisconnected)))
        }
    }
}

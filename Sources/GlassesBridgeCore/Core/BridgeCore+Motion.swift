import DATInterface
import WearablesModel
import WearablesWire

/// The Motion the bridge added to a session for `watch_motion`: DAT's capability, its
/// listeners and sample reader, and who watches it. Its samples go to the watchers a few
/// to an event (``WireProtocol/samplesPerMotionEvent(at:)``).
final class BridgeMotion {
    let motion: any DATMotion
    var tokens: [any DATListenerToken] = []
    var reader: Task<Void, Never>?
    /// The clients watching, and the replies waiting for the Motion to reach `started`.
    var watchers: Set<Int> = []
    var waiting: [BridgeCore.Reply] = []
    var batch: [MotionSample] = []

    init(_ motion: any DATMotion) { self.motion = motion }

    /// Stops listening and reading; DAT's Motion itself is the caller's to stop or remove.
    func forget() {
        for token in tokens { Task { await token.cancel() } }
        reader?.cancel()
    }
}

/// `watch_motion` over DAT: `addMotion(configuration:)` on the device's started session at the
/// first watch (at its rate: a later watch at another rate gets the samples at the first's),
/// `start()`, `Motion.samples` to the watchers as `motion_samples`, its `errorPublisher` as
/// `motion_error`; `stop()` and `removeMotion()` once the last watcher stops or leaves, and
/// with the session.
extension BridgeCore {
    func watchMotion(_ device: DeviceIdentifier, rate: MotionSamplingRate?, by clientID: Int, reply: @escaping Reply) {
        guard let rate else {
            if let held = sessions[device] { unwatchMotion(of: held, by: clientID) }
            return reply(.success(.done))
        }
        guard devices[device] != nil else {
            return reply(.failure(.protocolError("unknownDevice",
                "no glasses '\(device)' in this world; devices: \(deviceOrder.isEmpty ? "none" : deviceOrder.joined(separator: ", "))")))
        }
        guard let held = sessions[device], held.wasStarted else {
            return reply(.failure(.protocolError("noSession",
                "watch_motion needs a started session on '\(device)' (open_session first): DAT adds Motion to a started session")))
        }
        if let watched = held.motion, watched.watchers.contains(clientID) {
            return reply(.failure(.protocolError("alreadyWatching",
                "this client already watches the IMU of '\(device)' at \(watched.motion.configuration.samplingRate.name); stop it first "
                    + #"({"type":"watch_motion","device":"\#(device)","watch":false})"#)))
        }
        let watched: BridgeMotion
        if let existing = held.motion {
            watched = existing
        } else {
            do throws(DeviceSessionError) {
                // DAT answers nil on a started session whose glasses cannot stream motion.
                guard let added = try held.session.addMotion(configuration: MotionConfiguration(samplingRate: rate)) else {
                    return reply(.failure(WireError(MotionError.sensorUnavailable)))
                }
                watched = BridgeMotion(added)
            } catch {
                return reply(.failure(WireError(error)))
            }
            held.motion = watched
            listen(to: watched, of: held, on: device)
        }
        watched.watchers.insert(clientID)
        switch watched.motion.state {
        case .started: reply(.success(.done))
        case .starting: watched.waiting.append(reply)
        case .stopped, .stopping:
            watched.waiting.append(reply)
            watched.motion.start()
        }
    }

    private func listen(to watched: BridgeMotion, of held: BridgeSession, on device: DeviceIdentifier) {
        let (mailbox, serial, motion) = (mailbox!, held.serial, watched.motion)
        watched.tokens.append(motion.statePublisher.listen { state in
            guard state == .started else { return }
            mailbox.enqueue { core in core.motionStarted(on: device, session: serial) }
        })
        watched.tokens.append(motion.errorPublisher.listen { error in
            mailbox.enqueue { core in core.motionFailed(error, on: device, session: serial) }
        })
        watched.reader = Task {
            for await sample in motion.samples {
                mailbox.enqueue { core in core.motionSampled(sample, on: device, session: serial) }
            }
        }
    }

    private func motionStarted(on device: DeviceIdentifier, session serial: Int) {
        guard let watched = session(on: device, serial)?.motion else { return }
        let waiting = watched.waiting
        watched.waiting = []
        for reply in waiting { reply(.success(.done)) }
    }

    private func motionSampled(_ sample: MotionSample, on device: DeviceIdentifier, session serial: Int) {
        guard let watched = session(on: device, serial)?.motion else { return }
        watched.batch.append(sample)
        guard watched.batch.count >= WireProtocol.samplesPerMotionEvent(at: watched.motion.configuration.samplingRate) else { return }
        let event = WireEvent.motionSamples(device: device, watched.batch)
        watched.batch = []
        for id in watched.watchers.sorted() { clients[id]?.queue.send(.event(event)) }
    }

    /// DAT's Motion failed: a start waiting hears the error, every watcher gets `motion_error`,
    /// and the Motion is removed (a later watch adds a new one).
    private func motionFailed(_ error: MotionError, on device: DeviceIdentifier, session serial: Int) {
        guard let held = session(on: device, serial), let watched = held.motion else { return }
        let waiting = watched.waiting
        watched.waiting = []
        for reply in waiting { reply(.failure(WireError(error))) }
        for id in watched.watchers.sorted() { clients[id]?.queue.send(.event(.motionError(device: device, error))) }
        removeMotion(of: held)
    }

    func unwatchMotion(of held: BridgeSession, by clientID: Int) {
        guard let watched = held.motion, watched.watchers.remove(clientID) != nil, watched.watchers.isEmpty else { return }
        removeMotion(of: held)
    }

    /// Nobody watches any more (or the Motion failed): DAT's `stop()`, then `removeMotion()`.
    func removeMotion(of held: BridgeSession) {
        guard let watched = held.motion else { return }
        held.motion = nil
        watched.forget()
        let waiting = watched.waiting
        watched.waiting = []
        for reply in waiting { reply(.failure(WireError(MotionError.capabilityClosed))) }
        watched.motion.stop()
        try? held.session.removeMotion()
    }
}

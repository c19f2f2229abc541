import DATInterface
import WearablesCore

/// Motion, Speech and voice invocations over DAT's capabilities (a bridge's `watch_motion`,
/// `speech_listen`, `voice_listen` and `voice_answer` reach these).
extension DATBackend {
    // MARK: Motion

    /// What the glasses' Motion streamed while the model watched (sample-and-hold, placed on
    /// this clock by the samples' own timestamps, as over a connection); before the first
    /// sample, a still, level head. DAT says whether the glasses have sensors only when watched.
    public func motionFeed(on identifier: DeviceIdentifier) -> MotionFeedSource? {
        DATMotionFeed { [weak self] time in self?.streamedMotion[identifier]?.sample(at: time) }
    }

    /// `addMotion(configuration:)` on the started session and `start()`: `started` once DAT's
    /// state reaches `started`, `failed` with its `MotionError` (nil: `sensorUnavailable`). A
    /// nil rate: `stop()` and `removeMotion()`.
    public func watchMotion(on identifier: DeviceIdentifier, rate: MotionSamplingRate?, started: @escaping () -> Void,
                            failed: @escaping (MotionError) -> Void) {
        let held = sessions[identifier]
        if let held { removeMotion(of: held, failing: nil) }
        guard let rate else { return }
        guard let held, held.wasStarted else { return soon { failed(.deviceDisconnected) } }
        let motion: any DATMotion
        do throws(DeviceSessionError) {
            // DAT answers nil on a started session whose glasses cannot stream motion.
            guard let added = try held.session.addMotion(configuration: MotionConfiguration(samplingRate: rate)) else {
                return soon { failed(.sensorUnavailable) }
            }
            motion = added
        } catch {
            record("motion_refused", ["device": .string(identifier), "code": .string(error.code)])
            return soon { failed(.deviceDisconnected) }
        }
        let watched = HeldMotion(serial: nextSerial, motion, started: started, failed: failed)
        nextSerial += 1
        held.motion = watched
        let serial = watched.serial
        watched.tokens.append(motion.statePublisher.listen(onLoop { backend, state in
            guard state == .started, let watched = backend.sessions[identifier]?.motion, watched.serial == serial else { return }
            let started = watched.started
            watched.started = nil
            started?()
        }))
        watched.tokens.append(motion.errorPublisher.listen(onLoop { backend, error in
            guard let held = backend.sessions[identifier], held.motion?.serial == serial else { return }
            backend.removeMotion(of: held, failing: error)
        }))
        let sampled = onLoop { (backend: DATBackend, sample: MotionSample) in
            guard backend.sessions[identifier]?.motion?.serial == serial else { return }
            // A class through the default subscript would be made anew each time, never stored.
            let streamed = backend.streamedMotion[identifier] ?? StreamedMotion()
            backend.streamedMotion[identifier] = streamed
            streamed.receive([sample], at: backend.scheduler.now)
            backend.notify { $0.backend(didStream: [sample], on: identifier) }
        }
        watched.reader = Task {
            for await sample in motion.samples { sampled(sample) }
        }
        motion.start()
    }

    /// Stops and removes the Motion added for the model; tells the model `error`, if given.
    func removeMotion(of held: HeldSession, failing error: MotionError?) {
        guard let watched = held.motion else { return }
        held.motion = nil
        cancel(watched.tokens)
        watched.reader?.cancel()
        watched.motion.stop()
        try? held.session.removeMotion()
        if let error { watched.failed(error) }
    }

    // MARK: Speech

    /// `addSpeech()` once per session, then `start()` (settled once DAT's state reaches `started`,
    /// or `stopped` by a failure, after what DAT reported meanwhile) or `stop()`. False when the
    /// glasses have no Speech, or there is no started session to add it to.
    @discardableResult
    public func listenForSpeech(_ listening: Bool, on identifier: DeviceIdentifier, settled: @escaping () -> Void) -> Bool {
        guard let held = sessions[identifier], held.wasStarted else { return !listening }
        guard listening else {
            held.speechListening = false
            held.speech?.stop()
            return true
        }
        let speech: any DATSpeech
        if let existing = held.speech {
            speech = existing
        } else {
            do throws(DeviceSessionError) {
                guard let added = try held.session.addSpeech() else { return false }
                speech = added
            } catch {
                return false
            }
            held.speech = speech
            listen(to: speech, of: held)
        }
        let settle = onLoop { (_: DATBackend, _: Bool) in settled() }
        let once = OneShotListeners()
        once.attach(speech.statePublisher.listen { state in
            guard state == .started || state == .stopped, once.fire() else { return }
            settle(true)
        })
        speech.start()
        return true
    }

    private func listen(to speech: any DATSpeech, of held: HeldSession) {
        let (device, serial) = (held.device, held.serial)
        let report = onLoop { (backend: DATBackend, report: CapabilityReport) in
            guard let held = backend.session(on: device, serial) else { return }
            if case .speechFailed = report { held.speechListening = false }
            backend.notify { $0.backend(didReport: report, on: device) }
        }
        held.speechTokens = [
            speech.transcriptionPublisher.listen { report(.transcription($0)) },
            speech.errorPublisher.listen { report(.speechFailed($0)) },
            speech.localePublisher.listen { report(.speechLocale($0)) },
            // An utterance ends as the state reaches `stopped` while listening (not after an
            // error or the model's own stop).
            speech.statePublisher.listen(onLoop { backend, state in
                guard let held = backend.session(on: device, serial) else { return }
                if state == .started { held.speechListening = true }
                if state == .stopped, held.speechListening {
                    held.speechListening = false
                    backend.notify { $0.backend(didReport: .speechComplete, on: device) }
                }
            }),
        ]
    }

    // MARK: Voice invocations

    /// `VoiceInvocationsStream(wearables:)` once, then `start(deviceIdentifier:)` on the device
    /// the model last asked for, or `stop()` once it listens on none (DAT's stream listens on
    /// one device at a time).
    public func listenForVoiceInvocations(_ listening: Bool, on identifier: DeviceIdentifier) {
        let channel = voice ?? VoiceChannel(backend: self)
        voice = channel
        channel.listen(listening, on: identifier)
    }

    /// The `LaunchApp`'s `responseHandle.sendSuccess(actionOutput:)` or `sendFailure(actionOutput:)`,
    /// once; a second answer, or one to a request DAT never delivered, is not taken.
    public func answerVoiceInvocation(_ requestID: String, on identifier: DeviceIdentifier, success: Bool, output: String?,
                                      completion: @escaping (Bool) -> Void) {
        guard let invocation = voice?.requests.removeValue(forKey: requestID) else { return soon { completion(false) } }
        let handle = invocation.responseHandle
        call({ success ? await handle.sendSuccess(actionOutput: output) : await handle.sendFailure(actionOutput: output) },
             then: completion)
    }
}

/// The glasses' IMU as the model reads it: the newest sample DAT's Motion streamed, or a
/// still, level head before the first.
final class DATMotionFeed: MotionFeedSource {
    private let streamed: (Double) -> MotionSample?
    private var since: Double?

    init(streamed: @escaping (Double) -> MotionSample?) { self.streamed = streamed }

    func sample(at time: Double) -> MotionSample {
        if let sample = streamed(time) { return sample }
        let start = since ?? time
        since = start
        return MotionFeed.pose(.level).sample(after: time - start)
    }
}

/// DAT's one `VoiceInvocationsStream`, made on the first listen: its calls run in order on a
/// task of their own (DAT's are `async`), its invocations and errors come to the model.
final class VoiceChannel {
    enum Call: Sendable {
        case start(DeviceIdentifier)
        case stop
    }

    /// The invocations DAT delivered and the model has not answered, by the request id it was told.
    var requests: [String: DATLaunchApp] = [:]
    private var nextRequest = 1
    /// The devices the model listens on, the last asked for last.
    private var devices: [DeviceIdentifier] = []
    private let calls: AsyncStream<Call>.Continuation
    private let worker: Task<Void, Never>

    init(backend: DATBackend) {
        let (stream, calls) = AsyncStream<Call>.makeStream()
        self.calls = calls
        let wearables = backend.wearables
        let invoked = backend.onLoop { (backend: DATBackend, invocation: DATLaunchApp) in backend.voice?.invoked(invocation, backend) }
        let failed = backend.onLoop { (backend: DATBackend, error: VoiceInvocationError) in backend.voice?.failed(error, backend) }
        worker = Task {
            let voice: any DATVoiceInvocationsStream
            do {
                voice = try await wearables.makeVoiceInvocationsStream()
            } catch {
                return failed(error as? VoiceInvocationError ?? .invalidWearablesInterface)
            }
            let tokens = [voice.invocationsPublisher.listen(invoked), voice.errorPublisher.listen(failed)]
            for await call in stream {
                switch call {
                case .start(let device): try? await voice.start(deviceIdentifier: device)
                case .stop: await voice.stop()
                }
            }
            await voice.stop()
            for token in tokens { await token.cancel() }
        }
    }

    func listen(_ listening: Bool, on device: DeviceIdentifier) {
        let before = devices.last
        devices.removeAll { $0 == device }
        if listening { devices.append(device) }
        guard devices.last != before || listening else { return }
        calls.yield(devices.last.map(Call.start) ?? .stop)
    }

    private func invoked(_ invocation: DATLaunchApp, _ backend: DATBackend) {
        // DAT names no request: the world behind it may (the fake: the simulator's id), else the backend does.
        let request: String
        if let named = invocation.responseHandle.requestIdentifier, requests[named] == nil {
            request = named
        } else {
            request = "dat-\(nextRequest)"
            nextRequest += 1
        }
        requests[request] = invocation
        backend.notify { $0.backend(didReport: .voiceInvocation(requestID: request), on: invocation.deviceIdentifier) }
    }

    private func failed(_ error: VoiceInvocationError, _ backend: DATBackend) {
        for device in devices { backend.notify { $0.backend(didReport: .voiceError(error), on: device) } }
    }

    /// Stops DAT's stream and ends the task once the calls before have run.
    func close() { calls.finish() }
}

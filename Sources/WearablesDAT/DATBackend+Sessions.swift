import DATInterface
import WearablesCore

/// Sessions: `createSession(deviceSelector:)` and `start()` for the model's `openSession`,
/// `stop()` for its close, and the session's publishers as the model's interruptions
/// (BridgeCore+Sessions.swift makes the same calls for `open_session` and `close_session`).
extension DATBackend {
    public func openSession(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, DeviceSessionError>) -> Void) {
        // The model opens a session only on a device it holds none on: one still held here
        // is one the model already let go (it ended the session itself: the device went, the
        // app was unregistered), so DAT's is stopped first.
        releaseSession(on: identifier)
        let session: any DATDeviceSession
        do throws(DeviceSessionError) {
            session = try wearables.createSession(device: identifier)
        } catch {
            return finish(completion, .failure(error))
        }
        let held = HeldSession(serial: nextSerial, device: identifier, session: session)
        nextSerial += 1
        held.pendingOpen = completion
        sessions[identifier] = held
        let serial = held.serial
        held.tokens.append(session.errorPublisher.listen(onLoop { backend, error in
            backend.sessionFailed(identifier, serial, error)
        }))
        held.tokens.append(session.statePublisher.listen(onLoop { backend, state in
            backend.sessionState(identifier, serial, state)
        }))
        do throws(DeviceSessionError) {
            try session.start()
        } catch {
            finishOpen(held, .failure(error))
            releaseSession(on: identifier)
        }
    }

    /// DAT's `stop()`; the completion runs once what DAT reported meanwhile has been heard.
    public func closeSession(on identifier: DeviceIdentifier, completion: @escaping () -> Void) {
        releaseSession(on: identifier)
        afterPosted(completion)
    }

    /// The session held on `device`, if it is the one numbered `serial`.
    func session(on device: DeviceIdentifier, _ serial: Int) -> HeldSession? {
        sessions[device].flatMap { $0.serial == serial ? $0 : nil }
    }

    private func finishOpen(_ held: HeldSession, _ result: Result<Void, DeviceSessionError>) {
        let pending = held.pendingOpen
        held.pendingOpen = nil
        if let pending { finish(pending, result) }
    }

    private func sessionFailed(_ device: DeviceIdentifier, _ serial: Int, _ error: DeviceSessionError) {
        guard let held = session(on: device, serial) else { return }
        // A warning: the session goes on.
        if error == .dwaOutOfStuRange {
            return notify { $0.backend(didInterruptSessionOn: device, with: .warning(error)) }
        }
        held.lastError = error
    }

    /// DAT's session states as the model's interruptions: `paused` and back, and `ended`
    /// (with the error DAT published, and the stream's) when a started session stops by itself.
    private func sessionState(_ device: DeviceIdentifier, _ serial: Int, _ state: SessionState) {
        guard let held = session(on: device, serial) else { return }
        switch state {
        case .started:
            if held.paused {
                held.paused = false
                notify { $0.backend(didInterruptSessionOn: device, with: .resumed) }
            }
            if !held.wasStarted { addInputs(to: held) }
            held.wasStarted = true
            finishOpen(held, .success(()))
        case .paused:
            guard held.wasStarted, !held.paused else { return }
            held.paused = true
            notify { $0.backend(didInterruptSessionOn: device, with: .paused) }
        case .stopped:
            let wasOpening = held.pendingOpen != nil
            if wasOpening { finishOpen(held, .failure(held.lastError ?? .sessionAlreadyStopped)) }
            dropSession(on: device)
            if !wasOpening, held.wasStarted {
                let ended = SessionInterruption.ended(sessionError: held.lastError, streamError: held.lastStreamError)
                notify { $0.backend(didInterruptSessionOn: device, with: ended) }
            }
        case .idle, .starting, .stopping:
            break
        }
    }

    /// Stops the session held on `device` (the model closed it, or let it go).
    func releaseSession(on device: DeviceIdentifier) {
        guard let held = dropSession(on: device) else { return }
        held.session.stop()
    }

    /// Forgets the session on `device`: its listeners, its stream and its capabilities.
    @discardableResult
    private func dropSession(on device: DeviceIdentifier) -> HeldSession? {
        guard let held = sessions.removeValue(forKey: device) else { return nil }
        cancel(held.tokens + held.speechTokens)
        held.inputsReader?.cancel()
        stopStream(of: held)
        removeMotion(of: held, failing: nil)
        if held.speechListening { held.speech?.stop() }
        held.photoCamera?.stop()
        if held.display != nil, displayEvents.removeValue(forKey: device) != nil { held.display?.stop() }
        finishOpen(held, .failure(.sessionAlreadyStopped))
        return held
    }

    // MARK: Inputs

    /// DAT's Inputs with its default configuration (every source), added once the session
    /// first starts: the model keeps only the events an Inputs of its own asked for, as it
    /// does over a connection.
    private func addInputs(to held: HeldSession) {
        guard held.inputs == nil else { return }
        let inputs: any DATInputs
        do throws(DeviceSessionError) {
            // Nil or a refusal: glasses without Inputs, whose events never come.
            guard let added = try held.session.addInputs(configuration: InputsConfiguration()) else { return }
            inputs = added
        } catch {
            return
        }
        held.inputs = inputs
        let (device, serial) = (held.device, held.serial)
        let report = onLoop { (backend: DATBackend, report: CapabilityReport) in
            guard backend.session(on: device, serial) != nil else { return }
            backend.notify { $0.backend(didReport: report, on: device) }
        }
        held.tokens.append(inputs.errorPublisher.listen { report(.inputsFailed($0)) })
        held.inputsReader = Task {
            for await event in inputs.events { report(.input(event)) }
        }
    }
}

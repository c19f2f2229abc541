import DATInterface
import WearablesCore

/// Sessions: `createSession(deviceSelector:)` and `start()` for the model's `openSession`,
/// `stop()` for its close, and the session's publishers as the model's interruptions (a
/// bridge's `open_session` and `close_session` reach these).
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
            let firstStart = !held.wasStarted
            held.wasStarted = true
            if firstStart, let wanted = held.inputsWanted {
                held.inputsWanted = nil
                addInputs(wanted, to: held)
            }
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
        if let inputs = held.inputs { forget(inputs) }
        stopStream(of: held)
        removeMotion(of: held, failing: nil)
        if held.speechListening { held.speech?.stop() }
        held.photoCamera?.stop()
        if held.display != nil, displayEvents.removeValue(forKey: device) != nil { held.display?.stop() }
        finishOpen(held, .failure(.sessionAlreadyStopped))
        return held
    }

    // MARK: Inputs

    /// The model's session added Inputs (`addInputs(configuration:)` on DAT's, with its sources and
    /// Back choice: DAT's `sources` is a routing request, so Inputs are added only when the model
    /// adds them), or removed them (nil: `removeInputs()`). A new configuration replaces the old.
    public func watchInputs(on identifier: DeviceIdentifier, configuration: InputsConfiguration?) {
        guard let held = sessions[identifier] else { return }
        removeInputs(of: held)
        held.inputsWanted = nil
        guard let configuration else { return }
        guard held.wasStarted else {
            held.inputsWanted = configuration
            return
        }
        addInputs(configuration, to: held)
    }

    /// DAT's `addInputs(configuration:)`; what keeps them from being added ends the model's Inputs
    /// (`capabilityUnavailable` for glasses without, `activationFailed` for a refusal).
    func addInputs(_ configuration: InputsConfiguration, to held: HeldSession) {
        let (device, serial) = (held.device, held.serial)
        let added: any DATInputs
        do throws(DeviceSessionError) {
            guard let inputs = try held.session.addInputs(configuration: configuration) else {
                return soon { [weak self] in self?.inputsReported(.inputsFailed(.capabilityUnavailable), on: device, serial) }
            }
            added = inputs
        } catch {
            return soon { [weak self] in self?.inputsReported(.inputsFailed(.activationFailed), on: device, serial) }
        }
        held.inputsAdded += 1
        let watched = HeldInputs(added, configuration: configuration, number: held.inputsAdded)
        held.inputs = watched
        let number = watched.number
        watched.tokens.append(added.errorPublisher.listen(onLoop { backend, error in
            guard let watched = backend.session(on: device, serial)?.inputs, watched.number == number else { return }
            watched.failed = true
            backend.inputsReported(.inputsFailed(error), on: device, serial)
        }))
        let event = onLoop { (backend: DATBackend, event: InputEvent) in
            guard backend.session(on: device, serial)?.inputs?.number == number else { return }
            backend.inputsReported(.input(event), on: device, serial)
        }
        watched.reader = Task {
            for await received in added.events { event(received) }
        }
    }

    /// DAT's `removeInputs()`, if the backend added some.
    func removeInputs(of held: HeldSession) {
        guard let watched = held.inputs else { return }
        held.inputs = nil
        forget(watched)
        try? held.session.removeInputs()
    }

    private func forget(_ inputs: HeldInputs) {
        cancel(inputs.tokens)
        inputs.reader?.cancel()
    }

    private func inputsReported(_ report: CapabilityReport, on device: DeviceIdentifier, _ serial: Int) {
        guard session(on: device, serial) != nil else { return }
        notify { $0.backend(didReport: report, on: device) }
    }

    /// On real glasses a standalone photo's transfer was seen to drop Inputs to `inactive` and to
    /// stop Motion, both without an error:
    /// an Inputs no longer active is removed and added again with its configuration, a watched
    /// Motion that stopped is started again (a failure comes from its `errorPublisher`).
    func restoreAfterPhoto(_ held: HeldSession) {
        if let watched = held.inputs, !watched.failed, watched.inputs.state == .inactive {
            let configuration = watched.configuration
            removeInputs(of: held)
            addInputs(configuration, to: held)
        }
        if let watched = held.motion, watched.started == nil, watched.motion.state == .stopped {
            watched.motion.start()
        }
    }
}

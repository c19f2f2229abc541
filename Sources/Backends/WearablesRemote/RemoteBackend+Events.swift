import WearablesCore
import WearablesDisplay
import WearablesWire

/// What arrives from the served world, on the scheduler's thread.
extension RemoteBackend {
    func handle(_ incoming: RemoteLink.Incoming) {
        if let recorder { record(incoming, into: recorder) }
        switch incoming {
        case .connected(let hello): reconnected(hello)
        case .lost(let failure): lost(failure)
        case .message(let message): handle(message)
        case .binary(let binary): handle(binary)
        }
    }

    /// Writes what came in to the capture, as the wire carried it, at the time the client took it.
    private func record(_ incoming: RemoteLink.Incoming, into recorder: SessionRecorder) {
        let time = scheduler.now
        switch incoming {
        case .connected(let hello):
            recorder.world(text: String(decoding: ServerMessage.hello(hello).encoded(), as: UTF8.self), at: time)
        case .message(let message): recorder.world(text: String(decoding: message.encoded(), as: UTF8.self), at: time)
        case .binary(let binary): recorder.world(binary: binary.encoded(), at: time)
        case .lost(let failure): recorder.lost(failure.reason, tokenRefused: failure.isTokenRefused, at: time)
        }
    }

    private func handle(_ message: ServerMessage) {
        switch message {
        case .hello(let hello):
            reconnected(hello)
        case .reply(let id, let result):
            pending.removeValue(forKey: id)?.answer(result)
        case .error(let error):
            trace.record(source: "remote", event: "error", values: ["code": .string(error.code), "message": .string(error.message)])
        case .event(let event):
            handle(event)
        }
    }

    private func handle(_ event: WireEvent) {
        switch event {
        case .registration(let state):
            registrationState = state
            notify { $0.backend(didChangeRegistration: state) }
        case .device(let snapshot):
            if let index = snapshots.firstIndex(where: { $0.identifier == snapshot.identifier }) {
                snapshots[index] = snapshot
            } else {
                snapshots.append(snapshot)
            }
            notify { $0.backend(didUpdate: snapshot) }
        case .deviceRemoved(let identifier):
            snapshots.removeAll { $0.identifier == identifier }
            bandwidth[identifier] = nil
            mockGlasses.removeAll { $0.id == identifier }
            streamedMotion[identifier] = nil
            notify { $0.backend(didRemoveDevice: identifier) }
        case .permission(let permission, let status):
            permissions[permission] = status
            notify { $0.backend(didChangePermission: permission, to: status) }
        case .bandwidth(let identifier, let kbps):
            bandwidth[identifier] = kbps
            notify { $0.backend(didChangeLinkBandwidth: kbps, for: identifier) }
        case .input(let identifier, let input):
            notify { $0.backend(didReceive: input, on: identifier) }
        case .capability(let identifier, let report):
            notify { $0.backend(didReport: report, on: identifier) }
        case .display(let identifier, let event):
            displayEvents[identifier]?(event)
        case .session(let identifier, let interruption):
            if case .ended = interruption { openSessions.remove(identifier) }
            notify { $0.backend(didInterruptSessionOn: identifier, with: interruption) }
        case .mockGlasses(let state):
            mirror(state)
        case .captureStarted(let id):
            captures[id]?.setUp()
        case .captureProgress(let id, let progress):
            captures[id]?.progress(progress)
        case .a2dpPausedByStream(let device):
            // This process is the phone: the pause is its session's, if it plays to those glasses.
            let name = snapshots.first { $0.identifier == device }?.name
            guard let audio, audio.isPlayingOverA2DP, audio.route.outputs.contains(where: { $0.type == .bluetoothA2DP && $0.name == name }) else { break }
            audio.interruptWithoutEnd()
            trace.record(source: "remote", event: "a2dp_paused", values: ["glasses": .string(device)])
        case .framesDropped(let stream, let total):
            trace.record(source: "remote", event: "frames_dropped", values: ["stream": .int(stream), "total": .int(total)])
        case .motionSamples(let identifier, let samples):
            // A class through the default subscript would be made anew each time, never stored.
            let streamed = streamedMotion[identifier] ?? StreamedMotion()
            streamedMotion[identifier] = streamed
            streamed.receive(samples, at: scheduler.now)
        case .motionError(let identifier, let error):
            motionFailed(on: identifier, error, watch: nil)
        case .audioRoute, .fileSaved, .holders:
            // For dashboards: a script over --connect uses its own phone's audio, saves its own files
            // and knows what it holds itself.
            break
        }
    }

    private func handle(_ binary: BinaryMessage) {
        switch binary {
        case .frame(let stream, _, let timestamp, let size, let jpeg):
            streams[stream]?(localTime(ofCapture: timestamp), EncodedPicture(jpeg: jpeg, size: size))
        case .photo(let id, let photo):
            pending[id] = nil
            captures.removeValue(forKey: id)?.completion(.success(photo))
        }
    }

    /// The connection dropped, or an attempt to open it again failed: everything the
    /// served world held for this client is gone, so report it as glasses that went
    /// out of range. A refused token is the one failure retrying alone may never mend,
    /// so it is said once, with the fix.
    private func lost(_ failure: LinkFailure) {
        if failure.isTokenRefused, !refusalAnnounced {
            refusalAnnounced = true
            trace.record(source: "remote", event: "token_refused", values: ["reason": .string(failure.reason)])
            onNotice?("the server at \(url) refused the token (it may have restarted with a new one): pass --token with the "
                + "token it printed, or start it with --token set to this one; retrying with backoff (\(RetryBackoff.summary))")
        }
        guard isConnected else { return }
        isConnected = false
        trace.record(source: "remote", event: "link_lost", values: ["reason": .string(failure.reason)])
        streams.removeAll()
        let waiting = pending.values
        pending.removeAll()
        waiting.forEach { $0.fail() }
        let photos = captures.values
        captures.removeAll()
        photos.forEach { $0.completion(.failure(.deviceDisconnected)) }
        for identifier in openSessions.sorted() {
            notify { $0.backend(didInterruptSessionOn: identifier, with: .ended(sessionError: nil, streamError: .deviceNotConnected(identifier))) }
        }
        openSessions.removeAll()
        for index in snapshots.indices where snapshots[index].linkState != .disconnected {
            snapshots[index].linkState = .disconnected
            let snapshot = snapshots[index]
            notify { $0.backend(didUpdate: snapshot) }
        }
    }

    /// A hello after a drop: the served world as it is now replaces what was known.
    private func reconnected(_ hello: ServerHello) {
        guard !isConnected else { return }
        isConnected = true
        trace.record(source: "remote", event: "link_restored", values: [:])
        if refusalAnnounced {
            refusalAnnounced = false
            onNotice?("reconnected to \(url)")
        }
        if hello.registration != registrationState {
            registrationState = hello.registration
            notify { $0.backend(didChangeRegistration: hello.registration) }
        }
        for (permission, status) in hello.permissions.sorted(by: { $0.key.name < $1.key.name }) where permissions[permission] != status {
            permissions[permission] = status
            notify { $0.backend(didChangePermission: permission, to: status) }
        }
        let current = Set(hello.devices.map(\.identifier))
        for gone in snapshots.map(\.identifier) where !current.contains(gone) {
            notify { $0.backend(didRemoveDevice: gone) }
        }
        snapshots = hello.devices
        bandwidth = hello.bandwidth
        mockGlasses = hello.mock
        for snapshot in hello.devices { notify { $0.backend(didUpdate: snapshot) } }
    }

    private func notify(_ body: (WearablesBackendObserver) -> Void) {
        for entry in observers { if let observer = entry.observer { body(observer) } }
    }

    /// A frame's capture time (the served world's clock) on this side's clock: shifted by the
    /// smallest gap yet seen between a frame's arrival and its capture (the link's quickest
    /// trip), so frames keep the gaps the glasses made them with (a 1.5 s stall stays 1.5 s,
    /// whatever the link's jitter) and never come stamped later than they arrived, or out of order.
    func localTime(ofCapture timestamp: Double) -> Double {
        let offset = min(frameClockOffset ?? .infinity, scheduler.now - timestamp)
        frameClockOffset = offset
        return timestamp + offset
    }
}

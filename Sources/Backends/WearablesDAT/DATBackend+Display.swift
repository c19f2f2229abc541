import DATInterface
import WearablesCore
import WearablesDisplay

/// The display over DAT's `Display` (`addDisplay()` once per session): each model call (and a
/// bridge's matching `display_*` command) is one DAT call, and taps,
/// playback events and a display the glasses took down come back as the model's events.
extension DATBackend: DisplayBackend {
    public func startDisplay(on device: DeviceIdentifier, events: @escaping (DisplayBackendEvent) -> Void,
                             completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let held = sessions[device], held.wasStarted else { return finish(completion, .failure(.deviceDisconnected)) }
        let display: any DATDisplay
        if let existing = held.display {
            display = existing
        } else {
            do throws(DeviceSessionError) {
                display = try held.session.addDisplay()
            } catch {
                return finish(completion, .failure(.displayError(error.message)))
            }
            held.display = display
            let serial = held.serial
            display.setPlaybackHandler(onLoop { backend, event in
                guard backend.session(on: device, serial) != nil else { return }
                backend.displayEvents[device]?(.playback(event))
            })
            held.tokens.append(display.statePublisher.listen(onLoop { backend, state in
                // The glasses took it down without the model's stop: the model hears `stopped`.
                guard state == .stopped, let held = backend.session(on: device, serial), !held.displayStopping,
                      let events = backend.displayEvents.removeValue(forKey: device) else { return }
                events(.stopped)
            }))
        }
        held.displayStopping = false
        displayEvents[device] = events
        awaitDisplay(display, reaching: .started, completion)
        display.start()
    }

    public func sendDisplay(_ tree: DisplayTree, on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let display = sessions[device]?.display else { return finish(completion, .failure(.notStarted(.stopped))) }
        let tapped = onLoop { (backend: DATBackend, component: String) in backend.displayEvents[device]?(.tap(id: component)) }
        call({ () async -> Result<Void, DisplayError> in
            do throws(DisplayError) {
                try await display.send(tree, onTap: tapped)
                return .success(())
            } catch { return .failure(error) }
        }, then: completion)
    }

    public func clearDisplay(on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let display = sessions[device]?.display else { return finish(completion, .failure(.notStarted(.stopped))) }
        call({ () async -> Result<Void, DisplayError> in
            do throws(DisplayError) {
                try await display.clearDisplay()
                return .success(())
            } catch { return .failure(error) }
        }, then: completion)
    }

    public func stopDisplayVideo(on device: DeviceIdentifier) {
        guard let display = sessions[device]?.display else { return }
        Task { await display.sendVideoStop() }
    }

    public func stopDisplay(on device: DeviceIdentifier, completion: @escaping () -> Void) {
        displayEvents[device] = nil
        guard let held = sessions[device], let display = held.display, display.state != .stopped else {
            return soon(completion)
        }
        held.displayStopping = true
        awaitDisplay(display, reaching: .stopped) { _ in completion() }
        display.stop()
    }

    /// Completes once the display's state reaches `target` (or, starting, falls back to `stopped`).
    private func awaitDisplay(_ display: any DATDisplay, reaching target: DisplayState,
                              _ completion: @escaping (Result<Void, DisplayError>) -> Void) {
        if display.state == target { return finish(completion, .success(())) }
        let done = onLoop { (_: DATBackend, result: Result<Void, DisplayError>) in completion(result) }
        let once = OneShotListeners()
        once.attach(display.statePublisher.listen { state in
            guard state == target || (target == .started && state == .stopped), once.fire() else { return }
            done(state == target ? .success(()) : .failure(.notStarted(state)))
        })
    }
}

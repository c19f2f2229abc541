import DATInterface
import WearablesDisplayModel
import WearablesModel
import WearablesWire
import WireServing

/// The display commands over DAT's `Display` (`addDisplay()` once per session): the tree is
/// checked again here, and taps, playback events and a display the glasses took down go to
/// the client that started it as `display` events.
extension BridgeCore {
    func handleDisplay(_ command: WireCommand, from clientID: Int, queue: OutboundQueue, reply: @escaping Reply) {
        let device: DeviceIdentifier
        switch command {
        case .displayStart(let id), .displaySend(let id, _), .displayClear(let id), .displayStopVideo(let id), .displayStop(let id):
            device = id
        default:
            return reply(.failure(.protocolError("badCommand", "not a display command")))
        }
        guard let held = sessions[device], held.owner == clientID else {
            return reply(.failure(WireError(DisplayError.deviceDisconnected)))
        }
        let answer: @Sendable (Result<Void, DisplayError>) -> Void = { reply($0.map { .done }.mapError(WireError.init)) }
        let event: @Sendable (DisplayBackendEvent) -> Void = { queue.send(.event(.display(device: device, $0))) }
        switch command {
        case .displayStart:
            let display: any DATDisplay
            if let existing = held.display {
                display = existing
            } else {
                do throws(DeviceSessionError) { display = try held.session.addDisplay() } catch { return reply(.failure(WireError(error))) }
                held.display = display
                display.setPlaybackHandler { event(.playback($0)) }
                held.tokens.append(display.statePublisher.listen { [mailbox = mailbox!] state in
                    guard state == .stopped else { return }
                    mailbox.enqueue { core in core.displayStopped(device, display: display) }
                })
            }
            displayOwners[device] = clientID
            awaitDisplay(display, reaching: .started, answer: answer)
            display.start()
        case .displaySend(_, let component):
            guard let display = held.display else { return answer(.failure(.notStarted(.stopped))) }
            let tree: DisplayTree
            do { tree = try component.tree(pictures: pictures) } catch {
                return answer(.failure(error.kind == .invalidVideoURL ? .invalidVideoURL : .displayError(error.description)))
            }
            Task {
                do throws(DisplayError) {
                    try await display.send(tree) { event(.tap(id: $0)) }
                    answer(.success(()))
                } catch { answer(.failure(error)) }
            }
        case .displayClear:
            guard let display = held.display else { return answer(.failure(.notStarted(.stopped))) }
            Task {
                do throws(DisplayError) {
                    try await display.clearDisplay()
                    answer(.success(()))
                } catch { answer(.failure(error)) }
            }
        case .displayStopVideo:
            guard let display = held.display else { return answer(.success(())) }
            Task {
                await display.sendVideoStop()
                answer(.success(()))
            }
        case .displayStop:
            displayOwners[device] = nil
            guard let display = held.display, display.state != .stopped else { return answer(.success(())) }
            awaitDisplay(display, reaching: .stopped, answer: answer)
            display.stop()
        default:
            break
        }
    }

    /// Answers once the display's state reaches `target` (or, starting, falls back to `stopped`).
    private func awaitDisplay(_ display: any DATDisplay, reaching target: DisplayState,
                              answer: @escaping @Sendable (Result<Void, DisplayError>) -> Void) {
        if display.state == target { return answer(.success(())) }
        let once = OneShotListeners()
        once.attach(display.statePublisher.listen { state in
            guard state == target || (target == .started && state == .stopped), once.fire() else { return }
            answer(state == target ? .success(()) : .failure(.notStarted(state)))
        })
    }

    /// The glasses took the display down without a `display_stop`: its client hears `stopped`.
    func displayStopped(_ device: DeviceIdentifier, display: any DATDisplay) {
        guard let owner = displayOwners[device], sessions[device]?.display === display else { return }
        displayOwners[device] = nil
        clients[owner]?.queue.send(.event(.display(device: device, .stopped)))
    }
}

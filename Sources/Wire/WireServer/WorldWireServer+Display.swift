import WearablesCore
import WearablesDisplay
import WearablesWire
import WireServing

/// The display commands (protocol 2): each is the world's `DisplayBackend` call, and the
/// glasses' reports go to the client that started the display as `display` events. Each
/// change to what the lens shows is published as a `mock_glasses` event where a mock sees it.
extension WorldWireServer {
    func handleDisplay(_ command: WireCommand, from clientID: Int, queue: OutboundQueue,
                       reply: @escaping (Result<WireReplyValue, WireError>) -> Void) {
        guard let display = backend as? DisplayBackend else {
            return reply(.failure(WireError(DisplayError.displayError("this world's glasses have no display backend"))))
        }
        let answer: (Result<Void, DisplayError>) -> Void = { [weak self] result in
            self?.publishMockChanges()
            reply(result.map { .done }.mapError(WireError.init))
        }
        switch command {
        case .displayStart(let device):
            displayOwners[device] = clientID
            display.startDisplay(on: device, events: { [weak self, weak queue] event in
                guard let self, self.displayOwners[device] == clientID else { return }
                queue?.send(.event(.display(device: device, event)))
                self.publishMockChanges()
            }, completion: answer)
        case .displaySend(let device, let component):
            let tree: DisplayTree
            do { tree = try component.tree(pictures: configuration.pictures) } catch {
                return reply(.failure(WireError(error.kind == .invalidVideoURL ? .invalidVideoURL : DisplayError.displayError(error.description))))
            }
            display.sendDisplay(tree, on: device, completion: answer)
        case .displayClear(let device):
            display.clearDisplay(on: device, completion: answer)
        case .displayStopVideo(let device):
            display.stopDisplayVideo(on: device)
            publishMockChanges()
            reply(.success(.done))
        case .displayStop(let device):
            if displayOwners[device] == clientID { displayOwners[device] = nil }
            display.stopDisplay(on: device) { [weak self] in
                self?.publishMockChanges()
                reply(.success(.done))
            }
        default:
            reply(.failure(.protocolError("badCommand", "not a display command")))
        }
    }

    /// A departed client's displays go down with its sessions.
    func releaseDisplays(of clientID: Int) {
        guard let display = backend as? DisplayBackend else { return }
        for (device, owner) in displayOwners where owner == clientID {
            displayOwners[device] = nil
            display.stopDisplay(on: device) {}
        }
    }
}

import WearablesCore
import WearablesDisplay
import WearablesWire
import WirePictures

/// The display over the wire (protocol 2): each DAT display call is one command, and the
/// glasses' reports arrive as `display` events for the device.
extension RemoteBackend: DisplayBackend {
    public func startDisplay(on device: DeviceIdentifier, events: @escaping (DisplayBackendEvent) -> Void,
                             completion: @escaping (Result<Void, DisplayError>) -> Void) {
        displayEvents[device] = events
        command(.displayStart(device: device), fail: { completion(.failure(.deviceDisconnected)) }) { result in
            completion(Self.displayResult(result))
        }
    }

    public func sendDisplay(_ tree: DisplayTree, on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        command(.displaySend(device: device, tree: WireComponent(ComponentSpec(tree.root))), fail: { completion(.failure(.deviceDisconnected)) }) { result in
            completion(Self.displayResult(result))
        }
    }

    public func clearDisplay(on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        command(.displayClear(device: device), fail: { completion(.failure(.deviceDisconnected)) }) { result in
            completion(Self.displayResult(result))
        }
    }

    public func stopDisplayVideo(on device: DeviceIdentifier) {
        command(.displayStopVideo(device: device), fail: {}) { _ in }
    }

    public func stopDisplay(on device: DeviceIdentifier, completion: @escaping () -> Void) {
        displayEvents[device] = nil
        command(.displayStop(device: device), fail: completion) { _ in completion() }
    }

    private static func displayResult(_ result: Result<WireReplyValue, WireError>) -> Result<Void, DisplayError> {
        switch result {
        case .success: .success(())
        case .failure(let error): .failure(DisplayError(error) ?? .displayError(error.message))
        }
    }
}

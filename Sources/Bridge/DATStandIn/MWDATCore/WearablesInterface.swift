import FoundationEssentials

/// The SDK's entry point: registration, devices, permissions and sessions.
public protocol WearablesInterface: Sendable {
    var registrationState: RegistrationState { get }
    func addRegistrationStateListener(_ listener: @escaping @Sendable (RegistrationState) -> Void) -> any AnyListenerToken
    func startRegistration() async throws(RegistrationError)
    func handleUrl(_ url: URL) async throws(WearablesHandleURLError) -> Bool
    func startUnregistration() async throws(UnregistrationError)
    func openFirmwareUpdate() async throws(NavigationError)
    func openDATGlassesAppUpdate() async throws(NavigationError)
    var devices: [DeviceIdentifier] { get }
    func addDevicesListener(_ listener: @escaping @Sendable ([DeviceIdentifier]) -> Void) -> any AnyListenerToken
    func deviceForIdentifier(_ identifier: DeviceIdentifier) -> Device?
    func checkPermissionStatus(_ permission: Permission) async throws(PermissionError) -> PermissionStatus
    func requestPermission(_ permission: Permission) async throws(PermissionError) -> PermissionStatus
    func createSession(deviceSelector: any DeviceSelector) throws(DeviceSessionError) -> DeviceSession
}

/// Why `handleUrl` could not complete the Meta AI app's callback.
public enum WearablesHandleURLError: Int, DatError {
    case registrationError
    case unregistrationError

    public var description: String {
        switch self {
        case .registrationError: "the Meta AI app's registration callback failed"
        case .unregistrationError: "the Meta AI app's unregistration callback failed"
        }
    }
}

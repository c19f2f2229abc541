import WearablesModel

/// DAT 1.0 `WearablesInterface` (what `Wearables.shared` is), reduced to the calls the
/// bridge makes. The value types are WearablesCore's, which carry DAT's names and cases,
/// so an adapter maps each case by name.
///
/// The bridge calls these from any task; a conformance hops to the SDK's actor itself.
/// A call that never returns (the Meta AI app never answers) only leaves that command
/// without a reply: the client's model times it out.
public protocol DATWearables: Sendable {
    /// `registrationState`
    var registrationState: RegistrationState { get }
    /// `addRegistrationStateListener(_:)`: called at once with the current state, then on changes.
    func addRegistrationStateListener(_ listener: @escaping @Sendable (RegistrationState) -> Void) -> any DATListenerToken
    /// `startRegistration() async throws(RegistrationError)`
    func startRegistration() async throws(RegistrationError)
    /// `startUnregistration() async throws(UnregistrationError)`
    func startUnregistration() async throws(UnregistrationError)
    /// `openFirmwareUpdate() async throws(NavigationError)`
    func openFirmwareUpdate() async throws(NavigationError)
    /// `openDATGlassesAppUpdate() async throws(NavigationError)`
    func openDATGlassesAppUpdate() async throws(NavigationError)

    /// `devices`
    var devices: [DeviceIdentifier] { get }
    /// `addDevicesListener(_:)`: called at once with the current list, then on changes.
    func addDevicesListener(_ listener: @escaping @Sendable ([DeviceIdentifier]) -> Void) -> any DATListenerToken
    /// `deviceForIdentifier(_:)`
    func deviceForIdentifier(_ identifier: DeviceIdentifier) -> (any DATDevice)?

    /// `checkPermissionStatus(_:) async throws(PermissionError)`
    func checkPermissionStatus(_ permission: Permission) async throws(PermissionError) -> PermissionStatus
    /// `requestPermission(_:) async throws(PermissionError)`
    func requestPermission(_ permission: Permission) async throws(PermissionError) -> PermissionStatus

    /// `createSession(deviceSelector: SpecificDeviceSelector(device:)) throws(DeviceSessionError)`:
    /// the bridge always names the device, so the selector is its identifier.
    func createSession(device: DeviceIdentifier) throws(DeviceSessionError) -> any DATDeviceSession

    /// `VoiceInvocationsStream(wearables:)` (MWDATCore 1.0, `@MainActor`, untyped `throws`):
    /// made once by the bridge, on the first `voice_listen`.
    func makeVoiceInvocationsStream() async throws -> any DATVoiceInvocationsStream
}

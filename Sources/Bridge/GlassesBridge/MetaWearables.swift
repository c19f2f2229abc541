#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCore
import WearablesModel

/// Meta's `Wearables.shared` as the bridge's `DATWearables`: each call is DAT's, its
/// values and errors converted into the core's by case.
public struct MetaWearables: DATWearables {
    let wearables: any WearablesInterface
    private let streams = MetaStreams()

    /// `wearables` is `Wearables.shared` in an app (configured with `Wearables.configure()`
    /// first); a test hands in the Linux stand-in's.
    public init(_ wearables: any WearablesInterface = Wearables.shared) {
        self.wearables = wearables
    }

    public var registrationState: WearablesModel.RegistrationState { .init(wearables.registrationState) }

    public func addRegistrationStateListener(
        _ listener: @escaping @Sendable (WearablesModel.RegistrationState) -> Void
    ) -> any DATListenerToken {
        let wearables = wearables
        return AtOnceListener.listen(
            current: { .init(wearables.registrationState) },
            register: { forward in wearables.addRegistrationStateListener { forward(.init($0)) } }, listener)
    }

    public func startRegistration() async throws(WearablesModel.RegistrationError) {
        do { try await wearables.startRegistration() } catch { throw .init(error) }
    }

    public func startUnregistration() async throws(WearablesModel.UnregistrationError) {
        do { try await wearables.startUnregistration() } catch { throw .init(error) }
    }

    public func openFirmwareUpdate() async throws(WearablesModel.NavigationError) {
        do { try await wearables.openFirmwareUpdate() } catch { throw .init(error) }
    }

    public func openDATGlassesAppUpdate() async throws(WearablesModel.NavigationError) {
        do { try await wearables.openDATGlassesAppUpdate() } catch { throw .init(error) }
    }

    public var devices: [WearablesModel.DeviceIdentifier] { wearables.devices }

    public func addDevicesListener(_ listener: @escaping @Sendable ([WearablesModel.DeviceIdentifier]) -> Void) -> any DATListenerToken {
        let wearables = wearables
        return AtOnceListener.listen(
            current: { wearables.devices }, register: { forward in wearables.addDevicesListener(forward) }, listener)
    }

    public func deviceForIdentifier(_ identifier: WearablesModel.DeviceIdentifier) -> (any DATDevice)? {
        wearables.deviceForIdentifier(identifier).map(MetaDevice.init)
    }

    public func checkPermissionStatus(_ permission: WearablesModel.Permission) async throws(WearablesModel.PermissionError)
        -> WearablesModel.PermissionStatus
    {
        do { return .init(try await wearables.checkPermissionStatus(.init(permission))) } catch { throw .init(error) }
    }

    public func requestPermission(_ permission: WearablesModel.Permission) async throws(WearablesModel.PermissionError)
        -> WearablesModel.PermissionStatus
    {
        do { return .init(try await wearables.requestPermission(.init(permission))) } catch { throw .init(error) }
    }

    public func createSession(device: WearablesModel.DeviceIdentifier) throws(WearablesModel.DeviceSessionError) -> any DATDeviceSession {
        do {
            let session = try wearables.createSession(deviceSelector: SpecificDeviceSelector(device: device))
            return MetaDeviceSession(session, streams: streams)
        } catch {
            throw .init(error)
        }
    }

    /// Stops every camera stream the bridge started. Call it when the app leaves the
    /// foreground (`scenePhase` `.background`): iOS suspending the app mid-stream leaves the
    /// glasses stuck until they are closed in their case (facebook/meta-wearables-dat-ios#231).
    /// Clients see the streams end and may start them again once the app is back.
    public func stopStreams() {
        streams.stopAll()
    }

    public func makeVoiceInvocationsStream() async throws -> any DATVoiceInvocationsStream {
        try await MetaVoiceInvocationsStream.make(wearables: wearables)
    }
}
#endif

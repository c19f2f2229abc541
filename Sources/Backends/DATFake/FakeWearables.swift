import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `Wearables.shared`, played by the simulator: the bridge core's `DATWearables` over
/// a `WorldThread`, so `glasses serve --bridge-fake` serves a simulated world through the same
/// code that would serve real glasses. Every kit call runs on the world's thread; what DAT
/// reads synchronously (registration, devices, their state) is a mirror the world keeps current.
public final class FakeWearables: DATWearables {
    let served: WorldThread
    private let mirror: Locked<FakeMirror>
    let registrationAnnouncer = FakeAnnouncer<RegistrationState>()
    let devicesAnnouncer = FakeAnnouncer<[DeviceIdentifier]>()
    /// Each device's state listeners, by device.
    let deviceAnnouncers = Locked<[DeviceIdentifier: FakeAnnouncer<DATDeviceState>]>([:])
    /// The sessions the bridge made, which hear the glasses' interruptions and reports.
    let sessions = Locked<[DeviceIdentifier: FakeDeviceSession]>([:])
    /// The one voice invocation stream (`VoiceInvocationsStream(wearables:)`), once made.
    let voice = Locked<FakeVoiceInvocationsStream?>(nil)
    private let observer: FakeObserver

    /// Mirrors the world as it is now and starts following it.
    public init(served: WorldThread) async throws(WorldThread.StoppedError) {
        self.served = served
        let observer = FakeObserver()
        self.observer = observer
        mirror = Locked(try await served.perform { world in
            world.kit.attach(observer)
            return FakeMirror(registration: world.kit.registrationState, devices: world.kit.devices)
        })
        observer.wearables.withLock { $0 = SendableWeak(self) }
    }

    // MARK: The mirror, kept by the observer on the world's thread

    func registrationChanged(_ state: RegistrationState) {
        mirror.withLock { $0.registration = state }
        registrationAnnouncer.emit(state)
    }

    func deviceUpdated(_ snapshot: DeviceSnapshot) {
        let isNew = mirror.withLock { mirror in
            guard let index = mirror.devices.firstIndex(where: { $0.identifier == snapshot.identifier }) else {
                mirror.devices.append(snapshot)
                return true
            }
            mirror.devices[index] = snapshot
            return false
        }
        if isNew { devicesAnnouncer.emit(devices) }
        deviceAnnouncers.withLock { $0[snapshot.identifier] }?.emit(FakeDevice.state(of: snapshot))
    }

    func deviceRemoved(_ identifier: DeviceIdentifier) {
        mirror.withLock { $0.devices.removeAll { $0.identifier == identifier } }
        devicesAnnouncer.emit(devices)
    }

    func snapshot(of identifier: DeviceIdentifier) -> DeviceSnapshot? {
        mirror.withLock { $0.devices.first { $0.identifier == identifier } }
    }

    // MARK: DATWearables

    public var registrationState: RegistrationState { mirror.withLock { $0.registration } }

    public func addRegistrationStateListener(_ listener: @escaping @Sendable (RegistrationState) -> Void) -> any DATListenerToken {
        defer { listener(registrationState) }
        return registrationAnnouncer.listen(listener)
    }

    public func startRegistration() async throws(RegistrationError) {
        try await served.completion { world, done in world.kit.startRegistration { done($0) } }.get()
    }

    public func startUnregistration() async throws(UnregistrationError) {
        try await served.completion { world, done in world.kit.startUnregistration { done($0) } }.get()
    }

    public func openFirmwareUpdate() async throws(NavigationError) {
        try await served.completion { world, done in world.kit.openFirmwareUpdate { done($0) } }.get()
    }

    public func openDATGlassesAppUpdate() async throws(NavigationError) {
        try await served.completion { world, done in world.kit.openDATGlassesAppUpdate { done($0) } }.get()
    }

    public var devices: [DeviceIdentifier] { mirror.withLock { $0.devices.map(\.identifier) } }

    public func addDevicesListener(_ listener: @escaping @Sendable ([DeviceIdentifier]) -> Void) -> any DATListenerToken {
        defer { listener(devices) }
        return devicesAnnouncer.listen(listener)
    }

    public func deviceForIdentifier(_ identifier: DeviceIdentifier) -> (any DATDevice)? {
        snapshot(of: identifier) == nil ? nil : FakeDevice(identifier: identifier, wearables: self)
    }

    public func checkPermissionStatus(_ permission: Permission) async throws(PermissionError) -> PermissionStatus {
        do {
            return try await served.perform { world in world.kit.permissionStatus(permission) }
        } catch {
            throw .internalError
        }
    }

    public func requestPermission(_ permission: Permission) async throws(PermissionError) -> PermissionStatus {
        try await served.completion { world, done in world.kit.requestPermission(permission) { done($0) } }.get()
    }

    public func createSession(device: DeviceIdentifier) throws(DeviceSessionError) -> any DATDeviceSession {
        guard snapshot(of: device) != nil else { throw .noEligibleDevice }
        return try sessions.withLock { (sessions: inout [DeviceIdentifier: FakeDeviceSession]) throws(DeviceSessionError) -> FakeDeviceSession in
            if let existing = sessions[device], existing.state != .stopped { throw .sessionAlreadyExists }
            let session = FakeDeviceSession(device: device, wearables: self)
            sessions[device] = session
            return session
        }
    }

    public func makeVoiceInvocationsStream() async throws -> any DATVoiceInvocationsStream {
        voice.withLock { voice in
            if let voice { return voice }
            let stream = FakeVoiceInvocationsStream(served: served)
            voice = stream
            return stream
        }
    }
}

struct FakeMirror {
    var registration: RegistrationState
    var devices: [DeviceSnapshot]
}

/// A weak reference carried across threads; the fake's observer holds its wearables so.
struct SendableWeak<Object: AnyObject & Sendable>: Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

import DATInterface
import WearablesCore

/// DAT's `Device`, read from the fake's mirror of the simulated glasses.
struct FakeDevice: DATDevice {
    let identifier: DeviceIdentifier
    let wearables: FakeWearables

    private var snapshot: DeviceSnapshot? { wearables.snapshot(of: identifier) }

    var name: String { snapshot?.name ?? identifier }
    func deviceType() -> DeviceType { snapshot?.type ?? .unknown }
    func compatibility() -> Compatibility { snapshot?.compatibility ?? .undefined }
    var state: DATDeviceState { snapshot.map(Self.state(of:)) ?? DATDeviceState() }

    func addDeviceStateListener(_ listener: @escaping @Sendable (DATDeviceState) -> Void) -> any DATListenerToken {
        let announcer = wearables.deviceAnnouncers.withLock { announcers in
            if let existing = announcers[identifier] { return existing }
            let made = FakeAnnouncer<DATDeviceState>()
            announcers[identifier] = made
            return made
        }
        return announcer.listen(listener)
    }

    static func state(of snapshot: DeviceSnapshot) -> DATDeviceState {
        DATDeviceState(linkState: snapshot.linkState, compatibility: snapshot.compatibility, batteryLevel: snapshot.batteryLevel,
                       chargingState: snapshot.chargingState, donState: snapshot.donState, hingeState: snapshot.hingeState,
                       thermalLevel: snapshot.thermalLevel)
    }
}

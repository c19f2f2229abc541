#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCore
import WearablesModel

/// A DAT `Device` as the bridge's `DATDevice`.
struct MetaDevice: DATDevice {
    let device: MWDATCore.Device

    init(_ device: MWDATCore.Device) {
        self.device = device
    }

    var identifier: WearablesModel.DeviceIdentifier { device.identifier }
    var name: String { device.name }
    func deviceType() -> WearablesModel.DeviceType { .init(device.deviceType()) }
    func compatibility() -> WearablesModel.Compatibility { .init(device.compatibility()) }

    var state: DATDeviceState {
        DATDeviceState(
            linkState: .init(device.linkState), compatibility: compatibility(), batteryLevel: device.batteryLevel,
            chargingState: .init(device.chargingState), donState: .init(device.donState), hingeState: .init(device.hingeState),
            thermalLevel: .init(device.thermalLevel))
    }

    func addDeviceStateListener(_ listener: @escaping @Sendable (DATDeviceState) -> Void) -> any DATListenerToken {
        MetaListenerToken(token: device.addDeviceStateListener { listener(DATDeviceState($0)) })
    }
}

extension DATDeviceState {
    init(_ meta: MWDATCore.DeviceState) {
        self.init(
            linkState: .init(meta.linkState), compatibility: .init(meta.compatibility), batteryLevel: meta.batteryLevel,
            chargingState: .init(meta.chargingState), donState: .init(meta.donState), hingeState: .init(meta.hingeState),
            thermalLevel: .init(meta.thermalLevel))
    }
}
#endif

import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCore

/// A fresh stand-in (never the process-wide `Wearables.shared`, so tests run side by side)
/// with one pair of glasses, and the adapter over it.
struct StandInWorld {
    static let glasses = "rayBanMeta-1"

    let meta = StandInWearables()
    let device = MWDATCore.Device(
        identifier: StandInWorld.glasses, name: "Ray-Ban Meta", type: .rayBanMeta,
        state: MWDATCore.DeviceState(
            linkState: .connected, compatibility: .compatible, batteryLevel: 80, chargingState: .notCharging, donState: .donned,
            hingeState: .open, thermalLevel: .none))
    let adapter: MetaWearables

    init() {
        adapter = MetaWearables(meta)
        meta.pair(device)
    }

    /// A session the adapter opened, which the glasses have started.
    func startedSession() throws -> any DATDeviceSession {
        let session = try adapter.createSession(device: Self.glasses)
        try session.start()
        meta.sessions.last?.reach(.started)
        return session
    }
}

import Foundation
import ServedWorldSupport
import Testing
import WearablesRemote
import WearablesServer

/// The bridge core through the backend contract: every entry of `BackendConformance.checks`
/// that DAT can carry, each against its own bridge over the simulator-backed DAT fake on a
/// free loopback port, reached by `RemoteWorld` as `glasses run --connect` reaches it, directly
/// and through a relay the bridge dials. The checks drive the simulated glasses behind the fake
/// on the world's thread, as the remote checks drive a served world's.
@Suite(.serialized) struct BridgeConformanceTests {
    /// As the remote suite's: this suite runs beside it, and a check's few run seconds must
    /// stay more than a busy machine's scheduling hiccup in wall time.
    static let speed = 4.0

    @Test(arguments: BackendConformance.overDAT)
    func theBridgeHonours(_ behaviour: String) async throws {
        try await run(behaviour, route: .direct)
    }

    /// The same contract through `glasses serve --relay`'s relay, the bridge dialling it.
    @Test(arguments: BackendConformance.overDAT)
    func theBridgeHonoursThroughARelay(_ behaviour: String) async throws {
        try await run(behaviour, route: .relayed)
    }

    private func run(_ behaviour: String, route: LoopbackBridge.Route) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        var options = ServeOptions()
        options.speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        try await LoopbackBridge.with(options, route: route) { url, token, served in
            let rig = ThreadedWorldRig(world: try RemoteWorld(url: url, token: token), glasses: served)
            defer { rig.world.close() }
            try check(rig)
        }
    }
}

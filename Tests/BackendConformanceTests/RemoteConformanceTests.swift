import Foundation
import ServedWorldSupport
import Testing
import WearablesAudio
import WearablesCore
import WearablesRemote
import WearablesSimulator
@testable import WearablesServer

/// The remote backend through the whole backend contract: every entry of
/// `BackendConformance.checks`, each against its own `glasses serve` world
/// started in-process on a free loopback port and stopped after the check.
/// The served world runs at 4x real time (checks that count frames, at real
/// time) and the client's clock keeps its pace.
@Suite(.serialized) struct RemoteConformanceTests {
    static let speed = 4.0

    @Test(arguments: BackendConformance.checks.map(\.name))
    func theRemoteBackendHonours(_ behaviour: String) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        var options = ServeOptions()
        options.speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        try await LoopbackServer.with(options) { url, token, server in
            let rig = ThreadedWorldRig(world: try RemoteWorld(url: url, token: token), glasses: server.served)
            defer { rig.world.close() }
            try check(rig)
        }
    }
}

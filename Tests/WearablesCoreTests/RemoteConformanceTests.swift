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
            let rig = try RemoteRig(url: url, token: token, served: server.served)
            defer { rig.world.close() }
            try check(rig)
        }
    }
}

/// A served world seen through `RemoteWorld`, driven on the server's thread.
final class RemoteRig: ConformanceRig {
    let world: RemoteWorld
    private let served: ServedWorld
    var wearables: Wearables { world.wearables }
    var audio: AudioSession { world.audio }
    /// Frames cross a socket and two clocks, and a debug build renders them while
    /// other suites run beside it: this checks that they flow, in order, at about
    /// the rate. That none are lost at real time is measured in scripts/bench, on
    /// a release build.
    let frameTolerance = 30

    init(url: String, token: String, served: ServedWorld) throws {
        world = try RemoteWorld(url: url, token: token)
        self.served = served
    }

    func drive(_ body: @escaping (MockDeviceKit) -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work = UncheckedBody(body: body)
        served.post { world in
            work.body(world.kit)
            done.signal()
        }
        done.wait()
    }

    /// How long a wait lasts at least, in wall time: with the whole suite running in
    /// parallel on two cores, the served world and this client fall behind their clocks,
    /// and a bound meant for the model must not fail on the machine's pace instead.
    static let minimumWait: Duration = .seconds(20)

    /// `seconds` of run time, and never less than ``minimumWait`` of wall time.
    func run(until condition: () -> Bool, within seconds: Double) -> Bool {
        let deadline = world.scheduler.now + seconds
        let wallDeadline = ContinuousClock.now + Self.minimumWait
        while !condition() {
            guard world.scheduler.now < deadline || ContinuousClock.now < wallDeadline else { return false }
            world.scheduler.run(for: 0.05)
        }
        return true
    }

    func run(for seconds: Double) { world.scheduler.run(for: seconds) }
}

/// A body that runs on the served world's thread, where the kit lives.
private struct UncheckedBody: @unchecked Sendable {
    let body: (MockDeviceKit) -> Void
}

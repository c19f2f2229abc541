import Foundation
import Synchronization
import Testing
import WearablesAudio
import WearablesCore
import WearablesRemote
import WearablesSimulator
@testable import WearablesServer

/// The remote backend through the whole backend contract: every entry of
/// `BackendConformance.checks`, each against its own `glasses serve` world
/// started in-process on a free loopback port and stopped after the check.
/// The served world runs at 10x real time (checks that count frames, at real
/// time) and the client's clock keeps its pace.
@Suite(.serialized) struct RemoteConformanceTests {
    static let speed = 10.0

    @Test(arguments: BackendConformance.checks.map(\.name))
    func theRemoteBackendHonours(_ behaviour: String) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        var options = ServeOptions()
        options.port = 0
        options.speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        let server = try await WorldServer(options: options)
        let port = PortPromise()
        let serving = Task { try await server.run(onListening: { port.fulfil($0) }) }
        defer { serving.cancel() }
        let bound = try #require(await port.value(within: .seconds(10)))
        let token = server.token
        // The check blocks its thread on the client's wall clock: keep it off the
        // cooperative pool the server's handlers run on.
        try await onOwnThread {
            let rig = try RemoteRig(url: "ws://127.0.0.1:\(bound)/v1/ws", token: token, served: server.served)
            defer { rig.world.close() }
            try check(rig)
        }
        serving.cancel()
        _ = await serving.result
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

    func run(until condition: () -> Bool, within seconds: Double) -> Bool {
        let deadline = world.scheduler.now + seconds
        while !condition() {
            guard world.scheduler.now < deadline else { return false }
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

/// The port a server reports once it listens.
final class PortPromise: Sendable {
    private let port = Mutex<Int?>(nil)
    private let signal = DispatchSemaphore(value: 0)

    func fulfil(_ value: Int) {
        port.withLock { $0 = value }
        signal.signal()
    }

    func value(within timeout: Duration) async -> Int? {
        await onOwnThreadReturning {
            _ = self.signal.wait(timeout: .now() + Double(timeout.components.seconds))
            return self.port.withLock { $0 }
        }
    }
}

/// Runs blocking work on a thread of its own and waits for it without holding a pool thread.
func onOwnThread(_ work: @escaping @Sendable () throws -> Void) async throws {
    let result: Result<Void, Error> = await onOwnThreadReturning { Result { try work() } }
    try result.get()
}

func onOwnThreadReturning<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.start()
    }
}

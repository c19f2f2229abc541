import Foundation
import Testing
import WearablesAudio
import WearablesCore
import WearablesSimulator
import WearablesWorld

/// A world whose model runs here on a wall clock while the simulated glasses behind it run on
/// a `WorldThread` of their own: a served world reached over the wire (`RemoteWorld`), or the
/// DAT fake's world reached in process (`DATWorld`). The checks drive the glasses on that thread.
final class ThreadedWorldRig<World: GlassesWorld>: ConformanceRig {
    let world: World
    private let glasses: WorldThread
    var wearables: Wearables { world.wearables }
    var audio: AudioSession { world.audio }
    /// Frames cross two threads and two clocks (and a socket, or DAT's encode and decode),
    /// and a debug build renders them while other suites run beside it: this checks that they
    /// flow, in order, at about the rate. That none are lost at real time is measured in
    /// scripts/bench, on a release build.
    let frameTolerance = 30

    init(world: World, glasses: WorldThread) {
        self.world = world
        self.glasses = glasses
    }

    func drive(_ body: @escaping (MockDeviceKit) -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work = KitBody(body: body)
        glasses.post { world in
            work.body(world.kit)
            done.signal()
        }
        done.wait()
    }

    /// How long a wait lasts at least, in wall time: with the whole suite running in parallel
    /// on two cores, the glasses' world and this model fall behind their clocks, and a bound
    /// meant for the model must not fail on the machine's pace instead.
    static var minimumWait: Duration { .seconds(20) }

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

/// A body that runs on the glasses' thread, where the kit lives.
private struct KitBody: @unchecked Sendable {
    let body: (MockDeviceKit) -> Void
}

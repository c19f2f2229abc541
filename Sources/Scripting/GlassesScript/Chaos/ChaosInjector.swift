import WearablesCore
import WearablesMock
import WearablesWorld

/// Plays a fault schedule through a world's mock controls, in process or over a
/// connection alike: each fault's mock actions at its time, its clearing actions after
/// its duration, each recorded in the run's trace (`chaos` `fault` and `clear`).
///
/// The scheduled events hold the injector (it lives as long as faults are pending);
/// it holds the world unowned, as the world's scheduler holds those events.
final class ChaosInjector {
    private unowned let world: any GlassesWorld
    private let control: any MockControl

    /// Faults not yet cleared; `finished` runs when the last one clears.
    private var pending = 0
    var finished: (() -> Void)?

    init(world: any GlassesWorld, control: any MockControl) {
        self.world = world
        self.control = control
    }

    /// Records the whole schedule (so a trace alone can replay or shrink the run) and schedules every fault.
    func play(_ schedule: ChaosSchedule, origin: String) {
        world.trace.record(source: "chaos", event: "schedule",
                           values: ["origin": .string(origin), "faults": .int(schedule.faults.count), "schedule": .string(schedule.json())])
        pending = schedule.faults.count
        for fault in schedule.faults {
            world.scheduler.schedule(at: max(fault.t, world.scheduler.now)) { self.start(fault) }
        }
    }

    private func start(_ fault: ChaosFault) {
        let kbps = control.state(of: fault.device)?.bandwidthKbps ?? BandwidthLadder.defaultLinkKbps
        world.trace.record(source: "chaos", event: "fault",
                           values: ["kind": .string(fault.kind.rawValue), "device": .string(fault.device), "duration": .double(fault.duration)])
        apply(fault.kind.start(device: fault.device, duration: fault.duration))
        world.scheduler.schedule(after: fault.duration) {
            self.apply(fault.kind.clear(device: fault.device, restoringKbps: kbps))
            self.world.trace.record(source: "chaos", event: "clear",
                                    values: ["kind": .string(fault.kind.rawValue), "device": .string(fault.device)])
            self.pending -= 1
            if self.pending == 0 { self.finished?() }
        }
    }

    /// A fault on glasses that were unpaired meanwhile does nothing: the world goes on, as it would for a person.
    private func apply(_ actions: [MockAction]) {
        for action in actions { control.perform(action) { _ in } }
    }
}

@testable import GlassesScript
import LuaHost
import Testing

/// The console's limit per input stops the input it was armed for, or nothing: once an input
/// has ended, its watchdog can no longer interrupt the state that runs the next one.
struct InputGenerationsTests {
    @Test func aLimitFiringAfterItsInputEndedInterruptsNothing() throws {
        let state = try LuaState()
        let inputs = InputGenerations()
        inputs.begin(1)
        inputs.end()
        #expect(!inputs.interrupt(1, with: state.interruptHandle))
        inputs.begin(2)
        #expect(!inputs.interrupt(1, with: state.interruptHandle))
        #expect(state.stop == nil)
        #expect(inputs.timedOut == 0)
    }

    @Test func aLimitFiringWhileItsInputRunsInterruptsAndIsRecorded() throws {
        let state = try LuaState()
        let inputs = InputGenerations()
        inputs.begin(3)
        #expect(inputs.interrupt(3, with: state.interruptHandle))
        #expect(inputs.timedOut == 3)
        guard case .interrupted? = state.stop else {
            Issue.record("expected an interrupt, got \(String(describing: state.stop))")
            return
        }
    }
}

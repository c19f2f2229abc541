import Locking
import LuaHost

/// The console's input numbers, shared with its watchdog thread. The watchdog's check that
/// its input still runs and its interrupt are one step under the lock, as is the end of an
/// input: so a limit that fires as an input finishes stops that input or nothing, never the
/// next one, which the world's thread may start in the same event.
final class InputGenerations: Sendable {
    private struct Numbers {
        var running = 0
        var timedOut = 0
    }
    private let numbers = Locked(Numbers())

    /// The input that ran past its limit last (0: none).
    var timedOut: Int { numbers.withLock { $0.timedOut } }

    func begin(_ generation: Int) { numbers.withLock { $0.running = generation } }

    func end() { numbers.withLock { $0.running = 0 } }

    /// Interrupts the state if input `generation` is still the one running; says whether it did.
    func interrupt(_ generation: Int, with handle: LuaInterruptHandle) -> Bool {
        numbers.withLock { numbers in
            guard numbers.running == generation else { return false }
            numbers.timedOut = generation
            handle.interrupt(message: "the console's limit per input")
            return true
        }
    }
}

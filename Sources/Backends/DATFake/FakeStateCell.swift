import DATInterface
import Locking

/// A DAT capability's `state` and `statePublisher` together: setting a new state
/// publishes it, as DAT's publishers report each change once.
final class FakeStateCell<State: Sendable & Equatable>: Sendable {
    private let value: Locked<State>
    let announcer = FakeAnnouncer<State>()

    init(_ initial: State) { value = Locked(initial) }

    var current: State { value.withLock { $0 } }

    func set(_ state: State) {
        let changed = value.withLock { value in
            defer { value = state }
            return value != state
        }
        if changed { announcer.emit(state) }
    }
}

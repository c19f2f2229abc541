import WearablesAudio

/// Virtual time that moves only when a test advances it; actions due at the
/// same moment run in the order they were scheduled.
final class ManualAudioClock: AudioClock {
    private final class Entry: AudioCancellable {
        let due: Double
        let order: Int
        var action: (() -> Void)?

        init(due: Double, order: Int, action: @escaping () -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }

        func cancel() {
            action = nil
        }
    }

    private(set) var now: Double = 0
    private var entries: [Entry] = []
    private var nextOrder = 0

    func schedule(after delay: Double, _ action: @escaping () -> Void) -> any AudioCancellable {
        let entry = Entry(due: now + max(0, delay), order: nextOrder, action: action)
        nextOrder += 1
        entries.append(entry)
        return entry
    }

    /// Runs everything due within `seconds`, in time order, then sets the time.
    func advance(by seconds: Double) {
        let target = now + seconds
        while let next = entries.filter({ $0.action != nil && $0.due <= target + 1e-9 })
            .min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            now = max(now, next.due)
            let action = next.action
            next.action = nil
            entries.removeAll { $0 === next }
            action?()
        }
        entries.removeAll { $0.action == nil }
        now = target
    }
}

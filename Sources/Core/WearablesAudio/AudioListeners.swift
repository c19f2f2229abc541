/// A token for one registered listener; the listener lives until `cancel()`.
public final class AudioListenerToken: AudioCancellable {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}

/// Listeners of one event kind, called in registration order. A listener
/// cancelled during delivery is not called afterwards.
final class AudioListeners<Event> {
    private var handlers: [(id: Int, handler: (Event) -> Void)] = []
    private var nextID = 0

    func add(_ handler: @escaping (Event) -> Void) -> AudioListenerToken {
        let id = nextID
        nextID += 1
        handlers.append((id, handler))
        return AudioListenerToken { [weak self] in
            self?.handlers.removeAll { $0.id == id }
        }
    }

    func emit(_ event: Event) {
        for entry in handlers where handlers.contains(where: { $0.id == entry.id }) {
            entry.handler(event)
        }
    }
}

import DATInterface
import Locking
import WearablesCore

/// DAT's `Inputs` over the simulated glasses' input channel (MockInputKit): the events the
/// glasses send while it is attached, from the sources its configuration asked for (DAT's
/// `sources` is a routing request: the others stay with the glasses, and so does Back unless
/// consumed), and their Inputs errors. DAT keeps the newest 64 events for the one reader; a
/// terminal error ends the stream, as DAT's do. Active once added, `inactive` once ended.
final class FakeInputs: DATInputs {
    let events: AsyncStream<InputEvent>
    private let configuration: InputsConfiguration
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let errors = FakeAnnouncer<InputsError>()
    private let current = Locked<InputsState>(.active)

    init(configuration: InputsConfiguration) {
        self.configuration = configuration
        (events, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    var errorPublisher: any DATAnnouncer<InputsError> { errors }
    var state: InputsState { current.withLock { $0 } }

    /// What the glasses' input channel reported (on the world's thread).
    func reported(_ report: CapabilityReport) {
        switch report {
        case .input(let event):
            guard state == .active, configuration.sources.contains(event.source) else { return }
            if event.action == .back, !configuration.consumeBack { return }
            continuation.yield(event)
        case .inputsFailed(let error):
            errors.emit(error)
            ended()
        default: break
        }
    }

    /// The session stopped, or the Inputs was removed: no more events.
    func ended() {
        current.withLock { $0 = .inactive }
        continuation.finish()
    }
}

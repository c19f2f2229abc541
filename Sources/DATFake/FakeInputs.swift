import DATInterface
import WearablesCore

/// DAT's `Inputs` over the simulated glasses' input channel (MockInputKit): every event the
/// glasses send while it is attached, and their Inputs errors. DAT keeps the newest 64 events
/// for the one reader; a terminal error ends the stream, as DAT's do.
final class FakeInputs: DATInputs {
    let events: AsyncStream<InputEvent>
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let errors = FakeAnnouncer<InputsError>()

    init() {
        (events, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    var errorPublisher: any DATAnnouncer<InputsError> { errors }

    /// What the glasses' input channel reported (on the world's thread).
    func reported(_ report: CapabilityReport) {
        switch report {
        case .input(let event): continuation.yield(event)
        case .inputsFailed(let error):
            errors.emit(error)
            ended()
        default: break
        }
    }

    /// The session stopped: no more events.
    func ended() { continuation.finish() }
}

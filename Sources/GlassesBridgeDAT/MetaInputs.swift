#if canImport(MWDATCore)
import GlassesBridge
import MWDATInputs
import WearablesCore

/// DAT's `Inputs` as the bridge's `DATInputs`: its one event stream re-read into the core's
/// events (one reader, as DAT allows), its errors case by case.
final class MetaInputs: DATInputs {
    let inputs: MWDATInputs.Inputs
    let events: AsyncStream<WearablesCore.InputEvent>
    private let reader: Task<Void, Never>

    init(_ inputs: MWDATInputs.Inputs) {
        self.inputs = inputs
        let (events, continuation) = AsyncStream.makeStream(of: WearablesCore.InputEvent.self, bufferingPolicy: .bufferingNewest(64))
        self.events = events
        reader = Task {
            for await event in inputs.events { continuation.yield(.init(event)) }
            continuation.finish()
        }
    }

    deinit { reader.cancel() }

    var errorPublisher: any DATAnnouncer<WearablesCore.InputsError> { MetaAnnouncer(source: inputs.errorPublisher) { .init($0) } }
}
#endif

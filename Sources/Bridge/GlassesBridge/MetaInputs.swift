#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATInputs
import WearablesModel

/// DAT's `Inputs` as the bridge's `DATInputs`: its one event stream re-read into the core's
/// events (one reader, as DAT allows), its errors case by case.
final class MetaInputs: DATInputs {
    let inputs: MWDATInputs.Inputs
    let events: AsyncStream<WearablesModel.InputEvent>
    private let reader: Task<Void, Never>

    init(_ inputs: MWDATInputs.Inputs) {
        self.inputs = inputs
        let (events, continuation) = AsyncStream.makeStream(of: WearablesModel.InputEvent.self, bufferingPolicy: .bufferingNewest(64))
        self.events = events
        reader = Task {
            // An event of a kind this bridge does not know (a later SDK's) is skipped, not mistaken for another.
            for await event in inputs.events { if let event = WearablesModel.InputEvent(event) { continuation.yield(event) } }
            continuation.finish()
        }
    }

    deinit { reader.cancel() }

    var errorPublisher: any DATAnnouncer<WearablesModel.InputsError> { MetaAnnouncer(source: inputs.errorPublisher) { .init($0) } }
    var state: WearablesModel.InputsState { .init(inputs.state) }
}
#endif

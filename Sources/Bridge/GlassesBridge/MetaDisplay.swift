#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATDisplay
import WearablesDisplayModel

/// A DAT `Display` as the bridge's `DATDisplay`: trees go out as DAT's components
/// (`MetaDisplayView`), DAT's untyped throws come back as the core's `DisplayError`.
final class MetaDisplay: DATDisplay {
    let display: MWDATDisplay.Display

    init(_ display: MWDATDisplay.Display) {
        self.display = display
    }

    var state: WearablesDisplayModel.DisplayState { .init(display.state) }

    var statePublisher: any DATAnnouncer<WearablesDisplayModel.DisplayState> {
        MetaAnnouncer(source: display.statePublisher) { .init($0) }
    }

    func setPlaybackHandler(_ handler: (@Sendable (WearablesDisplayModel.VideoPlaybackEvent) -> Void)?) {
        display.onPlaybackEvent = handler.map { handler in { @Sendable event in handler(.init(event)) } }
    }

    func start() {
        display.start()
    }

    func stop() {
        display.stop()
    }

    func send(_ tree: DisplayTree, onTap: @escaping @Sendable (String) -> Void) async throws(WearablesDisplayModel.DisplayError) {
        let view = try MetaDisplayView.build(tree, onTap: onTap)
        do { try await display.send(view) } catch { throw .init(thrown: error) }
    }

    func clearDisplay() async throws(WearablesDisplayModel.DisplayError) {
        do { try await display.clearDisplay() } catch { throw .init(thrown: error) }
    }

    func sendVideoStop() async {
        await display.sendVideoStop()
    }
}
#endif

import WearablesDisplayModel

/// DAT 1.0 `Display` (MWDATDisplay). `send` takes the checked tree the wire carried; the
/// adapter rebuilds it as DAT components (`FlexBox`, `Text`, `Button`, ...), wiring every
/// `Button.onClick` and tappable `FlexBox.onTap` to `onTap` with the component's id.
public protocol DATDisplay: AnyObject, Sendable {
    /// `state`
    var state: DisplayState { get }
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<DisplayState> { get }
    /// `onPlaybackEvent` (a settable closure in DAT; set before a video is sent).
    func setPlaybackHandler(_ handler: (@Sendable (VideoPlaybackEvent) -> Void)?)
    /// `start()` (synchronous since 0.8.0)
    func start()
    /// `stop()`
    func stop()
    /// `send(_:) async throws`
    func send(_ tree: DisplayTree, onTap: @escaping @Sendable (_ component: String) -> Void) async throws(DisplayError)
    /// `clearDisplay() async throws`
    func clearDisplay() async throws(DisplayError)
    /// `sendVideoStop() async`
    func sendVideoStop() async
}

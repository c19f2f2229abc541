import WearablesModel

/// DAT 1.0 `Inputs` (MWDATInputs, experimental): the input surfaces a session routes to the
/// app (captouch, Neural Band, capture and action buttons), active once added.
public protocol DATInputs: AnyObject, Sendable {
    /// `events`: one reader; DAT keeps the newest 64 for it.
    var events: AsyncStream<InputEvent> { get }
    /// `errorPublisher`: a terminal error ends `events`; the capability stays attached.
    var errorPublisher: any DATAnnouncer<InputsError> { get }
    /// `state`: `active` while the glasses route the configured sources to the app. A standalone
    /// photo's transfer was seen to drop it to `inactive` with no error (remove and add it again).
    var state: InputsState { get }
}

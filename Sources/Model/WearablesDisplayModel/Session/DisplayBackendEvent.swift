/// What the glasses report to a started display.
public enum DisplayBackendEvent: Sendable, Equatable {
    /// A click on the component with this id (a button, or a flexbox with `onTap`).
    case tap(id: String)
    case playback(VideoPlaybackEvent)
    /// The glasses took the display down on their own (a standalone-photo transfer).
    case stopped
}

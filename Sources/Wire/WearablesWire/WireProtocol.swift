/// The wire protocol between a served world (`glasses serve`) and its clients
/// (`glasses run --connect`, a REPL, a test, one day a bridge app over the real
/// DAT SDK): JSON text messages for commands, replies and events, binary
/// messages for pixels and photos. `docs/protocol.md` is its written form.
public enum WireProtocol {
    /// Bumped on any change a peer of the previous version would misread.
    /// 2: the display (`display_*` commands, `display` events, a mock state's `display`) and the
    /// hands-free capabilities (Inputs, Motion, Speech, voice invocations).
    public static let version = 2
    /// The WebSocket's path; the version is in it so two versions can be served side by side.
    public static let webSocketPath = "/v1/ws"
    /// The largest text message a peer accepts; larger ones are refused, not parsed.
    /// 256 KiB since version 2: a display tree may hold 64 KiB of text in 1,000 components.
    public static let maxTextBytes = 256 * 1024
    /// The largest binary message (a high-resolution PNG photo fits with room to spare).
    public static let maxBinaryBytes = 16 * 1024 * 1024
    /// Default address of `glasses serve`.
    public static let defaultHost = "127.0.0.1"
    public static let defaultPort = 7878
    /// The most frames per second a preview watcher (`watch_previews`) gets of a stream:
    /// a dashboard shows them, it does not process them, so a faster stream is thinned.
    public static let previewFrameRate = 15.0
}

import GlassesScript

/// What a running script tells the app, in order.
public enum EmbeddedScriptEvent: Sendable, Equatable {
    /// `print`, `log` or an uncaught error in a callback.
    case output(ScriptOutput)
    /// One record of the run's event trace, as a JSON line (docs/running.md, "The trace").
    case trace(String)
}

/// A line a script produced, for a host that shows it somewhere other than the terminal
/// (an app's log view): what `print` wrote, a `log` call, or an error no script code caught.
public enum ScriptOutput: Sendable, Equatable {
    /// `print`'s text, its trailing newline included.
    case printed(String)
    /// `log.debug/info/warn/error`: the level, the message, and the run time it was said at.
    case logged(level: String, message: String, time: Double)
    /// An uncaught error in a task or callback (`in` names which), with its traceback.
    case error(String)
}

/// Where a run's `ScriptOutput` goes instead of stdout and stderr (`RunOptions.output`); called
/// on the run's thread, in order.
public typealias ScriptOutputSink = @Sendable (ScriptOutput) -> Void

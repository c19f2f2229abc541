import WearablesCore

/// Why a served world ended, as the last record of its trace says it: the shape
/// `glasses run` gives its end record (`reason`, then the process's exit `code`,
/// then the `signal` that stopped it, if one did), so one reader serves both traces.
public struct ServeEnding: Sendable, Equatable {
    /// `interrupted` (a signal), `stopped` (its owner stopped it) or `error` (it could not listen).
    public let reason: String
    /// The exit code `glasses serve` ends with.
    public let code: Int
    /// `SIGINT` or `SIGTERM` when one stopped the server; a clean stop, so the code is 0.
    public let signal: String?

    /// Its owner stopped it (a test, an embedding program).
    public static let stopped = ServeEnding(reason: "stopped", code: 0, signal: nil)
    /// It could not listen (the port was taken); `glasses serve` then exits 1.
    public static let failed = ServeEnding(reason: "error", code: 1, signal: nil)

    /// Stopped by the signal `name` (`SIGINT`, `SIGTERM`), which `glasses serve` turns into a clean stop.
    public static func signal(_ name: String) -> ServeEnding {
        ServeEnding(reason: "interrupted", code: 0, signal: name)
    }

    /// The end record's values, in the order `glasses run` writes them.
    var traceValues: [(String, TraceValue)] {
        var values: [(String, TraceValue)] = [("reason", .string(reason)), ("code", .int(code))]
        if let signal { values.append(("signal", .string(signal))) }
        return values
    }
}

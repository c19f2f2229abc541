import GlassesScript

/// Why a run did not end well, as a Swift value: what `glasses run` says on stderr and
/// its exit status, for an app to show or act on.
public struct ScriptRunError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The script raised an error nobody caught (exit status 1).
        case scriptError
        /// The script, recipe or world could not be loaded or built (exit status 2).
        case loadFailure
        /// A limit ended it: memory, duration or the time limit (exit status 3).
        case limit
        /// `EmbeddedScript.stop()` ended it.
        case stopped
        /// The script called `exit(code)` with a code other than 0.
        case exit(Int32)
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Why a tree cannot be shown, at the node it concerns: `root.3.1: a button_group takes
/// buttons, got text`. One line, naming the field and what it allows.
public struct DisplayTreeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the error corresponds to in DAT, for the binding that raises it.
    public enum Kind: Sendable, Equatable {
        /// DAT's types would not let the tree be written: an argument error.
        case invalidTree
        /// Over a `DisplayLimits` limit (ours; DAT would answer `displayError(String)` at best).
        case tooLarge
        /// A blank or non-http(s) video URL: DAT's `DisplayError.invalidVideoURL`.
        case invalidVideoURL
    }

    public let kind: Kind
    /// The node's path (`root`, `root.2.1`, 1-based, as ids are made), or its explicit id.
    public let path: String
    public let message: String

    public init(_ kind: Kind, at path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

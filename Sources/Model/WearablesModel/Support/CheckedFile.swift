/// A file a caller's path rule has already looked for, handed to a reader that starts
/// later: held open, or found missing. The reader reads the held file through its
/// descriptor, or reports the missing one in its own words, and never opens the name
/// again: a link made at that name since the check would be followed.
public enum CheckedFile: Sendable, Equatable {
    /// The file the check opened, held for as long as the reader needs it.
    case held(RawFile)
    /// Nothing was there at the check.
    case missing

    /// `file` held, or missing when there is none.
    public init(_ file: RawFile?) {
        self = file.map(CheckedFile.held) ?? .missing
    }
}

import WearablesCore

/// A file opened for a script through its sandbox's path rule (``PathPolicy``): held
/// open, so a library that wants a name opens this very file by ``openedPath`` rather
/// than whatever the path names by then. A file to read that is not there has no
/// descriptor: its reader is told so (``checked``) and says in its own words that it
/// is missing, without opening the path, where a link may have been made since.
public final class ScriptFile {
    /// The open file (nil for a missing one to read).
    public let file: RawFile?
    /// Where it is, absolute, as reported (`SavedFile`, the path a call returns).
    public let path: String

    init(file: RawFile?, path: String) {
        self.file = file
        self.path = path
    }

    /// The name a library opens the file by; valid while this lives.
    public var openedPath: String { file?.openedPath ?? path }

    /// The file for a reader that starts later: held, or missing.
    public var checked: CheckedFile { CheckedFile(file) }

    /// Writes all of `bytes` to the open file; false when the disk refuses them.
    func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool { file?.write(bytes) ?? false }
}

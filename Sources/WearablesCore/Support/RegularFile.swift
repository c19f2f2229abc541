#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a path a feed would read is a plain file. Opening a FIFO for reading
/// blocks until a writer comes, and a device can stream forever, both outside
/// any Lua hook or time limit: feeds refuse them before they open anything.
public enum RegularFile {
    /// Why the thing at `path` (following links) is not a regular file, or nil. A path
    /// with nothing there is nil too: each reader says in its own words that it is missing.
    public static func problem(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder, not a file"
        case S_IFIFO: return "it is a FIFO (a named pipe), which would block the world until something writes to it; give a file"
        default: return "it is a device or socket, not a file"
        }
    }
}

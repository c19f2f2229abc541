#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file a feed reads, refusing what is not a plain file. Opening a FIFO for
/// reading blocks until a writer comes, and a device can stream forever, both outside
/// any Lua hook or time limit; so the file is opened non-blocking and what it is is
/// asked of the open descriptor (a stat of the path before opening it could be
/// answered by one thing and the open by another swapped in between).
public enum RegularFile {
    /// `path` (following links) open for reading; throws why it is not a regular file,
    /// with ``RegularFileError/missing`` set when nothing is there, so each reader can say
    /// in its own words that it is missing.
    public static func open(_ path: String) throws(RegularFileError) -> RawFile {
        let descriptor = openForReading(path)
        guard descriptor >= 0 else {
            let code = errno
            throw RegularFileError(reason: String(cString: strerror(code)), missing: code == ENOENT)
        }
        let file = RawFile(adopting: descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw RegularFileError(reason: String(cString: strerror(errno)), missing: false) }
        if let problem = problem(mode: info.st_mode) { throw RegularFileError(reason: problem, missing: false) }
        file.blocking()
        return file
    }

    /// `path` (following links) created or emptied for writing, refused when it is a
    /// FIFO, device or folder (opened non-blocking, so a FIFO cannot block the open).
    public static func create(_ path: String) throws(RegularFileError) -> RawFile {
        let descriptor = openForWriting(path)
        guard descriptor >= 0 else {
            let code = errno
            throw RegularFileError(reason: String(cString: strerror(code)), missing: code == ENOENT)
        }
        let file = RawFile(adopting: descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw RegularFileError(reason: String(cString: strerror(errno)), missing: false) }
        if let problem = problem(mode: info.st_mode) { throw RegularFileError(reason: problem, missing: false) }
        guard ftruncate(descriptor, 0) == 0 else { throw RegularFileError(reason: String(cString: strerror(errno)), missing: false) }
        file.blocking()
        return file
    }

    /// Why a file of this `st_mode` is not one a reader or writer may use, or nil for a regular file.
    public static func problem(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a folder, not a file"
        case S_IFIFO: return "it is a FIFO (a named pipe), which would block the world until something writes to it; give a file"
        default: return "it is a device or socket, not a file"
        }
    }
}

/// Why a feed's file cannot be read.
public struct RegularFileError: Error, CustomStringConvertible {
    public let reason: String
    public let missing: Bool
    public var description: String { reason }
}

/// libc's `open`, named apart from ``RegularFile/open(_:)``.
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
}

/// libc's `open` for writing, named apart from ``RegularFile/create(_:)``.
private func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file inside a folder without following any link below it: the path is
/// walked from a descriptor of the folder, one component at a time, each opened with
/// `O_NOFOLLOW`. Checking a path and then opening it resolves the path twice, and a
/// link swapped in between (a parent folder or the last component) sends the open
/// elsewhere; here there is one resolution, so there is no such gap.
public enum BeneathFolder {
    /// What to do with the file.
    public enum Access: Sendable {
        /// Read an existing regular file.
        case read
        /// Write a regular file, created (with its missing folders) or emptied.
        case create
    }

    /// The components of `relative` with `.` dropped and `..` applied, or nil when a
    /// `..` climbs above the folder.
    public static func components(_ relative: String) -> [String]? {
        var parts: [String] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else { return nil }
            default: parts.append(String(part))
            }
        }
        return parts
    }

    /// Opens `components` (as ``components(_:)`` gives them) under `folder`. The folder
    /// itself is opened as named (links in it followed: it is the one the user chose);
    /// nothing below it may be a link. A FIFO or device is refused after it opens (opened
    /// non-blocking, so a FIFO never waits for a writer), and so is a file with other
    /// hard links, which could be a file from elsewhere linked in.
    public static func open(_ components: [String], under folder: String, for access: Access) throws(BeneathFolderError) -> RawFile {
        guard let name = components.last else { throw BeneathFolderError("it names the folder itself, not a file in it") }
        var current = openFolder(folder)
        guard current >= 0 else {
            // An output folder no write has made yet holds nothing to read: the file is missing.
            let missing = errno == ENOENT && access == .read
            throw BeneathFolderError("cannot open the folder '\(folder)': \(describe(errno))", missing: missing)
        }
        defer { close(current) }
        var walked = folder
        for part in components.dropLast() {
            walked += "/" + part
            var next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, access == .create {
                guard mkdirat(current, part, 0o755) == 0 || errno == EEXIST else {
                    throw BeneathFolderError("cannot create the folder '\(walked)': \(describe(errno))", cannotMakeFolder: true)
                }
                next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else { throw BeneathFolderError(walked, errno, folder: true, link: isLink(part, in: current)) }
            close(current)
            current = next
        }
        let flags = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (access == .create ? O_WRONLY | O_CREAT : O_RDONLY)
        let descriptor = openat(current, name, flags, 0o644)
        guard descriptor >= 0 else { throw BeneathFolderError(walked + "/" + name, errno, folder: false, link: isLink(name, in: current)) }
        let file = RawFile(adopting: descriptor)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw BeneathFolderError("cannot inspect '\(walked)/\(name)': \(describe(errno))") }
        if let problem = RegularFile.problem(mode: info.st_mode) { throw BeneathFolderError("'\(walked)/\(name)': \(problem)") }
        if access == .create {
            guard info.st_nlink <= 1 else {
                throw BeneathFolderError("'\(walked)/\(name)' has other hard links, so writing it could change a file elsewhere; remove it first")
            }
            guard ftruncate(descriptor, 0) == 0 else { throw BeneathFolderError("cannot empty '\(walked)/\(name)': \(describe(errno))") }
        }
        file.blocking()
        return file
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Whether `name` in the open folder is a symbolic link (for the error's words only).
    private static func isLink(_ name: String, in folder: Int32) -> Bool {
        var info = stat()
        return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
}

/// Why a file could not be opened beneath its folder, in one line.
public struct BeneathFolderError: Error, CustomStringConvertible, Equatable {
    public let description: String
    /// Whether nothing was there (the caller may say "missing" its own way).
    public let missing: Bool
    /// Whether a folder of the path could not be made (a file stands there, or no permission).
    public let cannotMakeFolder: Bool

    init(_ description: String, missing: Bool = false, cannotMakeFolder: Bool = false) {
        self.description = description
        self.missing = missing
        self.cannotMakeFolder = cannotMakeFolder
    }

    init(_ path: String, _ code: Int32, folder: Bool, link: Bool) {
        if link || code == ELOOP {
            self.init("'\(path)' is a symbolic link, which a sandboxed script's paths may not pass through; use the \(folder ? "folder" : "file") itself")
            return
        }
        switch code {
        case ENOTDIR: self.init("'\(path)' is a file, not a folder", cannotMakeFolder: true)
        case ENOENT: self.init("'\(path)' does not exist", missing: true)
        case ENXIO: self.init("'\(path)' is a FIFO (a named pipe) with no reader; give a file")
        default: self.init("cannot open '\(path)': \(BeneathFolder.describe(code))")
        }
    }
}

/// libc's `open` for a folder, named apart from ``BeneathFolder/open(_:under:for:)``.
private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

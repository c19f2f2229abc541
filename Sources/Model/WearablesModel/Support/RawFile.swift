#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor: positioned reads for video feeds, whole writes for
/// traces and the console. Foundation's `FileHandle` would link all of Foundation,
/// which start-up pays for (see `String(cFormat:)`).
public final class RawFile: Sendable {
    /// The descriptor; owned (closed on deinit) unless it is a standard stream.
    public let descriptor: Int32
    private let owned: Bool

    /// Standard output, never closed.
    public static let standardOutput = RawFile(descriptor: STDOUT_FILENO, owned: false)
    /// Standard error, never closed.
    public static let standardError = RawFile(descriptor: STDERR_FILENO, owned: false)

    private init(descriptor: Int32, owned: Bool) {
        self.descriptor = descriptor
        self.owned = owned
    }

    /// Takes ownership of an open descriptor.
    package convenience init(adopting descriptor: Int32) {
        self.init(descriptor: descriptor, owned: true)
    }

    /// Clears `O_NONBLOCK`, which the opening set so that a FIFO could not block it.
    package func blocking() {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Opens `path` for reading; nil when it cannot be opened.
    public static func reading(_ path: String) -> RawFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        return fd < 0 ? nil : RawFile(descriptor: fd, owned: true)
    }

    /// Creates (or empties) `path` for writing; nil when it cannot be.
    public static func creating(_ path: String) -> RawFile? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        return fd < 0 ? nil : RawFile(descriptor: fd, owned: true)
    }

    /// A file holding `bytes` with no name: created in the temporary folder and unlinked at
    /// once, so it goes with its last descriptor. For bytes a reader wants as a file (a
    /// sound that came over the wire); nil when no such file can be made.
    public static func holding(_ bytes: [UInt8]) -> RawFile? {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(folder)/glasses-held-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let file = RawFile(descriptor: fd, owned: true)
        return file.write(bytes) ? file : nil
    }

    /// The file's size in bytes.
    public var size: UInt64 {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? UInt64(info.st_size) : 0
    }

    /// Up to `count` bytes from `offset`; fewer at the end of the file.
    public func read(count: Int, at offset: UInt64) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Writes all of `bytes` (retrying short writes); false when the file refuses them.
    @discardableResult
    public func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let done = array.withUnsafeBytes { writeToDescriptor(descriptor, $0.baseAddress! + written, array.count - written) }
            if done < 0, errno == EINTR { continue }
            guard done > 0 else { return false }
            written += done
        }
        return true
    }

    /// Writes `text` as UTF-8.
    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    deinit {
        if owned { close(descriptor) }
    }
}

/// Two are equal when they are the same open file: two opens of one path may be two
/// files, since the path can name another by the second.
extension RawFile: Equatable {
    public static func == (lhs: RawFile, rhs: RawFile) -> Bool { lhs === rhs }
}

/// libc's `write`, named apart from ``RawFile/write(_:)`` (inside the class the
/// method hides it) and without naming the platform's C module.
private func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

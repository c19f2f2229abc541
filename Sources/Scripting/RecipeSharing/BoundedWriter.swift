#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RecipeLockFile

/// Writes what a tool streams into files, counting every byte against one limit for the
/// whole fetch: a chunk that would take the count past the limit is not written, and the
/// tool is stopped there. An archive's listing, or anything else a source says about its
/// own size, can lie (a small zip whose headers understate what it inflates to); only
/// the bytes actually written bound the disk, so this count is the limit.
final class BoundedWriter {
    let limit: Int
    private(set) var written = 0
    /// A chunk did not fit: nothing past `limit` was written.
    private(set) var isOver = false
    /// Why a write failed (a full disk), when one did.
    private(set) var failure: String?

    init(limit: Int) { self.limit = limit }

    /// Opens `path` for writing, its folder made first; the descriptor.
    func create(_ path: String, executable: Bool = false, for named: String) throws(RecipeError) -> Int32 {
        try RecipeFetcher.makeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, for: named)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, executable ? 0o755 : 0o644)
        guard fd >= 0 else { throw RecipeError("\(named): cannot write \(path): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// Writes `bytes` to `fd` when they fit under the limit; false, with nothing written,
    /// when they do not (or the write failed).
    func append(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard written + bytes.count <= limit else {
            isOver = true
            return false
        }
        var offset = 0
        while offset < bytes.count {
            let done = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if done < 0, errno == EINTR { continue }
            guard done > 0 else {
                failure = String(cString: strerror(errno))
                return false
            }
            offset += done
        }
        written += bytes.count
        return true
    }

    /// Writes into `path` what `produce` streams to the closure it is given.
    func fill(_ path: String, for named: String,
               produce: ((UnsafeRawBufferPointer) -> Bool) throws(RecipeError) -> Tool.Streamed) throws(RecipeError) -> Tool.Streamed {
        let fd = try create(path, for: named)
        defer { close(fd) }
        let result = try produce { self.append($0, to: fd) }
        if let failure { throw RecipeError("\(named): cannot write \(path): \(failure)") }
        return result
    }
}

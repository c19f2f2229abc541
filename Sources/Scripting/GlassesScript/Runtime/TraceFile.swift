#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WearablesCore

/// Writes trace lines to a file through a buffer, so tracing a long run costs
/// one write per 64 KiB rather than one per event (`glasses run` and `glasses serve`).
///
/// Lines come from the scheduler's thread; `endAbruptly(reason:code:signal:message:)`
/// may come from the watchdog's while that thread is stuck, so the buffer is
/// behind a lock.
public final class TraceFile: Sendable {
    private struct Buffer {
        var bytes = Data()
        /// The last line written, for the time of an abrupt end record.
        var lastLine = ""
        var isClosed = false
        /// Why a write failed, the first time one did.
        var failure: String?
    }

    private let file: RawFile
    private let buffer = Locked(Buffer())

    /// Creates the file, and its folder as `--out` does.
    public init(path: String) throws {
        let folder = PathPolicy.folder(of: path)
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        guard let file = RawFile.creating(path) else { throw TraceFileError(path: path) }
        self.file = file
    }

    public func write(_ line: String) {
        buffer.withLock { buffer in
            guard !buffer.isClosed else { return }
            buffer.bytes.append(contentsOf: line.utf8)
            buffer.lastLine = line
            if buffer.bytes.count >= 1 << 16 { flush(&buffer) }
        }
    }

    public func flush() {
        buffer.withLock { flush(&$0) }
    }

    /// The end record of a run the host could not end in order (the watchdog's
    /// hard stop): written at the time of the last line, then the file is closed
    /// to later writes, so it ends with this record.
    func endAbruptly(reason: String, code: Int32, signal: String? = nil, message: String) {
        buffer.withLock { buffer in
            guard !buffer.isClosed else { return }
            // The shape of ScriptRuntime's end record, written here because the scheduler's thread is stuck.
            var line = "{\"t\":" + Self.time(of: buffer.lastLine) + ",\"source\":\"run\",\"event\":\"end\",\"values\":{\"reason\":"
            TraceValue.writeString(reason, into: &line)
            line += ",\"code\":\(code)"
            if let signal {
                line += ",\"signal\":"
                TraceValue.writeString(signal, into: &line)
            }
            line += ",\"message\":"
            TraceValue.writeString(message, into: &line)
            line += "}}\n"
            buffer.bytes.append(contentsOf: line.utf8)
            flush(&buffer)
            buffer.isClosed = true
        }
    }

    private func flush(_ buffer: inout Buffer) {
        guard !buffer.bytes.isEmpty else { return }
        if !file.write(buffer.bytes), buffer.failure == nil { buffer.failure = String(cString: strerror(errno)) }
        buffer.bytes.removeAll(keepingCapacity: true)
    }

    /// Why the trace could not be written in full (a full disk, `/dev/full`), or nil.
    public var failure: String? { buffer.withLock { $0.failure } }

    /// The `t` of a trace line (`{"t":12.5,...`), or 0 before the first line.
    private static func time(of line: String) -> String {
        guard line.hasPrefix("{\"t\":"), let comma = line.firstIndex(of: ",") else { return "0" }
        return String(line[line.index(line.startIndex, offsetBy: 5)..<comma])
    }

    deinit {
        flush()
    }
}

struct TraceFileError: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot write the trace file '\(path)': check that it names a file in a folder you can write to" }
}

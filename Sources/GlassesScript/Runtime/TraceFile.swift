import Foundation

/// Writes trace lines to a file through a buffer, so tracing a long run costs
/// one write per 64 KiB rather than one per event.
final class TraceFile {
    private let handle: FileHandle
    private var buffer = Data()

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw TraceFileError(path: path)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw TraceFileError(path: path) }
        self.handle = handle
    }

    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        flush()
        try? handle.close()
    }
}

struct TraceFileError: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot write the trace file '\(path)': check that its folder exists and is writable" }
}

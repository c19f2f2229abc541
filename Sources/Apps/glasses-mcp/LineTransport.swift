import Foundation
import Logging
import MCP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stdio, one JSON-RPC message a line, read in linear time and bounded: the SDK's
/// `StdioTransport` searched its whole pending buffer for a newline after every 4 KiB read
/// (a 4 MiB line took 35-40 s) and kept any line whole, however long. Here each chunk read
/// is searched once, and a line that passes ``maxMessageBytes`` is answered at once with
/// JSON-RPC's invalid request (id null, as none could be read) and skipped to its end
/// without being kept. Stdin is read on a thread of its own with blocking reads.
actor LineTransport: Transport {
    /// The longest message read *(ours)*: four times run_script's 256 KiB source limit, room
    /// for a source at that limit with its JSON escapes.
    static let maxMessageBytes = 1 << 20

    nonisolated let logger = Logger(label: "glasses.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var reading = false

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !reading else { return }
        reading = true
        let continuation = continuation
        let thread = Thread {
            var splitter = LineSplitter(limit: Self.maxMessageBytes)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                chunk.withUnsafeBytes { bytes in
                    splitter.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<got])) { piece in
                        switch piece {
                        case .line(let line): continuation.yield(Data(line))
                        case .tooLong: Self.writeLine(Data(Self.tooLong.utf8))
                        }
                    }
                }
            }
            if let last = splitter.finish() { continuation.yield(Data(last)) }
            continuation.finish()
        }
        thread.start()
    }

    func disconnect() async {
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        guard Self.writeLine(data) else { throw MCPError.internalError("cannot write to standard output: \(String(cString: strerror(errno)))") }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }

    /// The answer to a line past the limit.
    static let tooLong = #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the message passed \#(maxMessageBytes) bytes (one line of JSON at most 1 MiB; a run_script source at most 256 KiB), so it was not read: send a shorter one"}}"#

    /// Serialises whole lines to stdout, from the actor and from the reading thread alike.
    private static let writing = NSLock()

    /// Writes `data` and a newline, all of it; false when stdout fails.
    @discardableResult
    static func writeLine(_ data: Data) -> Bool {
        writing.lock()
        defer { writing.unlock() }
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let done = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if done < 0, errno == EINTR || errno == EAGAIN { continue }
            guard done > 0 else { return false }
            written += done
        }
        return true
    }
}

/// Splits a byte stream into lines of at most `limit` bytes, in time linear in the bytes:
/// each byte is looked at once. A line that passes the limit is reported once, as soon as
/// it does, and its remaining bytes are dropped up to its newline. Empty lines are skipped.
struct LineSplitter {
    enum Piece: Equatable {
        case line([UInt8])
        case tooLong
    }

    let limit: Int
    private var line: [UInt8] = []
    private var skipping = false

    init(limit: Int) { self.limit = limit }

    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Piece) -> Void) {
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline ?? bytes.count
            if !skipping {
                if line.count + (end - start) > limit {
                    skipping = true
                    line = []
                    emit(.tooLong)
                } else {
                    line.append(contentsOf: bytes[start..<end])
                }
            }
            guard newline != nil else { return }
            if !skipping, !line.isEmpty { emit(.line(line)) }
            line = []
            skipping = false
            start = end + 1
        }
    }

    /// The last line, when the stream ended without a newline after it.
    mutating func finish() -> [UInt8]? {
        defer { line = [] }
        return skipping || line.isEmpty ? nil : line
    }
}

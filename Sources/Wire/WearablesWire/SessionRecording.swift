#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesModel

/// A session recording read back (the format: docs/replay.md): the world's hello, then
/// what the world sent and what the client sent, in time order, each with its time
/// relative to the hello.
///
/// A file that cannot be a recording (no header, another format or protocol version) is
/// refused with one error. A bad line after the header (not JSON, a missing or mistyped
/// field, a message this build cannot read, a last line cut short) is left out and said
/// in ``problems`` with its line number and the fix, and the rest is read: a recording
/// of a field failure is worth replaying even when one line of it was damaged.
public struct SessionRecording: Sendable {
    public struct Header: Sendable, Equatable {
        /// `client` (the times are the client's clock) or `server`.
        public let recordedBy: String
        /// The world it was recorded from (a URL, or a server's options).
        public let source: String
        /// The client's name from its hello (`glasses run demo.lua`).
        public let client: String
        public let hello: ServerHello
    }

    public enum Content: Sendable, Equatable {
        /// A message the client sent (its commands).
        case client(ClientMessage)
        /// A text message the world sent.
        case world(ServerMessage)
        /// A frame or a photo the world sent.
        case binary(BinaryMessage)
        /// The client lost its connection.
        case lost(reason: String, tokenRefused: Bool)
    }

    public struct Entry: Sendable, Equatable {
        /// Seconds after the world's hello.
        public let time: Double
        /// Its line in the file, for messages about it.
        public let line: Int
        public let content: Content
    }

    public let header: Header
    public let entries: [Entry]
    /// The lines left out, each a sentence naming the line and the fix.
    public let problems: [String]

    /// Reads the recording at `path`.
    public static func load(path: String) throws(SessionRecordingError) -> SessionRecording {
        guard let file = RawFile.reading(path) else {
            throw SessionRecordingError("cannot read the session recording '\(path)': check the path")
        }
        return try parse(file.read(count: Int(file.size), at: 0), name: path)
    }

    /// Reads a recording from its bytes; `name` (its path) starts every message.
    public static func parse(_ bytes: [UInt8], name: String) throws(SessionRecordingError) -> SessionRecording {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = lines.last?.isEmpty ?? false
        if endsWithNewline { lines.removeLast() }
        guard let first = lines.first, !first.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else {
            throw SessionRecordingError("\(name) is empty: a session recording starts with its header line "
                + "(record one with `glasses run --connect URL --capture FILE` or `glasses serve --record DIR`)")
        }
        let header = try readHeader(Array(first), name: name)
        var entries: [Entry] = []
        var problems: [String] = []
        var lastTime = 0.0
        for (offset, line) in lines.enumerated().dropFirst() {
            let number = offset + 1
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            do throws(SessionRecordingError) {
                let entry = try readEntry(Array(line), number: number)
                guard entry.time >= lastTime else {
                    throw SessionRecordingError("field 't' is \(entry.time), before the line above it (\(lastTime)): lines must be in time order; "
                        + "move the line or fix its time")
                }
                lastTime = entry.time
                entries.append(entry)
            } catch {
                let cutShort = number == lines.count && !endsWithNewline
                problems.append(cutShort
                    ? "\(name) line \(number) is cut short (the recording stopped mid-line): it was left out, the \(number - 2) lines before it replay"
                    : "\(name) line \(number): \(error.description); the line was left out")
            }
        }
        return SessionRecording(header: header, entries: entries, problems: problems)
    }

    static func readHeader(_ line: [UInt8], name: String) throws(SessionRecordingError) -> Header {
        let lineOne = "\(name) line 1"
        guard let value = try? JSONValue.parse(line), value.object != nil else {
            throw SessionRecordingError("\(lineOne) is not JSON, so \(name) has no header: a session recording starts with "
                + #"{"glasses_session":1,...}; record one with `glasses run --connect URL --capture FILE`"#)
        }
        guard let version = value["glasses_session"] else {
            throw SessionRecordingError("\(lineOne) has no 'glasses_session' field: it is not a session recording's header "
                + "(record one with `glasses run --connect URL --capture FILE` or `glasses serve --record DIR`)")
        }
        guard version.number == Double(SessionRecorder.formatVersion) else {
            throw SessionRecordingError("\(lineOne): 'glasses_session' is \(describe(version)), and this glasses reads version "
                + "\(SessionRecorder.formatVersion): replay it with the glasses that recorded it, or record the session again")
        }
        guard let wire = value["protocol"]?.number else {
            throw SessionRecordingError("\(lineOne) needs the field 'protocol' (the wire protocol's version, \(WireProtocol.version))")
        }
        guard wire == Double(WireProtocol.version) else {
            throw SessionRecordingError("\(lineOne): recorded with wire protocol \(describe(value["protocol"] ?? .null)), this glasses speaks "
                + "\(WireProtocol.version): record the session again with this build")
        }
        guard let helloValue = value["hello"], let helloData = try? helloValue.encoded() else {
            throw SessionRecordingError("\(lineOne) needs the field 'hello' (the world's hello message)")
        }
        let hello: ServerHello
        do throws(WireDecodingError) {
            guard case .hello(let decoded) = try ServerMessage.decode(helloData) else {
                throw WireDecodingError("it is not a hello message (its 'type' must be \"hello\")")
            }
            hello = decoded
        } catch {
            throw SessionRecordingError("\(lineOne): field 'hello': \(error.description)")
        }
        return Header(recordedBy: value["recorded_by"]?.string ?? "client", source: value["source"]?.string ?? "",
                      client: value["client"]?.string ?? "", hello: hello)
    }

    static func readEntry(_ line: [UInt8], number: Int) throws(SessionRecordingError) -> Entry {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch {
            throw SessionRecordingError("not JSON: fix the line or delete it")
        }
        guard value.object != nil else { throw SessionRecordingError("not a JSON object: fix the line or delete it") }
        guard let time = value["t"]?.number, time.isFinite, time >= 0 else {
            throw SessionRecordingError("field 't' (seconds after the hello) is missing or not a number >= 0")
        }
        return Entry(time: time, line: number, content: try readContent(value))
    }

    private static func readContent(_ value: JSONValue) throws(SessionRecordingError) -> Content {
        if let message = value["world"] {
            let data = try encoded(message, "world")
            do { return .world(try ServerMessage.decode(data)) } catch {
                throw SessionRecordingError("field 'world': \(error.description)")
            }
        }
        if let message = value["client"] {
            let data = try encoded(message, "client")
            do { return .client(try ClientMessage.decode(data)) } catch {
                throw SessionRecordingError("field 'client': \(error.description)")
            }
        }
        if let header = value["binary"] {
            guard let text = value["data"]?.string, let payload = Data(base64Encoded: text) else {
                throw SessionRecordingError("field 'data' (the frame's or photo's bytes, base64) is missing or not base64")
            }
            let json = try encoded(header, "binary")
            var wire = Data()
            withUnsafeBytes(of: UInt32(json.count).bigEndian) { wire.append(contentsOf: $0) }
            wire.append(json)
            wire.append(payload)
            do { return .binary(try BinaryMessage.decode(wire)) } catch {
                throw SessionRecordingError("field 'binary': \(error.description)")
            }
        }
        if let reason = value["lost"] {
            guard let text = reason.string else { throw SessionRecordingError("field 'lost' (why the connection dropped) must be a string") }
            return .lost(reason: text, tokenRefused: value["token_refused"] == .bool(true))
        }
        throw SessionRecordingError("it has none of the fields 'world', 'binary', 'client' or 'lost'")
    }

    private static func encoded(_ value: JSONValue, _ field: String) throws(SessionRecordingError) -> Data {
        guard value.object != nil, let data = try? value.encoded() else {
            throw SessionRecordingError("field '\(field)' must be a JSON object (a wire message)")
        }
        return data
    }

    private static func describe(_ value: JSONValue) -> String {
        (try? value.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

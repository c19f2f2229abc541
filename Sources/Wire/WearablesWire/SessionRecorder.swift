#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesModel

/// Writes one client's session with a world to a JSON Lines file (docs/replay.md), at the
/// wire-message level, so any side that speaks the protocol can record: `glasses serve`
/// from a client's send path, `glasses run --connect --capture` from its link, a bridge
/// app over real glasses from its own. The lines are the wire's own JSON, spliced in
/// unchanged, so a replay reads exactly what the client read.
///
/// Callers give the time of each message on their own clock (seconds); the file holds
/// it relative to the world's hello, the session's start. What comes before that hello
/// (a refused connection's error) is not part of a session and is left out.
public final class SessionRecorder: Sendable {
    /// The format's version, the header's `glasses_session`.
    public static let formatVersion = 1

    private struct State {
        var file: RawFile?
        /// The clock reading at the world's hello, once it was written.
        var origin: Double?
        var clientName = ""
    }
    private let state: Locked<State>
    private let recordedBy: String
    private let source: String

    /// Creates (or empties) `path`. `recordedBy` is `client` or `server` (whose clock the
    /// times are), `source` names the world (its URL, or the server's options).
    public init(path: String, recordedBy: String, source: String) throws(SessionRecordingError) {
        guard let file = RawFile.creating(path) else {
            throw SessionRecordingError("cannot write the session recording '\(path)': check that its folder exists and is writable")
        }
        state = Locked(State(file: file))
        self.recordedBy = recordedBy
        self.source = source
    }

    /// A text message the world sent; the first hello starts the session (the header line).
    public func world(text: String, at time: Double) {
        state.withLock { state in
            guard let origin = state.origin else {
                guard case .hello? = try? ServerMessage.decode(Data(text.utf8)) else { return }
                state.origin = time
                write(header(hello: singleLine(text), client: state.clientName), to: &state)
                return
            }
            write(#"{"t":\#(Self.seconds(time - origin)),"world":\#(singleLine(text))}"#, to: &state)
        }
    }

    /// A binary message the world sent (a frame or a photo), as it went over the wire.
    public func world(binary: Data, at time: Double) {
        let bytes = [UInt8](binary)
        guard bytes.count >= 4 else { return }
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard length <= bytes.count - 4 else { return }
        let header = singleLine(String(decoding: bytes[4..<4 + length], as: UTF8.self))
        let payload = Data(bytes[(4 + length)...]).base64EncodedString()
        state.withLock { state in
            guard let origin = state.origin else { return }
            write(#"{"t":\#(Self.seconds(time - origin)),"binary":\#(header),"data":"\#(payload)"}"#, to: &state)
        }
    }

    /// A text message the client sent: its hello names the client in the header; its commands are lines.
    public func client(text: String, at time: Double) {
        state.withLock { state in
            guard let origin = state.origin else {
                if case .hello(_, let client)? = try? ClientMessage.decode(Data(text.utf8)) { state.clientName = client }
                return
            }
            write(#"{"t":\#(Self.seconds(time - origin)),"client":\#(singleLine(text))}"#, to: &state)
        }
    }

    /// The client lost its connection (each failed attempt to open it again is a line too).
    public func lost(_ reason: String, tokenRefused: Bool, at time: Double) {
        state.withLock { state in
            guard let origin = state.origin else { return }
            let refused = tokenRefused ? #","token_refused":true"# : ""
            write(#"{"t":\#(Self.seconds(time - origin)),"lost":\#(Self.quoted(reason))\#(refused)}"#, to: &state)
        }
    }

    /// Ends the recording; later messages are not written.
    public func close() {
        state.withLock { $0.file = nil }
    }

    private func header(hello: String, client: String) -> String {
        #"{"glasses_session":\#(Self.formatVersion),"protocol":\#(WireProtocol.version),"recorded_by":\#(Self.quoted(recordedBy)),"#
            + #""source":\#(Self.quoted(source)),"client":\#(Self.quoted(client)),"hello":\#(hello)}"#
    }

    private func write(_ line: String, to state: inout State) {
        guard let file = state.file else { return }
        // A write that fails (a full disk) ends the recording rather than leaving half lines.
        if !file.write(line + "\n") { state.file = nil }
    }

    /// The wire's JSON is one line already; a peer's pretty-printed JSON is made one.
    private func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        return (try? JSONValue.parse(Array(text.utf8)).encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Microseconds: the scheduler's resolution.
    static func seconds(_ value: Double) -> String { String(cFormat: "%.6f", max(0, value)) }

    static func quoted(_ text: String) -> String {
        (try? JSONValue.string(text).encoded()).map { String(decoding: $0, as: UTF8.self) } ?? #""""#
    }
}

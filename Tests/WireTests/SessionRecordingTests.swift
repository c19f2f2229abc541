import Foundation
import Testing
import WearablesCore
import WearablesRemote
import WearablesWire

/// Session recordings (docs/replay.md): what a recorder writes reads back as the same
/// messages, a replay plays them on the virtual clock, and a damaged file gets one clear
/// error (or a line left out, said with its number) instead of a crash.
@Suite struct SessionRecordingTests {
    static let device = DeviceSnapshot(
        identifier: "rayBanMeta-1", name: "Ray-Ban Meta", type: .rayBanMeta, linkState: .connected, batteryLevel: 80,
        chargingState: .notCharging, donState: .donned, hingeState: .open, thermalLevel: .none)
    static let hello = ServerHello(
        server: "glasses serve", world: "simulator", speed: 1, time: 40, registration: .available,
        permissions: [.camera: .granted], devices: [device], bandwidth: ["rayBanMeta-1": 2500])

    static func text(_ message: ServerMessage) -> String { String(decoding: message.encoded(), as: UTF8.self) }
    static func text(_ message: ClientMessage) -> String { String(decoding: message.encoded(), as: UTF8.self) }

    /// A recording made by the recorder, with times on a clock that started 40 s before the hello.
    static func recorded() throws -> (path: String, frame: BinaryMessage) {
        let path = NSTemporaryDirectory() + "session-\(UUID().uuidString).jsonl"
        let recorder = try SessionRecorder(path: path, recordedBy: "server", source: "test")
        recorder.world(text: text(.error(.protocolError("helloFirst", "before the session"))), at: 39)
        recorder.client(text: text(.hello(protocolVersion: WireProtocol.version, client: "replay test")), at: 39.5)
        recorder.world(text: text(.hello(hello)), at: 40)
        recorder.client(text: text(.command(id: 1, .register)), at: 40.5)
        recorder.world(text: text(.event(.registration(.registered))), at: 40.6)
        recorder.world(text: text(.reply(id: 1, .success(.done))), at: 40.7)
        var drained = device
        drained.batteryLevel = 12
        recorder.world(text: text(.event(.device(drained))), at: 42)
        let frame = BinaryMessage.frame(stream: 3, index: 7, timestamp: 2.5, size: VideoSize(width: 2, height: 2), jpeg: Data([1, 2, 3, 255]))
        recorder.world(binary: frame.encoded(), at: 42.5)
        recorder.lost("the server closed the connection", tokenRefused: false, at: 43)
        recorder.close()
        recorder.world(text: text(.event(.registration(.available))), at: 44)
        return (path, frame)
    }

    @Test func whatTheRecorderWritesReadsBackAsTheSameMessages() throws {
        let (path, frame) = try Self.recorded()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try SessionRecording.load(path: path)
        #expect(recording.problems.isEmpty)
        #expect(recording.header.hello == Self.hello)
        #expect(recording.header.client == "replay test")
        #expect(recording.header.recordedBy == "server")
        var drained = Self.device
        drained.batteryLevel = 12
        let expected: [(Double, SessionRecording.Content)] = [
            (0.5, .client(.command(id: 1, .register))),
            (0.6, .world(.event(.registration(.registered)))),
            (0.7, .world(.reply(id: 1, .success(.done)))),
            (2, .world(.event(.device(drained)))),
            (2.5, .binary(frame)),
            (3, .lost(reason: "the server closed the connection", tokenRefused: false)),
        ]
        #expect(recording.entries.map(\.content) == expected.map(\.1), "before the hello and after close(), nothing")
        for (entry, (time, _)) in zip(recording.entries, expected) {
            #expect(abs(entry.time - time) < 1e-6, "times are relative to the hello")
        }
        #expect(recording.entries.map(\.line) == [2, 3, 4, 5, 6, 7])
    }

    @Test func aReplayPlaysTheWorldsMessagesAtTheirTimesAndAnswersCommandsAsRecorded() throws {
        let (path, _) = try Self.recorded()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let world = RemoteWorld.replaying(try SessionRecording.load(path: path), path: path)
        defer { world.close() }
        #expect(world.scheduler.clock == .virtual)
        #expect(world.mock != nil, "a simulator's recording brings its mock")
        let answers = Answers()
        var notices: [String] = []
        world.backend.onNotice = { notices.append($0) }
        world.backend.startRegistration { answers.add("first \($0)", world.scheduler.now) }
        world.backend.startRegistration { answers.add("second \($0)", world.scheduler.now) }
        world.scheduler.run(until: 1.9)
        #expect(answers.all.map(\.0) == ["first success()"], "one register was recorded, so one is answered")
        #expect(abs((answers.all.first?.1 ?? 0) - 0.7) < 1e-9, "no sooner than the recording answered it")
        #expect(world.backend.devices.first?.batteryLevel == 80)
        #expect(notices == ["replay: the recording has no 2nd 'register' command (it holds 1): the replayed world does not answer it, "
            + "as glasses that never answer; record the session again with the script as it is now"])
        world.scheduler.run(until: 2.1)
        #expect(world.backend.devices.first?.batteryLevel == 12, "the event came at its recorded time")
        world.scheduler.runUntilIdle()
        #expect(world.backend.devices.first?.linkState == .disconnected, "the recorded drop is a drop")
        #expect(!world.scheduler.hasPendingEvents)
    }

    @Test func aRecordedDropAndTheHelloAfterItReplayAsADropAndAReconnection() throws {
        var registered = Self.hello
        registered.registration = .registered
        let lines = [
            Self.header,
            #"{"t":1,"lost":"the server closed the connection"}"#,
            #"{"t":2,"lost":"connection refused"}"#,
            #"{"t":3,"world":\#(Self.text(.hello(registered)))}"#,
            #"{"t":3.5,"client":{"type":"register","id":1}}"#,
            #"{"t":3.6,"world":{"type":"reply","id":1,"ok":true}}"#,
        ]
        let recording = try SessionRecording.parse(Array(lines.joined(separator: "\n").utf8), name: "drop.jsonl")
        #expect(recording.problems.isEmpty, "\(recording.problems)")
        let world = RemoteWorld.replaying(recording, path: "drop.jsonl")
        defer { world.close() }
        world.scheduler.run(until: 1.5)
        #expect(!world.backend.isConnected && world.backend.devices.first?.linkState == .disconnected)
        var answered: Double?
        world.backend.startRegistration { _ in answered = world.scheduler.now }
        world.scheduler.run(until: 2.5)
        #expect(answered == 1.5, "sent while the link is down, the command fails at once, as on the wire")
        world.scheduler.run(until: 3.1)
        #expect(world.backend.isConnected && world.backend.devices.first?.linkState == .connected, "the hello after the drop reconnects")
        #expect(world.backend.registrationState == .registered, "the world as the new hello has it")
    }

    @Test func theSameRecordingReplaysToTheSameTrace() throws {
        let (path, _) = try Self.recorded()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let traces = try (0..<2).map { _ in
            let lines = Lines()
            let world = RemoteWorld.replaying(try SessionRecording.load(path: path), path: path, traceSink: { lines.add($0) })
            world.backend.startRegistration { _ in }
            world.scheduler.runUntilIdle()
            world.close()
            return lines.all
        }
        #expect(traces[0] == traces[1])
        #expect(traces[0].contains { $0.contains(#""source":"replay""#) && $0.contains(#""event":"start""#) })
    }

    // MARK: Damaged files

    static let header = #"{"glasses_session":1,"protocol":\#(WireProtocol.version),"recorded_by":"client","source":"x","client":"c","hello":\#(text(.hello(hello)))}"#

    static func parse(_ text: String) throws(SessionRecordingError) -> SessionRecording {
        try SessionRecording.parse(Array(text.utf8), name: "s.jsonl")
    }

    static func refusal(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "(read)"
        } catch { return error.description }
    }

    @Test func aFileThatIsNoRecordingGetsOneErrorWithTheFix() {
        #expect(Self.refusal("").hasPrefix("s.jsonl is empty: a session recording starts with its header line (record one with"))
        #expect(Self.refusal("{not json\n").hasPrefix("s.jsonl line 1 is not JSON, so s.jsonl has no header"))
        #expect(Self.refusal(#"{"t":0.1,"world":{"type":"reply","id":1,"ok":true}}"# + "\n")
            .hasPrefix("s.jsonl line 1 has no 'glasses_session' field: it is not a session recording's header"))
        let future = Self.header.replacingOccurrences(of: #""glasses_session":1"#, with: #""glasses_session":9"#)
        #expect(Self.refusal(future + "\n") == "s.jsonl line 1: 'glasses_session' is 9, and this glasses reads version 1: "
            + "replay it with the glasses that recorded it, or record the session again")
        let older = Self.header.replacingOccurrences(of: #""protocol":\#(WireProtocol.version),"recorded"#, with: #""protocol":1,"recorded"#)
        #expect(Self.refusal(older) == "s.jsonl line 1: recorded with wire protocol 1, this glasses speaks \(WireProtocol.version): "
            + "record the session again with this build")
        let noHello = Self.header.replacingOccurrences(of: #","hello":"#, with: #","hullo":"#)
        #expect(Self.refusal(noHello) == "s.jsonl line 1 needs the field 'hello' (the world's hello message)")
    }

    @Test func aDamagedLineIsLeftOutWithItsNumberAndTheRestIsRead() throws {
        let lines = [
            Self.header,
            #"{"t":0.1,"world":{"type":"registration","state":"registered"}}"#,
            #"{"t":0.2,"world":{"type":"reply","id":1,"ok":true}"#,
            #"{"world":{"type":"registration","state":"available"}}"#,
            #"{"t":0.3,"world":{"type":"teleport"}}"#,
            #"{"t":0.05,"world":{"type":"registration","state":"available"}}"#,
            #"{"t":0.4,"binary":{"type":"frame","stream":1,"index":1,"timestamp":1,"width":2,"height":2,"encoding":"jpeg"},"data":"!!"}"#,
            #"{"t":0.5,"note":"hi"}"#,
            #"{"t":0.6,"client":{"type":"register","id":2}}"#,
            #"{"t":0.7,"world":{"type":"reply","id":2,"o"#,
        ]
        let recording = try Self.parse(lines.joined(separator: "\n"))
        #expect(recording.entries.map(\.line) == [2, 9])
        #expect(recording.problems == [
            "s.jsonl line 3: not JSON: fix the line or delete it; the line was left out",
            "s.jsonl line 4: field 't' (seconds after the hello) is missing or not a number >= 0; the line was left out",
            "s.jsonl line 5: field 'world': unknown message type 'teleport'; the line was left out",
            "s.jsonl line 6: field 't' is 0.05, before the line above it (0.1): lines must be in time order; move the line or fix its time; the line was left out",
            "s.jsonl line 7: field 'data' (the frame's or photo's bytes, base64) is missing or not base64; the line was left out",
            "s.jsonl line 8: it has none of the fields 'world', 'binary', 'client' or 'lost'; the line was left out",
            "s.jsonl line 10 is cut short (the recording stopped mid-line): it was left out, the 8 lines before it replay",
        ])
    }
}

/// What a test's callbacks saw, in order.
private final class Answers: @unchecked Sendable {
    private(set) var all: [(String, Double)] = []
    func add(_ text: String, _ time: Double) { all.append((text, time)) }
}

private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesAudio
import WearablesCore
import WearablesMock
import WearablesWire
import WearablesWorld

/// Why a connection to a served world could not be made, worded as a fix.
public struct RemoteConnectionError: Error, CustomStringConvertible {
    public let description: String
}

/// A world served elsewhere, as this process sees it: a wall-clock scheduler
/// running at the server's pace, the DAT model over a ``RemoteBackend``, and
/// the phone's audio session (the phone is this process). Or such a world as a
/// session recording kept it (``replaying(_:path:seed:traceSink:)``), on the virtual clock.
public final class RemoteWorld: GlassesWorld {
    public let scheduler: Scheduler
    public let trace: EventTrace
    public let backend: RemoteBackend
    public let wearables: Wearables
    public let audio: AudioSession
    private let streamAudioWatch: StreamAudioWatch
    /// A served simulator's controls; nil when the served world is not simulated.
    public let mock: (any MockControl)?

    /// How long the first connection may take before the run gives up.
    public static let connectTimeout: Duration = .seconds(10)

    /// Whether the scheduler waits for the link's messages on the wall clock (a replay's come as its own events).
    private let waitsForLink: Bool

    /// Connects to `url` (ws://HOST:PORT/v1/ws, or http://HOST:PORT, or HOST:PORT)
    /// and waits for the server's hello. With `capture`, the session (what the world
    /// sends and the commands this side sends) is written there as it runs (docs/replay.md).
    public convenience init(url: String, token: String?, seed: UInt64 = 0, client: String = "glasses",
                            traceSink: EventTrace.Sink? = nil, capture: String? = nil) throws {
        let address = try RemoteWorld.webSocketURL(url)
        let link = RemoteLink(url: address, token: token, client: client)
        link.start()
        guard let outcome = link.awaitFirst(within: RemoteWorld.connectTimeout) else {
            link.stop()
            throw RemoteConnectionError(description: "no answer from \(address) within 10 s; check that `glasses serve` runs there")
        }
        guard case .connected(let hello) = outcome else {
            link.stop()
            let reason = if case .lost(let failure) = outcome { failure.reason } else { "unexpected first message" }
            throw RemoteConnectionError(
                description: "cannot connect to \(address): \(reason); start a world with `glasses serve` and pass the URL and token it prints")
        }
        guard !hello.world.isEmpty else {
            link.stop()
            throw RemoteConnectionError(description: "\(address) did not say what world it serves")
        }
        var recorder: SessionRecorder?
        if let capture {
            do {
                recorder = try SessionRecorder(path: capture, recordedBy: "client", source: address)
            } catch {
                link.stop()
                throw RemoteConnectionError(description: "--capture: \(error.description)")
            }
            recorder?.client(text: String(decoding: ClientMessage.hello(protocolVersion: WireProtocol.version, client: client).encoded(), as: UTF8.self), at: 0)
            recorder?.world(text: String(decoding: ServerMessage.hello(hello).encoded(), as: UTF8.self), at: 0)
        }
        self.init(link: link, hello: hello, scheduler: Scheduler(clock: .wall, seed: seed, speed: hello.speed), traceSink: traceSink)
        backend.recorder = recorder
        // Events from the server may come at any time: the wall-clock loop waits for them.
        scheduler.beginExternalInput()
        trace.record(source: "remote", event: "connected",
                     values: ["url": .string(address), "world": .string(hello.world), "speed": .double(hello.speed)])
    }

    /// A recorded session (`recording`, read from `path`) played back as the world, on the
    /// virtual clock: the same recording, script and seed give the same run (docs/replay.md).
    /// `mock` is there when the recording's world was a simulator: its actions are answered
    /// as recorded.
    public static func replaying(_ recording: SessionRecording, path: String, seed: UInt64 = 0,
                                 traceSink: EventTrace.Sink? = nil) -> RemoteWorld {
        replaying(header: recording.header, linesLeftOut: recording.problems.count, entries: { RecordedEntries(recording.entries) },
                  path: path, seed: seed, traceSink: traceSink)
    }

    /// The recording at `path` played back as ``replaying(_:path:seed:traceSink:)`` does,
    /// read a line at a time as the run's clock reaches it, never whole: memory stays
    /// bounded however long the recording (a recording can run to gigabytes). `scanned` is what
    /// ``SessionRecordingReader/scan(path:)`` found in it.
    public static func replaying(path: String, scanned: (header: SessionRecording.Header, problems: [String], problemCount: Int),
                                 seed: UInt64 = 0, traceSink: EventTrace.Sink? = nil) -> RemoteWorld {
        replaying(header: scanned.header, linesLeftOut: scanned.problemCount, entries: {
            // Read once already by the scan: a file that no longer opens replays as an empty one.
            (try? SessionRecordingReader(path: path)).map { $0 as any ReplayEntries } ?? RecordedEntries([])
        }, path: path, seed: seed, traceSink: traceSink)
    }

    private static func replaying(header: SessionRecording.Header, linesLeftOut: Int, entries: () -> any ReplayEntries, path: String,
                                  seed: UInt64, traceSink: EventTrace.Sink?) -> RemoteWorld {
        let scheduler = Scheduler(clock: .virtual, seed: seed)
        let link = ReplayLink(entries: entries, path: path, scheduler: scheduler)
        let world = RemoteWorld(link: link, hello: header.hello, scheduler: scheduler, traceSink: traceSink)
        let backend = world.backend
        link.onUnrecorded = { [unowned backend] key, notice in
            backend.trace.record(source: "replay", event: "unrecorded_command", values: ["command": .string(key)])
            backend.onNotice?("replay: \(notice)")
        }
        world.trace.record(source: "replay", event: "start", values: [
            "file": .string(path), "world": .string(header.hello.world),
            "recorded_by": .string(header.recordedBy), "lines_left_out": .int(linesLeftOut)])
        return world
    }

    private init(link: any WireLink, hello: ServerHello, scheduler: Scheduler, traceSink: EventTrace.Sink?) {
        self.scheduler = scheduler
        waitsForLink = scheduler.clock == .wall
        trace = EventTrace(scheduler: scheduler, sink: traceSink)
        backend = RemoteBackend(link: link, hello: hello, scheduler: scheduler, trace: trace)
        wearables = Wearables(backend: backend)
        audio = AudioSession(
            clock: SchedulerAudioClock(scheduler), glasses: DeviceListAudioEndpoint(wearables: wearables) { [unowned backend] in backend.microphoneFeeds[$0] },
            noise: SchedulerNoiseSource(scheduler))
        backend.audio = audio
        streamAudioWatch = StreamAudioWatch(audio: audio, wearables: wearables)
        mock = hello.world == "simulator" ? RemoteMockControl(backend: backend) : nil
    }

    public var url: String { backend.url }
    public var location: String { backend.url }

    /// Ends the connection; the scheduler no longer waits for it.
    public func close() {
        backend.close()
        backend.recorder?.close()
        if waitsForLink { scheduler.endExternalInput() }
    }

    /// The WebSocket URL for what a user typed.
    static func webSocketURL(_ text: String) throws -> String {
        var address = text
        if address.hasPrefix("http://") { address = "ws://" + address.dropFirst("http://".count) }
        if !address.contains("://") { address = "ws://" + address }
        guard address.hasPrefix("ws://"), let host = URL(string: address)?.host, !host.isEmpty else {
            throw RemoteConnectionError(
                description: "'\(text)' is not a served world's address; use ws://HOST:PORT\(WireProtocol.webSocketPath) as `glasses serve` prints it")
        }
        if URL(string: address)?.path.isEmpty ?? true { address += WireProtocol.webSocketPath }
        return address
    }
}

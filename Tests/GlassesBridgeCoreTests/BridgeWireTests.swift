import Foundation
import GlassesBridgeCore
import GlassesBridgeFake
import NIOCore
import PlainWebSocket
import Locking
import Testing
import WearablesCore
import WearablesServer
import WearablesWire
import WirePictures
import WireServing

/// The bridge core on the wire, as a client in any language sees it: hello says `dat`, a `mock`
/// command gets the protocol error docs/ios-bridge.md specifies and no reply (the connection goes
/// on), what DAT does not carry fails with a reason, and a wrong token is refused; what it
/// carries (inputs, standalone photos, the phone's audio route) crosses as against `glasses serve`. A bridge over the
/// simulator-backed fake on a free loopback port, stopped by each test.
@Suite(.serialized) struct BridgeWireTests {
    @Test func helloSaysDatAndCarriesTheDATWorld() async throws {
        let messages = try await exchange([])
        guard case .hello(let hello)? = messages.first else { return #expect(Bool(false), "no hello: \(messages)") }
        #expect(hello.world == "dat")
        #expect(hello.mock.isEmpty)
        #expect(hello.registration == .registered)
        #expect(hello.permissions[.camera] == .granted)
        #expect(hello.devices.map(\.linkState) == [.connected])
    }

    @Test func aMockCommandGetsNotSimulatedAndNoReplyAndTheConnectionGoesOn() async throws {
        let messages = try await exchange([#"{"type":"mock","id":4,"action":"battery","device":"rayBanMeta-1","level":20}"#,
                                           #"{"type":"audio_route","id":5}"#], until: 5)
        let errors = messages.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.code) == ["notSimulated"])
        #expect(errors.first?.message == "this world is real glasses through DAT; mock commands need a simulator")
        let replies = messages.compactMap { if case .reply(let id, let result) = $0 { (id, result) } else { nil } }
        #expect(replies.map(\.0) == [5], "no reply to the mock command; the next command is answered")
        if case .failure(let error)? = replies.first?.1 { #expect(error.code == "unavailable") } else { #expect(Bool(false)) }
    }

    @Test func aCaptureWithoutAStreamIsNotReady() async throws {
        let messages = try await exchange([#"{"type":"capture","id":7,"device":"rayBanMeta-1","format":"jpeg","width":360,"height":640}"#], until: 7)
        guard case .reply(7, .failure(let error))? = messages.last else { return #expect(Bool(false), "\(messages)") }
        #expect(error.domain == "PhotoError" && error.code == "notReady")
    }

    @Test func aWrongTokenIsRefused() async throws {
        let messages = try await exchange([], token: "not-the-token")
        guard case .error(let error)? = messages.first else { return #expect(Bool(false), "\(messages)") }
        #expect(error.code == "unauthorized")
    }

    @Test func aPreviewWatcherGetsAnotherClientsFramesThinnedToThePreviewRate() async throws {
        try await withBridge { url, token in
            let watched = Locked<[Double]>([])
            try await Self.connect(url, token) { streamer, streamerOut in
                try await streamerOut.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&streamer) { if case .reply(1, .success) = $0 { true } else { false } }
                try await Self.connect(url, token) { watcher, watcherOut in
                    try await watcherOut.write(.text(#"{"type":"watch_previews","id":1,"watch":true}"#))
                    _ = try await Self.next(&watcher) { if case .reply(1, .success) = $0 { true } else { false } }
                    try await streamerOut.write(.text(#"{"type":"start_camera","id":2,"device":"rayBanMeta-1","resolution":"low","fps":30}"#))
                    while let message = try await watcher.next() {
                        guard case .binary(let data) = message,
                              case .frame(_, _, let timestamp, _, _)? = try? BinaryMessage.decode(Data(data.readableBytesView)) else { continue }
                        if watched.withLock({ $0.append(timestamp); return $0.count }) == 6 { return }
                    }
                }
            }
            let gaps = zip(watched.withLock { $0 }.dropFirst(), watched.withLock { $0 }).map { $0 - $1 }
            #expect(gaps.count == 5)
            #expect(gaps.allSatisfy { $0 >= 0.9 / WireProtocol.previewFrameRate }, "\(gaps)")
        }
    }

    @Test func aVoiceInvocationCrossesAndItsAnswerIsTaken() async throws {
        try await withBridge { url, token, served in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"voice_listen","id":1,"device":"rayBanMeta-1","listening":true}"#))
                _ = try await Self.next(&messages) { if case .reply(1, .success) = $0 { true } else { false } }
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .voiceLaunch(incomplete: false))) }
                let invocation = try await Self.next(&messages) {
                    if case .event(.capability(_, .voiceInvocation)) = $0 { true } else { false }
                }
                guard case .event(.capability(let device, .voiceInvocation(let request)))? = invocation else {
                    return #expect(Bool(false), "no voice_invocation")
                }
                #expect(device == "rayBanMeta-1")
                try await outbound.write(.text(#"{"type":"voice_answer","id":2,"device":"rayBanMeta-1","request":"\#(request)","success":true}"#))
                let answer = try await Self.next(&messages) { if case .reply(2, _) = $0 { true } else { false } }
                guard case .reply(2, .success(.taken(let taken)))? = answer else { return #expect(Bool(false), "\(String(describing: answer))") }
                #expect(taken)
            }
        }
    }

    @Test func speechTranscriptionsAndTheUtterancesEndCross() async throws {
        try await withBridge { url, token, served in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&messages) { if case .reply(1, .success) = $0 { true } else { false } }
                try await outbound.write(.text(#"{"type":"speech_listen","id":2,"device":"rayBanMeta-1","listening":true}"#))
                _ = try await Self.next(&messages) { if case .reply(2, .success) = $0 { true } else { false } }
                let said = TranscriptionResult(text: "turn left", isFinal: true, confidence: 0.9)
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .speech(said))) }
                let heard = try await Self.next(&messages) { if case .event(.capability(_, .transcription)) = $0 { true } else { false } }
                #expect(heard == .event(.capability(device: "rayBanMeta-1", .transcription(said))))
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .speechComplete)) }
                let ended = try await Self.next(&messages) { if case .event(.capability(_, .speechComplete)) = $0 { true } else { false } }
                #expect(ended != nil)
            }
        }
    }

    @Test func motionSamplesCrossToTheWatcherAndBadWatchesAreRefused() async throws {
        try await withBridge { url, token, served in
            let recording = [MotionSample(timestampNs: 0, accelerometer: Vector3(0, 9.5, 0), magnetometer: Vector3(21.5, -3, 40), source: .glasses)]
            _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .motionFeed(.samples(recording)))) }
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"watch_motion","id":1,"device":"nope","rate":"hz30"}"#))
                let unknown = try await Self.next(&messages) { if case .reply(1, _) = $0 { true } else { false } }
                guard case .reply(1, .failure(let noDevice))? = unknown else { return #expect(Bool(false), "\(String(describing: unknown))") }
                #expect(noDevice.code == "unknownDevice" && noDevice.message.contains("rayBanMeta-1"), "\(noDevice)")
                try await outbound.write(.text(#"{"type":"watch_motion","id":2,"device":"rayBanMeta-1","rate":"hz30"}"#))
                let idle = try await Self.next(&messages) { if case .reply(2, _) = $0 { true } else { false } }
                guard case .reply(2, .failure(let noSession))? = idle else { return #expect(Bool(false), "\(String(describing: idle))") }
                #expect(noSession.code == "noSession" && noSession.message.contains("open_session first"), "\(noSession)")

                try await outbound.write(.text(#"{"type":"open_session","id":3,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&messages) { if case .reply(3, .success) = $0 { true } else { false } }
                for id in [4, 6] {
                    // Watched, stopped and watched again: the bridge removed DAT's Motion, so it adds one anew.
                    try await outbound.write(.text(#"{"type":"watch_motion","id":\#(id),"device":"rayBanMeta-1","rate":"hz30"}"#))
                    let watched = try await Self.next(&messages) { if case .reply(id, _) = $0 { true } else { false } }
                    #expect(watched == .reply(id: id, .success(.done)))
                    let batch = try await Self.next(&messages) { if case .event(.motionSamples) = $0 { true } else { false } }
                    guard case .event(.motionSamples("rayBanMeta-1", let samples))? = batch else { return #expect(Bool(false), "no samples") }
                    #expect(samples.count == 2, "30 Hz: two samples an event")
                    #expect(samples.allSatisfy { $0.magnetometer == Vector3(21.5, -3, 40) && $0.source == .glasses }, "the glasses' own samples")
                    try await outbound.write(.text(#"{"type":"watch_motion","id":\#(id + 1),"device":"rayBanMeta-1","rate":"hz10"}"#))
                    let twice = try await Self.next(&messages) { if case .reply(id + 1, _) = $0 { true } else { false } }
                    guard case .reply(_, .failure(let again))? = twice, again.code == "alreadyWatching" else {
                        return #expect(Bool(false), "a second watch: \(String(describing: twice))")
                    }
                    try await outbound.write(.text(#"{"type":"watch_motion","id":\#(id + 100),"device":"rayBanMeta-1","watch":false}"#))
                    _ = try await Self.next(&messages) { if case .reply(id + 100, .success) = $0 { true } else { false } }
                }
            }
        }
    }

    @Test func aWatcherThatGoesLeavesTheMotionToTheOthersAndTheLastRemovesIt() async throws {
        try await withBridge { url, token in
            try await Self.connect(url, token) { owner, ownerOut in
                try await ownerOut.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&owner) { if case .reply(1, .success) = $0 { true } else { false } }
                try await ownerOut.write(.text(#"{"type":"watch_motion","id":2,"device":"rayBanMeta-1","rate":"hz15"}"#))
                _ = try await Self.next(&owner) { if case .reply(2, .success) = $0 { true } else { false } }
                try await Self.connect(url, token) { other, otherOut in
                    // Another client watches the same Motion; it leaves without stopping.
                    try await otherOut.write(.text(#"{"type":"watch_motion","id":1,"device":"rayBanMeta-1","rate":"hz60"}"#))
                    _ = try await Self.next(&other) { if case .reply(1, .success) = $0 { true } else { false } }
                    let shared = try await Self.next(&other) { if case .event(.motionSamples) = $0 { true } else { false } }
                    guard case .event(.motionSamples(_, let samples))? = shared else { return #expect(Bool(false), "no samples") }
                    #expect(samples.count == 1, "the Motion runs at the first watcher's 15 Hz: one sample an event")
                }
                for _ in 0..<3 {
                    let still = try await Self.next(&owner) { $0.isMotionSamples || $0.isMotionError }
                    guard case .event(.motionSamples)? = still else { return #expect(Bool(false), "the owner's watch ended: \(String(describing: still))") }
                }
                try await ownerOut.write(.text(#"{"type":"watch_motion","id":3,"device":"rayBanMeta-1","watch":false}"#))
                _ = try await Self.next(&owner) { if case .reply(3, .success) = $0 { true } else { false } }
                // Nobody watches: the bridge removed DAT's Motion, so a new watch adds one at its own rate.
                try await ownerOut.write(.text(#"{"type":"watch_motion","id":4,"device":"rayBanMeta-1","rate":"hz60"}"#))
                let again = try await Self.next(&owner) { if case .reply(4, _) = $0 { true } else { false } }
                #expect(again == .reply(id: 4, .success(.done)))
                let batch = try await Self.next(&owner) {
                    if case .event(.motionSamples(_, let samples)) = $0 { samples.count == 4 } else { false }
                }
                #expect(batch != nil, "60 Hz: four samples an event")
            }
        }
    }

    @Test func inputEventsAndInputsErrorsCrossOnceTheClientAddedInputs() async throws {
        try await withBridge { url, token, served in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&messages) { if case .reply(1, .success) = $0 { true } else { false } }
                try await outbound.write(.text(#"{"type":"watch_inputs","id":2,"device":"rayBanMeta-1","sources":["captureButton"]}"#))
                let added = try await Self.next(&messages) { if case .reply(2, _) = $0 { true } else { false } }
                #expect(added == .reply(id: 2, .success(.done)))
                // A source not asked for stays with the glasses.
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .input(.nav(.up), source: .captouch))) }
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .input(.capture(.doublePress), source: .captouch))) }
                let input = try await Self.next(&messages) { if case .event(.capability(_, .input)) = $0 { true } else { false } }
                guard case .event(.capability(let device, .input(let event)))? = input else { return #expect(Bool(false), "no input_event") }
                #expect(device == "rayBanMeta-1")
                #expect(event.action == .capture(.doublePress))
                #expect(event.source == .captureButton, "the capture button's own source, as DAT fixes it")
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .inputsFault(.communicationError))) }
                let failed = try await Self.next(&messages) { if case .event(.capability(_, .inputsFailed)) = $0 { true } else { false } }
                #expect(failed == .event(.capability(device: "rayBanMeta-1", .inputsFailed(.communicationError))))
            }
        }
    }

    @Test func aCaptureWithASessionButNoStreamIsAStandalonePhotoWithItsTransfer() async throws {
        try await withBridge { url, token in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&messages) { if case .reply(1, .success) = $0 { true } else { false } }
                try await outbound.write(.text(#"{"type":"capture","id":2,"device":"rayBanMeta-1","format":"jpeg","width":480,"height":640,"quality":50}"#))
                var steps: [PhotoTransferProgress] = []
                while let message = try await messages.next() {
                    switch message {
                    case .text(let text):
                        switch try ServerMessage.decode(Data(text.utf8)) {
                        case .event(.captureProgress(2, let step)): steps.append(step)
                        case .reply(2, let result): return #expect(Bool(false), "a reply instead of the photo: \(result)")
                        default: continue
                        }
                    case .binary(let data):
                        guard case .photo(2, let photo)? = try? BinaryMessage.decode(Data(data.readableBytesView)) else { continue }
                        #expect((photo.width, photo.height) == (480, 640), "PhotoResolution.small, the asked size")
                        #expect(steps.count > 1)
                        #expect(steps.last == PhotoTransferProgress(bytesReceived: photo.data.count, totalBytes: photo.data.count))
                        return
                    }
                }
                #expect(Bool(false), "the connection ended before the photo")
            }
        }
    }

    @Test func aStandaloneCaptureWhileTheGlassesTakeTheirOwnPhotoIsServiceUnavailable() async throws {
        try await withBridge { url, token, served in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#))
                _ = try await Self.next(&messages) { if case .reply(1, .success) = $0 { true } else { false } }
                _ = try await served.perform { world in world.apply(.device("rayBanMeta-1", .captureButton)) }
                try await outbound.write(.text(#"{"type":"capture","id":2,"device":"rayBanMeta-1","format":"jpeg","width":960,"height":1280}"#))
                let reply = try await Self.next(&messages) { if case .reply(2, _) = $0 { true } else { false } }
                guard case .reply(2, .failure(let error))? = reply else { return #expect(Bool(false), "\(String(describing: reply))") }
                #expect((error.domain, error.code) == ("PhotoError", "serviceUnavailable"))
            }
        }
    }

    @Test func thePhonesAudioRouteIsReadAndItsChangesCross() async throws {
        try await withBridge { url, token, served in
            try await Self.connect(url, token) { messages, outbound in
                try await outbound.write(.text(#"{"type":"audio_route","id":1}"#))
                let read = try await Self.next(&messages) { if case .reply(1, _) = $0 { true } else { false } }
                guard case .reply(1, .success(.audioRoute(let idle)))? = read else { return #expect(Bool(false), "\(String(describing: read))") }
                #expect(!idle.interrupted && idle.reason == nil)
                #expect(!idle.outputs.isEmpty, "the phone always has somewhere to play")
                // The app's side of the phone: a recording category, activated, reroutes to the glasses.
                _ = try await served.perform { world in
                    try? world.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
                    try? world.audio.activate()
                }
                let changed = try await Self.next(&messages) { if case .event(.audioRoute(let route)) = $0 { route.active } else { false } }
                guard case .event(.audioRoute(let active))? = changed else { return #expect(Bool(false), "no audio_route event") }
                #expect(active.reason != nil, "a change says why")
                #expect(active.inputs.map(\.type) == ["bluetoothHFP"], "\(active)")
            }
        }
    }

    /// A bridge over a fresh fake world on a free port, stopped after `body`.
    private func withBridge(_ body: (_ url: String, _ token: String) async throws -> Void) async throws {
        try await withBridge { url, token, _ in try await body(url, token) }
    }

    /// The same, with the simulated world behind the fake, where a test plays the glasses' side.
    private func withBridge(_ body: (_ url: String, _ token: String, _ served: ServedWorld) async throws -> Void) async throws {
        let served = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
        let token = AccessPolicy.randomToken()
        let bridge = await GlassesBridge(wearables: try await FakeWearables(served: served), pictures: JPEGWirePictures(),
                                         phoneAudio: FakePhoneAudioRoute(served: served), token: token, listenHost: "127.0.0.1")
        let port = AsyncStream<Int>.makeStream()
        let serving = Task { try? await bridge.serve(host: "127.0.0.1", port: 0) { port.continuation.yield($0) } }
        var ports = port.stream.makeAsyncIterator()
        let bound = try #require(await ports.next())
        try await body("ws://127.0.0.1:\(bound)/v1/ws", token, served)
        serving.cancel()
        await serving.value
        await bridge.stop()
        await served.stop()
    }

    /// A client that said hello and read its hello; `body` reads on with the same iterator.
    private static func connect(
        _ url: String, _ token: String,
        _ body: @Sendable (inout PlainWebSocketClient.Inbound.AsyncIterator, PlainWebSocketClient.Outbound) async throws -> Void
    ) async throws {
        try await PlainWebSocketClient.connect(url: url, headers: [(name: "Authorization", value: "Bearer \(token)")]) { inbound, outbound in
            var messages = inbound.makeAsyncIterator()
            try await outbound.write(.text(String(decoding: ClientMessage.hello(protocolVersion: WireProtocol.version, client: "wire test").encoded(), as: UTF8.self)))
            _ = try await next(&messages) { if case .hello = $0 { true } else { false } }
            try await body(&messages, outbound)
        }
    }

    /// The next text message that `matches`, skipping the rest.
    private static func next(_ messages: inout PlainWebSocketClient.Inbound.AsyncIterator,
                             _ matches: (ServerMessage) -> Bool) async throws -> ServerMessage? {
        while let message = try await messages.next() {
            guard case .text(let text) = message, let decoded = try? ServerMessage.decode(Data(text.utf8)) else { continue }
            if matches(decoded) { return decoded }
        }
        return nil
    }

    /// Says hello, sends `commands`, and collects what the bridge sends until the reply to
    /// `until` (or just the first message).
    private func exchange(_ commands: [String], until: Int? = nil, token: String? = nil) async throws -> [ServerMessage] {
        let served = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
        let bridgeToken = AccessPolicy.randomToken()
        let bridge = await GlassesBridge(wearables: try await FakeWearables(served: served), pictures: JPEGWirePictures(), token: bridgeToken, listenHost: "127.0.0.1")
        let port = AsyncStream<Int>.makeStream()
        let serving = Task { try? await bridge.serve(host: "127.0.0.1", port: 0) { port.continuation.yield($0) } }
        var ports = port.stream.makeAsyncIterator()
        let bound = try #require(await ports.next())
        let received = Locked<[ServerMessage]>([])
        try await PlainWebSocketClient.connect(url: "ws://127.0.0.1:\(bound)/v1/ws",
                                               headers: [(name: "Authorization", value: "Bearer \(token ?? bridgeToken)")]) { inbound, outbound in
            try await outbound.write(.text(String(decoding: ClientMessage.hello(protocolVersion: WireProtocol.version, client: "wire test").encoded(), as: UTF8.self)))
            for command in commands { try await outbound.write(.text(command)) }
            for try await message in inbound {
                guard case .text(let text) = message, let decoded = try? ServerMessage.decode(Data(text.utf8)) else { continue }
                if case .event = decoded { continue }
                received.withLock { $0.append(decoded) }
                if let until, case .reply(until, _) = decoded { return }
                if until == nil { return }
            }
        }
        serving.cancel()
        await serving.value
        await bridge.stop()
        await served.stop()
        return received.withLock { $0 }
    }
}

private extension ServerMessage {
    var isMotionSamples: Bool { if case .event(.motionSamples) = self { true } else { false } }
    var isMotionError: Bool { if case .event(.motionError) = self { true } else { false } }
}

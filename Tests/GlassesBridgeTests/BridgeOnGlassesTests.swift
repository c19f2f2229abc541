import Foundation
import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCamera
import MWDATCore
import MWDATInputs
import MWDATMotion
import PlainWebSocket
import Testing

/// What the bridge does to real glasses, seen on the stand-in through the whole stack (a wire
/// client, the bridge core, the adapter): Inputs only when the session's holder adds them, with
/// its sources and Back choice (DAT's `sources` takes those surfaces from the glasses' own
/// handling); Inputs and Motion brought back after a standalone photo's transfer dropped them
/// silently; no camera audio asked of DAT, since nothing reads it.
@Suite(.timeLimit(.minutes(2))) struct BridgeOnGlassesTests {
    static let token = "bridge-on-glasses-test-token-0123456789"
    static let glasses = StandInWorld.glasses

    @Test func inputsAreAddedOnlyWhenTheClientAsksWithItsSourcesAndBackAndRemovedWhenItStops() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        try await Self.withClient(of: world) { client in
            try await client.command(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#, id: 1)
            let session = try #require(world.meta.sessions.last)
            #expect(session.capability("inputs") == nil, "a started session takes no surface from the glasses until the client asks")

            let reply = try await client.command(
                #"{"type":"watch_inputs","id":2,"device":"rayBanMeta-1","sources":["captureButton","actionButton"],"consume_back":false}"#, id: 2)
            #expect(reply == #"{"id":2,"ok":true,"type":"reply"}"#)
            let inputs = try #require(session.capability("inputs") as? MWDATInputs.Inputs)
            #expect(inputs.configuration.sources == [.captureButton, .actionButton])
            #expect(inputs.configuration.consumeBack == false)
            inputs.send(.capture(.shortPress, source: .captureButton, timestampMs: 7))
            let event = try await client.next { $0.contains(#""type":"input_event""#) }
            #expect(event.contains(#""kind":"capture""#) && event.contains(#""source":"captureButton""#), "\(event)")

            try await client.command(#"{"type":"watch_inputs","id":3,"device":"rayBanMeta-1","watch":false}"#, id: 3)
            #expect(session.capability("inputs") == nil && inputs.isRemoved, "DAT's removeInputs(): the surfaces go back to the glasses")

            // Nothing said: DAT's own defaults, every source and Back consumed.
            try await client.command(#"{"type":"watch_inputs","id":4,"device":"rayBanMeta-1"}"#, id: 4)
            let defaults = try #require(session.capability("inputs") as? MWDATInputs.Inputs)
            #expect(defaults.configuration == MWDATInputs.InputsConfiguration())
        }
    }

    @Test func anotherClientOrNoSessionGetsNoInputs() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        try await Self.withClient(of: world) { client in
            let refused = try await client.command(#"{"type":"watch_inputs","id":1,"device":"rayBanMeta-1"}"#, id: 1)
            #expect(refused.contains(#""code":"noSession""#), "\(refused)")
            #expect(world.meta.sessions.isEmpty)
        }
    }

    @Test func afterAStandalonePhotoInputsAndMotionThatTheTransferDroppedComeBack() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        try await Self.withClient(of: world) { client in
            try await client.command(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#, id: 1)
            try await client.command(#"{"type":"watch_inputs","id":2,"device":"rayBanMeta-1","sources":["captouch"]}"#, id: 2)
            try await client.command(#"{"type":"watch_motion","id":3,"device":"rayBanMeta-1","rate":"hz15"}"#, id: 3)
            let session = try #require(world.meta.sessions.last)
            let inputs = try #require(session.capability("inputs") as? MWDATInputs.Inputs)
            let motion = try #require(session.capability("motion") as? MWDATMotion.Motion)
            #expect(motion.state == .started)

            // No stream: DAT's Camera.photo takes it. The next command's reply says the capture is under way.
            try await client.send(#"{"type":"capture","id":4,"device":"rayBanMeta-1","format":"jpeg","width":360,"height":640}"#)
            try await client.command(#"{"type":"watch_previews","id":5,"watch":false}"#, id: 5)
            let photo = try #require(session.capability("camera") as? MWDATCamera.Camera).photo
            #expect(photo.captureUnderWay != nil)
            // The transfer, as seen on real glasses: Inputs inactive and Motion stopped, neither saying so.
            inputs.deactivate()
            motion.reach(.stopped)
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xD9])
            #expect(photo.completeCapture(with: PhotoCaptureData(imageData: jpeg, metadata: nil, timestamp: Date())))
            let delivered = try await client.next { $0.hasPrefix("binary:") }
            #expect(delivered.contains(#""type":"photo""#) && delivered.contains(#""id":4"#), "\(delivered)")
            // The bridge restores them as the photo ends, a job before this reply.
            try await client.command(#"{"type":"watch_previews","id":6,"watch":false}"#, id: 6)

            let readded = try #require(session.capability("inputs") as? MWDATInputs.Inputs, "the dropped Inputs were not added again")
            #expect(readded !== inputs && inputs.isRemoved, "removed and added again, as DAT needs")
            #expect(readded.configuration.sources == [.captouch], "with the client's configuration")
            #expect(motion.state == .started, "the watched Motion started again")
            readded.send(.select(source: .captouch, timestampMs: 40))
            let event = try await client.next { $0.contains(#""type":"input_event""#) }
            #expect(event.contains(#""timestamp_ms":40"#), "\(event)")
            motion.send(MWDATMotion.MotionSample(timestampNs: 9, source: .glasses))
            let samples = try await client.next { $0.contains(#""type":"motion_samples""#) }
            #expect(samples.contains(#""timestamp_ns":9"#), "\(samples)")
        }
    }

    @Test func anInputsEndDATReportsDuringAPhotoReachesTheClientAndIsNotAddedAgain() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        try await Self.withClient(of: world) { client in
            try await client.command(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#, id: 1)
            try await client.command(#"{"type":"watch_inputs","id":2,"device":"rayBanMeta-1"}"#, id: 2)
            let session = try #require(world.meta.sessions.last)
            let inputs = try #require(session.capability("inputs") as? MWDATInputs.Inputs)
            try await client.send(#"{"type":"capture","id":3,"device":"rayBanMeta-1","format":"jpeg","width":360,"height":640}"#)
            try await client.command(#"{"type":"watch_previews","id":4,"watch":false}"#, id: 4)
            inputs.fail(with: .connectionClosed)
            let failed = try await client.next { $0.contains(#""type":"inputs_error""#) }
            #expect(failed.contains(#""code":"connectionClosed""#), "\(failed)")
            let photo = try #require(session.capability("camera") as? MWDATCamera.Camera).photo
            #expect(photo.completeCapture(with: PhotoCaptureData(imageData: Data([0xFF, 0xD8, 0xFF, 0xD9]), metadata: nil, timestamp: Date())))
            _ = try await client.next { $0.hasPrefix("binary:") }
            try await client.command(#"{"type":"watch_previews","id":5,"watch":false}"#, id: 5)
            #expect(session.capability("inputs") as? MWDATInputs.Inputs === inputs,
                    "an end the client heard is the client's to act on (remove and add its Inputs)")
        }
    }

    @Test func theCameraTheBridgeAddsAsksDATForNoAudio() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        try await Self.withClient(of: world) { client in
            try await client.command(#"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#, id: 1)
            let session = try #require(world.meta.sessions.last)
            // A standalone photo's camera.
            try await client.send(#"{"type":"capture","id":2,"device":"rayBanMeta-1","format":"jpeg","width":360,"height":640}"#)
            try await client.command(#"{"type":"watch_previews","id":3,"watch":false}"#, id: 3)
            let photoCamera = try #require(session.capability("camera") as? MWDATCamera.Camera)
            #expect(photoCamera.stream.streamConfiguration.audioCodec == nil)
            // A stream's camera (it takes the slot).
            try await client.command(#"{"type":"start_camera","id":4,"device":"rayBanMeta-1","resolution":"low","fps":15}"#, id: 4)
            let streamCamera = try #require(session.capability("camera") as? MWDATCamera.Camera)
            #expect(streamCamera !== photoCamera)
            #expect(streamCamera.stream.streamConfiguration.audioCodec == nil,
                    "no microphone or HFP route taken for audio the wire does not carry")
        }
    }

    // MARK: A client of the bridge over the stand-in

    /// Serves the bridge core over the adapter over `world` on a free loopback port, connects one
    /// client that said hello, runs `body` with it, then stops everything.
    static func withClient(of world: StandInWorld, _ body: (BridgeTestClient) async throws -> Void) async throws {
        let bridge = await GlassesBridge(wearables: world.adapter, pictures: MetaPictures(), token: token, listenHost: "127.0.0.1")
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try? await bridge.serve(host: "127.0.0.1", port: 0) { port.yield($0) } }
        var bound = ports.makeAsyncIterator()
        let listening = try #require(await bound.next(), "the bridge did not listen")
        let (inbound, heard) = AsyncStream.makeStream(of: String.self)
        let (outbound, say) = AsyncStream.makeStream(of: String.self)
        let connection = Task {
            // A connection that fails or ends ends every wait for its messages.
            defer { heard.finish() }
            try await PlainWebSocketClient.connect(
                url: "ws://127.0.0.1:\(listening)/v1/ws", headers: [(name: "Authorization", value: "Bearer \(token)")]
            ) { messages, writer in
                let writing = Task { for await text in outbound { try await writer.write(.text(text)) } }
                defer { writing.cancel() }
                for try await message in messages {
                    switch message {
                    case .text(let text): heard.yield(text)
                    case .binary(let buffer):
                        let bytes = Array(buffer.readableBytesView)
                        let headerLength = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                        heard.yield("binary:" + String(decoding: bytes.dropFirst(4).prefix(headerLength), as: UTF8.self))
                    }
                }
            }
        }
        let client = BridgeTestClient(messages: inbound.makeAsyncIterator(), say: say)
        defer {
            say.finish()
            connection.cancel()
            serving.cancel()
        }
        try await client.send(#"{"type":"hello","protocol":2,"client":"bridge-on-glasses-test"}"#)
        let hello = try await client.next { $0.contains(#""type":"hello""#) }
        #expect(hello.contains(#""world":"dat""#))
        try await body(client)
        say.finish()
        connection.cancel()
        serving.cancel()
        await serving.value
        await bridge.stop()
    }
}

/// One client's side of the conversation: what it sends, and the messages it heard in order
/// (text as is, binary as `binary:` and its JSON header).
final class BridgeTestClient: @unchecked Sendable {
    struct Ended: Error, CustomStringConvertible {
        let waitingFor: String
        var description: String { "the connection ended while waiting for \(waitingFor)" }
    }

    // Read by the test's one task only.
    private var messages: AsyncStream<String>.Iterator
    private let say: AsyncStream<String>.Continuation

    init(messages: AsyncStream<String>.Iterator, say: AsyncStream<String>.Continuation) {
        self.messages = messages
        self.say = say
    }

    func send(_ text: String) async throws {
        say.yield(text)
    }

    /// Sends `text` and waits for the reply to `id`, skipping what comes before it.
    @discardableResult
    func command(_ text: String, id: Int) async throws -> String {
        try await send(text)
        return try await next { $0.contains(#""type":"reply""#) && $0.contains(#""id":\#(id),"#) }
    }

    /// The next message that `matches`, skipping the rest.
    func next(_ matches: (String) -> Bool) async throws -> String {
        while let message = await messages.next() {
            if matches(message) { return message }
        }
        throw Ended(waitingFor: "a message")
    }
}

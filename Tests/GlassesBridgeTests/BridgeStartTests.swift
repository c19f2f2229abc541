import Foundation
import GlassesBridge
import GlassesRelay
import MWDATCamera
import PlainWebSocket
import Locking
import Testing

/// The app's one call, end to end on loopback: `GlassesBridge.start(token:relay:)` over the
/// adapter and the stand-in dials a relay (`glasses serve --relay`'s), and a client of the
/// relay sees the stand-in's glasses in `hello`, opens a session, starts the camera and gets
/// the glasses' picture as a `frame`.
@Suite(.timeLimit(.minutes(2))) struct BridgeStartTests {
    static let token = "adapter-start-test-token-0123456789"

    @Test func anAppsStartDialsTheRelayAndServesItsGlasses() async throws {
        let world = StandInWorld()
        world.meta.answerAtOnce()
        let (ports, portSeen) = AsyncStream.makeStream(of: Int.self)
        let (bridges, bridgeSeen) = AsyncStream.makeStream(of: Bool.self)
        let relay = WireRelay(host: "127.0.0.1", port: 0, token: Self.token) { bridgeSeen.yield($0) }
        // Every wait ends: a relay that stops, or a bridge that gives up, finishes what the test awaits.
        let relaying = Task {
            try? await relay.run { portSeen.yield($0) }
            portSeen.finish()
        }
        let port = try #require(await ports.first { _ in true }, "the relay did not listen")

        let ended = Locked<String?>(nil)
        let running = await GlassesBridge.start(token: Self.token, relay: "ws://127.0.0.1:\(port)", wearables: world.adapter) { error in
            ended.withLock { $0 = "\(error)" }
            bridgeSeen.finish()
        }
        #expect(await bridges.first { $0 } == true, "the bridge did not dial in: \(ended.withLock { $0 } ?? "")")

        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        let heard = try await Self.exchange(port: port, sending: [
            #"{"type":"open_session","id":1,"device":"rayBanMeta-1"}"#,
            #"{"type":"start_camera","id":2,"device":"rayBanMeta-1","resolution":"low","fps":15}"#,
        ]) {
            // The camera the bridge added: the glasses send one picture.
            let camera = world.meta.sessions.first?.capability("camera") as? MWDATCamera.Camera
            camera?.stream.send(VideoFrame(jpeg: Data(jpeg), width: 360, height: 640))
        }
        #expect(heard.first?.contains(#""world":"dat""#) == true, "hello: \(heard.first ?? "none")")
        let glasses = #"{"battery":80,"charging":"notCharging","compatibility":"compatible","don":"donned","hinge":"open","id":"rayBanMeta-1","link":"connected","name":"Ray-Ban Meta","thermal":"none","type":"rayBanMeta"}"#
        #expect(heard.first?.contains(#""devices":[\#(glasses)]"#) == true)
        #expect(heard.dropFirst().contains(#"{"id":1,"ok":true,"type":"reply"}"#), "heard: \(heard)")
        #expect(heard.dropFirst().contains(#"{"id":2,"ok":true,"stream":1,"type":"reply"}"#), "heard: \(heard)")
        let frame = try #require(heard.last)
        #expect(frame.hasPrefix("binary:") && frame.contains(#""type":"frame""#) && frame.contains(#""width":360"#))
        #expect(frame.hasSuffix(jpeg.map { String(format: "%02x", $0) }.joined()), "the picture's bytes as the glasses sent them: \(frame)")
        #expect(world.meta.sessions.map(\.state) == [.started])

        await running.stop()
        relaying.cancel()
        await relaying.value
    }

    /// Says hello and sends `commands`; once every command has its reply, runs `afterReplies` and
    /// waits for one binary message. Returns what was heard: text as is, binary as
    /// `binary:` + its JSON header + its payload in hex.
    static func exchange(port: Int, sending commands: [String], afterReplies: @escaping @Sendable () -> Void) async throws -> [String] {
        let heard = Heard()
        _ = try await PlainWebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/v1/ws", headers: [(name: "Authorization", value: "Bearer \(token)")]
        ) { inbound, outbound in
            try await outbound.write(.text(#"{"type":"hello","protocol":2,"client":"adapter-test"}"#))
            for command in commands { try await outbound.write(.text(command)) }
            for try await message in inbound {
                switch message {
                case .text(let text):
                    if heard.add(text) == commands.count { afterReplies() }
                case .binary(let buffer):
                    let bytes = Array(buffer.readableBytesView)
                    let headerLength = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                    let header = String(decoding: bytes.dropFirst(4).prefix(headerLength), as: UTF8.self)
                    let payload = bytes.dropFirst(4 + headerLength).map { String(format: "%02x", $0) }.joined()
                    _ = heard.add("binary:" + header + payload)
                    return
                }
            }
        }
        return heard.messages
    }
}

/// Text messages a client heard, counting replies.
private final class Heard: Sendable {
    private let state = Locked<(messages: [String], replies: Int)>(([], 0))

    var messages: [String] { state.withLock { $0.messages } }

    /// Records `text`; the number of replies heard so far.
    func add(_ text: String) -> Int {
        state.withLock { state in
            state.messages.append(text)
            if text.contains(#""type":"reply""#) { state.replies += 1 }
            return state.replies
        }
    }
}

import NIOCore
import NIOPosix
import Locking
import Testing
@testable import PlainWebSocket

/// The `ws://` client against a server played byte by byte, so that what arrives in
/// one segment is fixed rather than left to the scheduler.
@Suite(.timeLimit(.minutes(1)))
struct PlainWebSocketClientTests {
    /// RFC 6455, 1.3: this key's accept value.
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    @Test func framesInTheSameSegmentAsTheUpgradeAreDelivered() async throws {
        var reply = ByteBuffer(string: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(Self.accept)\r\n\r\n")
        reply.writeBytes([0x81, 5] + Array("why 1".utf8))
        reply.writeBytes([0x88, 5, 0x03, 0xF0] + Array("bye".utf8))
        let server = try await ScriptedServer.start(reply: reply)
        let received = Locked<[String]>([])
        let close = try await PlainWebSocketClient.connect(
            url: "ws://127.0.0.1:\(server.port)/v1/ws", headers: [], maxMessageBytes: 1 << 16, requestKey: Self.key
        ) { inbound, _ in
            for try await message in inbound {
                if case .text(let text) = message { received.withLock { $0.append(text) } }
            }
        }
        #expect(received.withLock { $0 } == ["why 1"])
        #expect(close?.code == 1008)
        #expect(close?.reason == "bye")
        try await server.stop()
    }

    @Test func aRefusedUpgradeReportsItsStatus() async throws {
        let server = try await ScriptedServer.start(reply: ByteBuffer(string: "HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n"))
        await #expect {
            try await PlainWebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/", headers: [], maxMessageBytes: 1 << 16,
                                                   requestKey: Self.key) { _, _ in }
        } throws: { error in
            guard case .refused(let status) = error as? PlainWebSocketError else { return false }
            return status == 401
        }
        try await server.stop()
    }
}

/// A loopback server that answers a request's head with `reply` in a single write, then closes.
private struct ScriptedServer {
    let channel: Channel
    var port: Int { channel.localAddress?.port ?? 0 }

    static func start(reply: ByteBuffer) async throws -> ScriptedServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(Answer(reply: reply)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedServer(channel: channel)
    }

    func stop() async throws { try await channel.close() }

    private final class Answer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let reply: ByteBuffer
        let head = Locked(ByteBuffer())
        let answered = Locked(false)

        init(reply: ByteBuffer) { self.reply = reply }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            let complete = head.withLock { head in
                head.writeBuffer(&bytes)
                return head.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) != nil
            }
            guard complete, !answered.withLock({ answered in defer { answered = true }; return answered }) else { return }
            // Closing right after means a client that drops these bytes ends at once, not at the time limit.
            context.writeAndFlush(wrapOutboundOut(reply)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}

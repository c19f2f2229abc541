import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A `ws://` client on NIOPosix and NIOWebSocket, which are in the build anyway for
/// the server: the `--connect` backend and the tests need nothing more, and a
/// client library with TLS would bring BoringSSL into every build for a scheme
/// nobody uses (a served world is on loopback or a trusted network).
public enum PlainWebSocketClient {
    /// One whole message (fragments joined).
    public enum Message: Sendable {
        case text(String)
        case binary(ByteBuffer)
    }

    /// The server's close frame: its code and reason, when it sent them.
    public struct Close: Sendable {
        public let code: UInt16?
        public let reason: String?
    }

    /// Connects to `url` (`ws://host:port/path?query`), runs `handler` with the
    /// connection's messages and a writer, and closes the connection when it returns.
    /// Returns the server's close frame, if it sent one. Throws ``PlainWebSocketError``
    /// when the URL is not `ws://` or the server answers the upgrade with another
    /// status (401 for a refused token).
    @discardableResult
    public static func connect(
        url: String, headers: [(name: String, value: String)] = [], maxMessageBytes: Int = 1 << 24,
        _ handler: @Sendable (_ inbound: Inbound, _ outbound: Outbound) async throws -> Void
    ) async throws -> Close? {
        try await connect(url: url, headers: headers, maxMessageBytes: maxMessageBytes, requestKey: NIOWebSocketClientUpgrader.randomRequestKey(), handler)
    }

    /// `requestKey` is fixed only by tests that play a server byte by byte.
    static func connect(
        url: String, headers: [(name: String, value: String)], maxMessageBytes: Int, requestKey: String,
        _ handler: @Sendable (_ inbound: Inbound, _ outbound: Outbound) async throws -> Void
    ) async throws -> Close? {
        let target = try PlainWebSocketURL(url)
        let status = NIOLockedValueBox<Int?>(nil)
        let opened = NIOLockedValueBox<Channel?>(nil)
        let upgraded = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .connect(host: target.host, port: target.port) { channel in
                opened.withLockedValue { $0 = channel }
                return channel.eventLoop.makeCompletedFuture {
                    try configure(
                        channel, target: target, headers: headers, maxFrameBytes: maxMessageBytes, requestKey: requestKey, status: status)
                }
            }
        // A server may never answer the upgrade (one going away mid-handshake): the
        // caller's cancellation closes the socket, which ends the wait.
        let upgrade = try await withTaskCancellationHandler {
            try await upgraded.get()
        } onCancel: {
            opened.withLockedValue { $0 }?.close(promise: nil)
        }
        switch upgrade {
        case .websocket(let channel):
            let close = NIOLockedValueBox<Close?>(nil)
            try await channel.executeThenClose { inbound, outbound in
                let writer = Outbound(writer: outbound)
                try await handler(Inbound(frames: inbound, outbound: writer, maxMessageBytes: maxMessageBytes, close: close), writer)
                try? await writer.close()
            }
            return close.withLockedValue { $0 }
        case .refused:
            throw PlainWebSocketError.refused(status: status.withLockedValue { $0 } ?? 0)
        }
    }

    enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    private static func configure(
        _ channel: Channel, target: PlainWebSocketURL, headers: [(name: String, value: String)], maxFrameBytes: Int,
        requestKey: String, status: NIOLockedValueBox<Int?>
    ) throws -> EventLoopFuture<Upgrade> {
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(requestKey: requestKey, maxFrameSize: maxFrameBytes) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                .websocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
            }
        }
        var head = HTTPHeaders([("Host", target.authority)])
        for header in headers { head.add(name: header.name, value: header.value) }
        head.add(name: "Content-Length", value: "0")
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.path, headers: head)
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: request, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused) })
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        // A server may send its first frames in the same segment as the 101 (one that
        // refuses a token says why and closes); NIO's client default drops those bytes,
        // which lost the refusal's reason whenever the reads coalesced.
        configuration.leftOverBytesStrategy = .forwardBytes
        let result = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
        // The upgrade handler keeps a refusal's status to itself: note it on the way in.
        let upgradeHandler = try channel.pipeline.syncOperations.handler(type: NIOTypedHTTPClientUpgradeHandler<Upgrade>.self)
        try channel.pipeline.syncOperations.addHandler(ResponseStatusRecorder(status: status), position: .before(upgradeHandler))
        let hold = EndOfInputHold()
        try channel.pipeline.syncOperations.addHandler(hold, position: .first)
        // A loop turn later: the upgrade handler hands on the bytes it buffered right
        // after completing `result`, and they must reach the WebSocket first.
        result.assumeIsolated().whenComplete { _ in channel.eventLoop.assumeIsolated().execute { hold.release() } }
        return result
    }
}

/// Why a connection could not be made.
public enum PlainWebSocketError: Error, CustomStringConvertible, Sendable {
    case badURL(String)
    /// The server answered the upgrade with this HTTP status instead of 101.
    case refused(status: Int)
    case messageTooLarge(Int)

    public var description: String {
        switch self {
        case .badURL(let why): why
        case .refused(let status): "the server refused the WebSocket upgrade (HTTP \(status))"
        case .messageTooLarge(let limit): "a message exceeded \(limit) bytes"
        }
    }
}

/// Notes the status of the response to the upgrade request, then leaves the
/// pipeline before anything else (WebSocket frames after a 101) can reach it.
private final class ResponseStatusRecorder: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    let status: NIOLockedValueBox<Int?>

    init(status: NIOLockedValueBox<Int?>) { self.status = status }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) { status.withLockedValue { $0 = Int(head.status.code) } }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// Holds the end of input until the upgrade is decided. The HTTP decoder leaves the
/// pipeline a loop turn after the 101; an end of input seen before then makes it drop
/// the bytes behind the 101 (the frames of a server that says why and closes at once).
/// The channel allows half-closure, so the server's FIN is this event, not a teardown.
private final class EndOfInputHold: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private var context: ChannelHandlerContext?
    private var released = false
    private var inputClosed = false

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if !released, event as? ChannelEvent == .some(.inputClosed) {
            inputClosed = true
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Called on the channel's event loop once the upgrade has succeeded or failed and
    /// what arrived behind the response has been handed on.
    func release() {
        guard !released, let context else { return }
        released = true
        if inputClosed { context.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

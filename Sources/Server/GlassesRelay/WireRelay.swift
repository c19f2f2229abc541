#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import HummingbirdWebSocket
import Locking
import Logging
import NIOCore
import WearablesWire
import WireServing

/// `glasses serve --relay`: the meeting point for a bridge that cannot be reached (an
/// iPhone app behind a network that refuses inbound connections) and the local clients
/// that want its world. One bridge dials in at `RelayMessage.bridgePath`; each client at
/// `/v1/ws` gets a data connection the bridge dials back, spliced to it message for
/// message, so scripts, REPLs and the dashboard reach the bridge's world as a local one.
/// Every connection carries the token (the access policy), the bridge's too.
public final class WireRelay: Sendable {
    public let policy: AccessPolicy
    public let refused = RefusedClients()
    private let board = RelayBoard()
    private let host: String
    private let port: Int
    /// How long a client waits for the bridge to dial back its data connection.
    private let dialBackLimit: Duration
    /// How long a connection at the bridge path has to say its hello *(ours)*: the seat is
    /// given only for a valid hello, so a connection that says nothing cannot hold it.
    private let helloLimit: Duration
    private let onBridge: @Sendable (Bool) -> Void

    /// `onBridge` hears each bridge arrive (true) and leave (false).
    public init(host: String, port: Int, token: String, dialBackLimit: Duration = .seconds(10), helloLimit: Duration = .seconds(10),
                onBridge: @escaping @Sendable (_ connected: Bool) -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.dialBackLimit = dialBackLimit
        self.helloLimit = helloLimit
        self.onBridge = onBridge
        policy = AccessPolicy(token: token, listenHost: host)
    }

    /// Whether a bridge is connected now.
    public var hasBridge: Bool { board.hasBridge }

    /// Serves until the calling task is cancelled; `onListening` gets the bound port.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws(RouterPath(WireProtocol.webSocketPath)) { [self] inbound, outbound, context in
            guard await admitted(inbound, outbound, context) else { return }
            await relayClient(inbound: inbound, outbound: outbound)
        }
        webSocketRouter.ws(RouterPath(RelayMessage.bridgePath)) { [self] inbound, outbound, context in
            guard await admitted(inbound, outbound, context) else { return }
            await serveBridge(inbound: inbound, outbound: outbound)
        }
        webSocketRouter.ws(RouterPath(RelayMessage.dataPath)) { [self] inbound, outbound, context in
            guard await admitted(inbound, outbound, context) else { return }
            let channel = context.request.uri.queryParameters["channel"].flatMap { Int(String($0)) }
            await splice(channel: channel, inbound: inbound, outbound: outbound)
        }
        var logger = Logger(label: "glasses-relay")
        logger.logLevel = .critical
        let application = Application(
            router: Router(context: BasicRequestContext.self),
            server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter,
                                           configuration: .init(ws: .init(maxFrameSize: 1 << 20, autoPing: .disabled))),
            configuration: .init(address: .hostname(host, port: port), serverName: "glasses-relay"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        do { try await application.run() } catch is CancellationError {}
    }

    private func admitted(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
                          _ context: WebSocketRouterContext<BasicWebSocketRequestContext>) async -> Bool {
        let query = context.request.uri.queryParameters["token"].map(String.init)
        guard let denial = policy.denial(authority: context.request.head.authority, headers: context.request.headers, query: query) else {
            return true
        }
        refused.add()
        await WireRefusal.refuse(denial, inbound: inbound, outbound: outbound)
        return false
    }

    // MARK: The bridge's control connection

    /// Who settles a bridge connection's hello first: the hello (then the seat is tried) or
    /// the deadline (then the connection is refused and closed).
    private enum HelloRace: Sendable { case waiting, said, expired }

    /// The bridge's control connection. The seat is taken only once a valid hello has come,
    /// within `helloLimit`: taken at the upgrade, one silent connection held it for good.
    private func serveBridge(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let race = Locked(HelloRace.waiting)
        let helloLimit = helloLimit
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                await session(inbound: inbound, outbound: outbound, race: race)
                return true
            }
            group.addTask { [self] in
                do { try await Task.sleep(for: helloLimit) } catch { return false }
                let expired = race.withLock { state in
                    guard state == .waiting else { return false }
                    state = .expired
                    return true
                }
                guard expired else { return false }
                await close(outbound, .error(.protocolError("noHello",
                    #"a bridge says {"type":"bridge","protocol":\#(WireProtocol.version)} within \#(helloLimit) of connecting; this connection said nothing"#)),
                    violates: .protocol)
                return true
            }
            // The session ending, or the deadline refusing the connection, ends both.
            for await ended in group where ended { group.cancelAll() }
        }
    }

    private func session(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, race: Locked<HelloRace>) async {
        var messages = inbound.messages(maxSize: WireProtocol.maxTextBytes).makeAsyncIterator()
        let first = try? await messages.next()
        let inTime = race.withLock { state in
            guard state == .waiting else { return false }
            state = .said
            return true
        }
        guard inTime else { return }
        guard case .text(let text)? = first, case .bridge(let version)? = try? RelayMessage.decode(text) else {
            return await close(outbound, .error(.protocolError("malformed",
                #"a bridge says {"type":"bridge","protocol":\#(WireProtocol.version)} first"#)), violates: .protocol)
        }
        guard version == WireProtocol.version else {
            return await close(outbound, .error(.protocolError("versionMismatch",
                "the bridge speaks protocol \(version), this relay speaks \(WireProtocol.version); use builds of the same protocol version")),
                violates: .protocol)
        }
        let (dials, writer) = AsyncStream<RelayMessage>.makeStream()
        guard let serial = board.seatBridge(writer) else {
            return await close(outbound, .error(.protocolError("bridgeAlreadyConnected",
                "another bridge is connected to this relay; stop it first (a relay serves one bridge's world)")), violates: .policy)
        }
        onBridge(true)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await dial in dials { try? await outbound.write(.text(dial.encoded())) }
            }
            // The bridge sends nothing more; its connection ending frees the seat.
            while (try? await messages.next()) != nil {}
            board.unseatBridge(serial)
            await group.waitForAll()
        }
        onBridge(false)
    }

    /// What a refused bridge's close says it broke (1008 or 1002).
    private enum Violation { case policy, `protocol` }

    private func close(_ outbound: WebSocketOutboundWriter, _ message: RelayMessage, violates violation: Violation) async {
        try? await outbound.write(.text(message.encoded()))
        var reason = ""
        if case .error(let error) = message { reason = WireCloseReason.clipped(error.message) }
        switch violation {
        case .policy: try? await outbound.close(.policyViolation, reason: reason)
        case .protocol: try? await outbound.close(.protocolError, reason: reason)
        }
    }

    // MARK: Local clients

    /// A local client: asks the bridge to dial back, then waits while the data connection
    /// is spliced to it. Without a bridge, or when it goes, the client is told why and closed;
    /// clients reconnect by themselves, so they find the bridge once it is back.
    private func relayClient(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let end: RelayBoard.RelayEnd = await withCheckedContinuation { finished in
            let waiting = RelayBoard.Waiting(inbound: inbound, outbound: outbound, finished: finished)
            guard let channel = board.requestDial(for: waiting) else { return finished.resume(returning: .noDialBack) }
            Task { [board, dialBackLimit] in
                try? await Task.sleep(for: dialBackLimit)
                board.claim(channel)?.finished.resume(returning: .noDialBack)
            }
        }
        let error: WireError
        switch end {
        case .clientDone: return
        case .noDialBack:
            error = .protocolError("noBridge", board.hasBridge
                ? "the bridge did not dial back within \(dialBackLimit): check its network, then reconnect"
                : "no bridge is connected to this relay: start the app's bridge with this relay's address (GlassesBridge.dial(relay:)); clients retry by themselves")
        case .bridgeGone:
            error = .protocolError("bridgeGone", "the bridge disconnected from the relay; clients retry until it dials in again")
        }
        try? await outbound.write(.text(String(decoding: ServerMessage.error(error).encoded(), as: UTF8.self)))
        try? await outbound.close(.goingAway, reason: WireCloseReason.clipped(error.message))
    }

    /// A data connection the bridge dialled for `channel`: spliced to the waiting client both
    /// ways, message for message, until either side ends.
    private func splice(channel: Int?, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        guard let channel, let client = board.claim(channel) else {
            try? await outbound.close(.policyViolation, reason: "no client waits on this channel")
            return
        }
        let end: RelayBoard.RelayEnd = await withTaskGroup(of: RelayBoard.RelayEnd.self) { group in
            // Whichever side ends first ends the splice: the client leaving, or the bridge's side
            // (dropped, or closed by a bridge going away).
            group.addTask { await Self.forward(client.inbound, to: outbound); return .clientDone }
            group.addTask { await Self.forward(inbound, to: client.outbound); return .bridgeGone }
            let first = await group.next() ?? .clientDone
            group.cancelAll()
            return first
        }
        if end == .clientDone { try? await outbound.close(.normalClosure, reason: nil) }
        client.finished.resume(returning: end)
    }

    /// Copies whole messages until the source ends or fails.
    private static func forward(_ source: WebSocketInboundStream, to sink: WebSocketOutboundWriter) async {
        do {
            for try await message in source.messages(maxSize: WireProtocol.maxBinaryBytes) {
                switch message {
                case .text(let text): try await sink.write(.text(text))
                case .binary(let data): try await sink.write(.binary(data))
                }
            }
        } catch {}
    }
}

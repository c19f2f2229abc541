import HummingbirdWebSocket
import Locking
import WearablesWire

/// The WebSocket side of a served world, the same for `glasses serve` and the bridge:
/// checks each upgraded connection against the access policy (a refusal is one `error`
/// and a policy-violation close), then runs it as a client of `host` with its own
/// bounded queue.
public final class WireEndpoint: Sendable {
    public let policy: AccessPolicy
    public let refused = RefusedClients()
    private let host: any WireHost
    private let frameQueueLimit: Int
    private let messageQueueLimit: Int
    private let nextClient = AtomicValue<Int>(1)
    private let recording: Recording?

    /// How each client's session is recorded (docs/replay.md): a recorder per client
    /// (nil: that client goes unrecorded) and the world's time to stamp messages with.
    public struct Recording: Sendable {
        let clock: @Sendable () -> Double
        let recorder: @Sendable (_ client: Int) -> SessionRecorder?

        public init(clock: @escaping @Sendable () -> Double, recorder: @escaping @Sendable (_ client: Int) -> SessionRecorder?) {
            self.clock = clock
            self.recorder = recorder
        }
    }

    public init(policy: AccessPolicy, host: any WireHost, frameQueueLimit: Int, messageQueueLimit: Int, recording: Recording? = nil) {
        self.policy = policy
        self.host = host
        self.frameQueueLimit = frameQueueLimit
        self.messageQueueLimit = messageQueueLimit
        self.recording = recording
    }

    /// Serves one upgraded connection to its end.
    public func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: WebSocketRouterContext<BasicWebSocketRequestContext>) async {
        // Refused after the upgrade rather than before: a refused upgrade reaches
        // the client (a browser above all) as a bare failure, without the reason.
        let query = context.request.uri.queryParameters["token"].map(String.init)
        if let denial = policy.denial(authority: context.request.head.authority, headers: context.request.headers, query: query) {
            refused.add()
            return await WireRefusal.refuse(denial, inbound: inbound, outbound: outbound)
        }
        await serve(HummingbirdInbound(frames: inbound), HummingbirdOutbound(writer: outbound))
    }

    /// Serves a connection admitted elsewhere, on any transport: the bridge's data
    /// connections, which it dialled to a relay that checked the token.
    public func serve<Messages: AsyncSequence & Sendable>(_ inbound: Messages, _ outbound: some WireOutbound) async
    where Messages.Element == WireInbound {
        let id = nextClient.add(1)
        let connection = ClientConnection(
            id: id, host: host,
            queue: OutboundQueue(frameLimit: frameQueueLimit, messageLimit: messageQueueLimit),
            recorder: recording.flatMap { recording in recording.recorder(id).map { ($0, recording.clock) } })
        await connection.run(inbound: inbound, outbound: outbound)
    }
}

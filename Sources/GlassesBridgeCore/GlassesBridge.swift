import DATInterface
import Hummingbird
import HummingbirdWebSocket
import Logging
import WearablesWire
import WireServing

/// The bridge an integrator's app runs (docs/ios-bridge.md): a world over a DAT-shaped
/// `DATWearables` served with the wire protocol, to clients that connect to it (`serve`)
/// or through a relay it dials (`dial`: phones often refuse inbound connections).
///
/// ```swift
/// let bridge = await GlassesBridge(wearables: MyDATAdapter(Wearables.shared), pictures: MyJPEGDecoder(), token: "a-long-token")
/// Task { try await bridge.dial(relay: "ws://192.168.1.20:7878") }
/// ```
public final class GlassesBridge: Sendable {
    /// The token every client (and the relay) must present.
    public let token: String
    let core: BridgeCore
    let mailbox: BridgeMailbox
    let endpoint: WireEndpoint

    /// Reads the DAT world and starts listening to it; nothing is served until `serve` or `dial`.
    /// `pictures` decodes the JPEG of the images in the display trees clients send (the
    /// platform's codec: the core links none, so it builds for iOS). `phoneAudio` is the phone's
    /// audio route for `audio_route` (none: that command is refused). `listenHost` is the host
    /// clients name in their Host header (`0.0.0.0`: any). `speed` is run seconds per wall
    /// second: 1 over real glasses, a simulated world's own for a fake.
    public init(wearables: any DATWearables, pictures: any WirePictureCoding, phoneAudio: (any PhoneAudioRoute)? = nil, token: String,
                listenHost: String = "0.0.0.0", speed: Double = 1, serverName: String = "glasses bridge", frameQueueLimit: Int = 4,
                messageQueueLimit: Int = 4096) async {
        self.token = token
        core = BridgeCore(wearables: wearables, pictures: pictures, phoneAudio: phoneAudio, serverName: serverName, speed: speed)
        mailbox = BridgeMailbox(core: core)
        await core.setMailbox(mailbox)
        await core.prime()
        endpoint = WireEndpoint(policy: AccessPolicy(token: token, listenHost: listenHost), host: BridgeHost(mailbox: mailbox),
                                frameQueueLimit: frameQueueLimit, messageQueueLimit: messageQueueLimit)
    }

    /// The DAT world's state as a new client's hello would carry it.
    public func hello() async -> ServerHello { await core.hello() }

    /// Serves clients at `ws://host:port/v1/ws` until the calling task is cancelled
    /// (Hummingbird: NIO Transport Services on iOS, NIOPosix here). `onListening` gets the bound port.
    public func serve(host: String, port: Int, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let router = Router(context: BasicRequestContext.self)
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws(RouterPath(WireProtocol.webSocketPath)) { [endpoint] inbound, outbound, context in
            await endpoint.serve(inbound: inbound, outbound: outbound, context: context)
        }
        var logger = Logger(label: "glasses-bridge")
        logger.logLevel = .critical
        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter,
                                           configuration: .init(ws: .init(maxFrameSize: 1 << 20, autoPing: .disabled))),
            configuration: .init(address: .hostname(host, port: port), serverName: "glasses-bridge"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        do {
            try await application.run()
        } catch is CancellationError {}
        await stop()
    }

    /// Ends every session the bridge opened and stops listening to DAT.
    public func stop() async {
        await core.shutDown()
    }
}

extension BridgeCore {
    func setMailbox(_ mailbox: BridgeMailbox) { self.mailbox = mailbox }
}

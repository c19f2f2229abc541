import DATInterface
import WearablesCore
import WearablesDAT
import Hummingbird
import HummingbirdWebSocket
import Logging
import WearablesWire
import WireServer
import WireServing

/// The bridge an integrator's app runs (docs/ios-bridge.md): the DAT backend (WearablesDAT's
/// `DATWorld` over a DAT-shaped `DATWearables`) served with the wire protocol by the same server
/// `glasses serve` serves the simulator with (WireServer's `WorldWireServer`), to clients that
/// connect to it (`serve`) or through a relay it dials (`dial`: phones often refuse inbound
/// connections). The world runs on a thread of its own, on the wall clock.
///
/// ```swift
/// let bridge = await GlassesBridge(wearables: MyDATAdapter(Wearables.shared), pictures: MyJPEGDecoder(), token: "a-long-token")
/// Task { try await bridge.dial(relay: "ws://192.168.1.20:7878") }
/// ```
public final class GlassesBridge: Sendable {
    /// The token every client (and the relay) must present.
    public let token: String
    let loop: SchedulerThread
    let world: SchedulerBound<DATWorld>
    let server: SchedulerBound<WorldWireServer>
    let endpoint: WireEndpoint

    /// Reads the DAT world and starts listening to it; nothing is served until `serve` or `dial`.
    /// `pictures` codes the JPEG of the images in the display trees clients send (the
    /// platform's codec: the core links none, so it builds for iOS). `phoneAudio` is the phone's
    /// audio route for `audio_route` (none: that command is refused). `listenHost` is the host
    /// clients name in their Host header (`0.0.0.0`: any). `speed` is run seconds per wall
    /// second: 1 over real glasses, a simulated world's own for a fake.
    public init(wearables: any DATWearables, pictures: any WirePictureCoding, phoneAudio: (any PhoneAudioRoute)? = nil, token: String,
                listenHost: String = "0.0.0.0", speed: Double = 1, serverName: String = "glasses bridge", frameQueueLimit: Int = 4,
                messageQueueLimit: Int = 4096) async {
        self.token = token
        let primed = await DATBackend.prime(wearables)
        let world = DATWorld(wearables: wearables, primed: primed, speed: speed, location: "real glasses through DAT")
        let configuration = WorldServerConfiguration(
            name: serverName, worldKind: "dat", pictures: pictures,
            audioRoute: phoneAudio.map { .phone($0) }
                ?? .unavailable("this bridge was started without the phone's audio route (GlassesBridge's phoneAudio)"),
            noConsole: "a bridge over DAT has no Lua console: run the script with `glasses run --connect` instead")
        // Made before the loop starts, on this thread, which nothing else has seen the world on.
        let server = WorldWireServer(world: world, configuration: configuration)
        self.world = SchedulerBound(world, on: world.scheduler)
        self.server = SchedulerBound(server, on: world.scheduler)
        loop = SchedulerThread(world.scheduler)
        endpoint = WireEndpoint(policy: AccessPolicy(token: token, listenHost: listenHost), host: WorldWireHost(server),
                                frameQueueLimit: frameQueueLimit, messageQueueLimit: messageQueueLimit)
    }

    /// The DAT world's state as a new client's hello would carry it.
    public func hello() async -> ServerHello {
        let server = server
        return (try? await loop.perform { server.open().hello() })
            ?? ServerHello(server: "glasses bridge", world: "dat", speed: loop.speed, time: 0, registration: .unavailable,
                           permissions: [:], devices: [], bandwidth: [:])
    }

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

    /// Ends every session the bridge opened, stops listening to DAT and ends the world's loop.
    public func stop() async {
        let (world, server) = (world, server)
        await loop.stop {
            server.open().close()
            world.open().close()
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import WearablesCore
import WearablesSimulator
import WearablesWire
import WearablesWorld
import WirePictures
import WireServer
import WireServing

/// `glasses serve`: one simulated world served to many clients over HTTP and a
/// WebSocket (Hummingbird on swift-nio). Clients speak the wire protocol at
/// `WireProtocol.webSocketPath`; tests drive the mock through `ControlRoutes`;
/// `AccessPolicy` guards both.
public final class WorldServer: Sendable {
    public let options: ServeOptions
    /// The token every request must carry (the given one, or a random one).
    public let token: String
    public let policy: AccessPolicy
    let served: ServedWorld
    let bridge: WorldWireServer
    /// The world's recent trace records, for `GET /v1/events`.
    let events = RecentEvents()
    /// The WebSocket clients: access checks, per-client queues, hello.
    let endpoint: WireEndpoint
    var refused: RefusedClients { endpoint.refused }

    /// Builds the world; nothing listens until `run`. Refuses a non-loopback address
    /// without an explicit token.
    /// `console` makes the Lua console of each client that asks for one (`glasses serve`
    /// passes the REPL engine's); without it `console` commands are refused.
    public init(options: ServeOptions, traceSink: EventTrace.Sink? = nil,
                console: WorldConsole.Factory? = nil) async throws(ServeError) {
        if !options.isLoopback, options.token == nil {
            throw .usage("refusing to listen on \(options.host) without --token: it is not loopback, so anyone who can reach it could drive the glasses")
        }
        if let token = options.token, token.count < 8 {
            throw .usage("--token must be at least 8 characters")
        }
        if let folder = options.recordDirectory {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw .usage("--record '\(folder)': cannot create the folder (\(error)); name a folder you can write to")
            }
        }
        self.options = options
        token = options.token ?? AccessPolicy.randomToken()
        let policy = AccessPolicy(token: token, listenHost: options.host)
        self.policy = policy
        let served = ServedWorld(preset: options.world, seed: options.seed, speed: options.speed,
                             classicStalls: options.classicStalls, traceSink: traceSink)
        self.served = served
        let bridge: WorldWireServer
        do {
            let configuration = WorldServerConfiguration(
                name: "glasses serve", worldKind: "simulator", pictures: JPEGWirePictures(), audioRoute: .world,
                makeConsole: console, savedFiles: SavedFiles(folder: options.outputDirectory))
            let events = events
            bridge = try await served.perform { world in
                events.listen(to: world.trace) { [unowned world] in world.scheduler.now }
                return WorldWireServer(world: world, configuration: configuration)
            }
        } catch {
            throw .usage("the world stopped while starting")
        }
        self.bridge = bridge
        endpoint = WireEndpoint(policy: policy, host: WorldWireHost(bridge),
                                frameQueueLimit: options.frameQueueLimit, messageQueueLimit: options.messageQueueLimit,
                                recording: Self.recording(options, served: served))
    }

    /// Each client's session recorded under `--record` (DIR/session-N.jsonl), on the world's
    /// run time; a file that cannot be made is said on stderr, and the client is served unrecorded.
    private static func recording(_ options: ServeOptions, served: ServedWorld) -> WireEndpoint.Recording? {
        guard let folder = options.recordDirectory else { return nil }
        let source = "glasses serve --world \(options.world.rawValue) --seed \(options.seed) --speed \(options.speed)"
        return WireEndpoint.Recording(clock: { served.runTime }) { id in
            do { return try SessionRecorder(path: "\(folder)/session-\(id).jsonl", recordedBy: "server", source: source) } catch {
                RawFile.standardError.write("glasses serve: --record: \(error)\n")
                return nil
            }
        }
    }

    /// Listens and serves until the calling task is cancelled, then stops the world
    /// (its trace ends with `{"source":"run","event":"end","values":{"reason":...,"code":...}}`,
    /// from `ending`, or ``ServeEnding/failed`` when it could not listen).
    /// `onListening` gets the bound port (the actual one when asked for port 0).
    public func run(ending: @escaping @Sendable () -> ServeEnding = { .stopped },
                    onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws(ServeError) {
        let application = makeApplication(onListening: onListening)
        var failure: ServeError?
        do {
            try await application.run()
        } catch is CancellationError {
        } catch {
            failure = Self.listenError(error, host: options.host, port: options.port)
        }
        await served.stop(failure == nil ? ending() : .failed)
        if let failure { throw failure }
    }

    /// Stops the world without having served (a server whose `run` never started).
    public func stopWorld(_ ending: ServeEnding = .stopped) async { await served.stop(ending) }

    private func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        // Added before the routes, so it guards them all, unknown paths included.
        router.middlewares.add(AccessMiddleware(policy: policy))
        let routes = RouteRecorder(router)
        ControlRoutes(served: served, bridge: bridge, refused: refused, openAPI: Self.openAPIDocument()).add(to: routes)
        MotionRoutes(served: served).add(to: routes)
        EventRoutes(events: events, served: served).add(to: routes)
        DashboardRoutes(token: token).add(to: routes)
        FileRoutes(files: bridge.savedFiles).add(to: routes)
        // After the routes: it wraps the not-found responder only.
        router.middlewares.add(UnmatchedRouteMiddleware(routes: routes.table))

        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws(RouterPath(WireProtocol.webSocketPath)) { [endpoint] inbound, outbound, context in
            await endpoint.serve(inbound: inbound, outbound: outbound, context: context)
        }
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSocketRouter,
                // Frames bigger than this close the connection; smaller oversized messages get an error.
                configuration: .init(ws: .init(maxFrameSize: 1 << 20, autoPing: .disabled))),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "glasses-serve"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger)
    }

    /// The server reports what matters itself (the address, refusals as messages); the
    /// framework's own logging would only repeat it, or log a cancelled stop as an error.
    static var quietLogger: Logger {
        var logger = Logger(label: "glasses-serve")
        logger.logLevel = .critical
        return logger
    }

    /// The OpenAPI document of the control routes (`Resources/openapi.yaml`, also `docs/openapi.yaml`).
    static func openAPIDocument() -> String {
        ServerResources.text("openapi.yaml") ?? ""
    }

    public static func listenError(_ error: Error, host: String, port: Int) -> ServeError {
        let text = String(describing: error)
        guard (error as? IOError)?.errnoCode == EADDRINUSE || text.contains("Address already in use") else {
            return .cannotListen("cannot listen on \(host):\(port): \(text)")
        }
        return .cannotListen("port \(port) on \(host) is in use: stop what holds it, or pick another port with "
            + "--listen \(host):PORT (--listen \(host):0 picks a free one)")
    }
}

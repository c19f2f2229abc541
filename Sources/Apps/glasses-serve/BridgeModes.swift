#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesBridgeCore
import GlassesBridgeFake
import GlassesRelay
import WearablesCore
import WearablesServer
import WearablesWire
import WirePictures
import WireServing

/// `glasses serve --bridge-fake` and `glasses serve --relay`: the bridge core over the
/// simulator-backed DAT fake (listening, or dialling a relay), and the relay a bridge dials.
extension ServeCommand {
    /// Serves the simulated world through the bridge core until a signal; nil when it stopped cleanly.
    static func runBridgeFake(options: ServeOptions, dial relay: String?, traceSink: EventTrace.Sink?,
                              signals: SignalWatch) async -> ServeError? {
        if let problem = tokenProblem(options) { return problem }
        let served = ServedWorld(preset: options.world, seed: options.seed, speed: options.speed,
                                 classicStalls: options.classicStalls, traceSink: traceSink)
        let wearables: FakeWearables
        do { wearables = try await FakeWearables(served: served) } catch {
            return .usage("the world stopped while starting")
        }
        let token = options.token ?? AccessPolicy.randomToken()
        let bridge = await GlassesBridge(wearables: wearables, pictures: JPEGWirePictures(), phoneAudio: FakePhoneAudioRoute(served: served),
                                         token: token, listenHost: options.host, speed: served.speed,
                                         serverName: "glasses serve --bridge-fake")
        let task = Task { () async -> ServeError? in
            if let relay {
                RawFile.standardOutput.write("glasses serve: bridge (DAT fake over the simulator, seed \(options.seed)) dialling the relay \(relay)\nCtrl-C stops it.\n")
                do throws(RelayDialError) { try await bridge.dial(relay: relay) } catch {
                    if Task.isCancelled { return nil }
                    return .cannotListen(error.description)
                }
                return nil
            }
            do {
                try await bridge.serve(host: options.host, port: options.port) { port in
                    announceBridge(options: options, port: port, token: token)
                }
            } catch {
                return WorldServer.listenError(error, host: options.host, port: options.port)
            }
            return nil
        }
        signals.onSignal { task.cancel() }
        let failure = await task.value
        await bridge.stop()
        await served.stop(failure == nil ? (signals.received.map(ServeEnding.signal) ?? .stopped) : .failed)
        return failure
    }

    /// Relays one bridge's world to local clients until a signal.
    static func runRelay(options: ServeOptions, signals: SignalWatch) async -> ServeError? {
        if let problem = tokenProblem(options) { return problem }
        let token = options.token ?? AccessPolicy.randomToken()
        let relay = WireRelay(host: options.host, port: options.port, token: token) { connected in
            // An operator (or a test) learns here when the bridge's world can be reached.
            RawFile.standardOutput.write(connected ? "glasses serve: relay: a bridge connected\n" : "glasses serve: relay: the bridge left\n")
        }
        let task = Task { () async -> ServeError? in
            do {
                try await relay.run { port in announceRelay(options: options, port: port, token: token) }
            } catch {
                return WorldServer.listenError(error, host: options.host, port: options.port)
            }
            return nil
        }
        signals.onSignal { task.cancel() }
        return await task.value
    }

    /// The rules `glasses serve` keeps: off loopback only with an explicit token, and none shorter than 8.
    private static func tokenProblem(_ options: ServeOptions) -> ServeError? {
        if !options.isLoopback, options.token == nil {
            return .usage("refusing to listen on \(options.host) without --token: it is not loopback, so anyone who can reach it could drive the glasses")
        }
        if let token = options.token, token.count < 8 { return .usage("--token must be at least 8 characters") }
        return nil
    }

    private static func announceBridge(options: ServeOptions, port: Int, token: String) {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        RawFile.standardOutput.write("""
            glasses serve: bridge listening on ws://\(host):\(port) (DAT fake over the simulator: world dat, seed \(options.seed); no mock, HTTP controls or dashboard)
              WebSocket: ws://\(host):\(port)\(WireProtocol.webSocketPath)?token=\(token)
              token:     \(token)
            Ctrl-C stops it.

            """)
    }

    private static func announceRelay(options: ServeOptions, port: Int, token: String) {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        RawFile.standardOutput.write("""
            glasses serve: relay listening on ws://\(host):\(port) (one bridge dials in; its world is served to local clients)
              bridge:    GlassesBridge.dial(relay: "ws://\(host):\(port)") with the token, or glasses serve --bridge-fake --dial ws://\(host):\(port) --token \(token)
              WebSocket: ws://\(host):\(port)\(WireProtocol.webSocketPath)?token=\(token)
              token:     \(token)
            Ctrl-C stops it.

            """)
    }
}

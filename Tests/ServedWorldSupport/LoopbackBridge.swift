import Foundation
import GlassesBridgeCore
import GlassesBridgeFake
import GlassesRelay
import WearablesServer
import WirePictures
import WireServing

/// The bridge core over the simulator-backed DAT fake on a free loopback port, for tests that
/// drive it from blocking code as `LoopbackServer` does: directly, or through a relay the
/// bridge dials. The body gets the client's URL and token and the simulated world behind the
/// fake (tests drive its mock there, as MockDeviceKit's test server would); everything is
/// stopped when it returns.
public enum LoopbackBridge {
    public struct NoBridge: Error, CustomStringConvertible {
        public var description: String { "the bridge did not dial the relay within 60 s (a bound for a loaded machine, not an expected time)" }
    }

    /// How clients reach the bridge.
    public enum Route: Sendable {
        /// Clients connect to the bridge itself.
        case direct
        /// The bridge dials a relay (`glasses serve --relay`), and clients connect to the relay.
        case relayed
    }

    public static func with<T: Sendable>(
        _ options: ServeOptions, route: Route = .direct,
        _ body: @escaping @Sendable (_ url: String, _ token: String, _ served: ServedWorld) throws -> T
    ) async throws -> T {
        let served = ServedWorld(preset: options.world, seed: options.seed, speed: options.speed,
                                 classicStalls: options.classicStalls, traceSink: nil)
        let token = AccessPolicy.randomToken()
        let bridge = await GlassesBridge(wearables: try await FakeWearables(served: served), pictures: JPEGWirePictures(),
                                         phoneAudio: FakePhoneAudioRoute(served: served), token: token, listenHost: "127.0.0.1", speed: served.speed)
        let port = ListeningPort()
        let seated = ListeningPort()
        var tasks: [Task<Void, Never>] = []
        switch route {
        case .direct:
            tasks.append(Task { try? await bridge.serve(host: "127.0.0.1", port: 0) { port.fulfil($0) } })
        case .relayed:
            let relay = WireRelay(host: "127.0.0.1", port: 0, token: token) { connected in if connected { seated.fulfil(1) } }
            tasks.append(Task { try? await relay.run { port.fulfil($0) } })
        }
        let result: Result<T, Error>
        if let bound = await port.waitOffThePool(seconds: 60) {
            if route == .relayed {
                tasks.append(Task { try? await bridge.dial(relay: "ws://127.0.0.1:\(bound)") })
            }
            if route == .relayed, await seated.waitOffThePool(seconds: 60) == nil {
                result = .failure(NoBridge())
            } else {
                result = await withCheckedContinuation { continuation in
                    Thread { continuation.resume(returning: Result { try body("ws://127.0.0.1:\(bound)/v1/ws", token, served) }) }.start()
                }
            }
        } else {
            result = .failure(LoopbackServer.DidNotListen())
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        await bridge.stop()
        await served.stop()
        return try result.get()
    }
}

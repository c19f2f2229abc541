import Foundation
import GlassesBridgeCore
import GlassesBridgeFake
import GlassesRelay
import PlainWebSocket
import Locking
import Testing
import WearablesServer
import WearablesWire
import WirePictures
import WireServing

/// `glasses serve --relay` with bad company: a bridge with the wrong token, a second bridge,
/// a client with no bridge behind the relay. Each gets a clear error, and the relay goes on
/// serving the bridge it has. A relay and bridges on free loopback ports, stopped by each test.
@Suite(.serialized) struct RelayTests {
    @Test func aBridgeWithTheWrongTokenIsRefusedAndTheRightOneServes() async throws {
        try await withRelay { relay, url in
            let intruder = try await Self.bridge(token: "not-the-relays-token", over: relay.served)
            let refusal = await Self.dialFailure(intruder, url)
            #expect(refusal?.code == "unauthorized", "\(String(describing: refusal))")
            try await relay.seat()
            #expect(try await Self.hello(url, token: relay.token)?.world == "dat")
        }
    }

    @Test func aSecondBridgeIsRefusedAndTheFirstGoesOnServing() async throws {
        try await withRelay { relay, url in
            try await relay.seat()
            let second = try await Self.bridge(token: relay.token, over: relay.served)
            let refusal = await Self.dialFailure(second, url)
            #expect(refusal?.code == "bridgeAlreadyConnected", "\(String(describing: refusal))")
            #expect(try await Self.hello(url, token: relay.token)?.world == "dat")
        }
    }

    /// One connection at the bridge path that never says its hello held the only seat for
    /// good (taken at the upgrade). The seat goes to the first valid hello, and the silent
    /// connection is refused (noHello) and closed once its time to say hello is up.
    @Test func aSilentConnectionHoldsNoSeat() async throws {
        try await withRelay(helloLimit: .milliseconds(300)) { relay, url in
            let heard = Locked<[String]>([])
            let connected = AsyncStream<Void>.makeStream()
            let silent = Task {
                try? await PlainWebSocketClient.connect(url: url + RelayMessage.bridgePath,
                                                        headers: [(name: "Authorization", value: "Bearer \(relay.token)")]) { inbound, _ in
                    connected.continuation.yield()
                    for try await message in inbound {
                        if case .text(let text) = message { heard.withLock { $0.append(text) } }
                    }
                }
                connected.continuation.finish()
            }
            var upgrades = connected.stream.makeAsyncIterator()
            await upgrades.next()
            // The real bridge: seated, or refused (as it was while the silent one held the seat).
            let bridge = try await Self.bridge(token: relay.token, over: relay.served)
            let outcomes = AsyncStream<String>.makeStream()
            let dialling = Task {
                let refusal = await Self.dialFailure(bridge, url)
                outcomes.continuation.yield("refused: \(refusal?.code ?? "nothing")")
            }
            let seating = Task {
                for await arrived in relay.seated where arrived {
                    outcomes.continuation.yield("seated")
                    return
                }
            }
            var results = outcomes.stream.makeAsyncIterator()
            let outcome = await results.next()
            #expect(outcome == "seated", "the bridge saying hello gets the seat: \(String(describing: outcome))")
            if outcome == "seated" {
                #expect(try await Self.hello(url, token: relay.token)?.world == "dat")
                await silent.value  // the relay closes it at its deadline
                #expect(heard.withLock { $0 }.contains { $0.contains("noHello") }, "\(heard.withLock { $0 })")
            }
            silent.cancel()
            dialling.cancel()
            seating.cancel()
        }
    }

    @Test func aClientWithNoBridgeBehindTheRelayIsToldWhy() async throws {
        try await withRelay { relay, url in
            let error = try await Self.firstError(url, token: relay.token)
            #expect(error?.code == "noBridge", "\(String(describing: error))")
            #expect(error?.message.contains("GlassesBridge.dial") == true)
        }
    }

    @Test func aClientWithTheWrongTokenIsRefusedByTheRelay() async throws {
        try await withRelay { relay, url in
            try await relay.seat()
            let error = try await Self.firstError(url, token: "wrong-token-here")
            #expect(error?.code == "unauthorized")
        }
    }

    @Test func aBridgeThatKeepsDiallingComesBackToARestartedRelay() async throws {
        let token = AccessPolicy.randomToken()
        let served = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
        let bridge = try await Self.bridge(token: token, over: served)
        let seated = AsyncStream<Bool>.makeStream()
        var arrivals = seated.stream.makeAsyncIterator()
        let (first, port) = try await Self.startRelay(port: 0, token: token, seated: seated.continuation)
        let dialling = Task { try? await bridge.keepDialling(relay: "ws://127.0.0.1:\(port)") }
        #expect(await Self.nextArrival(&arrivals))
        first.cancel()
        await first.value
        let (second, _) = try await Self.startRelay(port: port, token: token, seated: seated.continuation)
        #expect(await Self.nextArrival(&arrivals), "the bridge dialled the restarted relay")
        #expect(try await Self.hello("ws://127.0.0.1:\(port)", token: token)?.world == "dat")
        dialling.cancel()
        second.cancel()
        await second.value
        await served.stop()
    }

    @Test func aBridgeThatKeepsDiallingStopsAtAWrongToken() async throws {
        try await withRelay { relay, url in
            let intruder = try await Self.bridge(token: "not-the-relays-token", over: relay.served)
            await #expect(throws: RelayDialError.self) { try await intruder.keepDialling(relay: url) }
        }
    }

    /// A relay on `port` (0: a free one) and the port it bound.
    private static func startRelay(port: Int, token: String, seated: AsyncStream<Bool>.Continuation) async throws
        -> (Task<Void, Never>, Int)
    {
        let bound = AsyncStream<Int>.makeStream()
        let relay = WireRelay(host: "127.0.0.1", port: port, token: token) { seated.yield($0) }
        let serving = Task { _ = try? await relay.run { bound.continuation.yield($0) } }
        var ports = bound.stream.makeAsyncIterator()
        return (serving, try #require(await ports.next()))
    }

    /// Whether the next change of the relay's seat is a bridge arriving.
    private static func nextArrival(_ arrivals: inout AsyncStream<Bool>.Iterator) async -> Bool {
        while let connected = await arrivals.next() {
            if connected { return true }
        }
        return false
    }

    // MARK: Rig

    /// A relay on a free port with a fake world ready for its bridge.
    final class Rig: Sendable {
        let token: String
        let served = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
        let seated: AsyncStream<Bool>
        let dialling = Locked<[Task<Void, Never>]>([])
        let url: String

        init(token: String, seated: AsyncStream<Bool>, url: String) {
            self.token = token
            self.seated = seated
            self.url = url
        }

        /// Starts the rig's own bridge dialling and waits until the relay seats it.
        func seat() async throws {
            let bridge = try await RelayTests.bridge(token: token, over: served)
            let url = url
            dialling.withLock { $0.append(Task { try? await bridge.dial(relay: url) }) }
            for await connected in seated where connected { return }
        }
    }

    private func withRelay(helloLimit: Duration = .seconds(10), _ body: (Rig, String) async throws -> Void) async throws {
        let token = AccessPolicy.randomToken()
        let seated = AsyncStream<Bool>.makeStream()
        let port = AsyncStream<Int>.makeStream()
        let relay = WireRelay(host: "127.0.0.1", port: 0, token: token, helloLimit: helloLimit) { seated.continuation.yield($0) }
        let serving = Task { try? await relay.run { port.continuation.yield($0) } }
        var ports = port.stream.makeAsyncIterator()
        let bound = try #require(await ports.next())
        let rig = Rig(token: token, seated: seated.stream, url: "ws://127.0.0.1:\(bound)")
        try await body(rig, rig.url)
        for task in rig.dialling.withLock({ $0 }) { task.cancel() }
        serving.cancel()
        await serving.value
        await rig.served.stop()
    }

    static func bridge(token: String, over served: ServedWorld) async throws -> GlassesBridge {
        await GlassesBridge(wearables: try await FakeWearables(served: served), pictures: JPEGWirePictures(), token: token, listenHost: "127.0.0.1")
    }

    /// The relay's refusal of a bridge's dial.
    static func dialFailure(_ bridge: GlassesBridge, _ url: String) async -> WireError? {
        do throws(RelayDialError) {
            try await bridge.dial(relay: url)
            return nil
        } catch {
            if case .refused(let error) = error { return error }
            return nil
        }
    }

    /// The hello a client gets through the relay.
    static func hello(_ url: String, token: String) async throws -> ServerHello? {
        try await firstMessage(url, token: token).flatMap { if case .hello(let hello) = $0 { hello } else { nil } }
    }

    /// The first `error` a client gets through the relay.
    static func firstError(_ url: String, token: String) async throws -> WireError? {
        try await firstMessage(url, token: token).flatMap { if case .error(let error) = $0 { error } else { nil } }
    }

    private static func firstMessage(_ url: String, token: String) async throws -> ServerMessage? {
        let first = Locked<ServerMessage?>(nil)
        try await PlainWebSocketClient.connect(url: url + WireProtocol.webSocketPath,
                                               headers: [(name: "Authorization", value: "Bearer \(token)")]) { inbound, outbound in
            try await outbound.write(.text(String(decoding: ClientMessage.hello(protocolVersion: WireProtocol.version, client: "relay test").encoded(), as: UTF8.self)))
            for try await message in inbound {
                guard case .text(let text) = message, let decoded = try? ServerMessage.decode(Data(text.utf8)) else { continue }
                first.withLock { $0 = decoded }
                return
            }
        }
        return first.withLock { $0 }
    }
}

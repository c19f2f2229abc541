import Foundation
import HTTPTypes
import Testing
import WearablesCore
import WearablesServer
import WireServer
import WearablesWire

/// `glasses serve` in-process: a real server on a free loopback port, real
/// WebSocket and HTTP clients, no sleeps (every wait is for an event, bounded).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ServerTests {
    @Test func helloDescribesTheWorld() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        let hello = try await peer.hello()
        #expect(hello.world == "simulator")
        #expect(hello.protocolVersion == WireProtocol.version)
        #expect(hello.registration == .registered)
        #expect(hello.permissions[.camera] == .granted)
        #expect(hello.devices.map(\.identifier) == ["rayBanMeta-1"])
        #expect(hello.bandwidth["rayBanMeta-1"] != nil)
        #expect(hello.speed == 50)
        await peer.close()
        await running.stop()
    }

    @Test func aWrongVersionGetsAnErrorAndTheConnectionCloses() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        peer.send(.hello(protocolVersion: 99, client: "old"))
        let error = try await peer.error()
        #expect(error.code == "versionMismatch")
        #expect(error.message.contains("client speaks protocol 99"))
        #expect(error.message.contains("this server speaks \(WireProtocol.version)"))
        _ = try await peer.next { if case .closed = $0 { true } else { false } }
        await peer.close()
        await running.stop()
    }

    @Test func requestsWithoutTheTokenAreRefusedWithAMessage() async throws {
        let running = try await RunningServer.start()
        let missing = try await running.http(.get, "/v1/health")
        #expect(missing.status == 401)
        #expect(missing.body.contains("\"code\":\"unauthorized\""))
        #expect(missing.body.contains("Authorization: Bearer TOKEN"))
        let wrong = try await running.http(.get, "/v1/health", token: .some("not-the-token"))
        #expect(wrong.status == 401)
        #expect(wrong.body.contains("wrong token"))
        let unknownRoute = try await running.http(.get, "/v1/nothing")
        #expect(unknownRoute.status == 401)
        let good = try await running.authorized(.get, "/v1/health")
        #expect(good.status == 200)
        #expect(good.body.contains("\"world\":\"simulator\""))
        let viaQuery = try await running.http(.get, "/v1/health?token=\(running.token)")
        #expect(viaQuery.status == 200)

        let peer = try await running.peer(token: .some(nil))
        let refusal = try await peer.error()
        #expect(refusal.code == "unauthorized")
        _ = try await peer.next { if case .closed = $0 { true } else { false } }
        await peer.close()

        let queried = try await running.peer(token: .some(nil), query: "?token=\(running.token)")
        _ = try await queried.hello()
        await queried.close()
        let health = try await running.authorized(.get, "/v1/health")
        #expect(health.body.contains("\"refused_clients\":1"), "the one refused WebSocket is counted: \(health.body)")
        await running.stop()
    }

    @Test func anotherHostOrOriginIsRefused() async throws {
        let running = try await RunningServer.start()
        let rebound = try await running.http(.get, "/v1/health", token: .some(running.token), authority: "evil.example:\(running.port)")
        #expect(rebound.status == 403)
        #expect(rebound.body.contains("forbidden_host"))
        let crossSite = try await running.http(.get, "/v1/health", token: .some(running.token), headers: [.origin: "http://evil.example"])
        #expect(crossSite.status == 403)
        #expect(crossSite.body.contains("forbidden_origin"))
        let sameSite = try await running.http(.get, "/v1/health", token: .some(running.token),
                                              headers: [.origin: "http://127.0.0.1:\(running.port)"])
        #expect(sameSite.status == 200)
        let localhost = try await running.http(.get, "/v1/health", token: .some(running.token), authority: "localhost:\(running.port)")
        #expect(localhost.status == 200)
        await running.stop()
    }

    @Test func malformedAndOversizedMessagesGetAnErrorWhileOthersGoOn() async throws {
        let running = try await RunningServer.start()
        let bad = try await running.peer()
        let good = try await running.peer()
        _ = try await bad.hello()
        _ = try await good.hello()

        bad.sendRaw("{not json")
        #expect(try await bad.error().code == "malformed")
        bad.sendRaw(#"{"type":"open_session","id":3}"#)
        #expect(try await bad.error().message.contains("'device'"))
        bad.sendRaw(String(repeating: "x", count: WireProtocol.maxTextBytes + 1000))
        let tooLarge = try await bad.error()
        #expect(tooLarge.code == "tooLarge")
        #expect(tooLarge.message.contains("\(WireProtocol.maxTextBytes)"))

        good.send(.command(id: 1, .requestPermission(.camera)))
        #expect(try await good.reply(to: 1) == .success(.permission(.granted)))
        bad.send(.command(id: 2, .requestPermission(.microphone)))
        #expect(try await bad.reply(to: 2) == .success(.permission(.granted)))
        await bad.close()
        await good.close()
        await running.stop()
    }

    @Test func commandsBeforeHelloAreRefused() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        peer.send(.command(id: 1, .register))
        #expect(try await peer.error().code == "helloFirst")
        _ = try await peer.hello()
        peer.send(.command(id: 2, .openSession(device: "rayBanMeta-1")))
        #expect(try await peer.reply(to: 2) == .success(.done))
        await peer.close()
        await running.stop()
    }

    @Test func aControlRouteChangesADeviceAndClientsSeeTheEvent() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        _ = try await peer.hello()
        let response = try await running.authorized(.post, "/v1/devices/doff", json: #"{"device":"rayBanMeta-1"}"#)
        #expect(response.status == 200)
        #expect(response.body.contains("\"don\":\"doffed\""))
        _ = try await peer.next {
            if case .message(.event(.device(let device))) = $0 { device.donState == .doffed } else { false }
        }
        let battery = try await running.authorized(.post, "/v1/devices/battery", json: #"{"device":"rayBanMeta-1","level":42}"#)
        #expect(battery.body.contains("\"battery\":42"))
        _ = try await peer.next {
            if case .message(.event(.device(let device))) = $0 { device.batteryLevel == 42 } else { false }
        }
        let unknown = try await running.authorized(.post, "/v1/devices/don", json: #"{"device":"nope"}"#)
        #expect(unknown.status == 404)
        #expect(unknown.body.contains("rayBanMeta-1"))
        let missing = try await running.authorized(.post, "/v1/devices/battery", json: #"{"device":"rayBanMeta-1"}"#)
        #expect(missing.status == 400)
        #expect(missing.body.contains("missing field 'level'"))
        let notJSON = try await running.authorized(.post, "/v1/devices/don", json: "nope")
        #expect(notJSON.status == 400)
        let paired = try await running.authorized(.post, "/v1/devices/pair", json: #"{"model":"oakleyMetaHSTN"}"#)
        #expect(paired.status == 201)
        _ = try await peer.next {
            if case .message(.event(.device(let device))) = $0 { device.identifier == "oakleyMetaHSTN-2" } else { false }
        }
        await peer.close()
        await running.stop()
    }

    @Test func aClientThatGoesAwayReleasesItsSessionAndCamera() async throws {
        let running = try await RunningServer.start()
        let owner = try await running.peer()
        let other = try await running.peer()
        _ = try await owner.hello()
        _ = try await other.hello()
        owner.send(.command(id: 1, .openSession(device: "rayBanMeta-1")))
        #expect(try await owner.reply(to: 1) == .success(.done))
        owner.send(.command(id: 2, .startCamera(device: "rayBanMeta-1", settings: EffectiveStreamSettings(resolution: .low, frameRate: 15))))
        guard case .success(.stream(let stream)) = try await owner.reply(to: 2) else { throw HarnessError("no stream") }
        let frame = try await owner.next { if case .binary(.frame) = $0 { true } else { false } }
        if case .binary(.frame(let frameStream, _, _, let size, let jpeg)) = frame {
            #expect(frameStream == stream)
            #expect(size == StreamingResolution.low.videoFrameSize)
            #expect(try ImageCodecs.decode(jpeg).width == size.width)
        }
        other.send(.command(id: 1, .openSession(device: "rayBanMeta-1")))
        #expect(try await other.reply(to: 1) == .failure(WireError(DeviceSessionError.sessionAlreadyExists)))
        #expect(try await running.authorized(.get, "/v1/health").body.contains(#""sessions":["rayBanMeta-1"]"#))

        await owner.close()
        let left = await running.trace.line(containing: "client_left")
        #expect(left.contains("\"feeds\":1"))
        #expect(try await running.authorized(.get, "/v1/health").body.contains(#""sessions":[]"#))
        await other.close()
        await running.stop()
    }

    @Test func aCaptureArrivesAsABinaryPhotoWithTheCommandID() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        _ = try await peer.hello()
        peer.send(.command(id: 7, .capture(device: "rayBanMeta-1", format: .jpeg, size: VideoSize(width: 64, height: 48))))
        let photo = try await peer.next { if case .binary(.photo(7, _)) = $0 { true } else { false } }
        if case .binary(.photo(_, let picture)) = photo {
            #expect(picture.width == 64)
            #expect(!picture.data.isEmpty)
        }
        await peer.close()
        await running.stop()
    }

    @Test func stoppingEndsTheTraceWithAnEndRecord() async throws {
        let running = try await RunningServer.start()
        await running.stop()
        let last = try #require(running.trace.lines.last)
        #expect(last.contains(#""source":"run","event":"end""#))
    }

    @Test func aPortInUseIsRefusedWithTheFix() async throws {
        let first = try await RunningServer.start()
        var options = ServeOptions()
        options.port = first.port
        let second = try await WorldServer(options: options)
        await #expect {
            try await second.run()
        } throws: { error in
            guard case ServeError.cannotListen(let message) = error else { return false }
            return message.contains("port \(first.port)") && message.contains("--listen 127.0.0.1:0")
        }
        await first.stop()
    }

    @Test func listeningOffLoopbackNeedsAnExplicitToken() async throws {
        var options = ServeOptions()
        options.host = "0.0.0.0"
        await #expect(throws: ServeError.self) { _ = try await WorldServer(options: options) }
        let parsed = try ServeOptions.parseListen("127.0.0.1:0")
        #expect(parsed.host == "127.0.0.1" && parsed.port == 0)
        #expect(try ServeOptions.parseListen("[::1]:7878").host == "::1")
        #expect(throws: ServeError.self) { try ServeOptions.parseListen("7878") }
        #expect(throws: ServeError.self) { try ServeOptions.parseListen("127.0.0.1:99999") }
    }

    @Test func theServedOpenAPIDocumentIsTheOneInDocs() async throws {
        let running = try await RunningServer.start()
        let served = try await running.authorized(.get, "/v1/openapi.yaml")
        await running.stop()
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        #expect(served.status == 200)
        #expect(served.body == (try String(contentsOf: docs, encoding: .utf8)), "the server serves docs/openapi.yaml as the build embedded it")
    }
}

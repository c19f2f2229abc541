import Foundation
import Testing
import WearablesCore
import WearablesWire
@testable import WearablesServer
@testable import WireServer

/// `watch_motion`: a client's stream of a pair's IMU as `motion_samples` events, a few samples
/// each, at the rate asked; refusals that say what to do; and nothing left behind by a client
/// that stops watching or goes.
@Suite(.serialized) struct WatchMotionTests {
    static let glasses = "rayBanMeta-1"

    func samples(_ peer: Peer, of device: String = Self.glasses) async throws -> [MotionSample] {
        let received = try await peer.next { if case .message(.event(.motionSamples(device, _))) = $0 { true } else { false } }
        guard case .message(.event(.motionSamples(_, let samples))) = received else { return [] }
        return samples
    }

    func watches(_ running: RunningServer) async throws -> Int {
        let bridge = running.server.bridge
        return try await running.server.served.perform { _ in bridge.motionWatches.values.map(\.count).reduce(0, +) }
    }

    @Test func aWatchStreamsTheIMUAtItsRateUntilItIsStopped() async throws {
        let running = try await RunningServer.start(speed: 10)
        let peer = try await running.peer()
        _ = try await peer.hello()
        peer.send(.command(id: 10, .openSession(device: Self.glasses)))
        #expect(try await peer.reply(to: 10) == .success(.done))
        peer.send(.command(id: 1, .watchMotion(device: Self.glasses, rate: .hz30)))
        #expect(try await peer.reply(to: 1) == .success(.done))
        var batches: [[MotionSample]] = []
        while batches.count < 4 { batches.append(try await samples(peer)) }
        #expect(batches.allSatisfy { $0.count == 2 }, "30 Hz: two samples an event (at most 15 events a second)")
        let stamps = batches.flatMap { $0.map(\.timestampNs) }
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { abs(Double($1 - $0) - 1e9 / 30) < 2 }, "one period apart: \(stamps)")
        let level = try #require(batches.last?.last)
        #expect(abs((level.accelerometer?.x ?? 0) - MotionFeed.gravity) < 1e-9 && level.source == .glasses && level.magnetometer == nil)

        let nod = try await running.authorized(.post, "/v1/devices/motion_feed", json: #"{"device":"rayBanMeta-1","pose":"lookingUp"}"#)
        #expect(nod.status == 200, "\(nod.body)")
        // Batches sent before the change may wait unread: a bound on how many are read, not a time.
        var up = false
        for _ in 0..<3000 where !up {
            up = try await samples(peer).contains { abs(($0.accelerometer?.z ?? 0) - MotionFeed.gravity * sin(0.5)) < 1e-9 }
        }
        #expect(up, "the pose the glasses were given streams")

        peer.send(.command(id: 2, .watchMotion(device: Self.glasses, rate: nil)))
        #expect(try await peer.reply(to: 2) == .success(.done))
        #expect(try await watches(running) == 0)
        await peer.close()
        await running.stop()
    }

    @Test func badWatchesAreRefusedWithTheFixAndALeavingWatcherLeavesNothing() async throws {
        let running = try await RunningServer.start(speed: 10)
        let peer = try await running.peer()
        _ = try await peer.hello()

        peer.send(.command(id: 1, .watchMotion(device: "nope", rate: .hz10)))
        let unknown = try await peer.reply(to: 1)
        #expect(unknown == .failure(.protocolError("unknownDevice", "no glasses 'nope' in this world; devices: rayBanMeta-1")))

        // DAT adds Motion to a started session: the glasses', as on a bridge.
        peer.send(.command(id: 10, .watchMotion(device: Self.glasses, rate: .hz10)))
        guard case .failure(let idle) = try await peer.reply(to: 10) else { Issue.record("a watch without a session was taken"); return }
        #expect(idle.code == "noSession" && idle.message.contains("open_session first"), "\(idle)")
        peer.send(.command(id: 11, .openSession(device: Self.glasses)))
        #expect(try await peer.reply(to: 11) == .success(.done))

        peer.sendRaw(#"{"type":"watch_motion","id":2,"device":"rayBanMeta-1","rate":"hz100"}"#)
        let badRate = try await peer.error()
        #expect(badRate.code == "malformed" && badRate.message.contains("hz5, hz10, hz15, hz24, hz30, hz60"), "\(badRate)")
        #expect(!badRate.message.contains("\n"))

        peer.send(.command(id: 3, .watchMotion(device: Self.glasses, rate: .hz60)))
        #expect(try await peer.reply(to: 3) == .success(.done))
        peer.send(.command(id: 4, .watchMotion(device: Self.glasses, rate: .hz10)))
        guard case .failure(let twice) = try await peer.reply(to: 4) else { Issue.record("a second watch was taken"); return }
        #expect(twice.code == "alreadyWatching" && twice.message.contains(#""watch":false"#) && twice.message.contains("hz60"), "\(twice)")

        let paired = try await running.authorized(.post, "/v1/devices/pair", json: #"{"ready":true,"imu":false}"#)
        #expect(paired.status == 201 && paired.body.contains(#""imu":false"#), "\(paired.body)")
        peer.send(.command(id: 12, .openSession(device: "rayBanMeta-2")))
        #expect(try await peer.reply(to: 12) == .success(.done))
        peer.send(.command(id: 5, .watchMotion(device: "rayBanMeta-2", rate: .hz10)))
        #expect(try await peer.reply(to: 5) == .failure(WireError(MotionError.sensorUnavailable)))

        // Gone while watching: its watch goes with it, and the server serves on.
        #expect(try await watches(running) == 1)
        await peer.close()
        let left = try await within(.seconds(20)) { () async -> Bool? in
            while !Task.isCancelled { if (try? await watches(running)) == 0 { return true } }
            return nil
        }
        #expect(left == true, "the departed client's watch was released")
        // Another pair: the leaver's session on the first has just stopped, and a session started
        // that soon after on the same glasses may leave them stuck, as on real glasses.
        let third = try await running.authorized(.post, "/v1/devices/pair", json: #"{"ready":true}"#)
        #expect(third.status == 201 && third.body.contains("rayBanMeta-3"), "\(third.body)")
        let next = try await running.peer()
        _ = try await next.hello()
        next.send(.command(id: 2, .openSession(device: "rayBanMeta-3")))
        #expect(try await next.reply(to: 2) == .success(.done))
        next.send(.command(id: 1, .watchMotion(device: "rayBanMeta-3", rate: .hz5)))
        #expect(try await next.reply(to: 1) == .success(.done))
        #expect(try await samples(next, of: "rayBanMeta-3").count == 1, "5 Hz: one sample an event")
        await next.close()
        await running.stop()
    }
}

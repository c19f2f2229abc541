import Foundation
import Testing
@testable import WearablesServer
@testable import WireServer

/// `GET /v1/devices/{device}/motion`: the IMU's recent samples, what the dashboard's sparkline draws.
@Suite(.serialized) struct MotionRouteTests {
    struct Window: Decodable {
        struct Sample: Decodable {
            struct Vector: Decodable { let x, y, z: Double }
            let time: Double
            let source: String
            let accelerometer: Vector?
        }
        let device: String
        let pose: String?
        let rate: String
        let samples: [Sample]
    }

    func window(_ running: RunningServer, _ query: String) async throws -> Window {
        let response = try await running.authorized(.get, "/v1/devices/rayBanMeta-1/motion\(query)")
        #expect(response.status == 200, "\(response.body)")
        return try JSONDecoder().decode([String: Window].self, from: Data(response.body.utf8))["motion"]!
    }

    /// Waits (bounded, asking `/v1/health`) until the world's clock has passed `time`; its time then.
    func worldTime(_ running: RunningServer, after time: Double) async throws -> Double {
        let reached = try await within(.seconds(20)) { () async -> Double? in
            while !Task.isCancelled {
                guard let health = try? await running.authorized(.get, "/v1/health"),
                      let now = (try? JSONSerialization.jsonObject(with: Data(health.body.utf8)) as? [String: Any])?["time"] as? Double
                else { return nil }
                if now > time { return now }
            }
            return nil
        }
        return try #require(reached, "the world's clock never passed \(time) s")
    }

    /// The pitch each sample's gravity says, in radians (+X up, +Z forward).
    func pitches(_ window: Window) -> [Double] {
        window.samples.compactMap { $0.accelerometer.map { atan2($0.z, hypot($0.x, $0.y)) } }
    }

    @Test func aPoseReadsAsSamplesAtTheRateAndANodMovesThePitch() async throws {
        let running = try await RunningServer.start()
        _ = try await worldTime(running, after: 1)
        let level = try await window(running, "?seconds=1&rate=hz10")
        #expect(level.device == "rayBanMeta-1" && level.pose == "level" && level.rate == "hz10")
        #expect(level.samples.count == 11, "1 s at 10 Hz, both ends: \(level.samples.count)")
        let times = level.samples.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.1) < 1e-9 }, "\(times)")
        #expect(pitches(level).allSatisfy { abs($0) < 1e-9 } && level.samples.allSatisfy { $0.source == "glasses" })

        let nod = try await running.authorized(.post, "/v1/devices/motion_feed", json: #"{"device":"rayBanMeta-1","pose":"nodding"}"#)
        #expect(nod.status == 200, "\(nod.body)")
        // The window is all nod once a second has passed since the feed changed.
        let changed = try await worldTime(running, after: 0)
        _ = try await worldTime(running, after: changed + 1)
        let nodding = try await window(running, "?seconds=1&rate=60")
        #expect(nodding.pose == "nodding" && nodding.rate == "hz60" && nodding.samples.count == 61)
        let swing = (pitches(nodding).max() ?? 0) - (pitches(nodding).min() ?? 0)
        #expect(abs(swing - 0.3) < 0.01, "a nod pitches 0.3 rad down and back: \(swing)")
        await running.stop()
    }

    @Test func badQueriesAndUnknownGlassesAreRefusedWithWhatTheyTake() async throws {
        let running = try await RunningServer.start()
        let cases: [(String, Int, String)] = [
            ("/v1/devices/rayBanMeta-1/motion?seconds=0", 400, "'seconds' must be a number > 0 and at most 10, got '0'"),
            ("/v1/devices/rayBanMeta-1/motion?seconds=11", 400, "at most 10"),
            ("/v1/devices/rayBanMeta-1/motion?seconds=nan", 400, "got 'nan'"),
            ("/v1/devices/rayBanMeta-1/motion?rate=hz7", 400, "'rate' must be one of hz5, hz10, hz15, hz24, hz30, hz60 (or 5, 10, 15, 24, 30, 60), got 'hz7'"),
            ("/v1/devices/rayBanMeta-1/motion?sconds=2", 400, "unknown query parameter 'sconds' (this route takes seconds, rate)"),
            ("/v1/devices/nope/motion", 404, "no glasses 'nope'"),
        ]
        for (path, status, message) in cases {
            let response = try await running.authorized(.get, path)
            #expect(response.status == status, "\(path): \(response.body)")
            #expect(response.body.contains(message), "\(path): \(response.body)")
        }
        let post = try await running.authorized(.post, "/v1/devices/rayBanMeta-1/motion")
        #expect(post.status == 405, "\(post.body)")
        await running.stop()
    }
}

import Foundation
import ScriptTestSupport
import Testing

/// The Lua contract, tested from Lua: each script in Scripts/ asserts with
/// check.lua and prints "ok" at its end, on the virtual clock with a fixed seed.
@Suite struct LuaContractTests {
    static let passing: [(script: String, world: String)] = [
        ("registration_permissions.lua", "empty"),
        ("devices_selectors.lua", "ready"),
        ("session_camera.lua", "ready"),
        ("tasks_timers.lua", "ready"),
        ("fidelity_one_camera.lua", "ready"),
        ("fidelity_stopped_session_camera.lua", "ready"),
        ("fidelity_captouch.lua", "ready"),
        ("fidelity_health_at_start.lua", "ready"),
        ("fidelity_microphone_permission.lua", "ready"),
        ("fidelity_registration_gates.lua", "ready"),
        ("fidelity_doff.lua", "ready"),
        ("fidelity_doffed_start.lua", "ready"),
        ("fidelity_field_faults.lua", "ready"),
        ("fidelity_permissions_field.lua", "ready"),
        ("fidelity_capture_causes.lua", "ready"),
        ("fidelity_two_pairs_route.lua", "ready"),
        ("fidelity_classic_stalls.lua", "ready"),
        ("frame_regions.lua", "ready"),
        ("fidelity_meta_ai_not_installed.lua", "ready"),
        ("fidelity_mock_reset_keys.lua", "ready"),
        ("fidelity_flows_unanswered.lua", "ready"),
        ("fidelity_capture_refusals.lua", "ready"),
        ("fidelity_peak_power.lua", "ready"),
        ("fidelity_compatibility.lua", "ready"),
        ("fidelity_inputs.lua", "ready"),
        ("fidelity_dat_inputs.lua", "ready"),
        ("fidelity_voice.lua", "ready"),
        ("fidelity_motion.lua", "ready"),
        ("fidelity_speech.lua", "ready"),
        ("fidelity_speech_live.lua", "ready"),
        ("chaos_capabilities.lua", "ready"),
        ("fidelity_camera_state.lua", "ready"),
        ("fidelity_mock_disable.lua", "ready"),
        ("fidelity_firmware_update.lua", "ready"),
        ("fidelity_stream_audio.lua", "ready"),
        ("fidelity_photo.lua", "ready"),
        ("fidelity_stuck_restart.lua", "ready"),
        ("fidelity_tap_and_hold.lua", "ready"),
        ("fidelity_registration_request.lua", "ready"),
        ("fidelity_capability_not_found.lua", "ready"),
        ("fidelity_stream_faults.lua", "ready"),
        ("fidelity_photo_states.lua", "ready"),
        ("fidelity_photo_feature.lua", "ready"),
        ("fidelity_app_update.lua", "ready"),
        ("fidelity_update_calls.lua", "ready"),
        ("fidelity_a2dp_pause.lua", "ready"),
        ("fidelity_display.lua", "ready"),
        ("reconnect_doffed_start.lua", "ready"),
        ("fidelity_field_reports.lua", "ready"),
        ("field_report_back.lua", "ready"),
        ("chaos_field_reports.lua", "ready"),
    ]

    @Test(arguments: passing.map(\.script))
    func scriptPasses(_ script: String) async throws {
        let world = Self.passing.first { $0.script == script }?.world ?? "ready"
        // What a script saves goes to a folder of its own, never into the working tree.
        let out = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try await GlassesProcess.run(["run", "--seed", "1", "--world", world, "--out", out, GlassesProcess.script(script)])
        #expect(result.code == 0, "\(script) failed:\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("ok\n"), "\(script) did not reach its end:\n\(result.stdout)")
    }

    @Test func callbackErrorsAreIsolatedAndReported() async throws {
        let result = try await GlassesProcess.run(["run", "--seed", "1", GlassesProcess.script("callbacks.lua")])
        #expect(result.stdout.hasSuffix("ok\n"), "the other callbacks and the main chunk went on:\n\(result.stderr)")
        #expect(result.stderr.contains("error in camera \"frame\" callback: "))
        #expect(result.stderr.contains("callbacks.lua:15: boom in a frame callback"))
        #expect(result.stderr.contains("stack traceback:"))
        #expect(result.stderr.contains("1 task failed with an uncaught error"))
        #expect(result.code == 1)
    }

    @Test func sameSeedGivesTheSameTraceBytes() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func trace(seed: Int, _ name: String) async throws -> Data {
            let path = "\(folder)/\(name).jsonl"
            let result = try await GlassesProcess.run([
                "run", "--seed", String(seed), "--trace", path, "--out", folder,
                "examples/scene_change_capture.lua".relativeToPackage,
            ])
            #expect(result.code == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let first = try await trace(seed: 3, "a")
        let second = try await trace(seed: 3, "b")
        let other = try await trace(seed: 4, "c")
        #expect(first.count > 1000)
        #expect(first == second)
        #expect(first != other)
    }

    /// Usage errors exit with the contract's 2 (not ArgumentParser's 64), on one line that says what to fix.
    @Test(arguments: [
        ["run", "--max-memory", "10x", "x.lua"], ["run"], ["run", "--bogus", "x.lua"], ["recipe", "info"],
        ["run", "--timeout", "1e300", "x.lua"], ["run", "--timeout", "inf", "x.lua"], ["run", "--timeout", "nan", "x.lua"],
    ])
    func usageErrorsExitWith2(arguments: [String]) async throws {
        let result = try await GlassesProcess.run(arguments)
        #expect(result.code == 2)
        let command = (["glasses"] + arguments.prefix { !$0.hasPrefix("-") && !$0.hasSuffix(".lua") }).joined(separator: " ")
        #expect(result.stderr.hasPrefix(command + ": "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("(see '\(command) --help')\n"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    /// `math.random` draws from the run's seed, not from the clock, in every sandbox.
    @Test(arguments: ["strict", "standard", "trusted"])
    func mathRandomFollowsTheSeed(sandbox: String) async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/dice.lua"
        try "print(math.random(1, 1000000), math.random())".write(toFile: script, atomically: true, encoding: .utf8)
        func roll(seed: Int) async throws -> String {
            let result = try await GlassesProcess.run(["run", "--sandbox", sandbox, "--seed", String(seed), script])
            #expect(result.code == 0, "\(result.stderr)")
            return result.stdout
        }
        let first = try await roll(seed: 7)
        #expect(!first.isEmpty)
        #expect(try await roll(seed: 7) == first)
        #expect(try await roll(seed: 8) != first)
    }

    @Test func waitingForeverOnTheVirtualClockIsReported() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/stuck.lua"
        try "local s = wearables.session(); s:start(); s:wait_for('paused')".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try await GlassesProcess.run(["run", "--world", "ready", script])
        #expect(result.code == 1)
        #expect(result.stderr.contains("nothing can happen any more"), "\(result.stderr)")
    }

    @Test func forStopsAnEndlessRunOnTheRunClock() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/forever.lua"
        try "every(1, function() end) print('started')".write(toFile: script, atomically: true, encoding: .utf8)
        // 90 min: past the 1 h horizon a run without --for would end at, so only --for ends it here.
        let result = try await GlassesProcess.run(["run", "--for", "90m", "--trace", folder + "/trace.jsonl", script])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "started\n")
        #expect(result.stderr.isEmpty, "--for chose the length: nothing to say about horizons: \(result.stderr)")
        let lines = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        let end = try #require(lines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect((end["values"] as? [String: Any])?["reason"] as? String == "duration", "\(end)")
        #expect(end["t"] as? Double == 5400, "\(end)")
    }
}

extension String {
    /// A path inside the package, from this test file's location.
    var relativeToPackage: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(self).path
    }
}

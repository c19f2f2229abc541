import Foundation
import ScriptTestSupport
import Testing

/// `expect(name, fn)` and the built-in checks: a failure ends the run with exit 4,
/// says which check and why, and is recorded in the trace.
@Suite struct ExpectTests {
    private func run(_ script: String, _ options: [String] = [], files: [String: String] = [:]) async throws -> (GlassesProcess.Result, String) {
        let folder = try GlassesProcess.folder(files.merging(["main.lua": script]) { $1 })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--trace", "trace.jsonl"] + options + ["main.lua"], in: folder)
        return (result, (try? String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)) ?? "")
    }

    @Test func aScriptCheckIsCalledAfterEveryEventAndEndsTheRunWhenFalse() async throws {
        let (result, trace) = try await run("""
            local calls = 0
            expect("under three", function() calls = calls + 1; return now() < 3, "it is " .. now() end)
            every(1, function() end)
            wait(10)
            print("not reached")
            """)
        #expect(result.code == 4)
        #expect(result.stderr.contains("glasses: check 'under three' failed at 3.000 s: it is 3.0\n"), "\(result.stderr)")
        #expect(!result.stdout.contains("not reached"))
        #expect(trace.contains("{\"t\":3,\"source\":\"check\",\"event\":\"failed\",\"values\":{\"name\":\"under three\",\"message\":\"it is 3.0\"}}"), "\(trace)")
        #expect(trace.split(separator: "\n").last?.contains("\"code\":4") == true)
    }

    @Test func aCheckThatRaisesFailsWithItsError() async throws {
        let (result, _) = try await run("expect('boom', function() error('kaput') end) wait(1)")
        #expect(result.code == 4)
        #expect(result.stderr.contains("check 'boom' failed") && result.stderr.contains("kaput"), "\(result.stderr)")
    }

    @Test func aHoldingCheckLeavesTheRunAlone() async throws {
        let (result, trace) = try await run("expect('fine', function() return true end) wait(5) print('done')")
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "done\n")
        #expect(!trace.contains("\"source\":\"check\""))
    }

    @Test func restartsWithinTwoSecondsFailTheRestartGap() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fast = try await GlassesProcess.run(["run", GlassesProcess.script("chaos/restart_gap.lua"), "0.5"], in: folder)
        #expect(fast.code == 4)
        #expect(fast.stderr.contains("check 'restart_gap' failed") && fast.stderr.contains("wait at least 2.000 s"), "\(fast.stderr)")
        let patient = try await GlassesProcess.run(["run", GlassesProcess.script("chaos/restart_gap.lua"), "2.5"], in: folder)
        #expect(patient.code == 0, "\(patient.stderr)")
    }

    /// A session's capabilities (speech, motion) trace their states as `sessionN.speech`: a
    /// capability restarted within 2 s of its own stop is not a session restart, and was
    /// failing a policy that brings speech back after a `speech_fault`.
    @Test func aCapabilityRestartIsNoSessionRestart() async throws {
        let (result, trace) = try await run("""
            expect("restart_gap")
            wearables.request_permission("microphone")
            local session = wearables.session()
            session:start()
            local speech, motion = session:speech(), session:motion{rate = "hz5"}
            speech:start() motion:start()
            speech:stop() motion:stop()
            wait(0.5)
            speech:start() motion:start()
            wait(1)
            session:stop()
            """)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(trace.contains("\"source\":\"session1.speech\",\"event\":\"state\",\"values\":{\"state\":\"starting\""), "\(trace)")
        let (restarted, _) = try await run("""
            expect("restart_gap")
            local first = wearables.session()
            first:start()
            first:motion{rate = "hz5"}:start()
            first:stop()
            wait(0.5)
            wearables.session():start()
            """)
        #expect(restarted.code == 4 && restarted.stderr.contains("check 'restart_gap' failed"), "a session restart still fails it: \(restarted.stderr)")
    }

    @Test func streamingWithinCatchesAPolicyThatNeverRecovers() async throws {
        let folder = try GlassesProcess.folder([
            "fold.json": #"{"version":1,"faults":[{"t":5,"kind":"fold","device":"rayBanMeta-1","duration":3}]}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/no_recovery.lua")
        let bare = try await GlassesProcess.run(["run", "--for", "60s", script, folder + "/fold.json"], in: folder)
        #expect(bare.code == 4)
        #expect(bare.stderr.contains("no camera streamed within 10.000 s of the fold that cleared at 8.000 s"), "\(bare.stderr)")
        let recovering = try await GlassesProcess.run(["run", "--for", "60s", script, folder + "/fold.json", "reconnect"], in: folder)
        #expect(recovering.code == 0, "\(recovering.stderr)")
    }

    @Test func capturesThatResolvePassPhotosResolve() async throws {
        let (result, trace) = try await run("""
            expect("photos_resolve")
            local session = wearables.session()
            session:start()
            local cam = session:camera{resolution = "low", fps = 15}
            cam:start()
            mock.paired()[1].camera:fail_next_capture()
            pcall(cam.capture, cam)
            cam:capture()
            wait(20)
            """)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(trace.contains("\"event\":\"photo\""))
    }

    @Test func anUnknownBuiltInNamesTheBuiltInsAndHowToWriteOne() async throws {
        let (result, _) = try await run("expect('no_lost_frames')")
        #expect(result.code == 1)
        #expect(result.stderr.contains("no built-in check 'no_lost_frames' (built-ins: photos_resolve, restart_gap, streaming_within)"), "\(result.stderr)")
    }
}

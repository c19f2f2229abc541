import Foundation
import ScriptTestSupport
import Testing

/// How a virtual-clock run ends once its main chunk is done but listeners,
/// timers or streams would keep it going.
@Suite struct RunEndingTests {
    static let kept = """
        local session = wearables.session()
        session:start()
        local cam = session:camera{}
        cam:on("photo", function(photo) end)
        every(60, function() end)
        cam:start()
        """

    private func run(_ script: String, _ options: [String] = []) async throws -> GlassesProcess.Result {
        let folder = try GlassesProcess.folder(["main.lua": script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await GlassesProcess.run(["run"] + options + ["main.lua"], in: folder)
    }

    /// Said once, when the horizon ends the run, naming each keeper with its line and
    /// the ways out; the run ends after the default horizon with 0.
    @Test func onlyListenersLeftIsSaidOnceAndEndsAtTheHorizon() async throws {
        let result = try await run(Self.kept)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "it went on because of").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("main.lua:4: camera \"photo\" listener (:on)"))
        #expect(result.stderr.contains("main.lua:5: every(60, fn)"))
        #expect(result.stderr.contains("main.lua:6: a streaming camera"))
        for way in ["exit()", ":cancel()", "--for"] { #expect(result.stderr.contains(way), "\(way)") }
        #expect(result.stderr.contains("run ended at 3600.800 s, the default horizon of 1 h of virtual time after the main chunk"))
    }

    /// A listener left on a stopped session hears nothing more: the world is idle, and the run
    /// ends then, at the time it went idle, saying why (it said so at 86400.000 s, the main
    /// chunk's 24 h safety net, an hour past the documented horizon).
    @Test func aListenerOnAStoppedSessionEndsTheRunWhenTheWorldGoesIdle() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local session = wearables.session()
            session:on("state", function() end)
            session:start()
            session:stop()
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--trace", "trace.jsonl", "main.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        // 0.6 s, or the next second when --timeout's once-a-second check (which the harness
        // passes) is the last event.
        #expect(result.stderr.hasPrefix("glasses: nothing can happen any more on the virtual clock at "), "\(result.stderr)")
        // It names the listener left behind, with its line, and how a script ends itself.
        #expect(result.stderr.contains(" s: the main chunk is done and no event is left to reach what it left listening:\n"
            + "  main.lua:2: session \"state\" listener (:on)\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("glasses: run ended; to end it yourself, :cancel() each of these or call exit() when the script is done\n"),
                "\(result.stderr)")
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
        let end = try JSONSerialization.jsonObject(with: Data((trace.split(separator: "\n").last ?? "").utf8)) as? [String: Any]
        let values = end?["values"] as? [String: Any]
        #expect(values?["reason"] as? String == "idle" && values?["code"] as? Int == 0, "\(trace.suffix(300))")
        #expect((end?["t"] as? Double ?? .infinity) <= 1, "ended when the world went idle, not at 86400 s: \(trace.suffix(300))")
    }

    /// A callback's uncaught error fails the run (exit 1) also when the horizon ends it.
    @Test func aFailedCallbackFailsARunTheHorizonEnds() async throws {
        let result = try await run("""
            local cam = wearables.stream{}
            cam:on("frame", function(frame) if frame.index == 3 then error("boom") end end)
            cam:start()
            """)
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr.contains("1 task failed with an uncaught error"), "\(result.stderr)")
    }

    /// A main chunk waiting for what can never happen is reported at the time the world
    /// went idle, not at the 24 h safety net.
    @Test func aMainChunkWaitingInAnIdleWorldIsReportedWhenItWentIdle() async throws {
        let result = try await run("local s = wearables.session(); s:start(); s:wait_for('paused')")
        #expect(result.code == 1)
        #expect(result.stderr.contains("nothing can happen any more on the virtual clock at "), "\(result.stderr)")
        #expect(result.stderr.contains(" s, but the main chunk is still waiting") && !result.stderr.contains("86400"), "\(result.stderr)")
    }

    /// A run that ends itself with exit() from a callback hears nothing about horizons,
    /// however long its listeners ran after the main chunk.
    @Test func aRunThatEndsItselfSaysNothing() async throws {
        let result = try await run("""
            local cam = wearables.stream{}
            cam:on("frame", function(frame) if frame.index == 90 then exit(0) end end)
            cam:start()
            """)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// A main chunk that never ends stops at the default horizon of a run, with the
    /// limit's exit code and the ways out, instead of spinning forever.
    @Test func aMainChunkThatNeverEndsStopsAtTheRunsHorizon() async throws {
        let result = try await run("while true do wait(1) end")
        #expect(result.code == 3, "\(result.stderr)")
        #expect(result.stderr.contains("run stopped at 86400.000 s: the main chunk was still running at the default horizon of 24 h"), "\(result.stderr)")
        for way in ["exit()", "--for"] { #expect(result.stderr.contains(way), "\(way)") }
        let chosen = try await run("while true do wait(1) end", ["--for", "30h"])
        #expect(chosen.code == 0, "--for chooses a longer run: \(chosen.stderr)")
        #expect(chosen.stderr.isEmpty, "\(chosen.stderr)")
    }

    /// With --for the length is the user's choice: nothing to say.
    @Test func forChoosesTheLengthSilently() async throws {
        let result = try await run(Self.kept, ["--for", "2h"])
        #expect(result.code == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Cancelling what keeps the run going ends it, with nothing to say.
    @Test func cancellingEveryKeeperEndsTheRunQuietly() async throws {
        let result = try await run("""
            local cam = wearables.stream{}
            local handle = cam:on("photo", function() end)
            local timer = every(1, function() end)
            cam:start()
            after(5, function() handle:cancel() timer:cancel() cam:stop() end)
            """)
        #expect(result.code == 0)
        #expect(result.stderr.isEmpty, "ended by itself, before the horizon:\n\(result.stderr)")
    }

    /// A trace that cannot be written, and an --out that leads nowhere, are usage errors
    /// with one line, not a run that looks fine and leaves nothing.
    @Test func anUnwritableTraceAndADanglingOutAreUsageErrors() async throws {
        let full = try await run("print('ran')", ["--trace", "/dev/full"])
        #expect(full.code == 2)
        #expect(full.stderr.contains("cannot write the trace to '/dev/full'"), "\(full.stderr)")
        let folder = try GlassesProcess.folder(["main.lua": "print('ran')"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/photos", withDestinationPath: folder + "/missing/photos")
        for arguments in [["run", "--out", "photos", "main.lua"], ["run", "--seed", "3", "--out", "photos", "main.lua"]] {
            let dangling = try await GlassesProcess.run(arguments, in: folder)
            #expect(dangling.code == 2 && dangling.stdout.isEmpty)
            #expect(dangling.stderr.contains("--out 'photos' is a symbolic link to"), "\(dangling.stderr)")
        }
    }

    /// A FIFO given as a feed blocked the world (and the server, from its HTTP control)
    /// outside any hook; feeds now refuse what is not a plain file before opening it.
    @Test func feedsRefuseAFIFOInsteadOfBlocking() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local glasses = mock.paired()[1]
            local mic, micError = pcall(glasses.microphone.feed, glasses.microphone, "pipe")
            local cam, camError = pcall(glasses.camera.feed, glasses.camera, "pipe")
            print(mic, tostring(micError):find("FIFO") ~= nil, cam, tostring(camError):find("FIFO") ~= nil)
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        let result = try await GlassesProcess.run(["run", "--timeout", "30", "main.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "false\ttrue\tfalse\ttrue\n")
    }

    /// The README's tour runs as shown (for two minutes: an hour of frame diffs is slow in debug builds).
    @Test func theReadmeTourRuns() async throws {
        let readme = try String(contentsOfFile: "README.md".relativeToPackage, encoding: .utf8)
        let start = try #require(readme.range(of: "```lua\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await run(String(readme[start.upperBound..<end.lowerBound]), ["--for", "2m", "--out", folder])
        #expect(result.code == 0, "\(result.stderr)")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }
        #expect(!photos.isEmpty, "the tour saves the scene changes it captures")
    }
}

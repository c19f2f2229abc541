import Foundation
import ScriptTestSupport
import ServedWorldSupport
import Testing
import WearablesServer

/// A session captured once from a served world (`glasses run --connect --capture`, and
/// `glasses serve --record` on the other side) replays as a deterministic world:
/// `glasses run --replay` prints what the recorded run printed, twice alike to the byte,
/// and fails the same check; so does every seed of `glasses sweep --replay`.
@Suite(.serialized) struct SessionReplayTests {
    /// A field failure in miniature: the battery drains during a capture, and the script's
    /// check says it must not. What it prints depends on the frames' pixels, the photo and
    /// the mock's replies, so a replay that changed any of them would print otherwise.
    static let script = """
        local session = wearables.session()
        session:start()
        local cam = session:camera{resolution = "low", fps = 15}
        cam:start()
        for _ = 1, 3 do
          local frame = cam:next_frame()
          print(("frame %dx%d luma %.3f"):format(frame.width, frame.height, frame:luma()))
        end
        wait(math.random() * 0.2) -- the script's own randomness: a sweep's seeds vary it
        local photo = cam:capture("jpeg")
        print(("photo %dx%d %s"):format(photo.width, photo.height, photo.format))
        expect("battery above 20", function()
          local battery = wearables.devices()[1].battery
          return battery > 20, "battery at " .. battery .. "%"
        end)
        mock.paired()[1]:set_battery(12)
        print("battery set") -- printed or not, as the live run took the reply with the events or after them
        """

    @Test func aCapturedSessionReplaysTheSameAndFailsTheSameCheck() async throws {
        let folder = try GlassesProcess.folder(["field.lua": Self.script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ServeOptions()
        options.speed = 10
        options.recordDirectory = folder + "/served"
        let live = try await LoopbackServer.with(options) { url, token, _ in
            try Self.runBlocking(["run", "--timeout", "120", "--connect", url, "--token", token, "--capture", "captured.jsonl", "field.lua"], in: folder)
        }
        #expect(live.code == 4, "the check fails live: \(live.stderr)")
        #expect(live.stdout.contains("photo "), "\(live.stdout)")
        #expect(live.stderr.contains("battery above 20"), "\(live.stderr)")

        for file in ["captured.jsonl", "served/session-1.jsonl"] {
            var replays: [GlassesProcess.Result] = []
            for number in 1...2 {
                replays.append(try await GlassesProcess.run(["run", "--replay", file, "--trace", "trace-\(number).jsonl", "field.lua"], in: folder))
            }
            for replay in replays {
                #expect(replay.code == 4, "\(file): \(replay.stderr)")
                if file == "captured.jsonl" {
                    #expect(replay.stdout == live.stdout, "the client's capture prints what the recorded run printed")
                } else {
                    // The server's times are its writes: messages the client took in one pass come apart.
                    #expect(live.stdout.hasPrefix(replay.stdout) && replay.stdout.contains("photo "), "\(replay.stdout)")
                }
                #expect(replay.stderr.contains("battery above 20"), "\(replay.stderr)")
            }
            #expect(replays[0].stderr == replays[1].stderr)
            let traces = try (1...2).map { try String(contentsOfFile: folder + "/trace-\($0).jsonl", encoding: .utf8) }
            #expect(traces[0] == traces[1], "\(file): the same recording and script give the same trace")
            #expect(traces[0].contains(#""source":"replay","event":"start""#))
        }

        let sweep = try await GlassesProcess.run(["sweep", "--seeds", "1..3", "--jobs", "1", "--replay", "captured.jsonl", "field.lua"], in: folder)
        #expect(sweep.code == 1, "\(sweep.stdout)\(sweep.stderr)")
        #expect(sweep.stdout.contains("0 passed, 3 failed") && sweep.stdout.contains("outcomes: exit 4 x3"), "\(sweep.stdout)")
        #expect(sweep.stdout.contains("battery above 20"), "\(sweep.stdout)")
        #expect(sweep.stdout.contains("--replay captured.jsonl"), "the command that reproduces a seed replays too: \(sweep.stdout)")
    }

    @Test func aCommandTheRecordingNeverSawIsNamed() async throws {
        let folder = try GlassesProcess.folder([
            "record.lua": "wearables.session():start()\nprint('started')\n",
            "more.lua": "local s = wearables.session()\ns:start()\nprint('started')\ns:stop()\nprint('stopped')\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ServeOptions()
        options.speed = 10
        let live = try await LoopbackServer.with(options) { url, token, _ in
            try Self.runBlocking(["run", "--timeout", "120", "--connect", url, "--token", token, "--capture", "s.jsonl", "record.lua"], in: folder)
        }
        #expect(live.code == 0, "\(live.stderr)")
        let replay = try await GlassesProcess.run(["run", "--replay", "s.jsonl", "more.lua"], in: folder)
        #expect(replay.stdout == "started\nstopped\n", "\(replay.stderr)")
        #expect(replay.stderr.contains("glasses: replay: the recording has no 'close_session' command: the replayed world does not answer it"),
                "\(replay.stderr)")
    }

    /// Records `head` over a served world (it never makes the call `probe` makes), then replays
    /// `head` + `probe`: the replayed glasses never answer that call.
    static func replayWithoutAnswer(head: String, probe: String) async throws -> GlassesProcess.Result {
        let folder = try GlassesProcess.folder([
            "record.lua": head + "print('started')\ns:stop()\n",
            "probe.lua": head + probe + "s:stop()\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = ServeOptions()
        options.speed = 10
        let live = try await LoopbackServer.with(options) { url, token, _ in
            try Self.runBlocking(["run", "--timeout", "120", "--connect", url, "--token", token, "--capture", "s.jsonl", "record.lua"], in: folder)
        }
        #expect(live.code == 0, "\(live.stderr)")
        return try await GlassesProcess.run(["run", "--replay", "s.jsonl", "probe.lua"], in: folder)
    }

    /// A speech start the glasses never answer (here: a recording without `speech_listen`, as a
    /// bridge whose DAT call never returns) fails with `startFailed` after the model's timeout.
    @Test func aSpeechStartTheGlassesNeverAnswerFailsAfterTheTimeout() async throws {
        let replay = try await Self.replayWithoutAnswer(
            head: "mock.permissions.set('microphone', 'granted')\nlocal s = wearables.session()\ns:start()\nlocal sp = s:speech()\n",
            probe: "local t = now()\nlocal ok, err = pcall(sp.start, sp)\nprint(ok, err.code, sp.state, now() - t >= 10)\n")
        #expect(replay.stdout == "false\tstartFailed\tstopped\ttrue\n", "\(replay.stderr)")
        #expect(replay.stderr.contains("the recording has no 'speech_listen' command"), "\(replay.stderr)")
    }

    /// So does a Motion start the glasses never answer (no `watch_motion` in the recording): it
    /// fails with `deviceDisconnected` after the model's timeout, never started.
    @Test func aMotionStartTheGlassesNeverAnswerFailsAfterTheTimeout() async throws {
        let replay = try await Self.replayWithoutAnswer(
            head: "local s = wearables.session()\ns:start()\nlocal m = s:motion{}\n",
            probe: "local states = {}\nm:on('state', function(st) states[#states + 1] = st end)\nlocal t = now()\n"
                + "local ok, err = pcall(m.start, m)\nwait(0)\n"
                + "print(ok, err.code, m.state, now() - t >= 10, table.concat(states, ','))\n")
        #expect(replay.stdout == "false\tdeviceDisconnected\tstopped\ttrue\tstopped,starting,stopped\n", "\(replay.stderr)")
        #expect(replay.stderr.contains("the recording has no 'watch_motion' command"), "\(replay.stderr)")
    }

    @Test func aFileThatCannotBeReplayedIsOneErrorAndADamagedLineIsLeftOut() async throws {
        let folder = try GlassesProcess.folder([
            "noop.lua": "print(#wearables.devices())\n",
            "empty.jsonl": "",
            "other.jsonl": #"{"some":"log"}"# + "\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, message) in [
            ("empty.jsonl", "glasses: empty.jsonl is empty: a session recording starts with its header line"),
            ("other.jsonl", "glasses: other.jsonl line 1 has no 'glasses_session' field"),
            ("missing.jsonl", "glasses: cannot read the session recording 'missing.jsonl': check the path"),
        ] {
            let run = try await GlassesProcess.run(["run", "--replay", file, "noop.lua"], in: folder)
            #expect(run.code == 2, "\(file): \(run.stderr)")
            #expect(run.stderr.hasPrefix(message), "\(file): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
            let sweep = try await GlassesProcess.run(["sweep", "--seeds", "1..2", "--replay", file, "noop.lua"], in: folder)
            #expect(sweep.code == 2 && sweep.stderr.contains(String(message.dropFirst("glasses: ".count))), "\(file): \(sweep.stderr)")
        }
        var options = ServeOptions()
        options.speed = 10
        let live = try await LoopbackServer.with(options) { url, token, _ in
            try Self.runBlocking(["run", "--timeout", "120", "--connect", url, "--token", token, "--capture", "s.jsonl", "noop.lua"], in: folder)
        }
        #expect(live.stdout == "1\n", "\(live.stderr)")
        try (String(contentsOfFile: folder + "/s.jsonl", encoding: .utf8) + "{\"t\":oops}\n").write(toFile: folder + "/s.jsonl", atomically: true, encoding: .utf8)
        let damaged = try await GlassesProcess.run(["run", "--replay", "s.jsonl", "noop.lua"], in: folder)
        #expect(damaged.code == 0 && damaged.stdout == "1\n", "\(damaged.stderr)")
        #expect(damaged.stderr.contains("glasses: replay: s.jsonl line "), "\(damaged.stderr)")
        #expect(damaged.stderr.contains(": not JSON: fix the line or delete it; the line was left out"), "\(damaged.stderr)")
        let both = try await GlassesProcess.run(["run", "--replay", "s.jsonl", "--connect", "ws://127.0.0.1:1", "noop.lua"], in: folder)
        #expect(both.code == 2, "\(both.stderr)")
        #expect(both.stderr.contains("--replay and --connect both name the world: use one"), "\(both.stderr)")
    }

    /// Runs `glasses` to its end from the blocking body of a loopback server.
    static func runBlocking(_ arguments: [String], in folder: String) throws -> GlassesProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GlassesProcess.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let outPath = folder + "/live.stdout", errPath = folder + "/live.stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return GlassesProcess.Result(
            stdout: try String(contentsOfFile: outPath, encoding: .utf8), stderr: try String(contentsOfFile: errPath, encoding: .utf8),
            code: process.terminationStatus)
    }
}

import Foundation
import ScriptTestSupport
import Testing

/// `cam:record` from Lua, through `glasses run`; every file is read back by ffprobe,
/// a reader independent of the encoder, decoding each frame.
@Suite struct RecordingTests {
    /// What ffprobe finds in a file after decoding every frame.
    struct Probe {
        struct Stream {
            let codec: String
            let type: String
            let width: Int?
            let height: Int?
            let frames: Int?
            let sampleRate: Int?
            let duration: Double?
        }
        let streams: [Stream]
        let duration: Double
        var video: Stream? { streams.first { $0.type == "video" } }
        var audio: Stream? { streams.first { $0.type == "audio" } }
    }

    static func probe(_ path: String) async throws -> Probe {
        let result = try await GlassesProcess.launch(
            "/usr/bin/env",
            ["ffprobe", "-v", "error", "-count_frames", "-show_entries",
             "stream=codec_name,codec_type,width,height,nb_read_frames,sample_rate,duration:format=duration",
             "-of", "json", path])
        guard result.code == 0, let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw ProbeFailure(text: "ffprobe refused \(path): \(result.stderr)") }
        let streams = (json["streams"] as? [[String: Any]] ?? []).map { s in
            Probe.Stream(
                codec: s["codec_name"] as? String ?? "", type: s["codec_type"] as? String ?? "",
                width: s["width"] as? Int, height: s["height"] as? Int,
                frames: (s["nb_read_frames"] as? String).flatMap { Int($0) },
                sampleRate: (s["sample_rate"] as? String).flatMap { Int($0) },
                duration: (s["duration"] as? String).flatMap { Double($0) })
        }
        let duration = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap { Double($0) } ?? 0
        return Probe(streams: streams, duration: duration)
    }

    struct ProbeFailure: Error, CustomStringConvertible { let text: String; var description: String { text } }

    static func run(_ script: String, _ extra: [String] = [], seed: String = "1") async throws -> (GlassesProcess.Result, String) {
        let out = try GlassesProcess.temporaryDirectory()
        let result = try await GlassesProcess.run(["run", "--seed", seed, "--out", out] + extra + [GlassesProcess.script(script)])
        return (result, out)
    }

    @Test func recordsWhatTheStreamDelivers() async throws {
        let (result, out) = try await Self.run("record.lua")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(result.code == 0, "record.lua failed:\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("ok\n"), "record.lua did not reach its end:\n\(result.stdout)")

        let clip = try await Self.probe(out + "/clip.mp4")
        #expect(clip.video?.codec == "mpeg4")
        #expect(clip.video?.width == 360 && clip.video?.height == 640, "low's effective size")
        #expect(clip.video?.frames == 90, "30 fps for 3 s")
        #expect(abs(clip.duration - 3) < 0.05, "3 s, got \(clip.duration)")
        #expect(clip.audio == nil, "no audio track for a stream without audio")

        await #expect(try Self.probe(out + "/open.mp4").video?.frames == 30, "stopped after 1 s")
        await #expect(try Self.probe(out + "/ended.mp4").video?.frames == 15, "the stream stopped after 1 s at 15 fps")

        let ladder = try await Self.probe(out + "/ladder.mp4")
        #expect(ladder.video?.width == 504 && ladder.video?.height == 896, "frames after the ladder's step are scaled to the start size")
        #expect((ladder.video?.frames ?? 0) >= 50, "1 s at 30 fps then 1 s at the lower rate, got \(ladder.video?.frames ?? 0)")

        let talk = try await Self.probe(out + "/talk.mp4")
        #expect(talk.video?.frames == 30)
        #expect(talk.audio?.codec == "aac", "the stream's audio as AAC")
        #expect(talk.audio?.sampleRate == 16000, "at the stream's rate")
        #expect(abs((talk.audio?.duration ?? 0) - 2) < 0.1, "audio for the whole recording, got \(talk.audio?.duration ?? 0)")
    }

    @Test func aFoldCutsItShortAndTheFilePlays() async throws {
        let (result, out) = try await Self.run("record_fold.lua")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(result.code == 0, "record_fold.lua failed:\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("ok\n"), "record_fold.lua did not reach its end:\n\(result.stdout)")
        let frames = result.stdout.split(separator: " ").first.flatMap { Int($0.dropFirst("frames=".count)) } ?? -1
        let probe = try await Self.probe(out + "/folded.mp4")
        #expect(probe.video?.frames == frames, "ffprobe decodes every frame the recorder wrote (\(frames))")
        #expect((55...61).contains(frames), "about 2 s at 30 fps before the fold, got \(frames)")
    }

    @Test func aScriptErrorLeavesAPlayableFile() async throws {
        let (result, out) = try await Self.run("record_error.lua")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(result.code == 1, "the error ends the run:\n\(result.stderr)")
        #expect(result.stderr.contains("boom"))
        let probe = try await Self.probe(out + "/cut.mp4")
        // From the first frame (1/30 s after the call) to the error 1.5 s after the call.
        #expect(probe.video?.frames == 44, "1.5 s at 30 fps, got \(probe.video?.frames ?? -1)")
    }

    @Test func theSameSeedGivesTheSameBytes() async throws {
        let (first, a) = try await Self.run("record.lua", seed: "3")
        let (second, b) = try await Self.run("record.lua", seed: "3")
        defer {
            try? FileManager.default.removeItem(atPath: a)
            try? FileManager.default.removeItem(atPath: b)
        }
        #expect(first.code == 0 && second.code == 0, "\(first.stderr)\(second.stderr)")
        for name in ["clip.mp4", "ladder.mp4", "talk.mp4"] {
            let one = try Data(contentsOf: URL(fileURLWithPath: a + "/" + name))
            let two = try Data(contentsOf: URL(fileURLWithPath: b + "/" + name))
            #expect(!one.isEmpty && one == two, "\(name) differs between two runs of seed 3")
        }
    }

    @Test func theStrictSandboxKeepsRecordingsInOut() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local cam = wearables.stream{ resolution = "low", fps = 15 }
            cam:start()
            local ok, err = pcall(cam.record, cam, { path = "../escape.mp4", duration = 1 })
            print(ok, err)
            cam:stop()
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--sandbox", "strict", "--out", "out", "main.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("false\tcannot record to '../escape.mp4'"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/escape.mp4"))
    }

    /// Ctrl-C mid-recording: the run ends through the host, which writes the last fragment.
    @Test func anInterruptFinishesTheFile() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local cam = wearables.stream{ resolution = "low", fps = 15 }
            cam:start()
            cam:record{ path = "live.mp4" }
            -- Frames, not wall seconds: on a loaded machine a second may hold only a few.
            for _ = 1, 15 do cam:next_frame() end
            io.write('ready\\n') io.stdout:flush()
            while true do wait(1) end
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // On the wall clock, so the recording holds about a second, not hours of virtual time.
        let (process, _) = try GlassesProcess.startReady(["run", "--realtime", "--timeout", "60", "--out", "out", "main.lua"], in: folder)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let probe = try await Self.probe(folder + "/out/live.mp4")
        #expect((probe.video?.frames ?? 0) >= 14, "at least the 15 frames before Ctrl-C, got \(probe.video?.frames ?? 0)")
    }
}

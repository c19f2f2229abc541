import Foundation
import ScriptTestSupport
import Testing

/// The `audio` module from Lua, through `glasses run` on the virtual clock.
struct AudioScriptTests {
    @Test func audioModule() async throws {
        let out = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try await GlassesProcess.run(["run", "--seed", "1", "--out", out, GlassesProcess.script("audio.lua")])
        #expect(result.code == 0, "audio.lua failed:\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("ok\n"), "audio.lua did not reach its end:\n\(result.stdout)")
        let wav = try Data(contentsOf: URL(fileURLWithPath: out + "/tone.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8))
        #expect(wav.count == 44 + 16000 * 2, "1 s of 16 kHz 16-bit mono after a 44-byte header")
        #expect(FileManager.default.fileExists(atPath: out + "/call.wav"), "an interrupted recording keeps its file")
    }

    @Test func narrowbandHFPKeepsRecordingAt16kHz() async throws {
        let out = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try await GlassesProcess.run(["run", "--seed", "1", "--out", out, GlassesProcess.script("fidelity_hfp_narrowband.lua")])
        #expect(result.code == 0, "fidelity_hfp_narrowband.lua failed:\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("ok\n"), "fidelity_hfp_narrowband.lua did not reach its end:\n\(result.stdout)")
        let wav = try Data(contentsOf: URL(fileURLWithPath: out + "/narrowband.wav"))
        #expect(wav.count == 44 + 2 * 16000 * 2, "2 s of 16 kHz 16-bit mono, 1 s of it heard at 8 kHz")
    }
}

import Foundation
import LuaHost
import Testing

/// The `audio` module from Lua, on the virtual clock.
struct AudioScriptTests {
    @Test func audioModule() throws {
        let out = try ScriptHarness.temporaryDirectory()
        #expect(try ScriptHarness.run("audio.lua", out: out) == LuaRunOutcome(exitCode: LuaRunOutcome.success))
        let wav = try Data(contentsOf: URL(fileURLWithPath: out + "/tone.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8))
        #expect(wav.count == 44 + 16000 * 2, "1 s of 16 kHz 16-bit mono after a 44-byte header")
        #expect(FileManager.default.fileExists(atPath: out + "/call.wav"), "an interrupted recording keeps its file")
    }
}

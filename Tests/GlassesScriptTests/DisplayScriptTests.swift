import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import Testing
import WearablesCore
import RecipeLockFile

/// The display from Lua (`session:display()`, `glasses.display`), on the simulator here.
@Suite struct DisplayScriptTests {

    @Test func aCardWithAButtonShowsClicksAndSnapshots() throws {
        let folder = try ScriptHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = folder + "/card.png"
        let outcome = try ScriptHarness.run("display.lua", arguments: [snapshot], trace: folder + "/trace.jsonl", out: folder)
        #expect(outcome.status == .exit(0), "\(outcome.report ?? "")")
        let png = try Data(contentsOf: URL(fileURLWithPath: snapshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The trace holds the picture's hash, so a later run's trace shows whether the lens changed.
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
        #expect(trace.contains("\"event\":\"snapshot\",\"values\":{\"device\":"), "\(trace.suffix(500))")
        #expect(trace.contains("\"sha256\":\"\(SHA256.hex(png))\""))
        let golden = Golden.folder.appendingPathComponent("display-card.png")
        if Golden.isUpdating {
            try png.write(to: golden)
        } else {
            let expected = try Data(contentsOf: golden)
            #expect(png == expected, "the card's snapshot differs from Goldens/display-card.png; if intended, run \(Golden.refreshCommand)")
        }
    }

    /// A photo and a frame become images on the lens: the snapshot shows their pixels.
    @Test func photosAndFramesShowAsImages() throws {
        let folder = try ScriptHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = folder + "/lens.png"
        let outcome = try ScriptHarness.run("display_pixels.lua", arguments: [snapshot], out: folder)
        #expect(outcome.status == .exit(0), "\(outcome.report ?? "")")
        let lens = try ImageCodecs.decode(contentsOf: snapshot)
        // Two 48x48 icons of camera pictures: not the black of an empty lens.
        #expect(lens.pixels.contains { $0 > 40 }, "the lens shows the pictures")
    }

    /// The default world's only pair is a Ray-Ban Meta, which has no display: the error keeps
    /// the model's code but says that, and how to get a display, not that the device ended a
    /// session that is still started.
    @Test func aDisplayOnGlassesWithoutOneNamesTheCauseAndTheFix() throws {
        let folder = try ScriptHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            local session = wearables.session()
            session:start()
            local ok, err = pcall(session.display, session)
            assert(not ok and err.domain == "DeviceSessionError" and err.code == "unexpectedError", tostring(err))
            assert(session.state == "started", session.state)
            assert(err.message:find("(rayBanMeta) has no display", 1, true), err.message)
            assert(err.message:find('mock.pair("metaRayBanDisplay")', 1, true), err.message)
            assert(not err.message:find("power-cycle", 1, true), err.message)
            session:stop()
            local display_glasses = mock.pair("metaRayBanDisplay")
            local other = wearables.session(wearables.specific_selector(display_glasses.device))
            other:start()
            assert(other:display().state == "stopped", "the fix the message names works")
            other:stop()
            """.write(toFile: folder + "/no_display.lua", atomically: true, encoding: .utf8)
        let runtime = try ScriptRuntime(options: RunOptions())
        let outcome = runtime.close(runtime.run(script: folder + "/no_display.lua", arguments: []))
        #expect(outcome.status == .success, "\(outcome.report ?? "")")
    }

    @Test func anErroringCallbackIsReportedAndTheWorldGoesOn() throws {
        let outcome = try ScriptHarness.run("display_callback_error.lua")
        #expect(outcome.status != .success)
        #expect((outcome.report ?? "").contains("1 task failed"), "\(outcome.report ?? "")")
    }
}

import Foundation
import GlassesScript
import LuaHost
import Testing

/// The display from Lua (`session:display()`, `glasses.display`), on the simulator here.
@Suite struct DisplayScriptTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    @Test func aCardWithAButtonShowsClicksAndSnapshots() throws {
        let folder = try ScriptHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = folder + "/card.png"
        let outcome = try ScriptHarness.run("display.lua", arguments: [snapshot], out: folder)
        #expect(outcome.status == .success, "\(outcome.report ?? "")")
        let png = try Data(contentsOf: URL(fileURLWithPath: snapshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let golden = Self.goldens.appendingPathComponent("display-card.png")
        if Golden.isUpdating {
            try png.write(to: golden)
        } else {
            let expected = try Data(contentsOf: golden)
            #expect(png == expected, "the card's snapshot differs from Goldens/display-card.png; if intended, run \(Golden.refreshCommand)")
        }
    }

    @Test func anErroringCallbackIsReportedAndTheWorldGoesOn() throws {
        let outcome = try ScriptHarness.run("display_callback_error.lua")
        #expect(outcome.status != .success)
        #expect((outcome.report ?? "").contains("1 task failed"), "\(outcome.report ?? "")")
    }
}

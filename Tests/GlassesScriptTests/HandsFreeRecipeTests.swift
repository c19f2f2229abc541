import Foundation
import ScriptTestSupport
import Testing
import WearablesAudio
import WearablesCore

/// The built-in recipes over DAT 1.0's hands-free surfaces: hands-free-capture (a capture-button
/// double press, or a spoken keyword, injected or heard by the live recogniser), voice-start
/// ("Hey Meta, open <app>" starts a recipe) and code-display (a code read, shown with a Save
/// button on Meta Ray-Ban Display glasses). Each runs on the simulator's virtual clock.
@Suite struct HandsFreeRecipeTests {
    static let recognizerReady: Bool = (try? SpeechRecognizer()) != nil
    static let recognizerSkip: Comment = "needs PocketSphinx with its en-us model and espeak-ng: scripts/setup installs them"

    private static func photos(in folder: String, prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.sorted()
    }

    private static func run(_ script: String, expecting files: [String], prefix: String = "handsfree_") throws -> String {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CodeTests.run(script, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        #expect(try photos(in: folder, prefix: prefix) == files)
        return result.trace
    }

    @Test func handsFreeCaptureTakesAPhotoOnEachDoublePressOnly() throws {
        let trace = try Self.run("""
            local glasses = mock.paired()[1]
            local handle = recipes.run("hands-free-capture")
            wait(2)
            glasses.input:capture("shortPress")
            glasses.input:capture("hold")
            wait(2) glasses.input:capture("doublePress")
            wait(2) glasses.input:capture("doublePress")
            wait(2)
            assert(handle.status == "running", handle.status)
            handle:stop()
            """, expecting: ["handsfree_0001.jpg", "handsfree_0002.jpg"])
        #expect(trace.contains("[hands-free-capture] double press: saved handsfree_0002.jpg"))
    }

    @Test func handsFreeCaptureTakesAPhotoOnAnInjectedKeywordAsAWholeFinalWord() throws {
        let trace = try Self.run("""
            local glasses = mock.paired()[1]
            local handle = recipes.run("hands-free-capture", {trigger = "keyword", keyword = "Cheese"})
            wait(2)
            glasses.speech:partial("say cheese")       -- a partial: skipped
            glasses.speech:say("cheesecake please")    -- not the whole word
            wait(1)
            glasses.speech:say("say CHEESE")
            wait(2)
            glasses.input:capture("doublePress")       -- not this trigger
            wait(2)
            handle:stop()
            """, expecting: ["handsfree_0001.jpg"])
        #expect(trace.contains("[hands-free-capture] heard \\\"say CHEESE\\\": saved handsfree_0001.jpg"), "\(trace)")
    }

    @Test(.enabled(if: recognizerReady, recognizerSkip)) func handsFreeCaptureHearsASpokenKeywordThroughTheLiveRecogniser() throws {
        let trace = try Self.run("""
            local glasses = mock.paired()[1]
            glasses.speech:set_source("liveDeviceAsr")
            glasses.microphone:feed{speech = "take a photo"}
            recipes.run("hands-free-capture", {trigger = "either", keyword = "photo", count = 1})
            wait(30)
            error("no capture within 30 s")
            """, expecting: ["handsfree_0001.jpg"])
        #expect(trace.contains("[hands-free-capture] heard"))
    }

    @Test func handsFreeCaptureGivesUpOnAKeywordOfSeveralWords() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CodeTests.run("""
            local handle = recipes.run("hands-free-capture", {trigger = "keyword", keyword = "say cheese"})
            wait(1)
            assert(handle.status == "gave_up", handle.status)
            """, in: folder)
        #expect(result.trace.contains("hands-free-capture gave up: keyword \\\"say cheese\\\" is not one word"), "\(result.trace)")
    }

    @Test func voiceStartStartsItsRecipeOnALaunchAndAnswersEachLaunchOnce() throws {
        let trace = try Self.run("""
            local glasses = mock.paired()[1]
            local handle = recipes.run("voice-start", {recipe = "hands-free-capture", with = "count=1"})
            wait(1)
            assert(handle.launched == nil, "nothing started before the wearer asks")
            local first = assert(glasses.voice:launch(), "the stream listens")
            wait(5)
            assert(glasses.voice:answer(first) == "success", (glasses.voice:answer(first)))
            assert(handle.launched.status == "running", handle.launched.status)
            local second = glasses.voice:launch()
            wait(2)
            local answer, output = glasses.voice:answer(second)
            assert(answer == "success" and output:find("already running"), tostring(output))
            glasses.input:capture("doublePress")
            wait(5)
            error("count=1 should have ended the run")
            """, expecting: ["handsfree_0001.jpg"])
        #expect(trace.contains("[voice-start] launch"), "\(trace)")
    }

    @Test func voiceStartGivesUpOnAnUnknownRecipe() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CodeTests.run("""
            local handle = recipes.run("voice-start", {recipe = "no-such-recipe"})
            wait(1)
            assert(handle.status == "gave_up", handle.status)
            """, in: folder)
        #expect(result.trace.contains("voice-start gave up: no recipe \\\"no-such-recipe\\\""), "\(result.trace)")
    }

    @Test func codeDisplayShowsACodeAndSavesItOnTheButton() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CodeTests.still("code.png", in: folder, code: "shown on the lens", x: 60, y: 200)
        let result = try CodeTests.run("""
            local glasses = mock.pair("metaRayBanDisplay")
            glasses.camera:feed("code.png")
            recipes.run("code-display", {count = 1})
            wait(5)
            assert(glasses.display:click("save"), "the Save button is shown")
            wait(5)
            error("count=1 should have ended the run")
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        #expect(try Self.photos(in: folder, prefix: "display_code_") == ["display_code_0001.jpg"])
        #expect(result.trace.contains("[code-display] showing QR-Code \\\"shown on the lens\\\""), "\(result.trace)")
        let found = try CodeScanner.scan(try ImageCodecs.decode(contentsOf: folder + "/display_code_0001.jpg"))
        #expect(found.map(\.text) == ["shown on the lens"])
    }
}

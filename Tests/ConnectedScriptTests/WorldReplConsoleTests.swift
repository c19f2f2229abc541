import Foundation
import GlassesScript
import Testing
import WearablesCore
import WearablesServer
import WearablesSimulator

/// The served world's console (`WorldReplConsole`): the REPL engine on a world whose
/// loop runs on its own thread, as `glasses serve` runs it. Inputs print as in
/// `glasses repl`, errors carry their traceback, and no input (a loop that never
/// yields, `exit()`) can stop or hold the world.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct WorldReplConsoleTests {
    /// A console made on the world's thread, used only there.
    final class Box: @unchecked Sendable {
        var console: WorldReplConsole?
    }

    struct Printed: Sendable, Equatable {
        var output: String
        var errorOutput: String
    }

    let served = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
    let box = Box()

    func start(inputLimit: Double = 10, outputDirectory: String? = nil) async throws {
        let box = box
        try await served.perform { world in
            box.console = try? WorldReplConsole(world: world, outputDirectory: outputDirectory, inputLimit: inputLimit)
        }
        #expect(box.console != nil)
    }

    func evaluate(_ code: String) async -> Printed {
        let (box, served) = (box, served)
        return await withCheckedContinuation { continuation in
            served.post { _ in
                box.console?.evaluate(code) { output, errorOutput in
                    continuation.resume(returning: Printed(output: output, errorOutput: errorOutput))
                }
            }
        }
    }

    func stop() async {
        let box = box
        _ = try? await served.perform { _ in box.console?.close() }
        await served.stop()
    }

    /// `glasses serve --out`: what the console saves lands there, and nowhere else.
    @Test func filesTheConsoleSavesLandInItsOutputFolderOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await start(outputDirectory: folder)
        let saved = await evaluate("local cam = wearables.stream{}; cam:start(); frame = cam:next_frame(); return frame:save('frame.png')")
        #expect(saved.errorOutput == "", "\(saved.errorOutput)")
        #expect(FileManager.default.fileExists(atPath: folder + "/frame.png"))
        let outside = await evaluate("return frame:save('../escaped.png')")
        #expect(outside.errorOutput.contains("is outside the output folder"), "\(outside)")
        await stop()
    }

    /// The gallery hears of each file once it is whole: a frame as it is saved, a recipe's
    /// photos, a recording only when it ends; and after `exit()` the fresh state reports too.
    @Test func theConsoleReportsEachFileItFinishesSaving() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-saves-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await start(outputDirectory: folder)
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let heard = Heard()
        try await served.perform { [box] _ in box.console?.onSave = { heard.add($0) } }
        let streamed = await evaluate(
            "local cam = wearables.stream{}; cam:start(); cam:next_frame():save('f.png'); cam:record{path='clip.mp4', duration=0.5}:wait(); cam:stop()")
        #expect(streamed.errorOutput == "", "\(streamed)")
        #expect(heard.files == [SavedFile(path: real + "/f.png", kind: .frame), SavedFile(path: real + "/clip.mp4", kind: .recording)])
        let started = await evaluate("audio.configure{category='record'}; audio.activate(); rec = audio.record{path='take.wav', duration=0.5}")
        #expect(started.errorOutput == "", "\(started)")
        #expect(heard.files.count == 2, "a recording is not reported before it ends")
        #expect(await evaluate("rec:wait(); audio.deactivate()").errorOutput == "")
        #expect(heard.files.last == SavedFile(path: real + "/take.wav", kind: .recording))
        _ = await evaluate("exit(0)")
        // Two seconds between sessions, or the glasses stick (the restart quirk the simulator models).
        let recipe = await evaluate("wait(2); r = recipes.run('interval-capture', {interval='1s'}); wait(3); r:stop()")
        #expect(recipe.errorOutput == "", "\(recipe)")
        #expect(heard.files.last?.kind == .photo)
        #expect(heard.files.last?.path.hasPrefix(real + "/interval_") == true, "\(heard.files)")
        await stop()
    }

    /// A console in a worker process has a phone of its own: the audio settings its code
    /// makes are reported (after the input, and again when they change), and carried as
    /// JSON to the served phone they turn it the same way (HFP to the glasses, active).
    @Test func theAudioSettingsTheConsoleMakesAreReportedForTheServedPhone() async throws {
        try await start()
        let reported = Reported()
        try await served.perform { [box] _ in box.console?.onAudioSettings = { reported.add($0) } }
        let turned = await evaluate("audio.configure{category='playAndRecord', options={'allowBluetooth'}}; audio.activate()")
        #expect(turned.errorOutput == "", "\(turned)")
        let last = try #require(reported.all.last)
        #expect(last.active && last.configuration.options.count == 1)
        let carried = try #require(ConsoleAudioSettings(json: try JSONValue.parse(Array(try last.json.encoded()))))
        #expect(carried == last)
        let phone = ServedWorld(preset: .ready, seed: 0, speed: 1, traceSink: nil)
        let (taken, overHFP) = try await phone.perform { world in
            carried.apply(to: world)
            return (ConsoleAudioSettings(of: world), world.audio.isRoutedOverHFPToGlasses)
        }
        #expect(taken == carried)
        #expect(overHFP, "the served phone routes to the glasses as the console's did")
        await phone.stop()
        let count = reported.all.count
        #expect(await evaluate("return 1").errorOutput == "")
        #expect(reported.all.count == count, "unchanged settings are not reported again")
        #expect(await evaluate("audio.deactivate()").errorOutput == "")
        #expect(reported.all.last?.active == false)
        await stop()
    }

    final class Reported: @unchecked Sendable {
        private(set) var all: [ConsoleAudioSettings] = []
        func add(_ settings: ConsoleAudioSettings) { all.append(settings) }
    }

    final class Heard: @unchecked Sendable {
        private(set) var files: [SavedFile] = []
        func add(_ file: SavedFile) { files.append(file) }
    }

    @Test func valuesPrintAsInTheReplAndTheWorldIsTheServedOne() async throws {
        try await start()
        #expect(await evaluate("1+1") == Printed(output: "2\n", errorOutput: ""))
        #expect(await evaluate("wearables.devices()[1].name").output == "\"Ray-Ban Meta\"\n")
        #expect(await evaluate("local x = 1\nfor i = 1, 3 do\n  x = x * 2\nend\nreturn x") == Printed(output: "8\n", errorOutput: ""))
        #expect(await evaluate("print('a', 1, nil)") == Printed(output: "a\t1\tnil\n", errorOutput: ""))
        #expect(await evaluate("print_target").output == "nil\n")
        let completions = try await served.perform { [box] _ in box.console?.completions(for: "wearables.dev") ?? [] }
        #expect(completions.contains("wearables.devices"))
        #expect(completions.allSatisfy { $0.hasPrefix("wearables.dev") })
        await stop()
    }

    @Test func anErrorComesWithItsTracebackAndTheConsoleGoesOn() async throws {
        try await start()
        let failed = await evaluate(#"error("boom")"#)
        #expect(failed.output.isEmpty)
        #expect(failed.errorOutput.contains("boom"))
        #expect(failed.errorOutput.contains("stack traceback"))
        #expect(await evaluate("if true then").errorOutput.contains("incomplete input"))
        #expect(await evaluate("1+1").output == "2\n")
        await stop()
    }

    @Test func aLoopThatNeverYieldsIsStoppedAtTheLimitAndTheWorldGoesOn() async throws {
        try await start(inputLimit: 0.5)
        let stopped = await evaluate("while true do end")
        #expect(stopped.errorOutput.contains("limit per input and was stopped"))
        #expect(await evaluate("1+1").output == "2\n")
        // A wait that outlives the limit is ended too; the world's clock went on meanwhile.
        let parked = await evaluate("wait(60)")
        #expect(parked.errorOutput.contains("limit per input and was stopped"))
        let now = try await served.perform { world in world.scheduler.now }
        #expect(now > 0.9)
        await stop()
    }

    /// A long computation runs in time slices (each preemption invisible to it, inside
    /// its own coroutines too) and still ends with its value; a wait after it waits,
    /// and what it printed shows, in order.
    @Test func aLongComputationAndAWaitAfterItPrintTheirValues() async throws {
        try await start()
        let counted = await evaluate("local n = 0\nfor i = 1, 3000000 do n = n + 1 end\nprint('counted')\nwait(0.1)\nreturn n")
        #expect(counted == Printed(output: "counted\n3000000\n", errorOutput: ""))
        let generated = await evaluate("""
            local gen = coroutine.wrap(function()
              for r = 1, 2 do local s = 0 for j = 1, 1000000 do s = s + 1 end coroutine.yield(s + r) end
            end)
            return gen(), gen()
            """)
        #expect(generated == Printed(output: "1000001\t1000002\n", errorOutput: ""))
        await stop()
    }

    /// Waits until the world's clock has moved `seconds` on, from an event on its own thread.
    func worldAdvances(_ seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            served.post { world in _ = world.scheduler.schedule(after: seconds) { continuation.resume() } }
        }
    }

    @Test func aClosedConsolesTimersNeverRunAndTheWorldGoesOn() async throws {
        try await start()
        #expect(await evaluate("ticks = 0\nevery(0.02, function() ticks = ticks + 1 end)").errorOutput.isEmpty)
        await worldAdvances(0.1)
        #expect(await evaluate("ticks > 0").output == "true\n")
        let box = box
        try await served.perform { _ in box.console?.close() }
        // The timer stays scheduled in the world and finds its state stopped: nothing runs, nothing stops the world.
        await worldAdvances(0.2)
        let now = try await served.perform { world in world.scheduler.now }
        #expect(now > 0.3)
        await served.stop()
    }

    @Test func exitEndsOnlyTheConsolesStateAndTheNextInputGetsANewOne() async throws {
        try await start()
        #expect(await evaluate("x = 41").errorOutput.isEmpty)
        #expect(await evaluate("exit(3)").errorOutput.contains("the next input starts a new one"))
        #expect(await evaluate("x").output == "nil\n")
        #expect(await evaluate("1+1").output == "2\n")
        await stop()
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesEmbedding
import GlassesScript
import Testing
import WearablesCore
import WearablesSimulator

/// The API an app embeds the host with, over the simulator: what a script says arrives as
/// events, how it ended as a Swift value, and `stop()` ends it from another thread.
@Suite(.timeLimit(.minutes(1))) struct EmbeddedScriptTests {
    static let simulated: EmbeddedScript.WorldMaker = { configuration, sink in
        SimulatedWorld.ready(seed: configuration.seed, clock: configuration.clock, traceSink: sink)
    }

    private func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private func script(_ source: String, in folder: String) throws -> String {
        let path = folder + "/script.lua"
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func virtual(_ folder: String) -> EmbeddedConfiguration {
        var configuration = EmbeddedConfiguration()
        configuration.clock = .virtual
        configuration.outputDirectory = folder
        return configuration
    }

    private func collect(_ run: EmbeddedScript) async -> (output: [ScriptOutput], trace: [String]) {
        var output: [ScriptOutput] = [], trace: [String] = []
        for await event in run.events {
            switch event {
            case .output(let line): output.append(line)
            case .trace(let line): trace.append(line)
            }
        }
        return (output, trace)
    }

    @Test func printsLogsAndTraceReachTheAppAndAPhotoIsWritten() async throws {
        let folder = try scratch()
        let path = try script("""
            print("hello", 42)
            log.info("starting %s", "session")
            local session = wearables.session()
            session:start()
            local cam = session:camera{resolution = "low"}
            cam:start()
            cam:capture("jpeg"):save("shot.jpg")
            session:stop()
            """, in: folder)
        let run = EmbeddedScript.start(.script(path: path), configuration: virtual(folder), world: Self.simulated)
        let (output, trace) = await collect(run)
        #expect(try await run.result.get() == ())
        #expect(output.first == .printed("hello\t42\n"))
        #expect(output.contains { if case .logged("info", "starting session", _) = $0 { true } else { false } })
        #expect(trace.contains { $0.contains("\"state\":\"started\"") })
        #expect(trace.last?.contains("\"event\":\"end\",\"values\":{\"reason\":\"done\",\"code\":0}") == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/shot.jpg"))
    }

    @Test func anUncaughtErrorIsASwiftValueNamingTheLine() async throws {
        let folder = try scratch()
        let path = try script("local x = nil\nprint(x.field)\n", in: folder)
        let run = EmbeddedScript.start(.script(path: path), configuration: virtual(folder), world: Self.simulated)
        _ = await collect(run)
        let error = try #require(await run.result.failure)
        #expect(error.kind == .scriptError)
        #expect(error.message.contains("script.lua:2"))
    }

    @Test func exitWithACodeIsReported() async throws {
        let folder = try scratch()
        let path = try script("exit(3)\n", in: folder)
        let run = EmbeddedScript.start(.script(path: path), configuration: virtual(folder), world: Self.simulated)
        _ = await collect(run)
        #expect(await run.result.failure?.kind == .exit(3))
    }

    @Test func aMissingScriptIsALoadFailure() async throws {
        let folder = try scratch()
        let run = EmbeddedScript.start(.script(path: folder + "/absent.lua"), configuration: virtual(folder), world: Self.simulated)
        _ = await collect(run)
        let error = try #require(await run.result.failure)
        #expect(error.kind == .loadFailure)
        #expect(error.message.contains("absent.lua"))
    }

    @Test func aRecipeRunsWithItsParametersChecked() async throws {
        let folder = try scratch()
        let recipe = try RecipeCatalog.builtInDirectory.get() + "/interval-capture.recipe"
        let run = EmbeddedScript.start(.recipe(folder: recipe, parameters: ["interval": "2s", "count": "2"]),
                                       configuration: virtual(folder), world: Self.simulated)
        _ = await collect(run)
        #expect(try await run.result.get() == ())
        #expect(FileManager.default.fileExists(atPath: folder + "/interval_0002.jpg"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/interval_0003.jpg"))

        let wrong = EmbeddedScript.start(.recipe(folder: recipe, parameters: ["intervall": "2s"]),
                                         configuration: virtual(folder), world: Self.simulated)
        _ = await collect(wrong)
        let error = try #require(await wrong.result.failure)
        #expect(error.kind == .loadFailure)
        #expect(error.message.contains("no parameter 'intervall'"))
    }

    /// On the wall clock, as in an app: the script waits an hour; `stop()` from this task ends it.
    @Test func stopEndsAWallClockRunWaitingForTheGlasses() async throws {
        let folder = try scratch()
        let path = try script("print('ready')\nwait(3600)\nprint('never')\n", in: folder)
        var configuration = virtual(folder)
        configuration.clock = .wall
        let run = EmbeddedScript.start(.script(path: path), configuration: configuration, world: Self.simulated)
        var output: [ScriptOutput] = []
        for await event in run.events {
            guard case .output(let line) = event else { continue }
            output.append(line)
            if line == .printed("ready\n") { run.stop() }
        }
        #expect(await run.result.failure?.kind == .stopped)
        #expect(!output.contains(.printed("never\n")))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}

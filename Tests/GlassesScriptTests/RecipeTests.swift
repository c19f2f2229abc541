import Foundation
import LuaHost
import Testing

@testable import GlassesScript

@Suite struct RecipeTests {
    /// A fresh temporary folder, removed by the caller.
    private static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `NAME.recipe/init.lua` under `directory`.
    private static func writeRecipe(_ name: String, in directory: String, body: String) throws {
        let folder = "\(directory)/\(name).recipe"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try body.write(toFile: folder + "/init.lua", atomically: true, encoding: .utf8)
    }

    private static func minimal(_ name: String, description: String = "test", start: String = "function() end") -> String {
        "return {name = '\(name)', version = '0.1', description = '\(description)', params = {}, start = \(start)}"
    }

    private func builtIn(_ name: String) throws -> Recipe {
        try RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"]).recipe(named: name)
    }

    // MARK: Parameters

    @Test func parameterValuesAreTypedAndChecked() throws {
        let interval = RecipeParameter(name: "interval", kind: .duration, defaultText: "30s", minimum: 1)
        #expect(shown(try interval.value(from: "5m")) == "number 300.0")
        #expect(throws: RecipeError("parameter 'interval' (duration): '0.5' is not valid: it must be at least 1")) {
            try interval.value(from: "0.5")
        }
        #expect(throws: RecipeError.self) { try interval.value(from: "soon") }
        let count = RecipeParameter(name: "count", kind: .integer, defaultText: "0", maximum: 10)
        #expect(shown(try count.value(from: "3")) == "integer 3")
        #expect(throws: RecipeError.self) { try count.value(from: "2.5") }
        #expect(throws: RecipeError.self) { try count.value(from: "11") }
        let format = RecipeParameter(name: "format", kind: .enum, defaultText: "jpeg", values: ["jpeg", "heic"])
        #expect(throws: RecipeError("parameter 'format' (enum): 'png' is not valid: use one of jpeg, heic")) {
            try format.value(from: "png")
        }
        let flag = RecipeParameter(name: "flag", kind: .boolean, defaultText: nil)
        #expect(shown(try flag.value(from: "yes")) == "boolean true")
        #expect(throws: RecipeError.self) { try flag.value(from: "maybe") }
        #expect(shown(try RecipeParameter(name: "t", kind: .number, defaultText: nil).value(from: "0.25")) == "number 0.25")
    }

    @Test func runValuesFillDefaultsAndRejectUnknownOrMissingParameters() throws {
        let recipe = try builtIn("interval-capture")
        let values = try recipe.values(["interval=10s"])
        #expect(shown(values["interval"]) == "number 10.0")
        #expect(shown(values["format"]) == "string jpeg")
        #expect(shown(values["count"]) == "integer 0")
        #expect(throws: RecipeError.self) { try recipe.values(["intervl=10s"]) }
        #expect(throws: RecipeError.self) { try recipe.values(["interval"]) }

        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe(
            "needs", in: directory,
            body: "return {name='needs', version='1', description='d', params={{name='n', type='integer'}}, start=function() end}")
        let needs = try Recipe.load(folder: directory + "/needs.recipe", origin: .option)
        #expect(throws: RecipeError("recipe 'needs' needs --param n=... (integer, required)")) { try needs.values([]) }
    }

    @Test func brokenMetadataIsReportedWithTheFix() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("nostart", in: directory, body: "return {name='nostart', version='1', description='d'}")
        try Self.writeRecipe("badtype", in: directory, body: """
            return {name='badtype', version='1', description='d', start=function() end,
              params={{name='x', type='float', default=1}}}
            """)
        try Self.writeRecipe("renamed", in: directory, body: Self.minimal("other"))
        try Self.writeRecipe("syntax", in: directory, body: "return {")
        let catalog = RecipeCatalog(places: [.init(directory: directory, origin: .option)])
        let messages = catalog.list().compactMap { result -> String? in
            if case .failure(let error) = result { return error.message }
            return nil
        }
        #expect(messages.count == 4)
        #expect(messages.contains { $0.contains("'start' must be a function(ctx, params)") })
        #expect(messages.contains { $0.contains("has type 'float'; use one of number, integer") })
        #expect(messages.contains { $0.contains("name is 'other' but the folder says 'renamed'") })
        #expect(messages.contains { $0.contains("unexpected symbol") || $0.contains("expected") })
    }

    @Test func metadataThatLoopsOrHoardsIsCutOffAndSkipped() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("loops", in: directory, body: "while true do end")
        try Self.writeRecipe("hoards", in: directory, body: "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end")
        try Self.writeRecipe("slowname", in: directory, body: """
            return setmetatable({version='1', description='d', start=function() end},
              {__index = function() while true do end end})
            """)
        try Self.writeRecipe("fine", in: directory, body: Self.minimal("fine"))
        let results = RecipeCatalog(places: [.init(directory: directory, origin: .option)]).list()
        let messages = results.compactMap { result -> String? in
            if case .failure(let error) = result { return error.message }
            return nil
        }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("exceeded") || $0.contains("memory") }, "\(messages)")
        #expect(results.compactMap { try? $0.get().name } == ["fine"])
    }

    // MARK: Sandboxes

    /// A recipe that reports whether it can see `io`, declaring `sandbox`.
    private static func writePeek(_ sandbox: LuaSandbox, in directory: String) throws {
        try writeRecipe("peek", in: directory, body: """
            return {name = 'peek', version = '1', description = 'd', sandbox = '\(sandbox.rawValue)', params = {},
              start = function(ctx)
                ctx:expose("saw_io", rawget(_G, "io") ~= nil)
                if rawget(_G, "io") ~= nil then error("io is visible") end
              end}
            """)
    }

    @Test func recipesStartedByAScriptRunInTheSandboxTheyDeclare() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writePeek(.strict, in: directory)
        try "assert(io ~= nil) local h = recipes.run('peek') wait(1) assert(h.saw_io == false, 'the strict recipe saw io')"
            .write(toFile: directory + "/main.lua", atomically: true, encoding: .utf8)
        for sandbox in [LuaSandbox.standard, .trusted] {
            var options = RunOptions()
            options.sandbox = sandbox
            options.outputDirectory = directory
            let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) }
                + [RecipesPlugin(catalog: RecipeCatalog(places: [.init(directory: directory, origin: .option)]))]
            let runtime = try ScriptRuntime(options: options, plugins: plugins)
            let outcome = runtime.close(runtime.run(script: directory + "/main.lua", arguments: []))
            #expect(outcome.exitCode == 0, "\(sandbox): \(outcome.report ?? "")")
        }
    }

    @Test func aRecipeRunsNoWiderThanItsCaller() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writePeek(.standard, in: directory)
        let catalog = RecipeCatalog(places: [.init(directory: directory, origin: .option)])
        let recipe = try catalog.recipe(named: "peek")
        #expect(recipe.sandbox.narrowed(to: .strict) == .strict)
        #expect(recipe.sandbox.narrowed(to: .trusted) == .standard)
        var options = RunOptions()
        options.sandbox = .strict
        options.outputDirectory = directory
        options.tracePath = directory + "/trace.jsonl"
        let outcome = try RecipeRunner(recipe: recipe, parameters: [:], catalog: catalog).run(options: options)
        #expect(outcome.exitCode == 0, "\(outcome.report ?? "")")
    }

    @Test func recipeRunSaysWhichSandboxAndNeverWidensIt() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writePeek(.standard, in: directory)
        let cases: [(String?, String)] = [
            (nil, "recipe 'peek' runs in the standard sandbox\n"),
            ("trusted", "recipe 'peek' runs in the standard sandbox (it declares standard; --sandbox trusted cannot widen a recipe's sandbox)"),
            ("strict", "recipe 'peek' runs in the strict sandbox (--sandbox strict narrows the standard it declares)"),
        ]
        for (flag, said) in cases {
            let result = try GlassesProcess.run(
                ["recipe", "run", "--recipe-path", directory] + (flag.map { ["--sandbox", $0] } ?? []) + ["peek"], in: directory)
            #expect(result.stderr.contains(said), "\(result.stderr)")
        }
    }

    // MARK: Discovery

    @Test func searchOrderShadowsLaterRecipesOfTheSameName() throws {
        let option = try Self.temporaryFolder()
        let environment = try Self.temporaryFolder()
        let home = try Self.temporaryFolder()
        defer { for path in [option, environment, home] { try? FileManager.default.removeItem(atPath: path) } }
        try Self.writeRecipe("interval-capture", in: environment, body: Self.minimal("interval-capture", description: "env copy"))
        try Self.writeRecipe("interval-capture", in: option, body: Self.minimal("interval-capture", description: "option copy"))
        let user = RecipeCatalog.userDirectory(environment: ["HOME": home])
        try Self.writeRecipe("mine", in: user, body: Self.minimal("mine"))

        let catalog = RecipeCatalog(recipePaths: [option], environment: ["HOME": home, "GLASSES_RECIPE_PATH": environment])
        #expect(catalog.places.map(\.origin) == [.option, .environment, .user, .builtIn])
        let recipes = try catalog.list().map { try $0.get() }
        #expect(recipes.map(\.name) == [
            "audio-diagnostics", "don-capture", "interval-capture", "mine", "reconnect", "scene-change-capture", "sharp-capture",
        ])
        #expect(recipes[2].description == "option copy" && recipes[2].origin == .option)
        #expect(recipes[3].origin == .user && recipes[5].origin == .builtIn)

        let withoutOption = RecipeCatalog(recipePaths: [], environment: ["HOME": home, "GLASSES_RECIPE_PATH": environment])
        #expect(try withoutOption.recipe(named: "interval-capture").origin == .environment)
        #expect(throws: RecipeError.self) { try catalog.recipe(named: "nope") }
    }

    // MARK: Running

    private func run(
        _ recipe: Recipe, _ parameters: [String], seconds: Double, seed: UInt64 = 7, catalog: RecipeCatalog = RecipeCatalog(places: [])
    ) throws -> (
        outcome: LuaRunOutcome, files: [String], trace: String
    ) {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = RunOptions()
        options.seed = seed
        options.duration = seconds
        options.outputDirectory = out
        options.tracePath = out + "/trace.jsonl"
        let outcome = try RecipeRunner(
            recipe: recipe, parameters: try recipe.values(parameters), catalog: catalog
        ).run(options: options)
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0 != "trace.jsonl" }.sorted()
        let trace = (try? String(contentsOfFile: out + "/trace.jsonl", encoding: .utf8)) ?? ""
        return (outcome, files, trace)
    }

    @Test func intervalCaptureTakesAPhotoEveryInterval() throws {
        let result = try run(try builtIn("interval-capture"), ["interval=10s"], seconds: 65)
        #expect(result.outcome.exitCode == 0)
        #expect(result.files == (1...6).map { String(format: "interval_%04d.jpg", $0) })
        #expect(result.trace.contains("[interval-capture] stopped"))
    }

    @Test func intervalCaptureStopsAtItsCount() throws {
        let result = try run(try builtIn("interval-capture"), ["interval=5s", "count=2", "format=heic"], seconds: 600)
        #expect(result.outcome.exitCode == 0)
        #expect(result.files == ["interval_0001.heic", "interval_0002.heic"])
    }

    @Test func sceneChangeCaptureFiresOnCutsWithCooldown() throws {
        let result = try run(try builtIn("scene-change-capture"), ["count=3"], seconds: 300, seed: 3)
        #expect(result.outcome.exitCode == 0)
        #expect(result.files == ["scene_0001.jpg", "scene_0002.jpg", "scene_0003.jpg"])
        let none = try run(try builtIn("scene-change-capture"), ["threshold=1"], seconds: 60, seed: 3)
        #expect(none.files.isEmpty)
    }

    @Test func heldHandlesAreReleasedAndStopRunsWhenTheRunEnds() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("holder", in: directory, body: """
            return {name = 'holder', version = '1', description = 'holds things',
              params = {{name = 'every', type = 'duration', default = '1s'}},
              start = function(ctx, params)
                ctx:hold(function() ctx.log.info("released function") end)
                ctx:hold(every(params.every, function() end))
                ctx.log.info("resources %s", ctx.resources)
              end,
              stop = function(ctx) ctx.log.info("stop called") end}
            """)
        let recipe = try Recipe.load(folder: directory + "/holder.recipe", origin: .option)
        #expect(recipe.sandbox == .strict)
        let result = try run(recipe, [], seconds: 5)
        #expect(result.outcome.exitCode == 0)
        #expect(result.trace.contains("[holder] stop called"))
        #expect(result.trace.contains("[holder] released function"))
        #expect(result.trace.contains("holder.recipe"))
    }

    @Test func scriptsStartAndStopRecipesThroughTheRecipesModule() throws {
        let photos = try runScript("""
            assert(recipes.info("interval-capture").params[1].name == "interval")
            local ok, err = pcall(recipes.run, "interval-capture", {interval = "soon"})
            assert(not ok and err:find("use a duration"), err)
            local handle = recipes.run("interval-capture", {interval = 5, format = "jpeg"})
            wait(12)
            assert(handle.status == "running", handle.status)
            handle:stop()
            assert(handle.status == "stopped")
            """).photos
        #expect(photos == ["interval_0001.jpg", "interval_0002.jpg"])
    }

    @Test func sharpCaptureOnlyTakesSharpFrames() throws {
        let result = try run(try builtIn("sharp-capture"), ["count=2"], seconds: 120, seed: 1)
        #expect(result.outcome.exitCode == 0)
        #expect(result.files == ["sharp_0001.jpg", "sharp_0002.jpg"])
        let blurred = try run(try builtIn("sharp-capture"), ["threshold=1"], seconds: 30, seed: 1)
        #expect(blurred.files.isEmpty)
    }

    @Test func donCaptureTakesAPhotoEachTimeTheGlassesGoOn() throws {
        let photos = try runScript("""
            local handle = recipes.run("don-capture")
            local glasses = mock.paired()[1]
            wait(5) glasses:doff() wait(3) glasses:don() wait(5) glasses:doff() wait(3) glasses:don() wait(5)
            handle:stop()
            """).photos
        #expect(photos == ["don_0001.jpg", "don_0002.jpg"])
    }

    @Test func audioDiagnosticsRecordsPlaysBackAndWritesItsReport() throws {
        let recipe = try builtIn("audio-diagnostics")
        #expect(recipe.sandbox == .standard)
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        var options = RunOptions()
        options.seed = 7
        options.duration = 60
        options.outputDirectory = out
        let outcome = try RecipeRunner(
            recipe: recipe, parameters: try recipe.values(["seconds=2s"]), catalog: RecipeCatalog(places: [])
        ).run(options: options)
        #expect(outcome.exitCode == 0, "\(outcome.report ?? "")")
        let wav = try Data(contentsOf: URL(fileURLWithPath: out + "/recording.wav"))
        #expect(wav.prefix(4) == Data("RIFF".utf8))
        let json = try Data(contentsOf: URL(fileURLWithPath: out + "/audio_report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(report.keys) == [
            "requested_seconds", "initial_route", "route_changes", "recording_route", "recording", "playback_route",
            "playback", "problems", "verdict",
        ])
        #expect(report["verdict"] as? String == "ok", "\(report["problems"] ?? "")")
        let recording = try #require(report["recording"] as? [String: Any])
        #expect(recording["file"] as? String == "recording.wav")
        #expect(abs((recording["seconds"] as? Double ?? 0) - 2) < 0.1)
    }

    /// Runs `script` (which may call `recipes.run`, with the built-in recipes) on
    /// the virtual clock; returns its trace and the photos it saved.
    private func runScript(_ script: String, seed: UInt64 = 0, exitCode: Int32 = 0) throws -> (trace: String, photos: [String]) {
        let out = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        try script.write(toFile: out + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.seed = seed
        options.outputDirectory = out
        options.tracePath = out + "/trace.jsonl"
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) }
            + [RecipesPlugin(catalog: RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"]))]
        let outcome = try ScriptRuntime(options: options, plugins: plugins).run(script: out + "/main.lua", arguments: [])
        #expect(outcome.exitCode == exitCode, "\(outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jpg") }.sorted()
        return (try String(contentsOfFile: out + "/trace.jsonl", encoding: .utf8), photos)
    }

    @Test func reconnectSurvivesFoldPowerCycleDropAndThermalStop() throws {
        let trace = try runScript("""
            local handle = recipes.run("reconnect")
            local glasses = mock.paired()[1]
            after(10, function() glasses:fold() end)
            after(15, function() glasses:unfold() end)
            after(30, function() glasses:power_off() end)
            after(34, function() glasses:power_on() end)
            after(50, function() glasses:disconnect(30) end)
            after(110, function() glasses:set_thermal("severe") end)
            after(120, function() glasses:set_thermal("none") end)
            after(180, function() handle:stop() exit(0) end)
            """).trace
        for session in 1...5 { #expect(trace.contains("[reconnect] streaming (session \(session))")) }
        #expect(!trace.contains("session 6"))
        #expect(trace.contains("thermalHot"))
        #expect(!trace.contains("giving up"))
        #expect(!trace.contains("sessionAlreadyExists"))
    }

    /// The backoff jitter comes from the run's seed: the same seed waits the same
    /// delays, another seed other delays. Starts fail while the glasses are there
    /// (camera permission revoked), so they count.
    @Test func reconnectJitterFollowsTheRunsSeed() throws {
        let script = """
            recipes.run("reconnect", {jitter = 1, give_up = 4})
            after(10, function() mock.permissions.set("camera", "denied") end)
            after(300, function() exit(0) end)
            """
        func delays(seed: UInt64) throws -> [String] {
            let trace = try runScript(script, seed: seed).trace
            #expect(trace.contains("reconnect gave up"))
            return trace.split(separator: "\n").compactMap { line in
                line.range(of: "retrying in ").map { String(line[$0.upperBound...].prefix(while: { $0 != " " })) }
            }
        }
        let first = try delays(seed: 1)
        #expect(first.count == 3)
        #expect(try delays(seed: 1) == first)
        #expect(try delays(seed: 2) != first)
    }

    /// Giving up shows: status "gave_up", an error on stderr and in the trace, and
    /// `glasses recipe run` exits 1.
    @Test func reconnectGivesUpVisiblyAfterItsLimitOfFailedStarts() throws {
        let script = try runScript("""
            local handle = recipes.run("reconnect", {give_up = 3})
            after(10, function() mock.permissions.set("camera", "denied") end)
            after(120, function() assert(handle.status == "gave_up", handle.status) exit(0) end)
            """)
        #expect(script.trace.contains("attempt 2 failed"))
        #expect(!script.trace.contains("attempt 3 failed"))
        #expect(script.trace.contains(#""event":"error","values":{"in":"#))
        #expect(script.trace.contains("reconnect gave up: 3 starts in a row failed while the glasses could stream (last: StreamError.permissionDenied"))

        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("denied-reconnect", in: directory, body: """
            return {name = 'denied-reconnect', version = '1', description = 'reconnect without camera permission', params = {},
              start = function(ctx)
                mock.permissions.set("camera", "denied")
                ctx:hold(recipes.run("reconnect", {give_up = 2}))
              end}
            """)
        let recipe = try Recipe.load(folder: directory + "/denied-reconnect.recipe", origin: .option)
        let run = try run(recipe, [], seconds: 600, catalog: RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"]))
        #expect(run.outcome.exitCode == 1, "\(run.outcome.report ?? "")")
        #expect(run.trace.contains("reconnect gave up: 2 starts in a row failed"))
    }

    /// Glasses away for minutes (folded, off, flat, too hot, taken off) are waited
    /// for, not counted as failures; streaming is back within restart_gap + 2 s.
    @Test func reconnectWaitsOutLongOutagesAndStreamsSoonAfter() throws {
        let trace = try runScript("""
            local handle = recipes.run("reconnect")
            local glasses = mock.paired()[1]
            local function back_by(t)
              after(t, function()
                assert(handle.camera and handle.camera.state == "streaming", "not streaming at " .. t)
              end)
            end
            after(10, function() glasses:fold() end)
            after(310, function() glasses:unfold() end) back_by(314.5)
            after(400, function() glasses:power_off() end)
            after(1000, function() glasses:power_on() end) back_by(1004.5)
            after(1100, function() glasses:set_battery(0) end)
            after(1700, function() glasses:set_battery(100) glasses:power_on() end) back_by(1704.5)
            after(1800, function() glasses:set_thermal("critical") end)
            after(2100, function() glasses:set_thermal("none") end) back_by(2104.5)
            after(2200, function() glasses:doff() end)
            after(2500, function() glasses:don() end) back_by(2504.5)
            after(2600, function() assert(handle.status == "running", handle.status) handle:stop() exit(0) end)
            """).trace
        #expect(!trace.contains("attempt 1 failed"))
        #expect(!trace.contains("gave up"))
        #expect(trace.contains("[reconnect] streaming (session 6)"))
    }

    /// DAT resumes a paused session by itself: a tap, a short Bluetooth drop and a
    /// short doff do not restart it.
    @Test func reconnectWaitsOutPausesWithoutRestarting() throws {
        let trace = try runScript("""
            local handle = recipes.run("reconnect")
            local glasses = mock.paired()[1]
            after(10, function() glasses:tap() end)
            after(30, function() glasses:disconnect(5) end)
            after(60, function() glasses:doff() end)
            after(75, function() glasses:don() end)
            after(90, function()
              assert(handle.camera.state == "streaming", handle.camera.state)
              handle:stop() exit(0)
            end)
            """).trace
        #expect(trace.contains(#""state":"paused""#))
        #expect(trace.contains("[reconnect] streaming (session 1)"))
        #expect(!trace.contains("session 2"))
    }

    @Test func scaffoldedRecipesLoadRunAndSurviveAPackInstallRoundTrip() throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        #expect(throws: RecipeError.self) { try RecipeScaffold.create(name: "Bad_Name", in: work) }
        let folder = try RecipeScaffold.create(name: "my-capture", in: work)
        #expect(throws: RecipeError.self) { try RecipeScaffold.create(name: "my-capture", in: work) }
        for file in ["init.lua", "test.lua", "README.md"] { #expect(FileManager.default.fileExists(atPath: folder + "/" + file)) }
        let recipe = try Recipe.load(folder: folder, origin: .option)
        let result = try run(recipe, ["interval=5s"], seconds: 12)
        #expect(result.files == ["my-capture_0001.jpg", "my-capture_0002.jpg"])

        let archive = try RecipeArchive.pack(recipe, into: work)
        #expect(archive.hasSuffix("/my-capture-0.1.0.zip"))
        let installed = try RecipeArchive.install(archive, into: work + "/user")
        #expect(installed.name == "my-capture" && installed.folder == work + "/user/my-capture.recipe")
        #expect(FileManager.default.fileExists(atPath: installed.folder + "/test.lua"))
        #expect(throws: RecipeError.self) { try RecipeArchive.install(archive, into: work + "/user") }
        #expect(throws: RecipeError.self) { try RecipeArchive.install(work + "/missing.zip", into: work + "/other") }
    }
}

/// LuaValue is not Equatable; tests compare scalars through this.
private func shown(_ value: LuaValue?) -> String {
    switch value {
    case .integer(let n)?: "integer \(n)"
    case .number(let n)?: "number \(n)"
    case .string(let s)?: "string \(s)"
    case .boolean(let b)?: "boolean \(b)"
    default: "other"
    }
}

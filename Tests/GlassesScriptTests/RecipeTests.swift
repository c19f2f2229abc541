import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import RecipeSharing
import RecipeLockFile

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
        #expect(throws: RecipeError("parameter 'interval' (duration): '0.5' is not valid: it must be at least 1s")) {
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

    /// `--param fps=10` used to pass a bounds check and fail inside `start`: a
    /// frame rate is one of a few values, so it is an enum of whole numbers.
    @Test func enumParametersAreCheckedAsEnumsAndKeepTheirNumbers() throws {
        let scene = try builtIn("scene-change-capture")
        #expect(throws: RecipeError("parameter 'fps' (enum): '10' is not valid: use one of 2, 7, 15, 24, 30")) {
            try scene.values(["fps=10"])
        }
        #expect(shown(try scene.values(["fps=15"])["fps"]) == "integer 15")
        #expect(shown(try scene.values([])["fps"]) == "integer 30")
        #expect(shown(try builtIn("interval-capture").values(["format=heic"])["format"]) == "string heic")
        #expect(scene.parameters.first { $0.name == "cooldown" }?.summary == "duration, default 5s, 0s..")
        #expect(try builtIn("audio-diagnostics").parameters[0].summary == "duration, default 3s, 0.1s..3600s")
    }

    @Test func aParameterGivenTwiceIsRefused() throws {
        #expect(throws: RecipeError("--param interval is given more than once; give it once")) {
            try builtIn("interval-capture").values(["interval=10s", "count=1", "interval=20s"])
        }
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

    /// In a fresh clone the lock pins a recipe that `recipe sync` has not installed yet:
    /// `recipes.run` says so and names the fix, as `glasses recipe run` does, rather than
    /// suggesting a recipe of a similar name found elsewhere on the search path.
    @Test func recipesRunOfAPinnedButUnsyncedRecipeSaysToSync() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("don-capture", in: directory, body: Self.minimal("don-capture"))
        let tree = RecipeTree(files: ["init.lua": SHA256.hex(Array("x".utf8))])
        let entry = RecipeLock.Entry(version: "1.0.0", source: "git+file:///r@v1", resolved: String(repeating: "a", count: 40), tree: tree, requires: nil)
        try RecipeLock(recipes: ["nod-capture": entry]).write(directory + "/" + RecipeLock.fileName)
        try "recipes.run('nod-capture')".write(toFile: directory + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.outputDirectory = directory
        let catalog = RecipeCatalog(places: [
            .init(directory: directory + "/" + RecipeLock.folderName, origin: .locked), .init(directory: directory, origin: .currentFolder),
        ])
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) } + [RecipesPlugin(catalog: catalog)]
        let runtime = try ScriptRuntime(options: options, plugins: plugins)
        let outcome = runtime.close(runtime.run(script: directory + "/main.lua", arguments: []))
        let report = outcome.report ?? ""
        #expect(outcome.exitCode == 1)
        #expect(report.contains("recipe 'nod-capture' is pinned in \(directory)/glasses.lock but not installed; run `glasses recipe sync`"), "\(report)")
        #expect(!report.contains("did you mean"), "\(report)")
        #expect(catalog.problem(naming: "nod-capture")?.contains("glasses recipe sync") == true)
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

    /// A strict recipe's files stay confined when a trusted script starts it, in
    /// its own task and in the callbacks it registers (which run later, outside it).
    @Test func aStrictRecipeStartedByATrustedScriptWritesOnlyUnderOut() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("escape", in: directory, body: """
            local function try(path)
              local ok, err = pcall(audio.record, {path = path, duration = 0.1})
              return ok and "written" or tostring(err)
            end
            return {name = 'escape', version = '1', description = 'd', sandbox = 'strict', params = {},
              start = function(ctx)
                ctx:expose("in_task", try("../escaped.wav"))
                after(0.5, function() ctx:expose("in_callback", try("/tmp/escaped-\(UUID().uuidString).wav")) end)
                wait(1)
              end}
            """)
        try """
            local h = recipes.run('escape')
            wait(2)
            assert(h.in_task:find("is outside the output folder", 1, true), "in its task: " .. h.in_task)
            assert(h.in_callback:find("is outside the output folder", 1, true), "in a callback: " .. h.in_callback)
            audio.configure{category = "playAndRecord"}
            audio.activate()
            audio.record{path = "../trusted.wav", duration = 0.1}
            """.write(toFile: directory + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.sandbox = .trusted
        options.outputDirectory = directory + "/out"
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) }
            + [RecipesPlugin(catalog: RecipeCatalog(places: [.init(directory: directory, origin: .option)]))]
        let runtime = try ScriptRuntime(options: options, plugins: plugins)
        let outcome = runtime.close(runtime.run(script: directory + "/main.lua", arguments: []))
        #expect(outcome.exitCode == 0, "\(outcome.report ?? "")")
        #expect(!FileManager.default.fileExists(atPath: directory + "/escaped.wav"))
        #expect(FileManager.default.fileExists(atPath: directory + "/trusted.wav"), "the trusted caller keeps its own rule")
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
        let outcome = try RecipeRunner(recipe: recipe, parameters: [:], catalog: catalog).run(options: options, world: ScriptRuntime.simulated(options))
        #expect(outcome.exitCode == 0, "\(outcome.report ?? "")")
    }

    @Test func recipeRunSaysWhichSandboxAndNeverWidensIt() async throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writePeek(.standard, in: directory)
        let cases: [(String?, String)] = [
            (nil, "recipe 'peek' runs in the standard sandbox\n"),
            ("trusted", "recipe 'peek' runs in the standard sandbox (it declares standard; --sandbox trusted cannot widen a recipe's sandbox)"),
            ("strict", "recipe 'peek' runs in the strict sandbox (--sandbox strict narrows the standard it declares)"),
        ]
        for (flag, said) in cases {
            let result = try await GlassesProcess.run(
                ["recipe", "run", "--recipe-path", directory] + (flag.map { ["--sandbox", $0] } ?? []) + ["peek"], in: directory)
            #expect(result.stderr.contains(said), "\(result.stderr)")
        }
    }

    /// A recipe's own `sandbox = "trusted"` is a request, not a grant: found in the current
    /// folder or installed from a zip, it runs in the caller's sandbox (standard by default)
    /// and reaches a shell only when the user passes --sandbox trusted.
    @Test func aRecipeThatDeclaresTrustedGetsNoShellWithoutTheFlag() async throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = directory + "/shell-ran"
        try Self.writeRecipe("wide", in: directory, body: """
            return {name = 'wide', version = '1', description = 'd', sandbox = 'trusted', params = {},
              start = function() io.popen("touch \(marker)"):close() end}
            """)
        let local = try await GlassesProcess.run(["recipe", "run", "wide", "--for", "1s"], in: directory)
        #expect(local.code == 1, "\(local.stderr)")
        #expect(local.stderr.contains("recipe 'wide' runs in the standard sandbox (it declares trusted"), "\(local.stderr)")
        #expect(local.stderr.contains("io.popen is not available in the standard sandbox"), "\(local.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))

        let packed = try await GlassesProcess.run(["recipe", "pack", "--out", directory + "/zips", "wide"], in: directory)
        #expect(packed.code == 0, "\(packed.stderr)")
        let installed = directory + "/installed"
        let install = try await GlassesProcess.run(["recipe", "install", "--dir", installed, directory + "/zips/wide-1.zip"], in: directory + "/zips")
        #expect(install.code == 0, "\(install.stderr)")
        #expect(install.stdout.contains("it declares the trusted sandbox"), "\(install.stdout)")
        let elsewhere = directory + "/zips"
        let fromZip = try await GlassesProcess.run(["recipe", "run", "--recipe-path", installed, "wide", "--for", "1s"], in: elsewhere)
        #expect(fromZip.code == 1, "\(fromZip.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker))

        let granted = try await GlassesProcess.run(
            ["recipe", "run", "--recipe-path", installed, "--sandbox", "trusted", "wide", "--for", "1s"], in: elsewhere)
        #expect(granted.code == 0, "\(granted.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker), "the user's own --sandbox trusted grants it")
    }

    /// Stopping a recipe releases the session and camera it holds, so the glasses are free again
    /// (a host object refuses names its class lacks: the release must not ask one for them).
    @Test func aStoppedRecipeGivesItsSessionBack() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local h = recipes.run("interval-capture", {interval = "30s"})
            wait(2)
            assert(h.status == "running", h.status)
            h:stop()
            wait(3)
            local session = wearables.session()
            session:start()
            print(session.state)
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "main.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "started\n", "\(result.stdout)")
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

        let catalog = RecipeCatalog(
            recipePaths: [option], environment: ["HOME": home, "GLASSES_RECIPE_PATH": environment], currentDirectory: home)
        #expect(catalog.places.map(\.origin) == [.option, .currentFolder, .environment, .user, .builtIn])
        let recipes = try catalog.list().map { try $0.get() }
        #expect(recipes.map(\.name) == [
            "audio-diagnostics", "code-capture", "code-display", "don-capture", "face-capture", "hands-free-capture", "interval-capture", "mine",
            "reconnect", "scene-change-capture", "sharp-capture", "voice-start",
        ])
        #expect(recipes[6].description == "option copy" && recipes[6].origin == .option)
        #expect(recipes[7].origin == .user && recipes[8].origin == .builtIn)

        let withoutOption = RecipeCatalog(
            recipePaths: [], environment: ["HOME": home, "GLASSES_RECIPE_PATH": environment], currentDirectory: home)
        #expect(try withoutOption.recipe(named: "interval-capture").origin == .environment)
        #expect(throws: RecipeError.self) { try catalog.recipe(named: "nope") }

        try Self.writeRecipe("here", in: home, body: Self.minimal("here"))
        #expect(try withoutOption.recipe(named: "here").origin == .currentFolder)
    }

    /// Wherever a name is taken, so is the path of a recipe folder, relative to the current folder.
    @Test func aRecipeFolderPathNamesThatRecipe() throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try Self.writeRecipe("mine", in: work + "/sub", body: Self.minimal("mine"))
        let catalog = RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"], currentDirectory: work + "/sub")
        for path in ["mine.recipe", "./mine.recipe/", "../sub/mine.recipe", work + "/sub/mine.recipe"] {
            let recipe = try catalog.recipe(named: path)
            #expect(recipe.origin == .path && recipe.folder == work + "/sub/mine.recipe", "\(path)")
        }
        #expect(throws: RecipeError("other.recipe is not a recipe folder: \(work)/sub/other.recipe/init.lua does not exist")) {
            try catalog.recipe(named: "other.recipe")
        }
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
        ).run(options: options, world: ScriptRuntime.simulated(options))
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
            -- An integral float is the integer it equals (count = 15.0); a fraction is refused.
            local fractional, why = pcall(recipes.run, "interval-capture", {count = 1.5})
            assert(not fractional and why:find("count"), why)
            -- A misspelt name is refused, not run with the default in its place.
            local typo, named = pcall(recipes.run, "interval-capture", {intervall = "10s"})
            assert(not typo and named:find("no parameter 'intervall' %(did you mean 'interval'%?%)"), named)
            local list, listed = pcall(recipes.run, "interval-capture", {"10s"})
            assert(not list and listed:find("parameters are named"), listed)
            local early = recipes.run("interval-capture", {interval = 1})
            early:stop()
            wait(2)
            assert(early.status == "stopped", "stopped before it started, it ran: " .. early.status)
            local handle = recipes.run("interval-capture", {interval = 5, format = "jpeg", count = 15.0})
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
        ).run(options: options, world: ScriptRuntime.simulated(options))
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
            // Giving up is an uncaught error, which the later exit(0) does not hide.
            let trace = try runScript(script, seed: seed, exitCode: 1).trace
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

    /// A recipe that gives up in its own start is gave_up, not failed: giving up raises to end it.
    @Test func givingUpInStartKeepsTheStatus() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writeRecipe("quitter", in: directory, body: """
            return {name = 'quitter', version = '1', description = 'gives up at once', params = {},
              start = function(ctx) ctx:give_up("nothing to do") end}
            """)
        try """
            local handle = recipes.run('quitter')
            wait(1)
            assert(handle.status == "gave_up", handle.status)
            exit(0)
            """.write(toFile: directory + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.outputDirectory = directory
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) }
            + [RecipesPlugin(catalog: RecipeCatalog(places: [.init(directory: directory, origin: .option)]))]
        let runtime = try ScriptRuntime(options: options, plugins: plugins)
        let outcome = runtime.close(runtime.run(script: directory + "/main.lua", arguments: []))
        #expect(outcome.exitCode == 1, "giving up is an uncaught error, which exit(0) does not hide: \(outcome.report ?? "")")
    }

    /// Giving up shows: status "gave_up", an error on stderr and in the trace, and
    /// `glasses recipe run` exits 1.
    @Test func reconnectGivesUpVisiblyAfterItsLimitOfFailedStarts() throws {
        let script = try runScript("""
            local handle = recipes.run("reconnect", {give_up = 3})
            after(10, function() mock.permissions.set("camera", "denied") end)
            after(120, function() assert(handle.status == "gave_up", handle.status) exit(0) end)
            """, exitCode: 1)
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

    /// DAT resumes a paused session by itself: a tap and a short Bluetooth drop do not
    /// restart it. A doff stops the camera (hingesClosed, DAT 0.9+): streaming is back,
    /// in a new session, once the glasses are worn again.
    @Test func reconnectWaitsOutPausesWithoutRestarting() throws {
        let trace = try runScript("""
            local handle = recipes.run("reconnect")
            local glasses = mock.paired()[1]
            after(10, function() glasses:tap() end)
            after(20, function() glasses:tap() end)
            after(30, function() glasses:disconnect(5) end)
            after(50, function() assert(handle.sessions == 1, handle.sessions) end)
            after(60, function() glasses:doff() end)
            after(75, function() glasses:don() end)
            after(90, function()
              assert(handle.camera.state == "streaming", handle.camera.state)
              handle:stop() exit(0)
            end)
            """).trace
        #expect(trace.contains(#""state":"paused""#))
        #expect(trace.contains("[reconnect] streaming (session 1)"))
        #expect(trace.contains("[reconnect] streaming (session 2)"))
        #expect(!trace.contains("session 3"))
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
        let fetched = try RecipeFetcher.fetch(try RecipeSource(archive, currentDirectory: work))
        defer { fetched.discard() }
        let installed = try RecipeInstaller.install(try fetched.recipeFolder(), into: work + "/user", replace: false)
        #expect(installed.name == "my-capture" && installed.folder == work + "/user/my-capture.recipe")
        #expect(FileManager.default.fileExists(atPath: installed.folder + "/test.lua"))
        #expect(try RecipeTree(reading: installed.folder) == RecipeTree(reading: folder), "the round trip keeps every byte")
        #expect(throws: RecipeError.self) { try RecipeInstaller.install(try fetched.recipeFolder(), into: work + "/user", replace: false) }
        #expect(throws: RecipeError.self) { try RecipeSource(work + "/missing.zip", currentDirectory: work) }
    }

    // MARK: The command line

    /// The README's own `recipe install my-capture-0.1.0.zip`: a relative path,
    /// from the folder holding the zip. Bad input says what is wrong in its own words.
    @Test func installTakesRelativePathsReplacesWithForceAndUninstalls() async throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let recipe = try Recipe.load(folder: try RecipeScaffold.create(name: "my-capture", in: work + "/src"), origin: .option)
        _ = try RecipeArchive.pack(recipe, into: work)
        try "not a zip".write(toFile: work + "/notes.zip", atomically: true, encoding: .utf8)
        let user = ["XDG_DATA_HOME": work + "/data"]
        let installed = work + "/data/glasses/recipes/my-capture.recipe"

        let install = try await GlassesProcess.run(["recipe", "install", "my-capture-0.1.0.zip"], in: work, environment: user)
        #expect(install.code == 0, "\(install.stderr)")
        #expect(install.stdout == "installed my-capture 0.1.0 in \(installed)\n")
        let again = try await GlassesProcess.run(["recipe", "install", "my-capture-0.1.0.zip"], in: work, environment: user)
        #expect(again.code == 2 && again.stderr == "glasses: \(installed) already exists; add --force to replace it\n")
        let forced = try await GlassesProcess.run(["recipe", "install", "--force", "my-capture-0.1.0.zip"], in: work, environment: user)
        #expect(forced.code == 0, "\(forced.stderr)")

        let missing = try await GlassesProcess.run(["recipe", "install", "nope.zip"], in: work, environment: user)
        #expect(missing.code == 2 && missing.stderr.hasPrefix("glasses: nope.zip: no such file, folder or repository; give a NAME.recipe folder"))
        let notZip = try await GlassesProcess.run(["recipe", "install", "notes.zip"], in: work, environment: user)
        #expect(notZip.code == 2)
        #expect(notZip.stderr == "glasses: \(work)/notes.zip is not a zip archive; make one with glasses recipe pack\n")

        let uninstall = try await GlassesProcess.run(["recipe", "uninstall", "my-capture"], in: work, environment: user)
        #expect(uninstall.code == 0 && uninstall.stdout == "removed \(installed)\n", "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: installed))
        let gone = try await GlassesProcess.run(["recipe", "uninstall", "my-capture"], in: work, environment: user)
        #expect(gone.code == 2 && gone.stderr.contains("no recipe named 'my-capture' is installed in"))
        let outside = try await GlassesProcess.run(["recipe", "uninstall", "../../src/my-capture"], in: work, environment: user)
        #expect(outside.code == 2 && FileManager.default.fileExists(atPath: work + "/src/my-capture.recipe"))
    }

    /// What `recipe new` prints and writes (README.md, test.lua) are commands a
    /// user copies: each is run here exactly as written, from the folder the
    /// files say (where `recipe new` ran, which holds the new recipe).
    @Test func theCommandsRecipeNewSuggestsWorkAsWritten() async throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let environment = ["HOME": work, "XDG_DATA_HOME": work + "/data", "GLASSES_RECIPE_PATH": ""]
        let created = try await GlassesProcess.run(["recipe", "new", "my-capture"], in: work, environment: environment)
        #expect(created.code == 0, "\(created.stderr)")
        var commands = [String(try #require(created.stdout.split(separator: "try: ").last)).trimmingCharacters(in: .newlines)]
        let readme = try String(contentsOfFile: work + "/my-capture.recipe/README.md", encoding: .utf8)
        let test = try String(contentsOfFile: work + "/my-capture.recipe/test.lua", encoding: .utf8)
        commands += readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("glasses ") }
        commands += readme.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        commands += test.split(separator: "\n").filter { $0.hasPrefix("--   glasses ") }.map { String($0.dropFirst(5)) }
        #expect(commands.count == 7, "\(commands)")
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            #expect(words.first == "glasses", "\(command)")
            let result = try await GlassesProcess.run(Array(words.dropFirst()), in: work, environment: environment)
            #expect(result.code == 0, "\(command): \(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: work + "/my-capture-photos/my-capture_0001.jpg"))
        #expect(FileManager.default.fileExists(atPath: work + "/photos/my-capture_0001.jpg"))
        #expect(FileManager.default.fileExists(atPath: work + "/my-capture-0.1.0.zip"))
        #expect(FileManager.default.fileExists(atPath: work + "/data/glasses/recipes/my-capture.recipe/init.lua"))
    }

    // MARK: Built-ins in the binary

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    private static let resources = root.appendingPathComponent("Sources/Scripting/GlassesScript/Recipes/Resources")

    /// The build embeds every file of Recipes/Resources, byte for byte (the EmbedResources plugin).
    @Test func theBuildEmbedsEveryRecipeResource() throws {
        let paths = (FileManager.default.enumerator(atPath: Self.resources.path)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.resources.path + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
        #expect(RecipeResources.files.map(\.path) == paths)
        for (path, text) in RecipeResources.files {
            #expect(text == (try String(contentsOfFile: Self.resources.path + "/" + path, encoding: .utf8)), "\(path)")
        }
    }

    /// Copies an executable through a descriptor opened close-on-exec. FileManager's copy
    /// holds its write descriptor without it, so a process another test forks meanwhile
    /// inherits it, and running the copy fails with ETXTBSY ("Text file busy") until that
    /// child execs: a flake of the parallel suite.
    static func copyExecutable(_ source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
    }

    /// A binary copied away from `.build` (without any resource bundle) still
    /// lists and runs the built-ins, and the example that starts one works.
    @Test func aCopiedBinaryHasTheBuiltInRecipes() async throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/bin", withIntermediateDirectories: true)
        let glasses = work + "/bin/glasses"
        try Self.copyExecutable(GlassesProcess.binary, to: glasses)
        let environment = ["HOME": work, "XDG_CACHE_HOME": work + "/cache", "XDG_DATA_HOME": "", "GLASSES_RECIPE_PATH": ""]

        let list = try await GlassesProcess.launch(glasses, ["recipe", "list"], in: work, environment: environment)
        #expect(list.code == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } } == [
            "audio-diagnostics", "code-capture", "code-display", "don-capture", "face-capture", "hands-free-capture", "interval-capture", "reconnect",
            "scene-change-capture", "sharp-capture", "voice-start",
        ])
        #expect(list.stdout.contains("[built-in: \(work)/cache/glasses/resources-"))

        let run = try await GlassesProcess.launch(
            glasses, ["recipe", "run", "interval-capture", "--param", "interval=10s", "--for", "25s", "--out", "photos"],
            in: work, environment: environment)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/photos").sorted() == ["interval_0001.jpg", "interval_0002.jpg"])

        let example = Self.root.appendingPathComponent("examples/audio_diagnostics.lua").path
        let diagnostics = try await GlassesProcess.launch(
            glasses, ["run", "--timeout", "120", "--out", "diagnostics", example, "1"], in: work, environment: environment)
        #expect(diagnostics.code == 0, "\(diagnostics.stderr)")
        #expect(FileManager.default.fileExists(atPath: work + "/diagnostics/audio_report.json"))
    }

    /// With nowhere to write the built-ins and no other recipes, `recipe list`
    /// says where it looked and why, and fails.
    @Test func anEmptyRecipeListSaysWhereItLooked() async throws {
        let work = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try "a file, not a folder".write(toFile: work + "/cache", atomically: true, encoding: .utf8)
        let environment = ["HOME": work, "XDG_CACHE_HOME": work + "/cache", "XDG_DATA_HOME": "", "GLASSES_RECIPE_PATH": ""]
        let list = try await GlassesProcess.run(["recipe", "list"], in: work, environment: environment)
        #expect(list.code == 1 && list.stdout.isEmpty)
        #expect(list.stderr.hasPrefix("""
            glasses: no recipes found; looked in \(work) (current folder), \(work)/.local/share/glasses/recipes (user); \
            no built-ins: cannot write the built-in recipes to \(work)/cache/glasses/resources-
            """), "\(list.stderr)")
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

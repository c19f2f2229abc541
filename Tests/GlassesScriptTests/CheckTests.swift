import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import GlassesTooling

@Suite struct CheckTests {
    let runtime: ScriptRuntime
    let checker: LuaScriptChecker

    init() throws {
        runtime = try ScriptRuntime(options: RunOptions())
        checker = try LuaScriptChecker(runtime: runtime)
    }

    private func check(_ source: String) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).lua").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return checker.check(file: path, compilingIn: runtime.state).map {
            $0.description.replacingOccurrences(of: path, with: "script.lua")
        }
    }

    @Test func findsAMisspelledModuleField() throws {
        let problems = try check("""
            local selector = wearables.auto_selector()
            -- wearables.sesion in a comment is fine
            local session = wearables.sesion(selector)
            """)
        #expect(problems == ["script.lua:3: unknown field 'sesion' in module 'wearables' (did you mean 'session'?)"])
    }

    @Test func findsUnknownGlobalsAndSubmoduleFields() throws {
        let problems = try check("""
            prnt("hi")
            mock.permissions.sett("camera", "granted")
            """)
        #expect(problems == [
            "script.lua:1: unknown global 'prnt' (did you mean 'print'?)",
            "script.lua:2: unknown field 'sett' in module 'mock.permissions' (did you mean 'set'?)",
        ])
    }

    @Test func reportsSyntaxErrorsWithTheirLine() throws {
        let problems = try check("local x = 1\nif x then\n")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("script.lua:3:") == true)
    }

    @Test func acceptsCorrectScripts() throws {
        let problems = try check("""
            #!/usr/bin/env glasses
            local cam <const> = wearables.stream({resolution = "low"})
            function shoot(path, ...)
              local n = select("#", ...)
              for i, v in ipairs({...}) do print(i, v, n) end
              return cam:capture("jpeg"):save(path)
            end
            counter = 0
            local t = {}
            function t:bump() self.n = (self.n or 0) + 1 end
            local s = [[ wearables.nope ]] .. "unknown_name" .. 'x'
            every(1, function() counter = counter + 1; shoot(string.format("p%d.jpg", counter)) end)
            ::again::
            log.info("%s %d", s, 0x1F + 1e3)
            """)
        #expect(problems == [])
    }

    @Test func unreadableFilesAreReportedNotFatal() {
        let problems = checker.check(file: "/nonexistent/x.lua", compilingIn: runtime.state)
        #expect(problems.count == 1)
    }

    @Test func builtInRecipesPassTheCheck() throws {
        let folder = try RecipeCatalog.builtInDirectory.get()
        let recipes = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".recipe") }
        #expect(recipes.count >= 5)
        for recipe in recipes {
            let problems = checker.check(file: "\(folder)/\(recipe)/init.lua", compilingIn: runtime.state)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test func findsWrongLiteralArgumentsAndEnumValues() throws {
        let problems = try check("""
            local s = wearables.session()
            local cam = s:camera{fps = 99, resolution = "low"}
            cam:capture("gif")
            wearables.stream{resoluton = "low"}
            wait("soon")
            after(1)
            cam:on("frames", function() end)
            mock.pair():set_battery(150)
            cam:next_frame(-1)
            """)
        #expect(problems == [
            "script.lua:2: bad argument #1 to 'DeviceSession:camera' (field 'fps': invalid value 99 (expected one of: 2, 7, 15, 24, 30))",
            "script.lua:3: bad argument #1 to 'Camera:capture' (invalid value 'gif' (expected one of: jpeg, heic))",
            "script.lua:4: bad argument #1 to 'wearables.stream' (unknown field 'resoluton' (did you mean 'resolution'?))",
            "script.lua:5: bad argument #1 to 'wait' (number expected, got string)",
            "script.lua:6: bad argument #2 to 'after' (function expected, got no value)",
            "script.lua:7: bad argument #1 to 'Camera:on' (invalid value 'frames' (expected one of: state, camera_state, frame, photo, error, audio))",
            "script.lua:8: bad argument #1 to 'MockGlasses:set_battery' (level must be 0-100, got 150)",
            "script.lua:9: bad argument #1 to 'Camera:next_frame' (timeout must be >= 0, got -1)",
        ])
    }

    @Test func findsMethodAndFieldTyposOnKnownClasses() throws {
        let problems = try check("""
            local cam = wearables.stream()
            cam:captrue()
            print(cam.stat)
            local g = mock.pair()
            g.camera:fed{pattern = "moving"}
            for _, cam in ipairs({}) do cam:anything() end
            local audio = require("audio")
            audio.play(true)
            local log = {info = function(n) return n end}
            log.info(42)
            """)
        #expect(problems == [
            "script.lua:2: unknown method 'captrue' on Camera (did you mean 'capture'?)",
            "script.lua:3: unknown field 'stat' on Camera (did you mean 'state'?)",
            "script.lua:5: unknown method 'fed' on MockCamera (did you mean 'feed'?)",
            "script.lua:8: bad argument #1 to 'audio.play' (string expected, got boolean)",
        ])
    }

    /// `cam.photo` is a PhotoFeature that `cam:photo{}` calls: both are checked.
    @Test func checksTheCallableFieldBothAsAMethodAndAsAnObject() throws {
        let problems = try check("""
            local cam = wearables.session():camera{}
            local still = cam:photo{resolution = "huge"}
            cam.photo:capture{quality = "best"}
            cam.photo:strat()
            cam:phot{}
            cam.photo:on("photo", print)
            print(still.widht, cam.photo.state)
            """)
        #expect(problems == [
            "script.lua:2: bad argument #1 to 'Camera:photo' (field 'resolution': invalid value 'huge' (expected one of: small, medium, large, full))",
            "script.lua:3: bad argument #1 to 'PhotoFeature:capture' (field 'quality': invalid value 'best' (expected one of: low, medium, high))",
            "script.lua:4: unknown method 'strat' on PhotoFeature (did you mean 'start'?)",
            "script.lua:5: unknown method 'phot' on Camera (did you mean 'photo'?)",
            "script.lua:6: bad argument #1 to 'PhotoFeature:on' (invalid value 'photo' (expected one of: state, data, progress, error))",
            "script.lua:7: unknown field 'widht' on Photo (did you mean 'width'?)",
        ])
    }

    @Test func findsCallsTheSandboxRemoves() throws {
        let source = "os.execute('ls')\nlocal f = io.open('x')\nprint(os.time())\n"
        #expect(try check(source) == ["script.lua:1: os.execute is not available in the standard sandbox; run with --sandbox trusted"])
        var options = RunOptions()
        options.sandbox = .strict
        let strict = try ScriptRuntime(options: options)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).lua").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let problems = try LuaScriptChecker(runtime: strict).check(file: path, compilingIn: strict.state).map(\.message)
        #expect(problems == [
            "os.execute is not available in the strict sandbox; run with --sandbox trusted",
            "io is not available in the strict sandbox; run with --sandbox standard or --sandbox trusted",
        ])
        options.sandbox = .trusted
        let trusted = try ScriptRuntime(options: options)
        #expect(try LuaScriptChecker(runtime: trusted).check(source: source, file: "t.lua").isEmpty)
    }
}

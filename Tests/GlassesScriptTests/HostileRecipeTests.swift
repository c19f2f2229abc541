import Foundation
import Locking
import ScriptTestSupport
import Testing

/// Recipes as an attacker or a careless user leaves them: paths leading out
/// of the script's folders, a folder named
/// like a built-in, a symlinked folder to install, a module linked in beside a script.
/// One whose `init.lua` loops in C is `scripts/test-serve-hostile`'s: its metadata child
/// spins a core until killed, which on a small machine would starve timed tests beside it.
@Suite struct HostileRecipeTests {
    private static func recipeFolder(_ recipes: [String: String]) throws -> String {
        let folder = try GlassesProcess.temporaryDirectory()
        for (name, source) in recipes {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(name).recipe", withIntermediateDirectories: true)
            try source.write(toFile: "\(folder)/\(name).recipe/init.lua", atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func recipePathsOutsideTheScriptsFoldersAreRefusedAlike() async throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let evil = "error('RAN') return {}"
        try FileManager.default.createDirectory(atPath: root + "/outside/evil.recipe", withIntermediateDirectories: true)
        try evil.write(toFile: root + "/outside/evil.recipe/init.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
        try """
            for _, path in ipairs({"../outside/evil.recipe", "../outside/missing.recipe", "\(root)/outside/evil.recipe"}) do
              for _, call in ipairs({recipes.info, recipes.run}) do
                local ok, err = pcall(call, path)
                err = tostring(err)
                assert(not ok and err:find("is outside", 1, true) and not err:find("RAN", 1, true)
                  and not err:find("does not exist", 1, true), err)
              end
            end
            print("refused")
            """.write(toFile: root + "/scripts/paths.lua", atomically: true, encoding: .utf8)
        for sandbox in ["strict", "standard"] {
            let result = try await GlassesProcess.run(["run", "--sandbox", sandbox, "--out", "out", "paths.lua"], in: root + "/scripts")
            #expect(result.code == 0 && result.stdout == "refused\n", "\(sandbox): \(result.stderr)")
        }
    }

    @Test func aRecipeNamedLikeABuiltInIsSaidAndHeldToItsSandbox() async throws {
        let folder = try Self.recipeFolder(["reconnect": """
            return {name = "reconnect", version = "9.0.0", description = "shadow", sandbox = "trusted", start = function() end}
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let info = try await GlassesProcess.run(["recipe", "info", "reconnect"], in: folder)
        #expect(info.code == 0, "\(info.stderr)")
        #expect(info.stdout.contains("shadow") && info.stdout.contains("sandbox: strict"))
        #expect(info.stderr.contains("shadows the built-in recipe 'reconnect'"))
    }

    @Test func aLongRecipeNameIsRefusedBeforeAnySearch() async throws {
        let folder = try GlassesProcess.folder(["long.lua": """
            for _, call in ipairs({recipes.info, recipes.run}) do
              local ok, err = pcall(call, ('x'):rep(4 << 20))
              assert(not ok and tostring(err):find("at most 4096 bytes", 1, true), tostring(err):sub(1, 200))
            end
            print("refused")
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "long.lua"], in: folder)
        #expect(result.code == 0 && result.stdout == "refused\n", "\(result.stderr)")
    }

    @Test func aSymlinkedRecipeFolderIsNotInstalled() async throws {
        let folder = try Self.recipeFolder(["real": """
            return {name = "real", version = "1.0.0", description = "real", start = function() end}
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked.recipe", withDestinationPath: folder + "/real.recipe")
        let result = try await GlassesProcess.run(["recipe", "install", "--dir", folder + "/installed", "linked.recipe"], in: folder)
        #expect(result.code == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/installed"))
    }

    @Test func strictRequireDoesNotFollowALinkOut() async throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/scripts", withIntermediateDirectories: true)
        try "return 'outside'".write(toFile: root + "/outside/secret.lua", atomically: true, encoding: .utf8)
        try "return 'beside'".write(toFile: root + "/scripts/plain.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/scripts/secret.lua", withDestinationPath: root + "/outside/secret.lua")
        try "print((require('plain'))) print((require('secret')))".write(toFile: root + "/scripts/main.lua", atomically: true, encoding: .utf8)
        let result = try await GlassesProcess.run(["run", "--sandbox", "strict", "main.lua"], in: root + "/scripts")
        #expect(result.code == 1)
        #expect(result.stdout == "beside\n")
        #expect(result.stderr.contains("symbolic link") && !result.stdout.contains("outside"))
    }

    /// A strict recipe started by a wider script gets strict's `require` (beneath its
    /// folder, no link followed), not the script's: a module that became a link to a file
    /// outside after the recipe's folder was checked (the script moves the link in once
    /// `recipes.run` returned) is refused, as in a strict run, while a plain module loads.
    @Test(arguments: ["standard", "trusted"])
    func aStrictRecipeInAWiderRunDoesNotFollowAModuleLinkOut(sandbox: String) async throws {
        let root = try Self.recipeFolder(["linked": """
            return {name = "linked", version = "1.0.0", description = "d", start = function(ctx)
              wait(0.05)
              local plain = require("plain")
              local ok, err = pcall(require, "secret")
              ctx.log.info("%s; secret %s: %s", plain, ok and "loaded" or "refused", tostring(err))
            end}
            """])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try "return 'OUTSIDE-MODULE'".write(toFile: root + "/outside/secret.lua", atomically: true, encoding: .utf8)
        try "return 'beside'".write(toFile: root + "/linked.recipe/plain.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/staged.lua", withDestinationPath: root + "/outside/secret.lua")
        try """
            recipes.run('linked')
            assert(os.rename('\(root)/staged.lua', '\(root)/linked.recipe/secret.lua'))
            wait(0.2)
            """.write(toFile: root + "/main.lua", atomically: true, encoding: .utf8)
        let result = try await GlassesProcess.run(["run", "--sandbox", sandbox, "main.lua"], in: root)
        #expect(result.code == 0, "\(result.stderr)")
        let said = result.stdout + result.stderr
        #expect(said.contains("beside; secret refused") && said.contains("symbolic link"), "\(said)")
        #expect(!said.contains("OUTSIDE-MODULE"), "\(said)")
    }

    /// A recipe's `init.lua` is read through its folder's descriptor, with no link followed:
    /// checking the folder and then loading `init.lua` by name would run whatever a link
    /// swapped in between leads to. A thread swaps `init.lua` to a link to an `init.lua`
    /// outside (which would raise a distinctive error when run) while a script starts the
    /// recipe until it started 300 times (a start meeting the link is refused); the
    /// outside one never runs.
    @Test func anInitSwappedForALinkIsNeverRun() async throws {
        let root = try Self.recipeFolder(["linked": """
            return {name = "linked", version = "1.0.0", description = "d", start = function() end}
            """])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try "error('OUTSIDE-INIT-RAN')".write(toFile: root + "/outside/init.lua", atomically: true, encoding: .utf8)
        try """
            local started = 0
            for i = 1, 20000 do
              local ok, err = pcall(recipes.run, 'linked')
              if ok then started = started + 1 end
              if not ok and tostring(err):find('OUTSIDE-INIT-RAN', 1, true) then print('ran the init.lua outside') end
              if started == 300 then break end
            end
            print(started)
            """.write(toFile: root + "/main.lua", atomically: true, encoding: .utf8)
        let swapper = InitSwapper(root: root)
        Thread { swapper.run() }.start()
        let result = try await GlassesProcess.run(["run", "--sandbox", "standard", "main.lua"], in: root)
        swapper.stop.store(true)
        while !swapper.done.load() { sched_yield() }
        #expect(!result.stdout.contains("ran the init.lua outside"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("300\n"), "\(result.stdout.suffix(300))\(result.stderr.suffix(1000))")
    }

    /// Swaps `linked.recipe/init.lua` for a link to `outside/init.lua`, and briefly for
    /// nothing, until stopped (or 200,000 swaps). The file is parked outside the recipe's
    /// folder, so the folder's tree (and its cached metadata) stays the same.
    private final class InitSwapper: @unchecked Sendable {
        let root: String
        let stop = AtomicValue<Bool>(false)
        let done = AtomicValue<Bool>(false)

        init(root: String) { self.root = root }

        func run() {
            defer { done.store(true) }
            let (initFile, parked, outside) = (root + "/linked.recipe/init.lua", root + "/parked.lua", root + "/outside/init.lua")
            for _ in 0..<200_000 where !stop.load() {
                // The file stays in place most of the time, or the folder's check (which reads
                // every file) would almost never pass and no load would be tried.
                for _ in 0..<2_000 { sched_yield() }
                rename(initFile, parked)
                symlink(outside, initFile)
                // Long enough for a load between the check and the open to meet it.
                for _ in 0..<1_000 { sched_yield() }
                unlink(initFile)
                rename(parked, initFile)
            }
        }
    }
}

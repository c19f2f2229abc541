import Foundation
import Testing

/// Recipes as an attacker or a careless user leaves them (issue 29): paths leading out
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
}

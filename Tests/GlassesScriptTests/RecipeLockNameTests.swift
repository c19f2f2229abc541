import Foundation
import Testing

import GlassesScript
import RecipeSharing
import RecipeLockFile

/// A lock's names are recipe names, checked where the lock is read.
@Suite struct RecipeLockNameTests {
    /// A project folder with `glasses.lock` pinning the recipes in `.glasses/recipes`, their
    /// files as given; `names` maps the lock's entry names to the installed folders' names.
    private static func project(_ recipes: [String: String], names: [String: String] = [:]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lock-check-\(UUID().uuidString)/project").path
        var entries: [String: RecipeLock.Entry] = [:]
        for (name, initLua) in recipes {
            let installed = "\(folder)/.glasses/recipes/\(name).recipe"
            try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
            try initLua.write(toFile: installed + "/init.lua", atomically: true, encoding: .utf8)
            entries[names[name] ?? name] = RecipeLock.Entry(
                version: "1.0.0", source: "/nowhere/\(name).recipe", resolved: "/nowhere/\(name).recipe",
                tree: try RecipeTree(reading: installed), requires: nil)
        }
        try RecipeLock(recipes: entries).write(folder + "/" + RecipeLock.fileName)
        return folder
    }

    private static func definition(_ name: String, says word: String) -> String {
        "return {name = '\(name)', version = '1.0.0', description = 'says \(word)', start = function(ctx) ctx.log.info('\(word)') end}\n"
    }

    // MARK: Names

    /// An entry named `../../../victim`: `recipe verify` listed a folder outside the project and
    /// `recipe remove` deleted it. The lock is refused where it is read, for every command.
    @Test func aLockEntryThatIsNotARecipeNameIsRefusedAndRemoveDeletesNothing() throws {
        let project = try Self.project(["tampered": Self.definition("tampered", says: "hi")], names: ["tampered": "../../../victim"])
        let outside = URL(fileURLWithPath: project).deletingLastPathComponent().path
        defer { try? FileManager.default.removeItem(atPath: outside) }
        // What the entry's name reaches from .glasses/recipes: a folder beside the project.
        let victim = outside + "/victim.recipe"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try "precious\n".write(toFile: victim + "/data.txt", atomically: true, encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: "\(project)/.glasses/recipes/../../../victim.recipe/data.txt"))

        let sharing = RecipeProject(directory: project, indexes: [])
        func refused(_ body: () throws -> Any) -> Bool {
            do { _ = try body() } catch let error as RecipeError {
                return error.message.contains("'../../../victim' is not a recipe name") && error.message.contains("glasses.lock")
            } catch { return false }
            return false
        }
        #expect(refused { try sharing.remove("../../../victim") })
        #expect(refused { try sharing.verify() })
        #expect(refused { try sharing.sync() })
        #expect(refused { try RecipeLock.read(sharing.lockPath) as Any })
        #expect(FileManager.default.fileExists(atPath: victim + "/data.txt"), "remove deleted the folder outside the project")
    }

    @Test(arguments: ["", ".hidden", "a/b", "a\\b", "esc\u{1B}]0;owned\u{07}", "new\nline", "bidi\u{202E}", String(repeating: "x", count: 300)])
    func theseAreNotRecipeNames(_ name: String) {
        let problem = RecipeName.problem(name)
        #expect(problem != nil)
        #expect(!(problem ?? "").unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" }, "a message shows control characters escaped")
    }

    @Test func theseAreRecipeNames() {
        for name in ["code-capture", "a", "Scan_Helpers2", "caf\u{E9}"] { #expect(RecipeName.problem(name) == nil, "\(name)") }
    }

    @Test func aLockListingAFileOutsideItsFolderIsRefused() throws {
        let project = try Self.project(["fine": Self.definition("fine", says: "hi")])
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: project).deletingLastPathComponent().path) }
        let lockPath = project + "/" + RecipeLock.fileName
        var lock = try #require(try RecipeLock.read(lockPath))
        let tree = RecipeTree(files: ["../../escape.lua": SHA256.hex(Array("x".utf8))])
        lock.recipes["fine"] = RecipeLock.Entry(version: "1.0.0", source: "/x", resolved: "/x", tree: tree, requires: nil)
        try lock.write(lockPath)
        #expect { try RecipeLock.read(lockPath) } throws: { ($0 as? RecipeError)?.message.contains("'../../escape.lua'") == true }
    }
}

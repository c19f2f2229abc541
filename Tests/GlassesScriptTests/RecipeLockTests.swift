import Foundation
import GlassesScript
import RecipeSharing
import Testing
import RecipeLockFile

/// The pieces a lock file stands on: the hash, the tree, version ranges, sources.
struct RecipeLockTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hex(Array(twoBlocks.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func aTreeIsReadWithoutFollowingLinksAndHashedInPathOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tree-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/b.lua"))
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/sub/a.lua"))
        let tree = try RecipeTree(reading: folder)
        #expect(tree.manifest == "\(SHA256.hex(Array("b".utf8)))  b.lua\n\(SHA256.hex(Array("a".utf8)))  sub/a.lua\n")
        #expect(tree.hash == SHA256.hex(Array(tree.manifest.utf8)))
        try Data("changed".utf8).write(to: URL(fileURLWithPath: folder + "/b.lua"))
        #expect(try RecipeTree(reading: folder).differences(from: tree) == ["b.lua: changed"])
        try FileManager.default.createSymbolicLink(atPath: folder + "/sub/link", withDestinationPath: "/etc/passwd")
        #expect(throws: RecipeError.self) { try RecipeTree(reading: folder) }
        do { _ = try RecipeTree(reading: folder) } catch { #expect(error.message.contains("sub/link") && error.message.contains("symbolic link")) }
    }

    @Test func versionRangesFollowSemverCarets() throws {
        func allows(_ range: String, _ version: String) throws -> Bool { try VersionRange(range).contains(SemanticVersion(version)!) }
        #expect(try allows("^1.2", "1.9.3"))
        #expect(try !allows("^1.2", "2.0.0"))
        #expect(try !allows("^1.2", "1.1.9"))
        #expect(try allows("^0.2", "0.2.5"))
        #expect(try !allows("^0.2", "0.3.0"))
        #expect(try allows("~1.2.3", "1.2.9"))
        #expect(try !allows("~1.2.3", "1.3.0"))
        #expect(try allows(">=1.0, <2", "1.5.0"))
        #expect(try !allows(">=1.0, <2", "2.0.0"))
        #expect(try allows("*", "0.0.1"))
        #expect(try allows("1.2.3", "1.2.3"))
        #expect(try !allows("1.2.3", "1.2.4"))
        #expect(SemanticVersion("1.0.0-alpha")! < SemanticVersion("1.0.0")!)
        #expect(SemanticVersion("1.0.0-alpha.2")! < SemanticVersion("1.0.0-alpha.10")!)
        #expect(SemanticVersion("1.x") == nil)
        #expect(throws: RecipeError.self) { try VersionRange(">=one") }
    }

    @Test func sourcesParseToWhatTheLockRecords() throws {
        let git = try RecipeSource("git+https://example.com/team/recipes.git@v1.2#code-capture.recipe", currentDirectory: "/")
        #expect(git.kind == .git(repository: "https://example.com/team/recipes.git", ref: "v1.2"))
        #expect(git.subpath == "code-capture.recipe")
        #expect(git.description == "git+https://example.com/team/recipes.git@v1.2#code-capture.recipe")
        #expect(try RecipeSource("code-capture@^1.2", currentDirectory: "/").kind == .indexed(name: "code-capture", range: "^1.2"))
        #expect(try RecipeSource("https://example.com/x.zip", currentDirectory: "/").kind == .url("https://example.com/x.zip"))
        #expect(try RecipeSource("http://127.0.0.1:8080/x.zip", currentDirectory: "/").kind == .url("http://127.0.0.1:8080/x.zip"))
        #expect(throws: RecipeError.self) { try RecipeSource("http://example.com/x.zip", currentDirectory: "/") }
        #expect(throws: RecipeError.self) { try RecipeSource("git+ssh://host/repo", currentDirectory: "/") }
        #expect(throws: RecipeError.self) { try RecipeSource("git+https://h/r#../escape", currentDirectory: "/") }
        #expect(throws: RecipeError.self) { try RecipeSource("./no/such/folder.recipe", currentDirectory: "/") }
    }

    @Test func aLockWritesTheSameBytesForTheSamePins() throws {
        let tree = RecipeTree(files: ["init.lua": SHA256.hex(Array("x".utf8))])
        let entry = RecipeLock.Entry(version: "1.0.0", source: "git+file:///r@v1", resolved: String(repeating: "a", count: 40), tree: tree, requires: ["b": "^1"])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecipeLock(recipes: ["z": entry, "a": entry]).write(path)
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        try RecipeLock(recipes: ["a": entry, "z": entry]).write(path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
        #expect(try RecipeLock.read(path) == RecipeLock(recipes: ["a": entry, "z": entry]))
        // A hand-edited file list that no longer adds up to the tree's hash is refused.
        let edited = String(decoding: first, as: UTF8.self).replacing(SHA256.hex(Array("x".utf8)), with: SHA256.hex(Array("y".utf8)))
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecipeError.self) { try RecipeLock.read(path) }
    }
}

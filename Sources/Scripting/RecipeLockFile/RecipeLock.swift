#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MessageText

/// `glasses.lock`: the recipes a project pins, committed with its scripts (as
/// lazy.nvim's lock file is with a config). One entry per recipe: where it came
/// from, what that resolved to (a commit or a URL), and the SHA-256 of every file,
/// so `recipe sync` reproduces the same bytes and a run refuses a tree that drifted.
/// JSON with sorted keys, so two machines write the same file for the same pins.
public struct RecipeLock: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var version: String
        /// As given to `recipe add`: a git source with its ref, a URL, a path.
        public var source: String
        /// The commit a git source's ref resolved to, or the URL or path fetched.
        public var resolved: String
        /// ``RecipeTree/hash`` of the installed folder.
        public var sha256: String
        public var files: [String: String]
        /// `requires.recipes` as declared, by name.
        public var requires: [String: String]?

        public init(version: String, source: String, resolved: String, tree: RecipeTree, requires: [String: String]?) {
            self.version = version
            self.source = source
            self.resolved = resolved
            self.sha256 = tree.hash
            self.files = tree.files
            self.requires = requires
        }

        public var tree: RecipeTree { RecipeTree(files: files) }
    }

    public static let fileName = "glasses.lock"
    /// Where `recipe sync` installs, beside the lock file.
    public static let folderName = ".glasses/recipes"
    static let currentVersion = 1

    public var lockVersion: Int
    public var recipes: [String: Entry]

    public init(recipes: [String: Entry] = [:]) {
        lockVersion = Self.currentVersion
        self.recipes = recipes
    }

    /// Reads the lock at `path`; nil when there is none.
    public static func read(_ path: String) throws(RecipeError) -> RecipeLock? {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard !FileManager.default.fileExists(atPath: path) else { throw RecipeError("cannot read \(path)") }
            return nil
        }
        let lock: RecipeLock
        do { lock = try JSONDecoder().decode(RecipeLock.self, from: data) } catch {
            throw RecipeError("\(path) is not a valid lock file (\(error)); restore it from version control, or delete it and add the recipes again")
        }
        guard lock.lockVersion == currentVersion else {
            throw RecipeError("\(path) has lock version \(lock.lockVersion); this glasses reads version \(currentVersion)")
        }
        // Every name is checked here, once, for every command that reads the lock: an entry's name
        // is joined to .glasses/recipes to verify, sync, run or delete it.
        let restore = "restore \(path) from version control, or delete it and add the recipes again"
        for (name, entry) in lock.recipes.sorted(by: { $0.key < $1.key }) {
            if let problem = RecipeName.problem(name) { throw RecipeError("\(path): an entry's name: \(problem); \(restore)") }
            for required in (entry.requires ?? [:]).keys.sorted() {
                if let problem = RecipeName.problem(required) { throw RecipeError("\(path): what '\(name)' requires: \(problem); \(restore)") }
            }
            for file in entry.files.keys.sorted() {
                if let problem = Self.problem(filePath: file) {
                    throw RecipeError("\(path): '\(name)' lists the file '\(TerminalText.quoted(file))', \(problem); \(restore)")
                }
            }
            guard entry.tree.hash == entry.sha256 else {
                throw RecipeError("\(path): the entry for '\(name)' lists files whose hashes do not add up to its sha256; restore the file from version control")
            }
        }
        return lock
    }

    /// Why `file` cannot be a path inside a recipe folder, or nil when it can.
    static func problem(filePath file: String) -> String? {
        if file.hasPrefix("/") { return "an absolute path" }
        if file.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "not a plain relative path (an empty, '.' or '..' part)"
        }
        if file.unicodeScalars.contains(where: TerminalText.isUnsafe) { return "a path with control characters" }
        return nil
    }

    /// Writes the lock to `path` through a temporary file and a rename, so a
    /// failure leaves the previous lock whole.
    public func write(_ path: String) throws(RecipeError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(0x0a)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RecipeError("cannot write \(path): \(fileErrorText(error))")
        }
    }

    /// Why the installed folder of `name` may not run, or nil when it matches its pin.
    /// `initSource` is `init.lua` as the caller read it to load: its hash is the one checked.
    public func problem(with name: String, folder: String, lockPath: String, initSource: [UInt8]? = nil) -> String? {
        guard let entry = recipes[name] else {
            return "recipe '\(name)' in \(folder) is not in \(lockPath); `glasses recipe sync` installs exactly what the lock pins"
        }
        var tree: RecipeTree
        do { tree = try RecipeTree(reading: folder) } catch { return error.message }
        if let initSource { tree = tree.replacing("init.lua", withHashOf: initSource) }
        let changes = tree.differences(from: entry.tree)
        guard changes.isEmpty else {
            return "recipe '\(name)' does not match \(lockPath) (\(changes.prefix(5).joined(separator: "; "))"
                + (changes.count > 5 ? "; \(changes.count - 5) more" : "")
                + "); run `glasses recipe sync` to restore the pinned files"
        }
        return nil
    }
}

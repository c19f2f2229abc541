import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesCore
import RecipeLockFile

/// Reads a recipe's metadata in a `glasses` child process (`glasses recipe metadata
/// FOLDER`) that is killed when it passes its deadline. Hooks bound what Lua runs, but
/// a pathological pattern (`s:find(('a*'):rep(20)..'b')`) or a looping `__gc` runs in C
/// where no hook reaches, so one broken `init.lua` could otherwise hang `recipe list`,
/// every `recipes.list()` and `glasses serve`'s dashboard. The child gets `init.lua`'s bytes
/// on its stdin, as this process read them (and a lock checked them), never the file again.
/// What a tree yields (fields or the error) is kept by the tree's hash, `init.lua` hashed from
/// those bytes, so listing again costs a hash, not a child.
public enum RecipeMetadataChild {
    /// The child's deadline: the in-process limit's 5 s, plus its start-up.
    static let deadline = 6.0
    private static let known = Locked<[String: Result<[String], RecipeError>]>([:])

    /// The metadata fields of the recipe in `folder`; throws what is wrong with it,
    /// with the fix (a folder holding links is refused before anything runs).
    static func fields(folder: String, source: [UInt8]) throws(RecipeError) -> [String] {
        let key = try RecipeTree(reading: folder).replacing("init.lua", withHashOf: source).hash
        if let cached = known.withLock({ $0[key] }) { return try cached.get() }
        let read = readInChild(folder, source: source)
        known.withLock { $0[key] = read }
        return try read.get()
    }

    /// Reads the metadata of every folder not known yet at once, each in its own child,
    /// so a listing with several recipes that hang costs one deadline, not one each.
    static func prefetch(_ folders: [String]) {
        let group = DispatchGroup()
        for folder in folders {
            guard let source = try? RecipeInitFile.read(folder: folder),
                  let key = try? RecipeTree(reading: folder).replacing("init.lua", withHashOf: source).hash,
                  known.withLock({ $0[key] == nil }) else { continue }
            group.enter()
            DetachedThread.start {
                let read = readInChild(folder, source: source)
                known.withLock { $0[key] = read }
                group.leave()
            }
        }
        group.wait()
    }

    /// What the child prints: `{"fields": [...]}` or `{"error": "..."}`; `source` is what
    /// its stdin held (`init.lua` as the parent read it).
    public static func report(folder: String, source: [UInt8]) -> String {
        let value: JSONValue
        do { value = .object(["fields": .array(try Recipe.readFields(folder: folder, source: source).map { .string($0) })]) } catch {
            value = .object(["error": .string("\(error)")])
        }
        return (try? value.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"unencodable metadata"}"#
    }

    /// The most the child reads from its stdin: `init.lua`'s limit, and one byte to tell a longer one.
    public static let maxSourceBytes = RecipeInitFile.maxBytes + 1

    private static func readInChild(_ folder: String, source: [UInt8]) -> Result<[String], RecipeError> {
        let executable = ChildProcess.folderOfThisProgram() + "/glasses"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failure(RecipeError("cannot read \(folder)/init.lua: the glasses program that reads recipe metadata is not at \(executable); reinstall glasses"))
        }
        switch ChildProcess.run(executable, ["recipe", "metadata", folder], input: source, deadline: deadline) {
        case .killed:
            return .failure(RecipeError(
                "\(folder)/init.lua took over \(Int(deadline)) s to return its metadata (a loop in C: a pathological pattern or a __gc that never ends?), so it is skipped; make init.lua return its table at once"))
        case .notStarted:
            return .failure(RecipeError("cannot read \(folder)/init.lua: \(executable) could not be started"))
        case .finished(let status, let output):
            guard let report = try? JSONValue.parse(Array(output.utf8)).object else {
                return .failure(RecipeError("cannot read \(folder)/init.lua: reading its metadata ended with status \(status) and no answer (out of memory?); make init.lua return its table at once"))
            }
            if let error = report["error"]?.string { return .failure(RecipeError(error)) }
            guard let fields = report["fields"]?.array?.compactMap(\.string) else {
                return .failure(RecipeError("cannot read \(folder)/init.lua: unexpected metadata"))
            }
            return .success(fields)
        }
    }
}

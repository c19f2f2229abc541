import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesCore

/// Reads a recipe's metadata in a `glasses` child process (`glasses recipe metadata
/// FOLDER`) that is killed when it passes its deadline. Hooks bound what Lua runs, but
/// a pathological pattern (`s:find(('a*'):rep(20)..'b')`) or a looping `__gc` runs in C
/// where no hook reaches, so one broken `init.lua` could otherwise hang `recipe list`,
/// every `recipes.list()` and `glasses serve`'s dashboard. What a tree yields (fields
/// or the error) is kept by the tree's hash, so listing again costs a hash, not a child.
public enum RecipeMetadataChild {
    /// The child's deadline: the in-process limit's 5 s, plus its start-up.
    static let deadline = 6.0
    private static let known = Locked<[String: Result<[String], RecipeError>]>([:])

    /// The metadata fields of the recipe in `folder`; throws what is wrong with it,
    /// with the fix (a folder holding links is refused before anything runs).
    static func fields(folder: String) throws(RecipeError) -> [String] {
        let tree = try RecipeTree(reading: folder)
        let key = tree.hash
        if let cached = known.withLock({ $0[key] }) { return try cached.get() }
        let read = readInChild(folder)
        known.withLock { $0[key] = read }
        return try read.get()
    }

    /// Reads the metadata of every folder not known yet at once, each in its own child,
    /// so a listing with several recipes that hang costs one deadline, not one each.
    static func prefetch(_ folders: [String]) {
        let group = DispatchGroup()
        for folder in folders {
            guard let key = try? RecipeTree(reading: folder).hash, known.withLock({ $0[key] == nil }) else { continue }
            group.enter()
            DetachedThread.start {
                let read = readInChild(folder)
                known.withLock { $0[key] = read }
                group.leave()
            }
        }
        group.wait()
    }

    /// What the child prints: `{"fields": [...]}` or `{"error": "..."}`.
    public static func report(folder: String) -> String {
        let value: JSONValue
        do { value = .object(["fields": .array(try Recipe.readFields(folder: folder).map { .string($0) })]) } catch {
            value = .object(["error": .string("\(error)")])
        }
        return (try? value.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? #"{"error":"unencodable metadata"}"#
    }

    private static func readInChild(_ folder: String) -> Result<[String], RecipeError> {
        let executable = ChildProcess.folderOfThisProgram() + "/glasses"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failure(RecipeError("cannot read \(folder)/init.lua: the glasses program that reads recipe metadata is not at \(executable); reinstall glasses"))
        }
        switch ChildProcess.run(executable, ["recipe", "metadata", folder], deadline: deadline) {
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

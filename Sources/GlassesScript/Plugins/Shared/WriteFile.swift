import LuaHost
import WearablesCore

extension ScriptRuntime {
    /// Writes an output file under `--out`, turning failures into a script error
    /// that names the path, and traces it.
    func writeFile(_ path: String, what: SavedFile.Kind, _ write: (String) throws -> Void) throws -> LuaReturn {
        let resolved: String
        do {
            resolved = try currentPaths.writable(path)
            try write(resolved)
        } catch {
            throw LuaError("cannot save \(what.rawValue) to '\(path)': \(error)")
        }
        trace.record(source: "script", event: "save", values: ["what": .string(what.rawValue), "path": .string(path)])
        onSave?(SavedFile(path: resolved, kind: what))
        return .value(.string(resolved))
    }
}

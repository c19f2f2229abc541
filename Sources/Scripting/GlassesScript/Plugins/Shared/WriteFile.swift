import LuaHost
import WearablesCore

extension ScriptRuntime {
    /// Writes an output file under `--out` with what `encode` gives (made before the file
    /// is opened, so a picture that cannot be encoded leaves no empty file), turning
    /// failures into a script error that names the path, and traces it.
    func writeFile<Bytes: Collection<UInt8>>(_ path: String, what: SavedFile.Kind, _ encode: () throws -> Bytes) throws -> LuaReturn {
        let resolved: String
        do {
            let bytes = try encode()
            let file = try currentPaths.writing(path)
            resolved = file.path
            guard file.write(bytes) else { throw FileWriteError() }
        } catch {
            throw LuaError("cannot save \(what.rawValue) to '\(path)': \(error)")
        }
        trace.record(source: "script", event: "save", values: ["what": .string(what.rawValue), "path": .string(path)])
        onSave?(SavedFile(path: resolved, kind: what))
        return .value(.string(resolved))
    }
}

/// A write the disk refused after the file opened.
struct FileWriteError: Error, CustomStringConvertible {
    var description: String { "the disk refused the write (full, or over a quota?)" }
}

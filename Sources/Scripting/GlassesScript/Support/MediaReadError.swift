import LuaHost

extension ScriptRuntime {
    /// The error for a media file a script asked the host to read. A strict
    /// script has no file access of its own, so there the message must not
    /// tell a missing file from one that is not media: that would let it probe
    /// which files exist. Other sandboxes have `io` and get the precise error.
    func mediaReadError(_ path: String, as what: String, expecting kinds: String, _ error: Error) -> LuaError {
        mediaReadError(path, as: what, expecting: kinds, reason: "\(error)")
    }

    func mediaReadError(_ path: String, as what: String, expecting kinds: String, reason: String) -> LuaError {
        guard currentPaths.sandbox != .strict else {
            return LuaError("cannot use '\(path)' as \(what): no readable \(kinds) file there")
        }
        return LuaError("cannot use '\(path)' as \(what): \(reason)")
    }

    /// `path` open for reading, or the script error naming what the sandbox allows.
    func reading(_ path: String, as what: String) throws -> ScriptFile {
        do { return try currentPaths.reading(path) } catch {
            throw LuaError("cannot use '\(path)' as \(what): \(error)")
        }
    }
}

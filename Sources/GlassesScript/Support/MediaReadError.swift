import LuaHost

extension ScriptRuntime {
    /// The error for a media file a script asked the host to read. Outside the
    /// trusted sandbox a script has no file access of its own, so the message
    /// must not tell a missing file from one that is not media: that would let
    /// a strict script probe which files exist.
    func mediaReadError(_ path: String, as what: String, expecting kinds: String, _ error: Error) -> LuaError {
        guard options.sandbox == .trusted else {
            return LuaError("cannot use '\(path)' as \(what): no readable \(kinds) file there")
        }
        return LuaError("cannot use '\(path)' as \(what): \(error)")
    }
}

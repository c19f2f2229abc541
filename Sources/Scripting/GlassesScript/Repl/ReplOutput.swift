/// Where the REPL writes: results on `standard`, errors on `error` (stdout and
/// stderr in the CLI, buffers in tests).
public struct ReplOutput {
    public let standard: (String) -> Void
    public let error: (String) -> Void

    public init(standard: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.standard = standard
        self.error = error
    }
}

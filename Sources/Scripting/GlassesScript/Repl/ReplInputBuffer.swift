import LuaHost

/// Collects input lines into one chunk the way `lua5.4` does: the first line is
/// tried as `return <line>` so an expression prints its value; a chunk that ends
/// early (the syntax error is at `<eof>`) waits for more lines.
struct ReplInputBuffer {
    enum Outcome {
        /// The chunk is not finished; show the continuation prompt.
        case incomplete
        case chunk(LuaRef)
        case syntaxError(String)
    }

    /// The chunk name in messages: `stdin:1: ...`, as lua5.4 reports.
    static let chunkName = "stdin"
    private var lines: [String] = []

    var isEmpty: Bool { lines.isEmpty }

    mutating func reset() { lines = [] }

    mutating func add(_ line: String, in state: LuaState) -> Outcome {
        if lines.isEmpty {
            let expression = line.hasPrefix("=") ? String(line.dropFirst()) : line
            if let chunk = try? state.load("return " + expression, name: Self.chunkName) { return .chunk(chunk) }
        }
        lines.append(line)
        do {
            let chunk = try state.load(lines.joined(separator: "\n"), name: Self.chunkName)
            lines = []
            return .chunk(chunk)
        } catch where error.kind == .syntax && error.message.hasSuffix("<eof>") {
            return .incomplete
        } catch {
            lines = []
            return .syntaxError(error.message)
        }
    }
}


/// One problem `glasses check` found, printed as `file:line: message`.
public struct LuaCheckDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// nil when the whole file is affected (it could not be read).
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript

/// The `glasses` program beside this one, run as a child for every tool call.
struct GlassesCommand: Sendable {
    let path: String

    static func besideThisProgram() -> GlassesCommand {
        GlassesCommand(path: ChildProcess.folderOfThisProgram() + "/glasses")
    }

    /// Runs `glasses ARGUMENTS` in `directory`; what it printed and its exit code.
    func run(_ arguments: [String], in directory: String = "/") throws -> ChildProcess.Captured {
        guard let result = ChildProcess.capture(path, arguments, in: directory), result.status != ChildProcess.notFound else {
            throw MCPToolError("cannot run \(path); build it with `swift build --product glasses` beside glasses-mcp")
        }
        return result
    }
}

/// A tool call that cannot be done, said to the assistant as the tool's error result.
struct MCPToolError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

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

    /// The most of each of a child's output and errors kept *(ours)*: the answer is cut to
    /// `MCPTools.maxOutputBytes` anyway, and a script printing 1 GiB made this server peak at
    /// 2.1 GB with a 1 GB temporary file before the cut.
    static let keptOutputBytes = 1 << 20

    /// Runs `glasses ARGUMENTS` in `directory`; what it printed (at most `keptOutputBytes` of
    /// each stream, read through pipes) and its exit code.
    func run(_ arguments: [String], in directory: String = "/") throws -> ChildProcess.Captured {
        guard let result = ChildProcess.capture(path, arguments, in: directory, keeping: Self.keptOutputBytes),
              result.status != ChildProcess.notFound else {
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

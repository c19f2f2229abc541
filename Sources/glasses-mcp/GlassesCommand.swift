import FoundationEssentials
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `glasses` program beside this one, run as a child for every tool call.
struct GlassesCommand: Sendable {
    let path: String

    static func besideThisProgram() -> GlassesCommand {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        let found = _NSGetExecutablePath(&buffer, &size) == 0
        #else
        let found = readlink("/proc/self/exe", &buffer, buffer.count - 1) > 0
        #endif
        let path = found ? String(cString: buffer) : CommandLine.arguments[0]
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return GlassesCommand(path: folder + "/glasses")
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

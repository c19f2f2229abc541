import Foundation
import GlassesScript
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// each stream, read through pipes) and its exit code. The child runs on a thread of its
    /// own, so calls run side by side; cancelling the calling task kills the child's process
    /// group and throws `CancellationError`.
    func run(_ arguments: [String], in directory: String = "/") async throws -> ChildProcess.Captured {
        let path = path
        let child = Locked<(pid: pid_t?, cancelled: Bool)>((nil, false))
        let captured: ChildProcess.Captured? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    let result = ChildProcess.capture(path, arguments, in: directory, keeping: Self.keptOutputBytes) { pid in
                        KillOnSignal.started(pid)
                        let cancelled = child.withLock { state in
                            state.pid = pid
                            return state.cancelled
                        }
                        if cancelled { kill(-pid, SIGKILL) }
                    }
                    if let pid = child.withLock({ $0.pid }) { KillOnSignal.ended(pid) }
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            let pid = child.withLock { state in
                state.cancelled = true
                return state.pid
            }
            if let pid { kill(-pid, SIGKILL) }
        }
        try Task.checkCancellation()
        guard let result = captured, result.status != ChildProcess.notFound else {
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

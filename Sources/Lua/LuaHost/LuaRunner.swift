import CLua
import CLuaShim

/// Makes progress while a script's main task waits in a host function: the
/// event loop of the layer above plugs in here.
public protocol LuaRunDriver: AnyObject {
    /// Called once the main task first returns or suspends: fire events and resume
    /// tasks (the main one included) until the main task and the work it started
    /// are done, the state is stopped, or nothing can make progress any more.
    func drive(_ state: LuaState, main: LuaTask)
}

/// How a run ended, as `glasses run` reports it.
public struct LuaRunOutcome: Equatable, Sendable {
    public let status: LuaRunEnd
    /// What to print on stderr, if anything.
    public let report: String?

    public init(_ status: LuaRunEnd, report: String? = nil) {
        self.status = status
        self.report = report
    }

    /// The outcome of a run that `stop` ended.
    public init(_ stop: LuaStop) {
        switch stop {
        case .exit(let code): self.init(.exit(code))
        case .limit(let message): self.init(.limit, report: message)
        case .interrupted(let message): self.init(.interrupted, report: message)
        case .terminated(let message): self.init(.terminated, report: message)
        }
    }
}

/// Runs a script file the way `lua5.4 SCRIPT ARGS` does, with the main chunk
/// as a task so host functions can suspend it.
public final class LuaRunner {
    public let state: LuaState
    public var driver: LuaRunDriver?

    public init(state: LuaState, driver: LuaRunDriver? = nil) {
        self.state = state
        self.driver = driver
    }

    /// `require` templates for a script's folder, for ``LuaSandbox/strict``.
    public static func modulePaths(forScript path: String) -> [String] {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        return ["\(folder)/?.lua", "\(folder)/?/init.lua"]
    }

    /// Sets `arg` (`arg[0]` the script, `arg[1...]` its arguments, `arg[-1]`
    /// the interpreter), loads the file and runs it with the arguments as `...`.
    public func run(script path: String, arguments: [String], interpreter: String) -> LuaRunOutcome {
        do {
            try setArgTable(script: path, arguments: arguments, interpreter: interpreter)
        } catch {
            return outcome(failure: error)
        }
        let chunk: LuaRef
        do {
            chunk = try state.loadFile(path)
        } catch {
            if error.kind == .memory, state.memoryLimitWasHit { return outcome(failure: error) }
            return LuaRunOutcome(.loadFailure, report: error.message)
        }
        let main: LuaTask
        do {
            main = try state.newTask(chunk, arguments.map(LuaValue.string))
        } catch {
            return outcome(failure: error)
        }
        state.resume(main)
        driver?.drive(state, main: main)
        return outcome(of: main)
    }

    private func setArgTable(script: String, arguments: [String], interpreter: String) throws(LuaScriptError) {
        let table = try state.newTable()
        try state.setIndex(table, -1, .string(interpreter))
        try state.setIndex(table, 0, .string(script))
        for (offset, argument) in arguments.enumerated() {
            try state.setIndex(table, Int64(offset + 1), .string(argument))
        }
        try state.setGlobal("arg", .ref(table))
    }

    private func outcome(of main: LuaTask) -> LuaRunOutcome {
        if let stop = state.stop { return LuaRunOutcome(stop) }
        switch main.status {
        case .finished: return LuaRunOutcome(.success)
        case .failed(let error): return outcome(failure: error)
        case .stopped(let stop): return LuaRunOutcome(stop)
        case .ready, .running, .suspended:
            return LuaRunOutcome(
                .scriptError,
                report: "the main chunk is waiting in a host function and nothing is left that could resume it")
        }
    }

    private func outcome(failure error: LuaScriptError) -> LuaRunOutcome {
        if state.isMemoryLimitError(error) {
            return LuaRunOutcome(.limit, report: state.memoryLimitMessage())
        }
        return LuaRunOutcome(.scriptError, report: error.report)
    }
}

import LuaHost

/// Counts events (deinit, defer) across closures.
final class Counter {
    var value = 0
}

func makeState(_ sandbox: LuaSandbox = .trusted, memoryLimit: Int? = nil, instructionLimit: Int? = nil) throws -> LuaState {
    try LuaState(options: LuaStateOptions(sandbox: sandbox, memoryLimit: memoryLimit, instructionLimit: instructionLimit))
}

/// Runs `code` as a task to completion and returns what it finished or failed with.
func runTask(_ state: LuaState, _ code: String, name: String = "test.lua") throws -> LuaResumeResult {
    let task = try state.newTask(state.load(code, name: name))
    return state.resume(task)
}

extension LuaResumeResult {
    var failure: LuaScriptError? {
        if case .failed(let error) = self { return error }
        return nil
    }

    var values: [LuaValue]? {
        if case .finished(let values) = self { return values }
        return nil
    }
}

extension LuaValue {
    var int: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }

    var bool: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }
}

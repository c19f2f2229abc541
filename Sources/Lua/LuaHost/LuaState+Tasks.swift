import CLua
import CLuaShim

extension LuaState {
    /// Creates a task that will call `function` with `arguments` when first resumed.
    public func newTask(_ function: LuaRef, _ arguments: [LuaValue] = []) throws(LuaScriptError) -> LuaTask {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            var created: OpaquePointer?
            try LuaStack.check(gs_newthread(L, &created))
            guard let thread = created else { throw LuaPushFailure() }
            lua_pushvalue(L, -1)
            var anchor: Int32 = 0
            try LuaStack.check(gs_ref(L, &anchor))
            gs_mark_task(thread)
            try LuaStack.ensure(L, arguments.count + 1)
            try LuaStack.push(.ref(function), on: L, state: self)
            for argument in arguments { try LuaStack.push(argument, on: L, state: self) }
            guard lua_checkstack(thread, Int32(arguments.count + 1)) != 0 else {
                try LuaStack.push("too many arguments for a task", on: L)
                throw LuaPushFailure()
            }
            lua_xmove(L, thread, Int32(arguments.count + 1))
            let task = LuaTask(thread: thread, anchor: anchor, initialArguments: Int32(arguments.count))
            tasks[thread] = task
            return task
        } catch {
            throw popScriptError(.memory)
        }
    }

    /// Resumes a ready or suspended task; a suspended host call returns `values`.
    @discardableResult
    public func resume(_ task: LuaTask, with values: [LuaValue] = []) -> LuaResumeResult {
        resume(task) { () throws(LuaPushFailure) -> Int32 in
            for value in values { try LuaStack.push(value, on: L, state: self) }
            return Int32(values.count)
        }
    }

    /// Resumes a suspended task by raising `error` from the call it waits in.
    /// A string gets the script's position prefixed unless `addingPosition` is
    /// false (re-raising another task's error value unchanged); a table is raised as is.
    @discardableResult
    public func resume(_ task: LuaTask, raising error: LuaValue, addingPosition: Bool = true) -> LuaResumeResult {
        resume(task) { () throws(LuaPushFailure) -> Int32 in
            gs_push_raise_marker(L, addingPosition ? 1 : 0)
            try LuaStack.push(error, on: L, state: self)
            return 2
        }
    }

    /// Gives up a task that will not be resumed again (a cancelled wait): it ends
    /// as failed with `reason`, its pending to-be-closed variables are closed
    /// (as `coroutine.close` does), and its thread is released to the collector.
    /// A running task cannot be discarded; it is left as it is. Returns the error
    /// a `__close` handler raised, if one did.
    @discardableResult
    public func discard(_ task: LuaTask, reason: String = "cancelled") -> LuaScriptError? {
        switch task.status {
        case .ready:
            _ = finish(task, .failed(LuaScriptError(kind: .runtime, message: reason)))
            return nil
        case .suspended:
            // Running while its handlers run: a handler that reaches this task can
            // neither resume nor discard it again, and the anchor keeps the thread alive.
            task.status = .running
            let base = lua_gettop(L)
            defer { lua_settop(L, base) }
            let status = gs_close_task(L, task.thread)
            let failure = status == LUA_OK ? nil : report(errorAt: -1, status: status, traceback: nil, thread: nil)
            _ = finish(task, .failed(LuaScriptError(kind: .runtime, message: reason)))
            return failure
        case .running, .finished, .failed, .stopped:
            return nil
        }
    }

    private func resume(_ task: LuaTask, pushing push: () throws(LuaPushFailure) -> Int32) -> LuaResumeResult {
        let claimed = thread.enter()
        defer { if claimed { thread.leave() } }
        switch task.status {
        case .ready, .suspended: break
        case .running: return finish(task, .failed(LuaScriptError(kind: .runtime, message: "cannot resume a running task")))
        case .finished, .failed, .stopped:
            return finish(task, .failed(LuaScriptError(kind: .runtime, message: "cannot resume a finished task")))
        }
        if let stop { return finish(task, .stopped(stop)) }
        let base = lua_gettop(L)
        var count: Int32 = 0
        do {
            try LuaStack.ensure(L, 8)
            count = try push()
        } catch {
            return finish(task, .failed(popScriptError(.memory)))
        }
        guard lua_checkstack(task.thread, count + 1) != 0 else {
            lua_settop(L, base)
            return finish(task, .failed(LuaScriptError(kind: .runtime, message: "too many values to resume a task with")))
        }
        lua_xmove(L, task.thread, count)
        if case .ready = task.status { count += task.initialArguments }
        task.status = .running
        var results: Int32 = 0
        let status = gs_resume(L, task.thread, count, &results)
        let suspension = gs_take_suspended(L)
        if stop != nil, status != LUA_OK { closeForExit(task, yielded: status == LUA_YIELD) }
        if let stop { return finish(task, .stopped(stop)) }
        switch status {
        case LUA_OK:
            return finish(task, collect(results, from: task.thread))
        case LUA_YIELD where suspension == Int32(GS_SUSPENDED_WAIT):
            lua_settop(task.thread, -results - 1)
            task.status = .suspended
            return .suspended
        case LUA_YIELD where suspension == Int32(GS_SUSPENDED_SLICE):
            lua_settop(task.thread, -results - 1)
            task.status = .suspended
            return .preempted
        case LUA_YIELD:
            lua_settop(task.thread, -results - 1)
            return finish(task, .failed(LuaScriptError(kind: .runtime, message: "attempt to yield from outside a coroutine")))
        default:
            lua_pushvalue(task.thread, -1)
            lua_xmove(task.thread, L, 1)
            var error = report(errorAt: -1, status: status, traceback: nil, thread: task.thread)
            lua_settop(L, base)
            // Its pending <close> variables run with the error, as when an error
            // unwinds a protected call; a handler's error replaces it, a handler's exit wins.
            if stop == nil {
                let closing = gs_close_failed_task(L, task.thread)
                if closing != LUA_OK {
                    error = report(errorAt: -1, status: closing, traceback: nil, thread: nil)
                    lua_settop(L, base)
                }
                if let stop { return finish(task, .stopped(stop)) }
            }
            return finish(task, .failed(error))
        }
    }

    /// `os.exit(n, true)` closes the state, and with it the pending `<close>`
    /// variables of the task that called it: they run with the stop lifted, so
    /// they can do their work; an `exit(n)` one of them makes is the new stop.
    private func closeForExit(_ task: LuaTask, yielded: Bool) {
        guard case .exit(let code)? = stop, exitClosesState else { return }
        let message = String(cString: gs_stop_message(control))
        gs_clear_stop(control)
        let base = lua_gettop(L)
        // A stop suspends the task where it can (a yield) and raises where it cannot.
        let closing = yielded ? gs_close_task(L, task.thread) : gs_close_failed_task(L, task.thread)
        if closing != LUA_OK, stop == nil {
            task.closeError = report(errorAt: -1, status: closing, traceback: nil, thread: nil)
        }
        lua_settop(L, base)
        if stop == nil { gs_request_stop(control, Int32(GS_STOP_EXIT), code, message) }
    }

    private func collect(_ count: Int32, from thread: OpaquePointer) -> LuaResumeResult {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_checkstack(L, count + 4) != 0 else {
            return .failed(LuaScriptError(kind: .runtime, message: "too many results from a task"))
        }
        lua_xmove(thread, L, count)
        do {
            var values: [LuaValue] = []
            for index in (base + 1)..<(base + 1 + count) { values.append(try LuaStack.value(at: index, on: L, state: self)) }
            return .finished(values)
        } catch {
            return .failed(popScriptError(.memory))
        }
    }

    private func finish(_ task: LuaTask, _ result: LuaResumeResult) -> LuaResumeResult {
        switch result {
        case .suspended, .preempted: task.status = .suspended
        case .finished(let values): task.status = .finished(values)
        case .failed(let error): task.status = .failed(error)
        case .stopped(let stop): task.status = .stopped(stop)
        }
        if task.isDone, tasks.removeValue(forKey: task.thread) != nil { unref(task.anchor) }
        return result
    }
}

import LuaHost

extension ScriptRuntime {
    /// Runs `function` with `arguments` as a task on the event loop (so it may
    /// wait: `wait(1)`, `session:start()`); `finished` gets the task once it is
    /// done, failed or cancelled. The REPL's way in: the loop must be running.
    func evaluate(
        _ function: LuaRef, _ arguments: [LuaValue], label: String, finished: @escaping (ScriptTask) -> Void
    ) throws -> ScriptTask {
        let task = try spawn(function, arguments, label: label)
        task.joiners.append { [unowned task] in finished(task) }
        return task
    }

    /// Ends a task whose Lua code was stopped (Ctrl-C) or that waits on something
    /// that will never come; its `finished` callback runs with `.cancelled`.
    func abandon(_ task: ScriptTask) {
        // An interrupt ends the resume mid-run, leaving the status at running.
        if task.status == .running { task.status = .waiting }
        cancel(task)
    }
}

import CLuaShim

extension LuaState {
    /// Gives every task of this state time slices of `seconds` (nil: none, the
    /// default): a task that runs that long without waiting is preempted (its
    /// resume returns ``LuaResumeResult/preempted``) at the next point where its
    /// coroutines can yield, and goes on when resumed again with no values.
    ///
    /// A host whose loop serves others besides this state (a served world's
    /// console) resumes such a task from a later event, so a long computation
    /// shares the loop instead of holding it. Code where Lua cannot yield (a
    /// `table.sort` comparator, a metamethod called from C, a finalizer) runs on
    /// until it returns to where it can.
    public func sliceTasks(every seconds: Double?) {
        gs_set_time_slice(L, seconds ?? 0)
    }
}

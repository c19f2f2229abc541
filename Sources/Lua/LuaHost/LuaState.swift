import CLua
import CLuaShim
import ThreadOwnership

/// One Lua state: the VM, its limits and sandbox, and the Swift functions,
/// modules and classes registered into it. Use it from one thread only;
/// ``interruptHandle`` is the one piece meant for other threads.
public final class LuaState {
    let L: OpaquePointer
    /// The thread running Lua code in this state now: a second thread entering meanwhile
    /// (resuming, calling, loading) is a bug that debug builds stop at, as is a host
    /// function dispatched on another thread.
    let thread = ThreadOwner("a LuaState")
    /// The state's control block (stops, memory counts), retained so they can
    /// still be read once the state is closed.
    let control: OpaquePointer
    /// Set by ``close()``; after it only stops and memory counts may be read.
    public private(set) var isClosed = false
    public let options: LuaStateOptions
    /// Everything registered, for docs, help and type files.
    public internal(set) var bindings = LuaBindings()

    /// Keeps registered function bodies alive; Lua holds unretained pointers to them.
    var functionBoxes: [LuaFunctionBox] = []
    var classes: [ObjectIdentifier: LuaClassBinding] = [:]
    /// Live userdata boxes by object, for identity and invalidation.
    var objectBoxes: [ObjectIdentifier: LuaObjectBox] = [:]
    /// Host tasks by their thread.
    var tasks: [OpaquePointer: LuaTask] = [:]
    /// Registry ref of a weak-valued table: box pointer -> userdata.
    var identityCache: Int32 = 0

    /// Creates a state with the standard library trimmed to `options.sandbox`.
    public init(options: LuaStateOptions = LuaStateOptions()) throws(LuaScriptError) {
        self.options = options
        let cap = options.memoryLimit.map { max($0, 1) } ?? 0
        guard let L = gs_newstate(cap, nil) else {
            throw LuaScriptError(kind: .memory, message: "cannot create a Lua state: not enough memory")
        }
        self.L = L
        control = gs_control_of(L)
        gs_control_retain(control)
        gs_set_host(L, Unmanaged.passUnretained(self).toOpaque())
        try setUp()
    }

    deinit {
        if !isClosed { gs_close(L) }
        gs_control_release(control)
    }

    /// Closes the state as `lua5.4` does at exit: pending finalizers (`__gc`)
    /// run, under the watchdog, and a host function one calls raises an error
    /// (reported as Lua reports errors in `__gc`: a warning). A finalizer's
    /// `os.exit` shows in ``stop``. Drops the registered function bodies, so
    /// objects they capture can be freed.
    public func close() {
        guard !isClosed else { return }
        // Set first: Swift objects the finalizers free must not reach into the closing state.
        isClosed = true
        gs_close(L)
        functionBoxes = []
        classes = [:]
        objectBoxes = [:]
        tasks = [:]
    }

    private func setUp() throws(LuaScriptError) {
        try protect(gs_openlibs(L))
        if let seed = options.randomSeed { try protect(gs_randomseed(L, lua_Integer(seed))) }
        try protect(gs_newweaktable(L, "v"))
        var ref: Int32 = 0
        try protect(gs_ref(L, &ref))
        identityCache = ref
        try LuaSandboxProfile.apply(options.sandbox, modulePaths: options.modulePaths, to: self)
        if let budget = options.instructionLimit { gs_set_instruction_budget(L, Int64(max(budget, 1))) }
        if let timeout = options.timeout {
            gs_start_watchdog(L, timeout.isNaN ? 0 : min(max(timeout, 0), LuaStateOptions.longestTimeout),
                              LuaLimitNames.parenthesized(options.limitNames.timeout))
        }
    }

    /// Keeps the state open to the end of the process, as `lua5.4`'s `os.exit`
    /// does: its finalizers never run, not even once nothing else holds it.
    public func leaveOpen() {
        _ = Unmanaged.passRetained(self)
    }

    /// Bytes Lua holds now.
    public var memoryUsed: Int { gs_memory_used(control) }

    /// True once an allocation was refused because of ``LuaStateOptions/memoryLimit``.
    public var memoryLimitWasHit: Bool { gs_memory_cap_hit(control) != 0 }

    /// Set once the state was stopped; every later resume or call reports it.
    public var stop: LuaStop? {
        LuaStop(reason: gs_stop_reason(control), code: gs_exit_code(control), message: String(cString: gs_stop_message(control)))
    }

    /// Whether a stop is pending: one atomic read, cheap enough to ask per event.
    public var isStopped: Bool { gs_stop_reason(control) != Int32(GS_STOP_NONE) }

    /// Whether the exit stop asks for the state to be closed first: `os.exit(code, true)`.
    public var exitClosesState: Bool { gs_exit_closes(control) != 0 }

    /// Lets the state run code again after a stop (the REPL after Ctrl-C).
    public func clearStop() { gs_clear_stop(control) }

    /// Ends the run with `code` once the current Lua code returns control:
    /// for the host's `exit(n)`; `pcall` cannot catch it.
    public func exit(code: Int32) {
        gs_request_stop(control, Int32(GS_STOP_EXIT), code, "exit(\(code)) ended the script")
    }

    /// What the watchdog runs, on its own thread, when a stop could not take
    /// effect within its grace period (a finalizer or a pattern match that no hook
    /// interrupts): the timeout's limit, or a stop asked with
    /// ``LuaInterruptHandle/terminate(message:endingWithin:)`` or its `interrupt`
    /// twin. The handler gets that stop, its message saying the run was ended;
    /// it flushes what must survive, reports, and returns the status the process
    /// then exits with. Must be safe while the Lua thread still runs.
    public func onUnresponsiveStop(_ handler: @escaping @Sendable (LuaStop) -> Int32) {
        let box = Unmanaged.passRetained(LuaEmergencyBox(handler)).toOpaque()
        // Kept for the life of the process: the watchdog may call it after the state is gone.
        gs_set_emergency_handler(L, { context, reason, code, message in
            let text = message.map { String(cString: $0) } ?? ""
            guard let context, let stop = LuaStop(reason: reason, code: code, message: text) else { return 3 }
            return Unmanaged<LuaEmergencyBox>.fromOpaque(context).takeUnretainedValue().handler(stop)
        }, box)
    }

    /// A handle another thread may use to stop whatever Lua code runs.
    public var interruptHandle: LuaInterruptHandle { LuaInterruptHandle(control: control) }

    // MARK: - Loading and running

    /// Compiles `code`; errors read `name:line: message`.
    public func load(_ code: String, name: String) throws(LuaScriptError) -> LuaRef {
        var code = code
        return try code.withUTF8 { buffer in loading(buffer, name: name) }.get()
    }

    /// Compiles the bytes of a file the caller read itself (through a descriptor it
    /// checked, say), as they are: Lua source need not be UTF-8. Errors read `name:line: message`.
    public func load(_ bytes: [UInt8], name: String) throws(LuaScriptError) -> LuaRef {
        try bytes.withUnsafeBufferPointer { buffer in loading(buffer, name: name) }.get()
    }

    private func loading(_ buffer: UnsafeBufferPointer<UInt8>, name: String) -> Result<LuaRef, LuaScriptError> {
        do { return .success(try load(buffer, name: name)) } catch { return .failure(error) }
    }

    private func load(_ buffer: UnsafeBufferPointer<UInt8>, name: String) throws(LuaScriptError) -> LuaRef {
        let claimed = thread.enter()
        defer { if claimed { thread.leave() } }
        let mode = options.sandbox == .trusted ? nil : "t"
        let status = ("@" + name).withCString { chunk in
            withOptionalCString(mode) { mode in
                buffer.withMemoryRebound(to: CChar.self) { gs_loadbuffer(L, $0.baseAddress, $0.count, chunk, mode) }
            }
        }
        return try finishLoad(status, name: name)
    }

    /// Compiles a file (a `#!` first line is skipped, as `lua` does); `-` is stdin, as for `lua`.
    public func loadFile(_ path: String) throws(LuaScriptError) -> LuaRef {
        let claimed = thread.enter()
        defer { if claimed { thread.leave() } }
        let mode = options.sandbox == .trusted ? nil : "t"
        // luaL_loadfilex reads stdin when given no name.
        let status = withOptionalCString(path == "-" ? nil : path) { file in
            withOptionalCString(mode) { gs_loadfile(L, file, $0) }
        }
        return try finishLoad(status, name: path == "-" ? "stdin" : path)
    }

    private func finishLoad(_ status: Int32, name: String) throws(LuaScriptError) -> LuaRef {
        guard status == LUA_OK else {
            let kind: LuaScriptError.Kind =
                switch status {
                case LUA_ERRSYNTAX: .syntax
                case LUA_ERRMEM: .memory
                default: .load
                }
            var message = LuaStack.popErrorMessage(on: L)
            // Lua's own words name neither the file nor the way to allow it.
            if message.hasPrefix("attempt to load a binary chunk") {
                message = "\(name): a precompiled (binary) chunk, which only the trusted sandbox loads; \(options.sandboxAdvice(.trusted))"
            }
            throw LuaScriptError(kind: kind, message: message)
        }
        do { return try ref(at: -1, on: L, popping: true) } catch { throw popScriptError(.memory) }
    }

    /// Calls a function on the main thread, protected, with a traceback on error.
    /// Host functions called this way cannot suspend (use a ``LuaTask``).
    @discardableResult
    public func call(_ function: LuaRef, _ arguments: [LuaValue] = []) throws(LuaScriptError) -> [LuaValue] {
        let claimed = thread.enter()
        defer { if claimed { thread.leave() } }
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.ensure(L, arguments.count + 1)
            try LuaStack.push(.ref(function), on: L, state: self)
            for argument in arguments { try LuaStack.push(argument, on: L, state: self) }
        } catch {
            throw popScriptError(.memory)
        }
        let status = gs_pcall_traceback(L, Int32(arguments.count), LUA_MULTRET)
        guard status == LUA_OK else { throw scriptError(status: status, tracebackOnTop: true) }
        do {
            var results: [LuaValue] = []
            var index = base + 1
            while index <= lua_gettop(L) {
                results.append(try LuaStack.value(at: index, on: L, state: self))
                index += 1
            }
            return results
        } catch {
            throw popScriptError(.memory)
        }
    }

    /// Runs `code` protected and returns its results.
    @discardableResult
    public func run(_ code: String, name: String = "host") throws(LuaScriptError) -> [LuaValue] {
        try call(load(code, name: name))
    }

    // MARK: - Globals and tables

    public func global(_ name: String) throws(LuaScriptError) -> LuaValue {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.check(name.withCString { gs_getglobal(L, $0) })
            return try LuaStack.value(at: -1, on: L, state: self)
        } catch {
            throw popScriptError(.runtime)
        }
    }

    public func setGlobal(_ name: String, _ value: LuaValue) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.push(value, on: L, state: self)
            try LuaStack.check(name.withCString { gs_setglobal(L, $0) })
        } catch {
            throw popScriptError(.runtime)
        }
    }

    /// A new empty table.
    public func newTable() throws(LuaScriptError) -> LuaRef {
        do {
            try LuaStack.check(gs_newtable(L, 0, 0))
            return try ref(at: -1, on: L, popping: true)
        } catch {
            throw popScriptError(.memory)
        }
    }

    /// Reads `table[key]` (metamethods apply).
    public func field(_ table: LuaRef, _ key: String) throws(LuaScriptError) -> LuaValue {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.push(.ref(table), on: L, state: self)
            try LuaStack.check(key.withCString { gs_getfield(L, -1, $0) })
            return try LuaStack.value(at: -1, on: L, state: self)
        } catch {
            throw popScriptError(.runtime)
        }
    }

    /// Sets `table[key] = value` (metamethods apply).
    public func setField(_ table: LuaRef, _ key: String, _ value: LuaValue) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.push(.ref(table), on: L, state: self)
            try LuaStack.push(value, on: L, state: self)
            try LuaStack.check(key.withCString { gs_setfield(L, -2, $0) })
        } catch {
            throw popScriptError(.runtime)
        }
    }

    /// `tostring(value)`, run protected (so `__tostring` errors are reported, not raised).
    public func describe(_ value: LuaValue) throws(LuaScriptError) -> String {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.push(value, on: L, state: self)
            try LuaStack.check(gs_tostring(L, -1))
            return LuaStack.string(at: -1, on: L) ?? ""
        } catch {
            throw popScriptError(.runtime)
        }
    }

    // MARK: - Internals shared by the other files

    func ref(at index: Int32, on L: OpaquePointer, popping: Bool = false) throws(LuaPushFailure) -> LuaRef {
        var reference: Int32 = 0
        if !popping { lua_pushvalue(L, index) }
        try LuaStack.check(gs_ref(L, &reference))
        return LuaRef(reference: reference, state: self)
    }

    func unref(_ reference: Int32) {
        // A `LuaRef` (inside a `LuaValue`, an error) dropped on a thread other than the one running the state.
        thread.check()
        guard !isClosed else { return }
        if gs_unref(L, reference) != LUA_OK { gs_pop(L, 1) }
    }

    func protect(_ status: Int32) throws(LuaScriptError) {
        if status != LUA_OK { throw popScriptError(status == LUA_ERRMEM ? .memory : .runtime) }
    }

    /// Turns the error value a failed helper left on top into a ``LuaScriptError``.
    func popScriptError(_ kind: LuaScriptError.Kind) -> LuaScriptError {
        let isMemory = memoryLimitWasHit && kind == .memory
        return LuaScriptError(kind: stop != nil ? .stopped : (isMemory ? .memory : kind), message: LuaStack.popErrorMessage(on: L))
    }

    /// Builds the error for a failed pcall: [value, traceback-or-nil] on top of L.
    func scriptError(status: Int32, tracebackOnTop: Bool) -> LuaScriptError {
        let traceback = tracebackOnTop ? LuaStack.string(at: -1, on: L) : nil
        if tracebackOnTop { gs_pop(L, 1) }
        return report(errorAt: -1, status: status, traceback: traceback, thread: nil)
    }

    /// Describes the error value at `index` of L (thread: where it was raised).
    func report(errorAt index: Int32, status: Int32, traceback: String?, thread: OpaquePointer?) -> LuaScriptError {
        let kind: LuaScriptError.Kind =
            stop != nil ? .stopped : status == LUA_ERRMEM ? .memory : status == LUA_ERRSYNTAX ? .syntax : .runtime
        let value: LuaValue
        do { value = try LuaStack.value(at: index, on: L, state: self) } catch {
            gs_pop(L, 1)
            value = .nil
        }
        guard gs_error_report(L, index, thread, thread != nil ? 1 : 0) == LUA_OK else {
            return LuaScriptError(kind: kind, message: LuaStack.popErrorMessage(on: L), traceback: traceback, value: value)
        }
        let message = LuaStack.string(at: -2, on: L) ?? ""
        let threadTraceback = LuaStack.string(at: -1, on: L)
        gs_pop(L, 2)
        return LuaScriptError(kind: kind, message: message, traceback: threadTraceback ?? traceback, value: value)
    }
}

func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

extension LuaState {
    /// Sets `table[index] = value` without metamethods.
    public func setIndex(_ table: LuaRef, _ index: Int64, _ value: LuaValue) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try LuaStack.push(.ref(table), on: L, state: self)
            try LuaStack.push(value, on: L, state: self)
            try LuaStack.check(gs_rawseti(L, -2, lua_Integer(index)))
        } catch {
            throw popScriptError(.runtime)
        }
    }
}

/// Holds an ``LuaState/onUnresponsiveStop(_:)`` handler for the watchdog thread.
private final class LuaEmergencyBox {
    let handler: @Sendable (LuaStop) -> Int32
    init(_ handler: @escaping @Sendable (LuaStop) -> Int32) { self.handler = handler }
}

import CLuaShim

/// What a Swift function body hands back to Lua.
public enum LuaReturn {
    case none
    case value(LuaValue)
    case values([LuaValue])
    /// Suspend the calling task; the host resumes it later with
    /// ``LuaState/resume(_:with:)`` (the call returns those values) or
    /// ``LuaState/resume(_:raising:addingPosition:)`` (the call raises). Check
    /// ``LuaCall/currentTask`` first: only a task can be suspended.
    case suspend
}

/// A Swift function body. Read arguments through the ``LuaCall``; throw
/// ``LuaError`` or ``LuaArgumentError`` to raise a Lua error.
public typealias LuaFunctionBody = (LuaCall) throws -> LuaReturn

/// A rule on argument values that their types cannot say (a name from a catalogue,
/// a choice that depends on another argument). It sees one value per parameter:
/// strings, numbers, booleans and nil as given; nil where the value is something
/// else (a table, a function) or, for `glasses check`, an expression it cannot read.
/// The registry runs it after the type check on every call, and `glasses check`
/// runs it on literal arguments, so the two cannot disagree.
public typealias LuaArgumentRule = @Sendable (_ arguments: [LuaValue?]) -> LuaArgumentError?

/// A function exposed to Lua: its typed parameters and returns are the one
/// source for argument checking (done by the registry before `body` runs),
/// signature text, help, type files and `glasses check`.
public struct LuaFunction {
    public let name: String
    /// Arguments after the object for a method; the registry checks them, so
    /// `body` may read them without re-checking types or enum values.
    public let parameters: [LuaParameter]
    public let returns: [LuaType]
    /// One line saying what it does.
    public let doc: String
    /// What the values must also satisfy; see ``LuaArgumentRule``.
    public let rule: LuaArgumentRule?
    public let body: LuaFunctionBody

    public init(
        name: String, parameters: [LuaParameter] = [], returns: [LuaType] = [], doc: String,
        rule: LuaArgumentRule? = nil, body: @escaping LuaFunctionBody
    ) {
        self.name = name
        self.parameters = parameters
        self.returns = returns
        self.doc = doc
        self.rule = rule
        self.body = body
    }
}

/// A library table: a global of that name, also returned by `require(name)`.
public struct LuaModule {
    public let name: String
    public let doc: String
    public let functions: [LuaFunction]
    /// A short script using the module, shown in the generated reference (which
    /// runs it in its tests); empty for none.
    public let example: String

    public init(name: String, doc: String, functions: [LuaFunction], example: String = "") {
        self.name = name
        self.doc = doc
        self.functions = functions
        self.example = example
    }
}

/// Holds a body for the trampoline, which reaches it through an unretained
/// pointer in the closure's upvalue (the state keeps the box alive), with the
/// check of its arguments that runs first unless the trampoline settled it in C.
final class LuaFunctionBox {
    let body: LuaFunctionBody
    let arguments: LuaArgumentCheck?
    /// What the trampoline holds: this box and the checks it settles in C
    /// (``LuaArgumentCheck/trampolineChecks``); nil for a box no closure calls
    /// directly (a class's field getter) or when out of memory.
    private(set) var function: OpaquePointer?

    init(_ body: @escaping LuaFunctionBody, checking arguments: LuaArgumentCheck? = nil) {
        self.body = body
        self.arguments = arguments
    }

    /// Makes ``function`` once. The box outlives every closure over it (the
    /// state keeps its boxes until after lua_close), so it frees it.
    func trampolineFunction() -> OpaquePointer? {
        if let function { return function }
        let trampoline = arguments?.trampolineChecks ?? (checks: [], offset: 0, complete: true)
        function = trampoline.checks.withUnsafeBufferPointer {
            gs_function_new(
                Unmanaged.passUnretained(self).toOpaque(), trampoline.offset, $0.baseAddress, Int32($0.count),
                trampoline.complete ? 1 : 0)
        }
        return function
    }

    deinit { gs_function_free(function) }

    /// `settled`: the trampoline's checks (``LuaArgumentCheck/trampolineChecks``) passed and said all.
    @inline(__always)
    func call(_ call: LuaCall, settled: Bool) throws -> LuaReturn {
        if !settled { try check(call) }
        return try body(call)
    }

    /// Out of line: the trampoline settles most calls' checks in C.
    @inline(never)
    private func check(_ call: LuaCall) throws {
        try arguments?.check(call)
    }
}

import CLua
import CLuaShim

/// Checks a call's arguments against a function's ``LuaParameter``s before its
/// body runs, so every binding raises the same messages for the same mistakes
/// (`bad argument #2 to 'camera' (field 'fps': invalid value 99 (expected one
/// of: 2, 7, 15, 24, 30))`) and no body repeats the checks.
///
/// It lives in the function's box and runs on every call, so the common case
/// is settled by one `lua_type` per argument against a table made at
/// registration (``Quick``); values are only read (strings compared, fields
/// fetched) for enums, records, arrays and classes, or to explain a mismatch.
struct LuaArgumentCheck {
    /// What a look at the Lua type alone settles for one parameter.
    private enum Quick {
        /// Fits when the Lua type is this one (`LUA_TNUMBER` for a number).
        case type(Int32)
        /// Fits when the value is an integer-valued number.
        case integer
        /// Always fits (`any`).
        case anything
        /// Needs ``LuaArgumentCheck/mismatch(_:at:in:)``.
        case full
    }

    private let parameters: [LuaParameter]
    private let quick: [Quick]
    /// Arguments before the first parameter: 1 for a method's object.
    private let offset: Int32
    private let rule: LuaArgumentRule?
    /// How many arguments the rule sees.
    private let ruled: Int

    /// For `function`, whose arguments start after `offset` others; nil when
    /// no argument needs a look (none declared, or all `any`, and no rule).
    init?(_ function: LuaFunction, offset: Int) {
        let checked = function.parameters.prefix { !$0.isRest }
        let last = checked.lastIndex(where: { $0.type != .any })
        guard last != nil || function.rule != nil else { return nil }
        parameters = last.map { Array(checked[...$0]) } ?? []
        quick = parameters.map { $0.range == nil ? LuaArgumentCheck.quick($0.type) : .full }
        self.offset = Int32(clamping: offset)
        rule = function.rule
        ruled = checked.count
    }

    /// The checks for the trampoline to settle in C before entering Swift (one
    /// ``gs_check`` a parameter, for arguments after `offset`), and whether their
    /// passing leaves nothing for ``check(_:)`` to do: no rule, and no parameter
    /// whose fit only Swift can tell. The C checks only ever accept values this
    /// check accepts; anything else comes here, which words the message.
    var trampolineChecks: (checks: [gs_check], offset: Int32, complete: Bool) {
        let checks = parameters.map(LuaArgumentCheck.trampolineCheck)
        return (checks, offset, rule == nil && !checks.contains { $0.kind == GS_CHECK_SWIFT })
    }

    private static func trampolineCheck(_ parameter: LuaParameter) -> gs_check {
        var check = gs_check(kind: Int32(GS_CHECK_SWIFT), type: LUA_TNONE, optional: parameter.isOptional ? 1 : 0, ranged: 0, low: 0, high: 0)
        var type = parameter.type
        while true {
            switch type {
            case .alias(_, let definition): type = definition; continue
            case .optional(let wrapped):
                check.optional = 1
                type = wrapped
                continue
            default: break
            }
            break
        }
        switch type {
        case .any, .variadic: check.kind = Int32(GS_CHECK_ANY)
        case .integer: check.kind = Int32(GS_CHECK_INTEGER)
        default:
            guard case .type(let expected) = quick(type) else { return check }
            check.kind = Int32(GS_CHECK_TYPE)
            check.type = expected
        }
        if let range = parameter.range {
            // Bounds hold for numbers only; on anything else only Swift knows what they mean.
            guard check.kind == Int32(GS_CHECK_INTEGER) || (check.kind == Int32(GS_CHECK_TYPE) && check.type == LUA_TNUMBER) else {
                check.kind = Int32(GS_CHECK_SWIFT)
                return check
            }
            check.ranged = 1
            check.low = range.lowerBound
            check.high = range.upperBound
        }
        return check
    }

    private static func quick(_ type: LuaType) -> Quick {
        switch type {
        case .number: .type(LUA_TNUMBER)
        case .integer: .integer
        case .string: .type(LUA_TSTRING)
        case .boolean: .type(LUA_TBOOLEAN)
        case .function, .fun: .type(LUA_TFUNCTION)
        case .table: .type(LUA_TTABLE)
        case .any: .anything
        default: .full
        }
    }

    func check(_ call: LuaCall) throws {
        let L = call.L
        for position in quick.indices {
            let index = offset + Int32(position) + 1
            switch quick[position] {
            case .type(let expected) where lua_type(L, index) == expected: continue
            case .integer where lua_isinteger(L, index) != 0: continue
            case .anything: continue
            default: try check(parameters[position], at: index, in: call)
            }
        }
        if let rule, let problem = rule(scalars(call)) { throw problem }
    }

    /// The arguments as a rule sees them: scalars as they are, nil for anything else.
    private func scalars(_ call: LuaCall) -> [LuaValue?] {
        (0..<ruled).map { position in
            let index = offset + Int32(position) + 1
            switch lua_type(call.L, index) {
            case LUA_TNONE, LUA_TNIL: return .nil
            case LUA_TBOOLEAN: return .boolean(lua_toboolean(call.L, index) != 0)
            case LUA_TNUMBER:
                var isInteger: Int32 = 0
                let integer = gs_tointeger(call.L, index, &isInteger)
                return isInteger != 0 ? .integer(integer) : .number(lua_tonumberx(call.L, index, nil))
            case LUA_TSTRING: return LuaStack.string(at: index, on: call.L).map(LuaValue.string)
            default: return nil
            }
        }
    }

    private func check(_ parameter: LuaParameter, at index: Int32, in call: LuaCall) throws {
        let argument = Int(index)
        if parameter.isOptional, lua_type(call.L, index) <= LUA_TNIL { return }
        switch try LuaArgumentCheck.mismatch(parameter.type, at: index, in: call) {
        case nil:
            var isNumber: Int32 = 0
            let value = gs_tonumber(call.L, index, &isNumber)
            if isNumber != 0, let problem = parameter.rangeProblem(value) { throw LuaArgumentError(argument: argument, message: problem) }
        case .expected(let type)?: throw LuaArgumentError(argument: argument, expected: type)
        case .invalid(let message)?: throw LuaArgumentError(argument: argument, message: message)
        }
    }

    enum Mismatch {
        /// Wrong Lua type: `luaL_typeerror` says "`type` expected, got X".
        case expected(String)
        /// Right type, wrong value (an enum name, a record field).
        case invalid(String)
    }

    /// Why the value at `index` (absolute) does not fit `type`, or nil when it does.
    static func mismatch(_ type: LuaType, at index: Int32, in call: LuaCall) throws -> Mismatch? {
        let L = call.L
        let actual = lua_type(L, index)
        switch type {
        case .any, .variadic: return nil
        case .nil: return actual <= LUA_TNIL ? nil : .expected("nil")
        case .boolean: return actual == LUA_TBOOLEAN ? nil : .expected("boolean")
        case .true: return actual == LUA_TBOOLEAN && lua_toboolean(L, index) != 0 ? nil : .expected("true")
        case .number:
            if actual == LUA_TNUMBER { return nil }
            var isNumber: Int32 = 0
            _ = gs_tonumber(L, index, &isNumber)
            return isNumber != 0 ? nil : .expected("number")
        case .integer: return integer(at: index, on: L).mismatch
        case .string: return actual == LUA_TSTRING || actual == LUA_TNUMBER ? nil : .expected("string")
        case .function, .fun: return actual == LUA_TFUNCTION ? nil : .expected("function")
        case .table: return actual == LUA_TTABLE ? nil : .expected("table")
        case .strings(let values):
            guard actual == LUA_TSTRING || actual == LUA_TNUMBER else { return .expected("string") }
            let value = try call.string(Int(index))
            if values.contains(value) { return nil }
            return .invalid("invalid value '\(value)' (expected one of: \(values.joined(separator: ", ")))")
        case .integers(let values):
            // A choice among numbers takes a number: "24" is a typo here, not a conversion.
            guard actual == LUA_TNUMBER else { return .expected("number") }
            let read = integer(at: index, on: L)
            guard let value = read.value else { return read.mismatch }
            if values.contains(value) { return nil }
            return .invalid("invalid value \(value) (expected one of: \(values.map(String.init).joined(separator: ", ")))")
        case .named(let name): return instance(of: name, at: index, in: call) ? nil : .expected(name)
        case .alias(_, let definition): return try mismatch(definition, at: index, in: call)
        case .optional(let wrapped): return actual <= LUA_TNIL ? nil : try mismatch(wrapped, at: index, in: call)
        case .union(let members): return try union(members, at: index, in: call)
        case .record(let fields):
            guard actual == LUA_TTABLE else { return .expected("table") }
            for field in fields {
                if let problem = try fieldMismatch(field, of: index, in: call) { return problem }
            }
            return try unknownKey(in: fields, of: index, in: call)
        case .array(let element):
            guard actual == LUA_TTABLE else { return .expected("table") }
            return try elementMismatch(element, of: index, in: call)
        }
    }

    private static func integer(at index: Int32, on L: OpaquePointer) -> (value: Int?, mismatch: Mismatch?) {
        var isInteger: Int32 = 0
        let value = gs_tointeger(L, index, &isInteger)
        if isInteger != 0 { return (Int(value), nil) }
        if lua_isnumber(L, index) != 0 { return (nil, .invalid("number has no integer representation")) }
        return (nil, .expected("number"))
    }

    /// An object of the class registered as `name`. Unknown names (classes
    /// Lua code implements) pass, and so do invalidated objects: the body
    /// raises the host's message for those.
    private static func instance(of name: String, at index: Int32, in call: LuaCall) -> Bool {
        let state = call.state
        guard state.classes.values.contains(where: { $0.name == name }) else { return true }
        guard let pointer = gs_tobox(call.L, index) else { return false }
        guard let object = LuaObjectBox.from(pointer).object else { return true }
        return state.classes[ObjectIdentifier(type(of: object))]?.name == name
    }

    /// The first member that fits; when none does, the member of the value's
    /// own Lua type explains (a table's bad field), else all are listed.
    private static func union(_ members: [LuaType], at index: Int32, in call: LuaCall) throws -> Mismatch? {
        var problems: [Mismatch] = []
        for member in members {
            guard let problem = try mismatch(member, at: index, in: call) else { return nil }
            problems.append(problem)
        }
        if let invalid = problems.first(where: { if case .invalid = $0 { true } else { false } }) { return invalid }
        let names = problems.compactMap { if case .expected(let name) = $0 { name } else { nil } }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return .expected(unique.joined(separator: " or "))
    }

    /// Checks `table[field.name]`, read with metamethods as bodies read it.
    private static func fieldMismatch(_ field: LuaParameter, of table: Int32, in call: LuaCall) throws -> Mismatch? {
        let L = call.L
        try LuaStack.check(field.name.withCString { gs_getfield(L, table, $0) })
        defer { gs_pop(L, 1) }
        let top = lua_gettop(L)
        if field.isOptional, lua_type(L, top) <= LUA_TNIL { return nil }
        switch try mismatch(field.type, at: top, in: call) {
        case nil:
            // A field's bounds hold as an argument's do.
            guard field.range != nil else { return nil }
            var isNumber: Int32 = 0
            let value = gs_tonumber(L, top, &isNumber)
            return isNumber != 0 ? field.rangeProblem(value).map { .invalid("field '\(field.name)': \($0)") } : nil
        case .expected(let type)?: return .invalid("field '\(field.name)': \(type) expected, got \(call.typeName(Int(top)))")
        case .invalid(let message)?: return .invalid("field '\(field.name)': \(message)")
        }
    }

    /// The first key of the record at `table` that no field declares: an options table
    /// says what it means by name, so a misspelt one (`fsp = 30`) must not pass as a default.
    /// Keys are read raw, in `next` order; a positional item is named by its index.
    private static func unknownKey(in fields: [LuaParameter], of table: Int32, in call: LuaCall) throws -> Mismatch? {
        let L = call.L
        try LuaStack.ensure(L, 3)
        let absolute = lua_absindex(L, table)
        lua_pushnil(L)
        while lua_next(L, absolute) != 0 {
            gs_pop(L, 1)
            guard lua_type(L, -1) == LUA_TSTRING else {
                // Never lua_tolstring a number key: it would convert it in place and derail lua_next.
                var isInteger: Int32 = 0
                let number = gs_tointeger(L, -1, &isInteger)
                let key = isInteger != 0 ? String(number) : call.typeName(Int(lua_gettop(L)))
                gs_pop(L, 1)
                return .invalid("unexpected item [\(key)] (\(LuaParameter.positionalItem))")
            }
            let key = String(cString: lua_tolstring(L, -1, nil))
            if !fields.contains(where: { $0.name == key }) {
                gs_pop(L, 1)
                return .invalid(LuaParameter.unknownField(key, among: fields))
            }
        }
        return nil
    }

    /// Checks `table[1]`, `table[2]`, ... up to the first nil (raw reads: a
    /// list is data, and a raw read cannot raise).
    private static func elementMismatch(_ element: LuaType, of table: Int32, in call: LuaCall) throws -> Mismatch? {
        let L = call.L
        var position: lua_Integer = 1
        while true {
            try LuaStack.ensure(L, 1)
            defer { gs_pop(L, 1) }
            guard lua_rawgeti(L, table, position) != LUA_TNIL else { return nil }
            switch try mismatch(element, at: lua_gettop(L), in: call) {
            case nil: position += 1
            case .expected(let type)?: return .invalid("item \(position): \(type) expected, got \(call.typeName(Int(lua_gettop(L))))")
            case .invalid(let message)?: return .invalid(message)
            }
        }
    }
}

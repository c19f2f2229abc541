/// A method of a ``LuaClass``: its body gets the object already read and typed
/// (`{ camera, call in ... }`), and with ``LuaArgument``s its arguments too
/// (`.method("capture", .enum("format", PhotoCaptureFormat.self, default: .jpeg)) { camera, format, call in ... }`).
/// The wrapper that reads them is one closure made here, at declaration: a call
/// costs what reading `self` by hand costs.
public struct LuaMethod<Object: AnyObject> {
    public let function: LuaFunction

    public init(_ function: LuaFunction) {
        self.function = function
    }

    /// A method reading its arguments (from 2) from the call itself; `parameters` still describe and check them.
    public static func method(
        _ name: String, parameters: [LuaParameter] = [], returns: [LuaType] = [], doc: String, rule: LuaArgumentRule? = nil,
        _ body: @escaping (Object, LuaCall) throws -> LuaReturn
    ) -> LuaMethod {
        LuaMethod(LuaFunction(name: name, parameters: parameters, returns: returns, doc: doc, rule: rule) { call in
            try body(try call.userdata(1, as: Object.self), call)
        })
    }

    public static func method<A>(
        _ name: String, _ a: LuaArgument<A>, returns: [LuaType] = [], doc: String, rule: LuaArgumentRule? = nil,
        _ body: @escaping (Object, A, LuaCall) throws -> LuaReturn
    ) -> LuaMethod {
        LuaMethod(LuaFunction(name: name, parameters: [a.parameter], returns: returns, doc: doc, rule: rule) { call in
            try body(try call.userdata(1, as: Object.self), try a.value(in: call, at: 2), call)
        })
    }

    public static func method<A, B>(
        _ name: String, _ a: LuaArgument<A>, _ b: LuaArgument<B>, returns: [LuaType] = [], doc: String, rule: LuaArgumentRule? = nil,
        _ body: @escaping (Object, A, B, LuaCall) throws -> LuaReturn
    ) -> LuaMethod {
        LuaMethod(LuaFunction(name: name, parameters: [a.parameter, b.parameter], returns: returns, doc: doc, rule: rule) { call in
            try body(try call.userdata(1, as: Object.self), try a.value(in: call, at: 2), try b.value(in: call, at: 3), call)
        })
    }

    public static func method<A, B, C>(
        _ name: String, _ a: LuaArgument<A>, _ b: LuaArgument<B>, _ c: LuaArgument<C>, returns: [LuaType] = [], doc: String,
        rule: LuaArgumentRule? = nil, _ body: @escaping (Object, A, B, C, LuaCall) throws -> LuaReturn
    ) -> LuaMethod {
        LuaMethod(LuaFunction(name: name, parameters: [a.parameter, b.parameter, c.parameter], returns: returns, doc: doc, rule: rule) { call in
            try body(
                try call.userdata(1, as: Object.self), try a.value(in: call, at: 2), try b.value(in: call, at: 3), try c.value(in: call, at: 4),
                call)
        })
    }
}

extension LuaFunction {
    /// A function whose one argument is read by its ``LuaArgument``.
    public init<A>(
        name: String, _ a: LuaArgument<A>, returns: [LuaType] = [], doc: String, rule: LuaArgumentRule? = nil,
        body: @escaping (A, LuaCall) throws -> LuaReturn
    ) {
        self.init(name: name, parameters: [a.parameter], returns: returns, doc: doc, rule: rule) { call in
            try body(try a.value(in: call, at: 1), call)
        }
    }

    /// A function whose two arguments are read by their ``LuaArgument``s.
    public init<A, B>(
        name: String, _ a: LuaArgument<A>, _ b: LuaArgument<B>, returns: [LuaType] = [], doc: String, rule: LuaArgumentRule? = nil,
        body: @escaping (A, B, LuaCall) throws -> LuaReturn
    ) {
        self.init(name: name, parameters: [a.parameter, b.parameter], returns: returns, doc: doc, rule: rule) { call in
            try body(try a.value(in: call, at: 1), try b.value(in: call, at: 2), call)
        }
    }
}

extension LuaClass {
    /// A class whose methods get their object typed (``LuaMethod``).
    public init(
        _ type: Object.Type, name: String, doc: String, methods: [LuaMethod<Object>], fields: [LuaField<Object>] = [],
        call: LuaMethod<Object>? = nil, describe: ((Object) -> String)? = nil, memoryCost: ((Object) -> Int)? = nil
    ) {
        self.init(
            type, name: name, doc: doc, methods: methods.map(\.function), fields: fields, call: call?.function, describe: describe,
            memoryCost: memoryCost)
    }
}

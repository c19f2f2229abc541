import LuaHost
import WearablesCore

/// What `:on(event, fn)` returns. It holds the listener (and so the Lua
/// function) until `handle:cancel()` or the end of the run, never shorter:
/// a script need not keep the handle in a variable for the listener to live.
public final class Handle {
    public let event: String
    private var token: ListenerToken?
    private weak var runtime: ScriptRuntime?

    init(event: String, token: ListenerToken, runtime: ScriptRuntime, what: String) {
        self.event = event
        self.token = token
        self.runtime = runtime
        runtime.keep(self, what)
    }

    public var isActive: Bool { token != nil }

    public func cancel() {
        guard let token else { return }
        token.cancel()
        self.token = nil
        runtime?.release(self)
    }

    static var luaClass: LuaClass<Handle> {
        LuaClass(
        Handle.self, name: "Handle", doc: "A listener registered with :on(); it lives until cancel().",
        methods: [
            LuaFunction(name: "cancel", doc: "Stop listening; the callback is released.") {
                call in
                try call.userdata(1, as: Handle.self).cancel()
                return .none
            }
        ],
        fields: [
            LuaField(name: "event", type: .string, doc: "The event this handle listens to.") { .string($0.event) },
            LuaField(name: "active", type: .boolean, doc: "False once cancelled.") { .boolean($0.isActive) },
        ],
        describe: { "Handle \"\($0.event)\" \($0.isActive ? "active" : "cancelled")" })
    }
}

extension ScriptRuntime {
    /// Subscribes `function` through `subscribe`; each delivery runs the function
    /// in its own task. `afterCall` runs once the callback returned or waited.
    func listen(
        _ function: LuaRef, event: String, label: String, at call: LuaCall,
        _ subscribe: (_ deliver: @escaping (_ arguments: [LuaValue], _ afterCall: (() -> Void)?) -> Void) -> ListenerToken
    ) -> Handle {
        let paths = runningPaths
        let token = subscribe { [weak self] arguments, afterCall in
            guard let self else { return }
            self.invoke(function, arguments, label: label, paths: paths, afterFirstStep: afterCall)
        }
        let listener = "\(label.hasSuffix(" callback") ? String(label.dropLast(9)) : label) listener (:on)"
        return Handle(event: event, token: token, runtime: self, what: call.callerLine.map { "\($0): \(listener)" } ?? listener)
    }
}

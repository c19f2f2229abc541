import LuaHost
import WearablesCore

/// `Selector`: which device a session targets (DAT `DeviceSelector`).
final class ScriptSelector {
    let selector: DeviceSelector
    private unowned let runtime: ScriptRuntime

    init(_ selector: DeviceSelector, runtime: ScriptRuntime) {
        self.selector = selector
        self.runtime = runtime
    }

    var activeDevice: Device? { selector.activeDevice.flatMap(runtime.world.wearables.deviceForIdentifier) }

    /// An auto selector whose optional filter is a Lua function. The filter runs
    /// protected; one that fails or yields counts as "no" and is reported.
    static func auto(_ runtime: ScriptRuntime, filter: LuaRef?) -> ScriptSelector {
        let wearables = runtime.world.wearables
        guard let filter else { return ScriptSelector(AutoDeviceSelector(wearables: wearables), runtime: runtime) }
        let selector = AutoDeviceSelector(wearables: wearables) { [unowned runtime] device in
            do {
                let results = try runtime.state.call(filter, [.object(device)])
                if case .boolean(let accepted) = results.first { return accepted }
                return !(results.first?.isNil ?? true)
            } catch {
                runtime.report(
                    error as? LuaScriptError ?? LuaScriptError(kind: .runtime, message: "\(error)"), in: "auto_selector filter")
                return false
            }
        }
        return ScriptSelector(selector, runtime: runtime)
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<ScriptSelector> {
        LuaClass(
            ScriptSelector.self, name: "Selector", doc: "Decides which device a session targets.",
            methods: [
                .method(
                    "on", .string("event", oneOf: ["active"]), .function("fn", .fun([LuaParameter("device", .optional(.named("Device")))])),
                    returns: [.named("Handle")],
                    doc: "Listen to the active device; first with the current one, at the caller's next wait."
                ) { [unowned runtime] selector, _, function, call in
                    let wearables = runtime.world.wearables
                    let handle = runtime.listen(function, event: "active", label: "selector \"active\" callback", at: call) { deliver in
                        selector.selector.addActiveDeviceListener { id in
                            deliver([.object(id.flatMap(wearables.deviceForIdentifier))], nil)
                        }
                    }
                    return .value(.object(handle))
                }
            ],
            fields: [
                LuaField(name: "active_device", type: .optional(.named("Device")), doc: "The device sessions on this selector would use.") {
                    .object($0.activeDevice)
                }
            ],
            describe: { "Selector \($0.selector is AutoDeviceSelector ? "auto" : "specific") active=\($0.selector.activeDevice ?? "none")" })
    }
}

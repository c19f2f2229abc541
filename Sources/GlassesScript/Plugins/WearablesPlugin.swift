import LuaHost
import WearablesCore

/// The `wearables` module: registration, permissions, devices, selectors,
/// sessions and implicit camera streams, named as in DAT (`Wearables.shared`).
struct WearablesPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(DeviceBinding.luaClass(runtime))
        try state.register(SelectorBinding.luaClass(runtime))
        try state.register(SessionBinding.luaClass(runtime))
        try state.register(CameraBinding.luaClass(runtime))
        try state.register(LuaModule(
            name: "wearables", doc: "The DAT entry point: registration, permissions, devices, sessions.",
            functions: functions(runtime)))
    }

    private func functions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        let wearables = runtime.world.wearables
        return [
            LuaFunction(
                name: "registration_state",
                signature: "wearables.registration_state() -> \"unavailable\"|\"available\"|\"registering\"|\"registered\"",
                doc: "Whether this app is registered with the Meta AI app."
            ) { _ in .value(.string(wearables.registrationState.name)) },
            LuaFunction(
                name: "register", signature: "wearables.register()",
                doc: "Register through the Meta AI app; waits for the flow, raises RegistrationError."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "register") { resume in
                    wearables.startRegistration { result in
                        resume(result.map { [] }.mapError(\.scriptError))
                    }
                    return nil
                }
            },
            LuaFunction(
                name: "unregister", signature: "wearables.unregister()",
                doc: "Unregister through the Meta AI app; waits for the flow, raises UnregistrationError."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "unregister") { resume in
                    wearables.startUnregistration { result in
                        resume(result.map { [] }.mapError(\.scriptError))
                    }
                    return nil
                }
            },
            LuaFunction(
                name: "permission", signature: "wearables.permission(name: \"camera\"|\"microphone\") -> \"granted\"|\"denied\"",
                doc: "The current status of a permission."
            ) { call in
                .value(.string(wearables.checkPermissionStatus(try call.named(1, as: Permission.self)).name))
            },
            LuaFunction(
                name: "request_permission",
                signature: "wearables.request_permission(name: \"camera\"|\"microphone\") -> \"granted\"|\"denied\"",
                doc: "Ask the Meta AI app for a permission; waits for the answer, raises PermissionError."
            ) { [unowned runtime] call in
                let permission = try call.named(1, as: Permission.self)
                return try runtime.suspend(call, in: "request_permission") { resume in
                    wearables.requestPermission(permission) { result in
                        resume(result.map { [.string($0.name)] }.mapError(\.scriptError))
                    }
                    return nil
                }
            },
            LuaFunction(name: "devices", signature: "wearables.devices() -> Device[]", doc: "The glasses linked to the Meta AI app.") {
                _ in .value(.array(wearables.deviceList.map { .object($0) }))
            },
            LuaFunction(
                name: "device", signature: "wearables.device(id: string) -> Device?", doc: "The device with this identifier, or nil."
            ) { call in
                .value(.object(wearables.deviceForIdentifier(try call.string(1))))
            },
            LuaFunction(
                name: "on", signature: "wearables.on(event: \"registration\"|\"devices\", fn: function) -> Handle",
                doc: "Listen to registration state or device list changes; first with the current value, at the caller's next wait."
            ) { [unowned runtime] call in
                let event = try call.event(1, of: ["registration", "devices"])
                let function = try call.function(2)
                let handle = runtime.listen(function, event: event, label: "wearables \"\(event)\" callback", at: call) { deliver in
                    switch event {
                    case "registration":
                        return wearables.addRegistrationStateListener { deliver([.string($0.name)], nil) }
                    default:
                        return wearables.addDevicesListener { ids in
                            deliver([.array(ids.compactMap(wearables.deviceForIdentifier).map { .object($0) })], nil)
                        }
                    }
                }
                return .value(.object(handle))
            },
            LuaFunction(
                name: "auto_selector", signature: "wearables.auto_selector(options?: {filter?: fun(device: Device): boolean}) -> Selector",
                doc: "Selects the first connected device (passing `filter`), else the first; follows the device list."
            ) { [unowned runtime] call in
                let filter = try call.optionalTable(1)?.optionalFunction("filter")
                return .value(.object(SelectorBinding.auto(runtime, filter: filter)))
            },
            LuaFunction(
                name: "specific_selector", signature: "wearables.specific_selector(device: Device|string) -> Selector",
                doc: "Always selects this device, present or not."
            ) { [unowned runtime] call in
                let id = try DeviceBinding.identifier(call, 1)
                return .value(.object(SelectorBinding(SpecificDeviceSelector(device: id, scheduler: runtime.scheduler), runtime: runtime)))
            },
            LuaFunction(
                name: "session", signature: "wearables.session(selector?: Selector) -> DeviceSession",
                doc: "A new idle session on the selector's device (the auto selector when omitted)."
            ) { call in
                let selector = call.isNil(1) ? nil : try call.userdata(1, as: SelectorBinding.self).selector
                return .value(.object(wearables.createSession(deviceSelector: selector)))
            },
            LuaFunction(
                name: "stream",
                signature: "wearables.stream(options?: {selector?: Selector, resolution?: \"low\"|\"medium\"|\"high\", fps?: integer, codec?: \"raw\"|\"hvc1\", audio_rate?: 16000|44100|48000}) -> Camera",
                doc: "A camera on its own implicit session: cam:start() starts both, cam:stop() stops both."
            ) { call in
                let selector = try CameraBinding.selector(call, 1)
                let configuration = try CameraBinding.configuration(call, 1)
                return .value(.object(wearables.createStream(deviceSelector: selector, configuration: configuration)))
            },
        ]
    }
}

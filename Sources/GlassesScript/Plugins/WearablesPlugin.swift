import LuaHost
import WearablesCore

/// The `wearables` module: registration, permissions, devices, selectors,
/// sessions and implicit camera streams, named as in DAT (`Wearables.shared`).
struct WearablesPlugin: GlassesPlugin {
    /// What `wearables.on` listens to.
    static let events = ["registration", "devices"]

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(DeviceBinding.luaClass(runtime))
        try state.register(SelectorBinding.luaClass(runtime))
        try state.register(SessionBinding.luaClass(runtime))
        try state.register(CameraBinding.luaClass(runtime))
        try state.register(PhotoCaptureBinding.luaClass(runtime))
        try state.register(VideoRecorderBinding.luaClass(runtime))
        try state.register(LuaModule(
            name: "wearables", doc: "The DAT entry point: registration, permissions, devices, sessions.",
            functions: functions(runtime)))
    }

    private func functions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        let wearables = runtime.world.wearables
        return [
            LuaFunction(
                name: "registration_state",
                returns: [.strings(RegistrationState.allNames)],
                doc: "Whether this app is registered with the Meta AI app."
            ) { _ in .value(.string(wearables.registrationState.name)) },
            LuaFunction(
                name: "register", doc: "Register through the Meta AI app; waits for the flow, raises RegistrationError."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "register") { resume in
                    wearables.startRegistration { result in
                        resume(result.map { [] }.mapError(\.scriptError))
                    }
                    return nil
                }
            },
            LuaFunction(
                name: "unregister", doc: "Unregister through the Meta AI app; waits for the flow, raises UnregistrationError."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "unregister") { resume in
                    wearables.startUnregistration { result in
                        resume(result.map { [] }.mapError(\.scriptError))
                    }
                    return nil
                }
            },
            LuaFunction(
                name: "permission",
                parameters: [LuaParameter("name", .strings(Permission.allNames))],
                returns: [.strings(PermissionStatus.allNames)],
                doc: "The current status of a permission."
            ) { call in
                .value(.string(wearables.checkPermissionStatus(try call.named(1, as: Permission.self)).name))
            },
            LuaFunction(
                name: "request_permission",
                parameters: [LuaParameter("name", .strings(Permission.allNames))],
                returns: [.strings(PermissionStatus.allNames)],
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
            LuaFunction(
                name: "open_firmware_update",
                doc: "Open the Meta AI app's firmware update (DAT openFirmwareUpdate), the fix for deviceUpdateRequired: "
                    + "waits until the app opened, raises NavigationError; connected glasses that need it install it "
                    + "(30 s off the link), then are compatible."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "open_firmware_update") { resume in
                    wearables.openFirmwareUpdate { result in resume(result.map { [] }.mapError(\.scriptError)) }
                    return nil
                }
            },
            LuaFunction(
                name: "open_glasses_app_update",
                doc: "Open the Meta AI app's DAT app update (DAT openDATGlassesAppUpdate), the fix for sdkUpdateRequired: "
                    + "waits until the app opened, raises NavigationError; 20 s later glasses that needed it are compatible."
            ) { [unowned runtime] call in
                try runtime.suspend(call, in: "open_glasses_app_update") { resume in
                    wearables.openDATGlassesAppUpdate { result in resume(result.map { [] }.mapError(\.scriptError)) }
                    return nil
                }
            },
            LuaFunction(name: "devices", returns: [.array(.named("Device"))], doc: "The glasses linked to the Meta AI app.") {
                _ in .value(.array(wearables.deviceList.map { .object($0) }))
            },
            LuaFunction(
                name: "device",
                parameters: [LuaParameter("id", .string)],
                returns: [.optional(.named("Device"))],
                doc: "The device with this identifier, or nil."
            ) { call in
                .value(.object(wearables.deviceForIdentifier(try call.string(1))))
            },
            LuaFunction(
                name: "on",
                parameters: [LuaParameter("event", .strings(Self.events)), LuaParameter("fn", .function)],
                returns: [.named("Handle")],
                doc: "Listen to registration state or device list changes; first with the current value, at the caller's next wait."
            ) { [unowned runtime] call in
                let event = try call.string(1)
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
                name: "auto_selector",
                parameters: [.optional("options", .record([.optional("filter", .fun([LuaParameter("device", .named("Device"))], returns: [.boolean]))]))],
                returns: [.named("Selector")],
                doc: "Selects the first connected device (passing `filter`), else the first; follows the device list."
            ) { [unowned runtime] call in
                let filter = try call.optionalTable(1)?.optionalFunction("filter")
                return .value(.object(SelectorBinding.auto(runtime, filter: filter)))
            },
            LuaFunction(
                name: "specific_selector",
                parameters: [LuaParameter("device", .union([.named("Device"), .string]))],
                returns: [.named("Selector")],
                doc: "Always selects this device, present or not."
            ) { [unowned runtime] call in
                let id = try DeviceBinding.identifier(call, 1)
                return .value(.object(SelectorBinding(SpecificDeviceSelector(device: id, scheduler: runtime.scheduler), runtime: runtime)))
            },
            LuaFunction(
                name: "session",
                parameters: [.optional("selector", .named("Selector"))],
                returns: [.named("DeviceSession")],
                doc: "A new idle session on the selector's device (the auto selector when omitted)."
            ) { call in
                let selector = call.isNil(1) ? nil : try call.userdata(1, as: SelectorBinding.self).selector
                return .value(.object(wearables.createSession(deviceSelector: selector)))
            },
            LuaFunction(
                name: "stream",
                parameters: [.optional("options", .record([.optional("selector", .named("Selector"))] + CameraBinding.optionFields))],
                returns: [.named("Camera")],
                doc: "A camera on its own implicit session: cam:start() starts both, cam:stop() stops both."
            ) { call in
                let selector = try CameraBinding.selector(call, 1)
                let configuration = try CameraBinding.configuration(call, 1)
                return .value(.object(wearables.createStream(deviceSelector: selector, configuration: configuration)))
            },
        ]
    }
}

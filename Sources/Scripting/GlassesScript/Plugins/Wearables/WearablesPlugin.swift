import LuaHost
import WearablesCore

/// The `wearables` module: registration, permissions, devices, selectors,
/// sessions and implicit camera streams, named as in DAT (`Wearables.shared`).
struct WearablesPlugin: GlassesPlugin {

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(DeviceClass.luaClass(runtime))
        try state.register(ScriptSelector.luaClass(runtime))
        try state.register(SessionClass.luaClass(runtime))
        try state.register(CameraClass.luaClass(runtime))
        try state.register(InputsClass.luaClass(runtime))
        try state.register(MotionClass.luaClass(runtime))
        try state.register(SpeechClass.luaClass(runtime))
        try state.register(VoiceClass.streamClass(runtime))
        try state.register(VoiceClass.invocationClass(runtime))
        try state.register(PhotoCaptureClass.luaClass(runtime))
        try state.register(PhotoFeatureClass.luaClass(runtime))
        try state.register(VideoRecorderClass.luaClass(runtime))
        try state.register(LuaModule(
            name: "wearables", doc: "The DAT entry point: registration, permissions, devices, sessions.",
            functions: functions(runtime) + [VoiceClass.function(runtime)], example: ModuleExamples.wearables))
    }

    private func functions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        let wearables = runtime.world.wearables
        let selector = CameraOptions.selector
        return [
            LuaFunction(
                name: "registration_state",
                returns: [.strings(RegistrationState.allNames)],
                doc: "Whether this app is registered with the Meta AI app."
            ) { _ in .value(.string(wearables.registrationState.name)) },
            LuaFunction(
                name: "register", doc: "Register through the Meta AI app; waits for the flow, raises RegistrationError."
            ) { [unowned runtime] call in
                try runtime.wait(call, in: "register", for: wearables.startRegistration)
            },
            LuaFunction(
                name: "unregister", doc: "Unregister through the Meta AI app; waits for the flow, raises UnregistrationError."
            ) { [unowned runtime] call in
                try runtime.wait(call, in: "unregister", for: wearables.startUnregistration)
            },
            LuaFunction(
                name: "permission", .enum("name", Permission.self), returns: [.strings(PermissionStatus.allNames)],
                doc: "The current status of a permission."
            ) { permission, _ in
                .value(.string(wearables.checkPermissionStatus(permission).name))
            },
            LuaFunction(
                name: "request_permission", .enum("name", Permission.self), returns: [.strings(PermissionStatus.allNames)],
                doc: "Ask the Meta AI app for a permission; waits for the answer, raises PermissionError."
            ) { [unowned runtime] permission, call in
                try runtime.wait(call, in: "request_permission", for: { wearables.requestPermission(permission, completion: $0) }) { [.string($0.name)] }
            },
            LuaFunction(
                name: "open_firmware_update",
                doc: "Open the Meta AI app's firmware update (DAT openFirmwareUpdate), the fix for deviceUpdateRequired: "
                    + "waits until the app opened, raises NavigationError; connected glasses that need it install it "
                    + "(30 s off the link), then are compatible."
            ) { [unowned runtime] call in
                try runtime.wait(call, in: "open_firmware_update", for: wearables.openFirmwareUpdate)
            },
            LuaFunction(
                name: "open_glasses_app_update",
                doc: "Open the Meta AI app's DAT app update (DAT openDATGlassesAppUpdate), the fix for sdkUpdateRequired: "
                    + "waits until the app opened, raises NavigationError; 20 s later glasses that needed it are compatible."
            ) { [unowned runtime] call in
                try runtime.wait(call, in: "open_glasses_app_update", for: wearables.openDATGlassesAppUpdate)
            },
            LuaFunction(name: "devices", returns: [.array(.named("Device"))], doc: "The glasses linked to the Meta AI app.") {
                _ in .value(.array(wearables.deviceList.map { .object($0) }))
            },
            LuaFunction(name: "device", .string("id"), returns: [.optional(.named("Device"))], doc: "The device with this identifier, or nil.") {
                id, _ in .value(.object(wearables.deviceForIdentifier(id)))
            },
            LuaFunction(
                name: "on", .enum("event", WearablesEvent.self), .function("fn"), returns: [.named("Handle")],
                doc: "Listen to registration state or device list changes; first with the current value, at the caller's next wait."
            ) { [unowned runtime] event, function, call in
                let handle = runtime.listen(function, event: event.luaName, label: "wearables \"\(event.luaName)\" callback", at: call) { deliver in
                    switch event {
                    case .registration:
                        return wearables.addRegistrationStateListener { deliver([.string($0.name)], nil) }
                    case .devices:
                        return wearables.addDevicesListener { ids in
                            deliver([.array(ids.compactMap(wearables.deviceForIdentifier).map { .object($0) })], nil)
                        }
                    }
                }
                return .value(.object(handle))
            },
            LuaFunction(
                name: "auto_selector", .optionalOptions("options", [.optional("filter", .fun([LuaParameter("device", .named("Device"))], returns: [.boolean]))]),
                returns: [.named("Selector")],
                doc: "Selects the first connected device (passing `filter`), else the first; follows the device list."
            ) { [unowned runtime] options, _ in
                .value(.object(ScriptSelector.auto(runtime, filter: try options?.optionalFunction("filter"))))
            },
            LuaFunction(
                name: "specific_selector", DeviceClass.device, returns: [.named("Selector")], doc: "Always selects this device, present or not."
            ) { [unowned runtime] id, _ in
                .value(.object(ScriptSelector(SpecificDeviceSelector(device: id, scheduler: runtime.scheduler), runtime: runtime)))
            },
            LuaFunction(
                name: "session", selector, returns: [.named("DeviceSession")],
                doc: "A new idle session bound to the device the selector (the auto selector when omitted) resolves now (DAT createSession). "
                    + "Raises DeviceSessionError.noEligibleDevice when it resolves no connected device, sessionAlreadyExists when that device has a live session."
            ) { selector, _ in
                .value(.object(try wearables.createSession(deviceSelector: selector?.selector)))
            },
            LuaFunction(
                name: "stream", .optionalOptions("options", [selector.parameter] + CameraOptions.fields), returns: [.named("Camera")],
                doc: "A camera on its own implicit session: cam:start() starts both, cam:stop() stops both."
            ) { options, _ in
                let chosen = try selector.value(in: options)
                let configuration = try CameraOptions.configuration(options, argument: 1)
                return .value(.object(wearables.createStream(deviceSelector: chosen?.selector, configuration: configuration)))
            },
        ]
    }
}

/// What `:on` listens to on wearables: checked, documented and typed from these cases.
enum WearablesEvent: String, LuaEnum {
    case registration
    case devices
}

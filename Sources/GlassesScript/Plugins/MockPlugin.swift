import LuaHost
import WearablesCore
import WearablesSimulator

/// The `mock` module: the simulator's controls, named after DAT's MockDeviceKit.
/// Scripts use it to stage the world (pair glasses, fold them, drop Bluetooth)
/// and to script the Meta AI app's answers.
struct MockPlugin: GlassesPlugin {
    /// The models glasses can be paired as: every DeviceType but `unknown`, which
    /// is what DAT reports for a model it does not know, not one that exists.
    static let models = DeviceType.allNames.filter { $0 != DeviceType.unknown.name }

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(MockGlassesBinding.luaClass(runtime))
        try state.register(MockGlassesBinding.cameraClass(runtime))
        try state.register(MockGlassesBinding.microphoneClass())
        guard let kit = runtime.world.simulator?.kit else {
            return try Self.refuse(in: state, location: runtime.world.location)
        }
        try state.register(LuaModule(
            name: "mock", doc: "The simulator (MockDeviceKit): glasses, faults, and the Meta AI app's answers.",
            functions: [
                LuaFunction(
                    name: "reset",
                    signature: "mock.reset(options?: {registered?: boolean, permissions?: {camera?: \"granted\"|\"denied\", microphone?: \"granted\"|\"denied\"}})",
                    doc: "Empty the world: unpair everything; set registration and the permissions new glasses get."
                ) { call in
                    let options = try call.optionalTable(1)
                    let registered = try options?.optionalBoolean("registered") ?? false
                    var permissions: [Permission: PermissionStatus] = [:]
                    if let table = options, case .ref = try table.value("permissions") {
                        for permission in Permission.allCases {
                            let key = "permissions." + permission.name
                            let value = try call.state.field(try Self.permissionsTable(table), permission.name)
                            guard let name = value.string else {
                                if value.isNil { continue }
                                throw LuaArgumentError(argument: 1, message: "field '\(key)': \"granted\" or \"denied\" expected")
                            }
                            guard let status = PermissionStatus(name: name) else {
                                throw LuaArgumentError(argument: 1, message: "field '\(key)': invalid value '\(name)' (expected one of: granted, denied)")
                            }
                            permissions[permission] = status
                        }
                    }
                    kit.reset(registered: registered, permissions: permissions)
                    return .none
                },
                LuaFunction(name: "paired", signature: "mock.paired() -> MockGlasses[]", doc: "The simulated glasses, in pairing order.") { _ in
                    .value(.array(kit.glasses.map { .object($0) }))
                },
                LuaFunction(
                    name: "pair", signature: "mock.pair(model?: \(DeviceBinding.quoted(Self.models)), options?: {ready?: boolean}) -> MockGlasses",
                    doc: "Pair new glasses (default rayBanMeta), ready to use: on, unfolded, worn. ready=false: out of the box."
                ) { call in
                    let model = try call.optionalEnumeration(1, of: Self.models).flatMap(DeviceType.init(name:)) ?? .rayBanMeta
                    let ready = try call.optionalTable(2)?.optionalBoolean("ready") ?? true
                    return .value(.object(ready ? kit.pairReadyGlasses(model: model) : kit.pairGlasses(model: model)))
                },
                LuaFunction(
                    name: "phone_call", signature: "mock.phone_call(seconds: number)",
                    doc: "A phone call that interrupts the audio session now and ends after `seconds`."
                ) { [unowned runtime] call in
                    let seconds = try call.number(1)
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 1, message: "seconds must be a finite number > 0") }
                    runtime.world.audio.simulatePhoneCall(duration: seconds)
                    return .none
                },
                LuaFunction(
                    name: "set_hfp_blocks_photo_capture", signature: "mock.set_hfp_blocks_photo_capture(on: boolean)",
                    doc: "Whether photos fail to arrive while audio is routed over HFP to the glasses, as users report (on by default)."
                ) { call in
                    kit.hfpBlocksPhotoCapture = try call.boolean(1)
                    return .none
                },
            ]))
        try state.register(LuaModule(
            name: "mock.permissions", doc: "Permission grants and how the Meta AI app answers requests.",
            functions: [
                LuaFunction(
                    name: "set", signature: "mock.permissions.set(name: \"camera\"|\"microphone\", status: \"granted\"|\"denied\")",
                    doc: "Grant or revoke a permission now."
                ) { call in
                    kit.permissions.set(try call.named(1, as: Permission.self), try call.named(2, as: PermissionStatus.self))
                    return .none
                },
                LuaFunction(
                    name: "on_request",
                    signature: "mock.permissions.on_request(name: \"camera\"|\"microphone\", answer: \"granted\"|\"denied\"|\"timeout\")",
                    doc: "How the Meta AI app answers the next requests (timeout: it never answers)."
                ) { call in
                    let permission = try call.named(1, as: Permission.self)
                    let answer = try call.enumeration(2, of: MockPermissions.RequestResult.allCases.map(\.rawValue))
                    guard let result = MockPermissions.RequestResult(rawValue: answer) else { return .none }
                    kit.permissions.setRequestResult(permission, result)
                    return .none
                },
            ]))
        try state.register(LuaModule(
            name: "mock.companion", doc: "The simulated Meta AI app.",
            functions: [
                LuaFunction(
                    name: "fail_next", signature: "mock.companion.fail_next(flow: \"registration\"|\"unregistration\", code: string)",
                    doc: "Make the next registration or unregistration flow fail with this error code."
                ) { call in
                    let flow = try call.enumeration(1, of: CompanionApp.Flow.allCases.map(\.rawValue))
                    let code = try call.string(2)
                    do {
                        try kit.companion.failNext(CompanionApp.Flow(rawValue: flow) ?? .registration, code: code)
                    } catch {
                        throw LuaArgumentError(argument: 2, message: "\(error)")
                    }
                    return .none
                }
            ]))
    }

    /// On a world this process does not simulate, every use of `mock` says why it fails.
    private static func refuse(in state: LuaState, location: String) throws(LuaScriptError) {
        let message = "mock is available only on a simulated world; this run is connected to \(location) "
            + "(drive a served world's glasses over its HTTP control routes, or run without --connect)"
        let refusal = try state.load(
            """
            local message = ...
            local function refuse() error(message, 2) end
            mock = setmetatable({}, {__index = refuse, __newindex = refuse, __metatable = false})
            """, name: "=mock")
        _ = try state.call(refusal, [.string(message)])
    }

    private static func permissionsTable(_ options: LuaTableArgument) throws -> LuaRef {
        guard case .ref(let table) = try options.value("permissions") else {
            throw LuaArgumentError(argument: options.argument, message: "field 'permissions': table expected")
        }
        return table
    }
}

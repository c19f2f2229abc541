import LuaHost
import WearablesCore
import WearablesRemote
import WearablesSimulator
import WearablesWire

/// The `mock` module: the simulator's controls, named after DAT's MockDeviceKit.
/// Scripts use it to stage the world (pair glasses, fold them, drop Bluetooth)
/// and to script the Meta AI app's answers. It drives the simulator in this
/// process, or a served one whose hello says "simulator" (`RemoteMockControl`).
struct MockPlugin: GlassesPlugin {
    /// The models glasses can be paired as: every DeviceType but `unknown`, which
    /// is what DAT reports for a model it does not know, not one that exists.
    static let models = DeviceType.allNames.filter { $0 != DeviceType.unknown.name }

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        guard let control = Self.control(runtime.world) else {
            return try Self.refuse(in: state, location: runtime.world.location)
        }
        let mock = MockContext(control: control, location: runtime.world.location)
        try state.register(MockGlassesBinding.luaClass(runtime, mock))
        try state.register(MockGlassesBinding.cameraClass(runtime, mock))
        try state.register(MockGlassesBinding.microphoneClass(runtime, mock))
        let glasses = { (state: WireMockGlasses?) -> [LuaValue] in state.map { [.object(mock.handle($0))] } ?? [] }
        try state.register(LuaModule(
            name: "mock", doc: "The simulator (MockDeviceKit): glasses, faults, the Meta AI app's answers; over --connect, calls wait for its reply.",
            functions: [
                LuaFunction(
                    name: "reset",
                    signature: "mock.reset(options?: {registered?: boolean, permissions?: {camera?: \"granted\"|\"denied\", microphone?: \"granted\"|\"denied\"}})",
                    doc: "Empty the world: unpair everything; set registration and the permissions new glasses get."
                ) { [unowned runtime] call in
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
                    return try MockGlassesBinding.perform(runtime, mock, call, "reset", .reset(registered: registered, permissions: permissions))
                },
                LuaFunction(name: "paired", signature: "mock.paired() -> MockGlasses[]", doc: "The simulated glasses, in pairing order.") { _ in
                    .value(.array(mock.control.glasses.map { .object(mock.handle($0)) }))
                },
                LuaFunction(
                    name: "pair", signature: "mock.pair(model?: \(DeviceBinding.quoted(Self.models)), options?: {ready?: boolean}) -> MockGlasses",
                    doc: "Pair new glasses (default rayBanMeta), ready to use: on, unfolded, worn. ready=false: out of the box."
                ) { [unowned runtime] call in
                    let model = try call.optionalEnumeration(1, of: Self.models).flatMap(DeviceType.init(name:)) ?? .rayBanMeta
                    let ready = try call.optionalTable(2)?.optionalBoolean("ready") ?? true
                    return try MockGlassesBinding.perform(runtime, mock, call, "pair", .pair(model: model, ready: ready), glasses)
                },
                LuaFunction(
                    name: "phone_call", signature: "mock.phone_call(seconds: number)",
                    doc: "A phone call that interrupts the audio session now and ends after `seconds`. "
                        + "The phone is this process, so over --connect the call is here too."
                ) { [unowned runtime] call in
                    let seconds = try call.number(1)
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 1, message: "seconds must be a finite number > 0") }
                    runtime.world.audio.simulatePhoneCall(duration: seconds)
                    return .none
                },
                LuaFunction(
                    name: "set_hfp_blocks_photo_capture", signature: "mock.set_hfp_blocks_photo_capture(on: boolean)",
                    doc: "Whether photos fail to arrive while audio is routed over HFP to the glasses, as users report (on by default). "
                        + "Only on the simulator in this process."
                ) { call in
                    let on = try call.boolean(1)
                    try mock.local(for: "mock.set_hfp_blocks_photo_capture").kit.hfpBlocksPhotoCapture = on
                    return .none
                },
                LuaFunction(
                    name: "set_classic_stalls", signature: "mock.set_classic_stalls(on: boolean)",
                    doc: "Whether streams at 720p, or 504x896@30, freeze now and then for 1.3-1.9 s over Bluetooth Classic, "
                        + "still streaming and with no error, as users report (on by default). Only on the simulator in this process."
                ) { call in
                    let on = try call.boolean(1)
                    try mock.local(for: "mock.set_classic_stalls").kit.classicStalls = on
                    return .none
                },
                MockChaosBinding.function(runtime, mock),
            ]))
        try state.register(LuaModule(
            name: "mock.permissions", doc: "Permission grants and how the Meta AI app answers requests.",
            functions: [
                LuaFunction(
                    name: "set", signature: "mock.permissions.set(name: \"camera\"|\"microphone\", status: \"granted\"|\"denied\")",
                    doc: "Grant or revoke a permission now."
                ) { [unowned runtime] call in
                    let action = MockAction.setPermission(try call.named(1, as: Permission.self), try call.named(2, as: PermissionStatus.self))
                    return try MockGlassesBinding.perform(runtime, mock, call, "set", action)
                },
                LuaFunction(
                    name: "on_request",
                    signature: "mock.permissions.on_request(name: \"camera\"|\"microphone\", answer: \"granted\"|\"denied\"|\"timeout\")",
                    doc: "How the Meta AI app answers the next requests (timeout: it never answers)."
                ) { [unowned runtime] call in
                    let permission = try call.named(1, as: Permission.self)
                    let answer = try call.enumeration(2, of: MockAction.PermissionAnswer.allCases.map(\.rawValue))
                    guard let result = MockAction.PermissionAnswer(rawValue: answer) else { return .none }
                    return try MockGlassesBinding.perform(runtime, mock, call, "on_request", .permissionRequestResult(permission, result))
                },
            ]))
        try state.register(LuaModule(
            name: "mock.companion", doc: "The simulated Meta AI app.",
            functions: [
                LuaFunction(
                    name: "fail_next", signature: "mock.companion.fail_next(flow: \"registration\"|\"unregistration\", code: string)",
                    doc: "Make the next registration or unregistration flow fail with this error code."
                ) { [unowned runtime] call in
                    let flow = try call.enumeration(1, of: MockAction.CompanionFlow.allCases.map(\.rawValue))
                    let code = try call.string(2)
                    let action = MockAction.companionFailNext(MockAction.CompanionFlow(rawValue: flow) ?? .registration, code: code)
                    return try MockGlassesBinding.perform(runtime, mock, call, "fail_next", action)
                }
            ]))
    }

    /// The mock of `world`: its simulator, or a served one reached over the wire; nil when
    /// the world is not simulated (a bridge over real glasses).
    private static func control(_ world: GlassesWorld) -> MockControl? {
        if let simulator = world.simulator { return LocalMockControl(world: simulator) }
        if let remote = world as? RemoteWorld, remote.servesSimulator { return RemoteMockControl(backend: remote.backend) }
        return nil
    }

    /// On a world that is not simulated, every use of `mock` says why it fails.
    private static func refuse(in state: LuaState, location: String) throws(LuaScriptError) {
        let message = "mock is available only on a simulated world; this run is connected to \(location), "
            + "which does not serve a simulator (run without --connect, or connect to `glasses serve`)"
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

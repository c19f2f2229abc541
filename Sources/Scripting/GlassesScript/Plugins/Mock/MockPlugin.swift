import LuaHost
import WearablesCore
import WearablesMock
import WearablesWorld

/// The `mock` module: the simulator's controls, named after DAT's MockDeviceKit.
/// Scripts use it to stage the world (pair glasses, fold them, drop Bluetooth)
/// and to script the Meta AI app's answers, through the world's `MockControl`: the
/// simulator in this process, or a served one over a connection, the same way.
struct MockPlugin: GlassesPlugin {
    /// The models glasses can be paired as: every DeviceType but `unknown`, which
    /// is what DAT reports for a model it does not know, not one that exists.
    /// The options of `mock.reset` and `mock.enable` (MockDeviceKit's configuration).
    static let resetOptions = LuaType.record([
        .optional("registered", .boolean),
        .optional("permissions", .record([
            .optional("camera", .strings(PermissionStatus.allNames)),
            .optional("microphone", .strings(PermissionStatus.allNames)),
        ])),
        .optional("meta_ai_installed", .boolean),
    ])

    static let models = DeviceType.allNames.filter { $0 != DeviceType.unknown.name }

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        guard let control = runtime.world.mock else {
            return try Self.refuse(in: state, location: runtime.world.location)
        }
        let mock = MockContext(control: control)
        // The module's classes: one file each beside this one, one line each here.
        try state.register(MockGlassesClass.luaClass(runtime, mock))
        try state.register(MockCameraClass.luaClass(runtime, mock))
        try state.register(MockMicrophoneClass.luaClass(runtime, mock))
        try state.register(MockInputsClass.luaClass(runtime, mock))
        try state.register(MockVoiceClass.luaClass(runtime, mock))
        try state.register(MockMotionClass.luaClass(runtime, mock))
        try state.register(MockSpeechClass.luaClass(runtime, mock))
        try state.register(MockDisplayClass.luaClass(runtime, mock))
        let glasses = { (state: MockGlassesState?) -> [LuaValue] in state.map { [.object(mock.handle($0))] } ?? [] }
        try state.register(LuaModule(
            name: "mock", doc: "The simulator (MockDeviceKit): glasses, faults, the Meta AI app's answers. Its actions wait for the world to apply them "
                + "(at once here, for the reply over --connect), so they are called from tasks, not from finalizers or selector filters.",
            functions: [
                LuaFunction(
                    name: "reset",
                    parameters: [.optional("options", Self.resetOptions)],
                    doc: "Empty the world: unpair everything; set registration, the permissions new glasses get, "
                        + "and whether the Meta AI app is installed (false: registration is unavailable); unknown keys are refused."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "reset", try Self.resetAction(call))
                },
                LuaFunction(
                    name: "enable",
                    parameters: [.optional("options", Self.resetOptions)],
                    doc: "MockDeviceKit enable(config:): turn the mock on after mock.disable(), as mock.reset does with the same options."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "enable", try Self.resetAction(call))
                },
                LuaFunction(
                    name: "disable",
                    doc: "MockDeviceKit disable(): the mock's glasses go (sessions end, deviceNotFound) and mock calls fail until mock.enable{}."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "disable", .disable)
                },
                LuaFunction(name: "paired", returns: [.array(.named("MockGlasses"))], doc: "The simulated glasses, in pairing order.") { _ in
                    .value(.array(mock.control.paired.map { .object(mock.handle($0)) }))
                },
                LuaFunction(
                    name: "pair",
                    parameters: [.optional("model", .strings(Self.models)),
                                 .optional("options", .record([.optional("ready", .boolean), .optional("imu", .boolean)]))],
                    returns: [.named("MockGlasses")],
                    doc: "Pair new glasses (default rayBanMeta), ready to use: on, unfolded, worn. ready=false: out of the box; "
                        + "imu=false: without motion sensors (Motion fails with sensorUnavailable)."
                ) { [unowned runtime] call in
                    let model = try call.optionalEnumeration(1, of: Self.models).flatMap(DeviceType.init(name:))
                    let options = try call.optionalTable(2)
                    let pairing = MockAction.pairing(
                        model: model, ready: try options?.optionalBoolean("ready"), imu: try options?.optionalBoolean("imu"))
                    return try mock.perform(runtime, call, "pair", pairing, glasses)
                },
                LuaFunction(
                    name: "phone_call",
                    parameters: [LuaParameter("seconds", .number)],
                    doc: "A phone call that interrupts the audio session now and ends after `seconds`. "
                        + "The phone is this process, so over --connect the call is here too."
                ) { [unowned runtime] call in
                    let seconds = try call.number(1)
                    guard seconds.isFinite, seconds > 0 else { throw LuaArgumentError(argument: 1, message: "seconds must be a finite number > 0") }
                    runtime.world.audio.simulatePhoneCall(duration: seconds)
                    return .none
                },
                LuaFunction(
                    name: "set_hfp_blocks_photo_capture",
                    parameters: [LuaParameter("on", .boolean)],
                    doc: "Whether photos fail to arrive while audio is routed over HFP to the glasses, as users report (on by default)."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "set_hfp_blocks_photo_capture", .hfpBlocksPhotoCapture(try call.boolean(1)))
                },
                LuaFunction(
                    name: "set_a2dp_pauses_on_stream",
                    parameters: [LuaParameter("on", .boolean)],
                    doc: "Whether a camera stream starting pauses the phone's A2DP playback to the glasses for good: audio hears an "
                        + "interruption begin and never end, as users report (ios#256; on by default)."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "set_a2dp_pauses_on_stream", .a2dpPausesOnStream(try call.boolean(1)))
                },
                LuaFunction(
                    name: "set_classic_stalls",
                    parameters: [LuaParameter("on", .boolean)],
                    doc: "Whether streams at 720p, or 504x896@30, freeze now and then for 1.3-1.9 s over Bluetooth Classic, "
                        + "still streaming and with no error, as users report (on by default)."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "set_classic_stalls", .classicStalls(try call.boolean(1)))
                },
                LuaFunction(
                    name: "set_field_report",
                    parameters: [LuaParameter("name", .strings(FieldReport.allNames)), LuaParameter("on", .boolean)],
                    doc: "Switch a third-party field report (Meta unconfirmed; all off by default): displaySleep (the lens dims after 20 s "
                        + "and sleeps after 25 s without interaction), backEndsDisplay (a Back the app does not consume ends the session "
                        + "holding a started display), threePairs (at most three mock devices paired), requestExpiry (a request the Meta AI "
                        + "app shows expires after five minutes), warmReopen (android#177: glasses cached from an earlier run refuse "
                        + "sessions until a registration in this run), videoPlayerSize (a video over 400 px a side or 70,000 px in total does not play: "
                        + "glasses.display:set_video_size(w, h))."
                ) { [unowned runtime] call in
                    let report = try call.named(1, as: FieldReport.self)
                    return try mock.perform(runtime, call, "set_field_report", .fieldReport(report, try call.boolean(2)))
                },
                LuaFunction(
                    name: "set_hfp_narrowband", parameters: [LuaParameter("on", .boolean)],
                    doc: "Whether the glasses' HFP link falls back from mSBC (16 kHz) to CVSD (8 kHz), as older or busy links do; "
                        + "the route's rate changes (routeConfigurationChange). The phone is this process, so over --connect too."
                ) { [unowned runtime] call in
                    runtime.world.audio.setHFPSampleRate(try call.boolean(1) ? .narrowband : .wideband)
                    return .none
                },
                MockChaosBinding.function(runtime, mock),
            ],
            example: ModuleExamples.mock))
        try state.register(LuaModule(
            name: "mock.permissions", doc: "Permission grants and how the Meta AI app answers requests.",
            functions: [
                LuaFunction(
                    name: "set",
                    parameters: [LuaParameter("name", .enum(Permission.self)), LuaParameter("status", .strings(PermissionStatus.allNames))],
                    doc: "Grant or revoke a permission now."
                ) { [unowned runtime] call in
                    let action = MockAction.setPermission(try call.enumValue(1, as: Permission.self), try call.named(2, as: PermissionStatus.self))
                    return try mock.perform(runtime, call, "set", action)
                },
                LuaFunction(
                    name: "on_request",
                    parameters: [LuaParameter("name", .enum(Permission.self)), LuaParameter("answer", .enum(MockAction.PermissionAnswer.self))],
                    doc: "How the Meta AI app answers the next requests (timeout: it never answers; connectionError, internalError: it fails so)."
                ) { [unowned runtime] call in
                    let action = MockAction.permissionRequestResult(
                        try call.enumValue(1, as: Permission.self), try call.enumValue(2, as: MockAction.PermissionAnswer.self))
                    return try mock.perform(runtime, call, "on_request", action)
                },
            ],
            example: ModuleExamples.permissions))
        try state.register(LuaModule(
            name: "mock.companion", doc: "The simulated Meta AI app.",
            functions: [
                LuaFunction(
                    name: "fail_next",
                    parameters: [LuaParameter("flow", .enum(MockAction.CompanionFlow.self)), LuaParameter("code", .string)],
                    doc: "Make the next registration or unregistration flow fail with this error code."
                ) { [unowned runtime] call in
                    let action = MockAction.companionFailNext(try call.enumValue(1, as: MockAction.CompanionFlow.self), code: try call.string(2))
                    return try mock.perform(runtime, call, "fail_next", action)
                },
                LuaFunction(
                    name: "hold_next", parameters: [LuaParameter("flow", .enum(MockAction.CompanionFlow.self))],
                    doc: "The next flow waits in the Meta AI app, showing its request, until continue_request or cancel_request (or the model's 60 s)."
                ) { [unowned runtime] call in
                    let flow = try call.enumValue(1, as: MockAction.CompanionFlow.self)
                    return try mock.perform(runtime, call, "hold_next", .companionHoldNext(flow))
                },
                LuaFunction(
                    name: "continue_request", parameters: [LuaParameter("flow", .enum(MockAction.CompanionFlow.self))],
                    doc: "The user continues the waiting request: the flow succeeds."
                ) { [unowned runtime] call in
                    let flow = try call.enumValue(1, as: MockAction.CompanionFlow.self)
                    return try mock.perform(runtime, call, "continue_request", .companionAnswer(flow, proceed: true))
                },
                LuaFunction(
                    name: "cancel_request", parameters: [LuaParameter("flow", .enum(MockAction.CompanionFlow.self))],
                    doc: "The user cancels the waiting request: the flow fails (unknown)."
                ) { [unowned runtime] call in
                    let flow = try call.enumValue(1, as: MockAction.CompanionFlow.self)
                    return try mock.perform(runtime, call, "cancel_request", .companionAnswer(flow, proceed: false))
                },
                LuaFunction(
                    name: "update_app",
                    doc: "The Meta AI app updates itself (where DAT's openDATGlassesAppUpdate sends the user), the fix for sdkUpdateRequired: "
                        + "20 s later glasses that needed it are compatible (a compatibility event) and take sessions again. Returns at once."
                ) { [unowned runtime] call in
                    try mock.perform(runtime, call, "update_app", .companionUpdateApp)
                },
            ],
            example: ModuleExamples.companion))
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

    /// The reset (or enable) `mock.reset(options)` asks for; the registry has refused unknown keys (``resetOptions``).
    private static func resetAction(_ call: LuaCall) throws -> MockAction {
        let options = try call.optionalTable(1)
        let registered = try options?.optionalBoolean("registered") ?? false
        let installed = try options?.optionalBoolean("meta_ai_installed") ?? true
        var permissions: [Permission: PermissionStatus] = [:]
        if let table = options, !(try table.value("permissions")).isNil {
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
        return .reset(registered: registered, permissions: permissions, metaAIInstalled: installed)
    }

    private static func permissionsTable(_ options: LuaTableArgument) throws -> LuaRef {
        guard case .ref(let table) = try options.value("permissions"), table.typeName == "table" else {
            throw LuaArgumentError(argument: options.argument, message: "field 'permissions': table expected")
        }
        return table
    }
}

// The mock's own vocabularies, named as Lua code spells them.
extension MockAction.PermissionAnswer: LuaEnum {}
extension MockAction.CompanionFlow: LuaEnum {}
extension MockAction.FeedPattern: LuaEnum {}

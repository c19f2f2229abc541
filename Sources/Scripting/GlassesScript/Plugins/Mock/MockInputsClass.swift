import LuaHost
import WearablesCore
import WearablesMock

/// `MockInput`: the glasses' input surfaces (DAT 1.0 MockInputKit, `services.input`).
final class MockInputHandle {
    let id: DeviceIdentifier
    init(id: DeviceIdentifier) { self.id = id }
}

/// `glasses.input:*`: each call sends one Inputs event over the link; the app keeps it only
/// when an active Inputs capability asked for its source (as DAT's mock). The calls return
/// nothing *(ours: DAT's mock returns nothing either; whether the app took it shows on its side)*.
enum MockInputsClass {
    private static func send(
        _ runtime: ScriptRuntime, _ mock: MockContext, _ call: LuaCall, _ name: String, _ action: InputEvent.Action, source: InputSource = .captouch
    ) throws -> LuaReturn {
        let handle = try call.userdata(1, as: MockInputHandle.self)
        return try mock.perform(runtime, call, name, .device(handle.id, .input(action, source: source)))
    }

    private static let source = LuaArgument.enum("source", InputSource.self, default: .captouch)

    private static func nav(_ runtime: ScriptRuntime, _ mock: MockContext, _ direction: NavDirection) -> LuaMethod<MockInputHandle> {
        .method("nav_\(direction.name)", source, doc: "A nav \(direction.name) from `source` (default captouch; MockInputKit nav\(direction.name.capitalized)).") {
            [unowned runtime] _, source, call in
            try send(runtime, mock, call, "nav_\(direction.name)", .nav(direction), source: source)
        }
    }

    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockInputHandle> {
        LuaClass(
            MockInputHandle.self, name: "MockInput",
            doc: "The glasses' input surfaces (MockInputKit): each call is one DAT Inputs event, delivered 20 ms later if the app's Inputs asked for its source.",
            methods: NavDirection.allCases.map { nav(runtime, mock, $0) } + [
                .method("nav", .enum("direction", NavDirection.self), source, doc: "A nav event in `direction` from `source` (default captouch).") {
                    [unowned runtime] _, direction, source, call in
                    try send(runtime, mock, call, "nav", .nav(direction), source: source)
                },
                .method("select", source, doc: "A select (tap) from `source` (default captouch).") { [unowned runtime] _, source, call in
                    try send(runtime, mock, call, "select", .select, source: source)
                },
                .method("back", source, doc: "A back (swipe) from `source` (default captouch); left to the glasses when the app's Inputs has consume_back=false.") {
                    [unowned runtime] _, source, call in
                    try send(runtime, mock, call, "back", .back, source: source)
                },
                .method("capture", .enum("press_type", CapturePressType.self, default: .shortPress),
                        doc: "A capture button press (shortPress, hold or doublePress; always source captureButton).") { [unowned runtime] _, press, call in
                    try send(runtime, mock, call, "capture", .capture(press))
                },
                .method("button", .enum("type", ButtonType.self, default: .action),
                        doc: "A press of the action button (source actionButton).") { [unowned runtime] _, button, call in
                    try send(runtime, mock, call, "button", .button(button))
                },
                .method(
                    "drag",
                    parameters: [LuaParameter("action", .enum(DragAction.self)), .optional("x", .number), .optional("y", .number),
                                 .optional("dx", .number), .optional("dy", .number)],
                    doc: "A Neural Band drag step (down, move, up) at x, y moved by dx, dy (default 0; source neuralBandDrag)."
                ) { [unowned runtime] _, call in
                    let action = try call.enumValue(2, as: DragAction.self)
                    var values: [Float] = []
                    for (index, name) in ["x", "y", "dx", "dy"].enumerated() {
                        let number = try call.optionalNumber(3 + index) ?? 0
                        guard number.isFinite else { throw LuaArgumentError(argument: 3 + index, message: "\(name) must be a finite number") }
                        values.append(Float(number))
                    }
                    return try send(runtime, mock, call, "drag", .drag(action, x: values[0], y: values[1], dx: values[2], dy: values[3]))
                },
                .method("fail", .enum("code", InputsError.self),
                        doc: "The glasses' Inputs channel fails with this InputsError: the app's Inputs reports it and its events end (ours).") {
                    [unowned runtime] handle, error, call in
                    try mock.perform(runtime, call, "fail", .device(handle.id, .inputsFault(error)))
                },
            ])
    }
}

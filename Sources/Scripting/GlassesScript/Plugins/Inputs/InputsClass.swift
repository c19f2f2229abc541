import LuaHost
import WearablesCore

extension InputSource: LuaEnum {}
extension NavDirection: LuaEnum {}
extension ButtonType: LuaEnum {}
extension CapturePressType: LuaEnum {}
extension DragAction: LuaEnum {}
extension InputEventKind: LuaEnum {}
extension InputsState: LuaEnum {}
extension InputsError: LuaEnum {}
extension InputsError: ScriptErrorConvertible {}

/// `Inputs`: DAT 1.0's `MWDATInputs` capability on a session (experimental in DAT).
enum InputsClass {

    /// `session:inputs{sources=, consume_back=}`'s options.
    static let fields = [
        LuaParameter("sources", .array(.enum(InputSource.self)), optional: true,
                     default: "{" + InputSource.allCases.filter { InputSource.defaultSources.contains($0) }.map { "\"\($0.name)\"" }.joined(separator: ", ") + "}"),
        LuaParameter("consume_back", .boolean, optional: true, default: "true"),
    ]

    /// The event table scripts get: `type`, `source`, `timestamp_ms` and the kind's own fields, by DAT's labels.
    static let eventType = LuaType.record([
        LuaParameter("type", .enum(InputEventKind.self)),
        LuaParameter("source", .enum(InputSource.self)),
        LuaParameter("timestamp_ms", .integer),
        LuaParameter("direction", .enum(NavDirection.self), optional: true),
        LuaParameter("button", .enum(ButtonType.self), optional: true),
        LuaParameter("press_type", .enum(CapturePressType.self), optional: true),
        LuaParameter("action", .enum(DragAction.self), optional: true),
        LuaParameter("x", .number, optional: true), LuaParameter("y", .number, optional: true),
        LuaParameter("dx", .number, optional: true), LuaParameter("dy", .number, optional: true),
    ])

    static func value(_ event: InputEvent) -> LuaValue {
        var table: [String: LuaValue] = [
            "type": .string(event.kind.name), "source": .string(event.source.name), "timestamp_ms": .integer(event.timestampMs),
        ]
        switch event.action {
        case .nav(let direction): table["direction"] = .string(direction.name)
        case .select, .back: break
        case .button(let button): table["button"] = .string(button.name)
        case .capture(let press): table["press_type"] = .string(press.name)
        case .drag(let action, let x, let y, let dx, let dy):
            table["action"] = .string(action.name)
            table["x"] = .number(Double(x))
            table["y"] = .number(Double(y))
            table["dx"] = .number(Double(dx))
            table["dy"] = .number(Double(dy))
        }
        return .table(table)
    }

    static func configuration(_ options: LuaTableArgument?) throws -> InputsConfiguration {
        guard let options else { return InputsConfiguration() }
        var configuration = InputsConfiguration()
        if let names = try options.optionalStrings("sources") {
            var sources: Set<InputSource> = []
            for name in names {
                guard let source = InputSource(name: name) else {
                    throw LuaArgumentError(argument: options.argument,
                                           message: "field 'sources': unknown source '\(name)' (expected: \(InputSource.allNames.joined(separator: ", ")))")
                }
                sources.insert(source)
            }
            configuration.sources = sources
        }
        if let consume = try options.optionalBoolean("consume_back") { configuration.consumeBack = consume }
        return configuration
    }

    /// `session:inputs{}` and `session:remove_inputs()`.
    static func sessionMethods(_ runtime: ScriptRuntime) -> [LuaMethod<DeviceSession>] {
        [
            .method(
                "inputs", .optionalOptions("options", fields), returns: [.optional(.named("Inputs")), .optional(.named("Error"))],
                doc: "Add DAT 1.0 Inputs (experimental) to a started session: nav, select, back, button, capture and drag events from the "
                    + "sources asked for (default all but unknown); consume_back=false leaves Back to the glasses. On a session that is not "
                    + "started, nil (DAT addInputs returns nil) and ScriptError.notStarted saying its state. Raises "
                    + "DeviceSessionError.capabilityAlreadyActive when it has one."
            ) { session, options, _ in
                let configuration = try configuration(options)
                guard let added = try session.addInputs(configuration) else { return .values([.nil, .error(notStarted(session))]) }
                return .value(.object(added))
            },
            .method(
                "remove_inputs",
                doc: "Remove the session's Inputs (DAT removeInputs): it deactivates and its events end; waits until inactive. "
                    + "Raises DeviceSessionError.capabilityNotFound when it holds none."
            ) { [unowned runtime] session, call in
                let removed = try session.removeInputs()
                return try waitInactive(runtime, removed, call, in: "remove_inputs")
            },
        ]
    }

    /// Why `session:inputs{}` gave nil: the host's words for DAT's nil (DAT has no error for it).
    static func notStarted(_ session: DeviceSession) -> ScriptError {
        ScriptError(domain: "ScriptError", code: "notStarted",
                    message: "the session is \(session.state.name), and DAT adds Inputs only to a started session (addInputs returns nil)"
                        + (session.state == .idle || session.state == .starting ? "; call session:start() first" : ""))
    }

    private static func waitInactive(_ runtime: ScriptRuntime, _ inputs: Inputs, _ call: LuaCall, in name: String) throws -> LuaReturn {
        try runtime.suspend(call, in: name, until: { inputs.state == .inactive }) { changed in
            let token = inputs.addStateListener { _ in changed() }
            return { token.cancel() }
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<Inputs> {
        LuaClass(
            Inputs.self, name: "Inputs",
            doc: "DAT 1.0 Inputs (MWDATInputs, experimental): the glasses' input events routed to the app; the newest 64 wait for next_input.",
            methods: [
                .method(
                    "on", .enum("event", InputsEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to input events (fn gets {type, source, timestamp_ms, ...}), the state (first the current one) or errors (InputsError)."
                ) { [unowned runtime] inputs, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "inputs \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return inputs.addStateListener { deliver([.string($0.name)], nil) }
                        case .error: return inputs.addErrorListener { deliver([.error($0)], nil) }
                        case .input: return inputs.addEventListener { deliver([value($0)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
                .method(
                    "next_input", parameters: [LuaParameter("timeout", .union([.number, .record([LuaParameter("timeout", .number, optional: true)])]), optional: true)],
                    returns: [.optional(eventType), .optional(.named("Error"))],
                    doc: "The oldest buffered input event (DAT keeps the newest 64), waiting for one if none is; nil and ScriptError.timeout "
                        + "after `timeout` seconds (a number or {timeout=}). Raises the InputsError that ended the events (connectionClosed once removed)."
                ) { [unowned runtime] inputs, call in
                    let timeout = try readTimeout(call)
                    if let event = inputs.next() { return .value(value(event)) }
                    if inputs.isEnded { throw inputs.lastError ?? .connectionClosed }
                    return try runtime.wait(
                        call, in: "next_input", timeout: timeout,
                        expired: {
                            BindingError.timeout("no input event within \(timeout ?? 0) s").returned
                        }
                    ) { finish in
                        [inputs.addArrivalListener {
                            if let event = inputs.next() { finish(.success([value(event)])) } else if inputs.isEnded {
                                finish(.failure(inputs.lastError ?? .connectionClosed))
                            }
                        }]
                    }
                },
                .method(
                    "wait_for", .enum("state", InputsState.self), .optionalNumber("timeout", in: 0...Double.infinity),
                    returns: [.optional(.true), .optional(.named("Error"))],
                    doc: "Wait until Inputs reaches `state`; nil and an error on timeout or when its events end first."
                ) { [unowned runtime] inputs, target, timeout, call in
                    if inputs.state == target { return .value(true) }
                    let ended: () -> WaitOutcome = { .success([.nil, .error(inputs.lastError ?? .connectionClosed)]) }
                    if inputs.isEnded, target != .inactive, target != .deactivating { return .values(try ended().get()) }
                    return try runtime.wait(
                        call, in: "wait_for", timeout: timeout,
                        expired: {
                            BindingError.timeout("Inputs did not reach '\(target.name)' within \(timeout ?? 0) s (it is '\(inputs.state.name)')").returned
                        }
                    ) { finish in
                        [inputs.addStateListener { state in
                            if state == target { finish(.success([true])) } else if inputs.isEnded, state == .inactive { finish(ended()) }
                        }]
                    }
                },
                .method(
                    "remove", doc: "Remove these Inputs from their session (session:remove_inputs()); waits until inactive."
                ) { [unowned runtime] inputs, call in
                    guard !inputs.isRemoved else { throw DeviceSessionError.capabilityNotFound }
                    guard let session = inputs.session, session.inputs === inputs else { throw DeviceSessionError.capabilityNotFound }
                    try session.removeInputs()
                    return try waitInactive(runtime, inputs, call, in: "remove")
                },
            ],
            fields: [
                LuaField(name: "state", type: .enum(InputsState.self), doc: "DAT InputsState.") { .string($0.state.name) },
                LuaField(name: "config", type: .record(fields), doc: "The configuration asked for: {sources=, consume_back=}.") { inputs in
                    .table([
                        "sources": .array(InputSource.allCases.filter { inputs.configuration.sources.contains($0) }.map { .string($0.name) }),
                        "consume_back": .boolean(inputs.configuration.consumeBack),
                    ])
                },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The InputsError that ended the events, if any.") { .error($0.lastError) },
                LuaField(name: "dropped", type: .integer, doc: "Events dropped because 64 were already waiting.") { .integer(Int64($0.droppedCount)) },
            ],
            describe: { "Inputs \($0.state.name)" + ($0.lastError.map { " (\($0.code))" } ?? "") },
            memoryCost: { _ in 1024 })
    }

    private static func readTimeout(_ call: LuaCall) throws -> Double? {
        let seconds: Double?
        if call.isNil(2) {
            seconds = nil
        } else if let table = try? call.table(2) {
            seconds = try table.optionalNumber("timeout")
        } else {
            seconds = try call.number(2)
        }
        if let seconds, !(seconds >= 0) { throw LuaArgumentError(argument: 2, message: "timeout must be a number >= 0") }
        return seconds
    }
}

/// What `:on` listens to on Inputs: checked, documented and typed from these cases.
enum InputsEvent: String, LuaEnum {
    case input
    case state
    case error
}

import LuaHost
import WearablesCore

extension VoiceInvocationError: LuaEnum {}
extension VoiceInvocationError: ScriptErrorConvertible {}

/// A second answer to one invocation, as scripts see it: a one-line ScriptError.
extension VoiceInvocationAnswerError: ScriptErrorConvertible {
    public var scriptError: ScriptError { ScriptError(domain: "ScriptError", code: "alreadyAnswered", message: description) }
}

/// `VoiceInvocationsStream` and `LaunchApp`: DAT 1.0 voice invocations (MWDATCore, experimental).
enum VoiceClass {

    /// `wearables.voice_stream()`.
    static func function(_ runtime: ScriptRuntime) -> LuaFunction {
        LuaFunction(
            name: "voice_stream", returns: [.named("VoiceInvocationsStream")],
            doc: "DAT 1.0 VoiceInvocationsStream (experimental): \"Hey Meta, open <app>\" arrives as a LaunchApp on \"invocation\"; "
                + "register listeners, then stream:start(device). Needs no session and no permission."
        ) { [unowned runtime] _ in
            .value(.object(VoiceInvocationsStream(wearables: runtime.world.wearables)))
        }
    }

    private static let deviceArgument = LuaArgument<DeviceIdentifier>(LuaParameter("device", .union([.named("Device"), .string]))) { call, n in
        if let device = try? call.userdata(n, as: Device.self) { return device.identifier }
        return try call.string(n)
    }

    static func streamClass(_ runtime: ScriptRuntime) -> LuaClass<VoiceInvocationsStream> {
        LuaClass(
            VoiceInvocationsStream.self, name: "VoiceInvocationsStream",
            doc: "DAT 1.0 VoiceInvocationsStream: invocations from Meta AI for one device; answer each exactly once.",
            methods: [
                .method(
                    "start", deviceArgument,
                    doc: "Start listening on `device` (a Device or id; DAT start(deviceIdentifier:)); starting again moves the stream. "
                        + "Raises VoiceInvocationError.deviceNotFound or channelNotConnected."
                ) { stream, device, _ in
                    try stream.start(deviceIdentifier: device)
                    return .none
                },
                .method("stop", doc: "Stop listening (DAT stop()); safe when not started; the stream can start again.") { stream, _ in
                    stream.stop()
                    return .none
                },
                .method(
                    "on", .enum("event", VoiceEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to invocations (fn gets a LaunchApp, to answer once with :succeed or :fail) or errors (VoiceInvocationError)."
                ) { [unowned runtime] stream, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "voice \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .error: stream.addErrorListener { deliver([.error($0)], nil) }
                        case .invocation: stream.addInvocationListener { invocation in deliver([.object(watched(runtime, invocation))], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
                .method(
                    "next_invocation", .optionalNumber("timeout", in: 0...Double.infinity),
                    returns: [.optional(.named("LaunchApp")), .optional(.named("Error"))],
                    doc: "The oldest invocation not taken yet, waiting for one; nil and ScriptError.timeout after `timeout` seconds."
                ) { [unowned runtime] stream, timeout, call in
                    if let invocation = stream.next() { return .value(.object(watched(runtime, invocation))) }
                    return try runtime.wait(
                        call, in: "next_invocation", timeout: timeout,
                        expired: {
                            BindingError.timeout("no voice invocation within \(timeout ?? 0) s").returned
                        }
                    ) { finish in
                        [stream.addArrivalListener {
                            if let invocation = stream.next() { finish(.success([.object(watched(runtime, invocation))])) }
                        }]
                    }
                },
            ],
            fields: [
                LuaField(name: "started", type: .boolean, doc: "Whether the stream listens on a device.") { .boolean($0.isStarted) },
                LuaField(name: "device", type: .optional(.string), doc: "The id of the device it listens on.") {
                    $0.deviceIdentifier.map(LuaValue.string) ?? .nil
                },
            ],
            describe: { "VoiceInvocationsStream " + ($0.deviceIdentifier.map { "on \($0)" } ?? "stopped") })
    }

    /// An invocation handed to the script: unanswered when Meta AI stops waiting, it warns once *(ours)*.
    private static func watched(_ runtime: ScriptRuntime, _ invocation: LaunchApp) -> LaunchApp {
        guard !invocation.isWatched else { return invocation }
        invocation.isWatched = true
        runtime.scheduler.schedule(after: VoiceInvocationsStream.metaAIWait) { [weak runtime] in
            guard let runtime, invocation.answer == nil else { return }
            LogPlugin.write(.warn, "voice invocation \(invocation.requestID) was never answered within \(Int(VoiceInvocationsStream.metaAIWait)) s: "
                + "Meta AI reports the app as not responding (answer each LaunchApp once with inv:succeed() or inv:fail())", runtime: runtime)
        }
        return invocation
    }

    private static func answer(_ runtime: ScriptRuntime, _ success: Bool) -> LuaMethod<LaunchApp> {
        .method(
            success ? "succeed" : "fail", parameters: [.optional("output", .string)], returns: [.boolean],
            doc: "Answer the invocation with \(success ? "success" : "failure") (DAT ResponseHandle.send\(success ? "Success" : "Failure")(actionOutput:)); "
                + "waits; true when Meta AI took it. A second answer raises ScriptError.alreadyAnswered."
        ) { [unowned runtime] invocation, call in
            let output = try call.optionalString(2)
            if let output, output.utf8.count > 4096 { throw LuaArgumentError(argument: 2, message: "output is at most 4096 bytes, got \(output.utf8.count)") }
            return try runtime.wait(call, in: success ? "succeed" : "fail", for: { (done: @escaping (Result<Bool, VoiceInvocationAnswerError>) -> Void) in
                try invocation.answer(success: success, output: output) { done(.success($0)) }
            }) { [.boolean($0)] }
        }
    }

    static func invocationClass(_ runtime: ScriptRuntime) -> LuaClass<LaunchApp> {
        LuaClass(
            LaunchApp.self, name: "LaunchApp",
            doc: "DAT 1.0 LaunchApp: the wearer asked Meta AI to open this app; answer exactly once.",
            methods: [answer(runtime, true), answer(runtime, false)],
            fields: [
                LuaField(name: "type", type: .strings(["LaunchApp"]), doc: "The invocation's kind (DAT delivers only LaunchApp).") { _ in .string("LaunchApp") },
                LuaField(name: "id", type: .string, doc: "The request id (the mock's sendLaunchAppAction() return value; ours).") { .string($0.requestID) },
                LuaField(name: "device", type: .string, doc: "The id of the device it came from.") { .string($0.deviceIdentifier) },
                LuaField(name: "answer", type: .optional(.strings(["success", "failure"])), doc: "The app's answer so far.") {
                    $0.answer.map { .string($0.name) } ?? .nil
                },
            ],
            describe: { "LaunchApp \($0.requestID) from \($0.deviceIdentifier)" + ($0.answer.map { " (\($0.name))" } ?? "") })
    }
}

/// What `:on` listens to on voice invocations: checked, documented and typed from these cases.
enum VoiceEvent: String, LuaEnum {
    case invocation
    case error
}

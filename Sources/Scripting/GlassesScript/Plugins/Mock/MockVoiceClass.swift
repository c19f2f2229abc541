import LuaHost
import WearablesCore
import WearablesMock

/// `MockVoice`: Meta AI on the glasses (DAT 1.0 MockVoiceInvocationKit, `services.voiceInvocation`).
final class MockVoiceHandle {
    let glasses: MockGlassesHandle
    init(glasses: MockGlassesHandle) { self.glasses = glasses }
}

enum MockVoiceClass {
    private static func send(_ runtime: ScriptRuntime, _ mock: MockContext, _ call: LuaCall, incomplete: Bool) throws -> LuaReturn {
        let handle = try call.userdata(1, as: MockVoiceHandle.self)
        let before = mock.state(handle.glasses).voiceRequests.count
        let name = incomplete ? "incomplete" : "launch"
        return try mock.perform(runtime, call, name, .device(handle.glasses.id, .voiceLaunch(incomplete: incomplete)), failure: { $0 }, recover: { _ in nil }) { state in
            guard let requests = state?.voiceRequests, requests.count > before, let last = requests.last else { return [.nil] }
            return [.string(last.id)]
        }
    }

    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockVoiceHandle> {
        LuaClass(
            MockVoiceHandle.self, name: "MockVoice",
            doc: "Meta AI on the glasses (MockVoiceInvocationKit): \"Hey Meta, open the app\" and the app's recorded answers.",
            methods: [
                .method(
                    "launch", returns: [.optional(.string)],
                    doc: "The wearer asks Meta AI to open the app (sendLaunchAppAction): the app's started stream gets a LaunchApp 0.1 s later. "
                        + "Returns the request id, or nil when no stream listens on these glasses (or the link is down)."
                ) { [unowned runtime] _, call in try send(runtime, mock, call, incomplete: false) },
                .method(
                    "incomplete", returns: [.optional(.string)],
                    doc: "A malformed action (sendIncompleteAction): the app's stream gets VoiceInvocationError.invalidActionMessageProto "
                        + "(ours: DAT does not say which case), not an invocation. The request id, or nil with no listener."
                ) { [unowned runtime] _, call in try send(runtime, mock, call, incomplete: true) },
                .method(
                    "answer", .string("id"), returns: [.strings(["pending", "success", "failure", "timeout", "none"]), .optional(.string)],
                    doc: "How the app answered request `id` (ours, for tests): pending, success, failure, timeout (Meta AI waited 10 s) "
                        + "or none (an incomplete one); and the answer's output."
                ) { handle, id, _ in
                    let requests = mock.state(handle.glasses).voiceRequests
                    guard let request = requests.first(where: { $0.id == id }) else {
                        let known = requests.map(\.id)
                        throw LuaArgumentError(argument: 2, message: "no voice request '\(id)' (sent: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
                    }
                    return .values([.string(request.answer), request.output.map(LuaValue.string) ?? .nil])
                },
            ],
            fields: [
                LuaField(name: "has_clients", type: .boolean, doc: "Whether the app has a started voice stream on these glasses (hasConnectedClients).") {
                    .boolean(mock.state($0.glasses).voiceListening)
                },
            ])
    }
}

import WearablesCore
import WearablesMock

/// MockVoiceInvocationKit for one pair (DAT 1.0 `services.voiceInvocation`): Meta AI
/// hears "Hey Meta, open <app>", delivers a `LaunchApp` to the app's started stream and
/// keeps the launch open until the app answers.
public final class SimulatedVoice {
    /// *(ours)* From the wearer's words to the app's invocation.
    public static let deliveryDelay: Double = 0.1

    weak var glasses: SimulatedGlasses?
    /// Whether the app has a started stream on these glasses (`hasConnectedClients`).
    public private(set) var isListening = false
    public private(set) var requests: [MockVoiceRequest] = []
    private var sent = 0

    /// `sendLaunchAppAction()` / `sendIncompleteAction()`: the request id, or nil with no
    /// connected client (no started stream, or the link is down).
    @discardableResult
    public func launch(incomplete: Bool) -> String? {
        guard let glasses else { return nil }
        glasses.kit.record(incomplete ? "voice_incomplete" : "voice_launch", [("glasses", .string(glasses.identifier))])
        guard isListening, glasses.link == .connected else { return nil }
        sent += 1
        let id = "voice-\(sent)"
        requests.append(MockVoiceRequest(id: id, kind: incomplete ? "incomplete" : "launch", answer: incomplete ? "none" : VoiceAnswer.pending.name))
        let identifier = glasses.identifier
        glasses.scheduler.schedule(after: Self.deliveryDelay) { [weak self] in
            guard let self, let glasses = self.glasses else { return }
            let report: CapabilityReport = incomplete ? .voiceError(.invalidActionMessageProto) : .voiceInvocation(requestID: id)
            glasses.kit.notifyObservers { $0.backend(didReport: report, on: identifier) }
        }
        if !incomplete {
            glasses.scheduler.schedule(after: Self.deliveryDelay + VoiceInvocationsStream.metaAIWait) { [weak self] in
                guard let self, let index = self.requests.firstIndex(where: { $0.id == id }), self.requests[index].answer == VoiceAnswer.pending.name
                else { return }
                self.requests[index].answer = VoiceAnswer.timeout.name
                self.glasses?.kit.record("voice_timeout", [("glasses", .string(identifier)), ("request", .string(id))])
                self.glasses?.publishMockState()
            }
        }
        return id
    }

    func listen(_ on: Bool) {
        isListening = on
        glasses?.publishMockState()
    }

    /// The app's answer; false when Meta AI no longer waits for one (timed out, unknown id, answered).
    func answer(_ id: String, success: Bool, output: String?) -> Bool {
        guard let index = requests.firstIndex(where: { $0.id == id }), requests[index].answer == VoiceAnswer.pending.name else { return false }
        requests[index].answer = success ? VoiceAnswer.success.name : VoiceAnswer.failure.name
        requests[index].output = output
        glasses?.kit.record("voice_answer", [("request", .string(id)), ("answer", .string(requests[index].answer))])
        glasses?.publishMockState()
        return true
    }
}

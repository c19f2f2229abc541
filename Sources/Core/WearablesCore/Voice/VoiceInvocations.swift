/// DAT 1.0 voice invocations (MWDATCore, experimental): "Hey Meta, open <app>" arrives as
/// a `LaunchApp`, which the app answers exactly once through its response handle.

/// DAT `LaunchApp`: one invocation and its response handle. Answer it once, with
/// `answer(success:output:)`; the completion says whether Meta AI got the answer.
public final class LaunchApp {
    public let requestID: String
    public let deviceIdentifier: DeviceIdentifier
    /// What the app answered (nil until it does).
    public private(set) var answer: VoiceAnswer?
    public private(set) var output: String?
    /// Whether a script holds it (the host then warns once if it goes unanswered).
    public var isWatched = false
    unowned let wearables: Wearables

    init(requestID: String, deviceIdentifier: DeviceIdentifier, wearables: Wearables) {
        self.requestID = requestID
        self.deviceIdentifier = deviceIdentifier
        self.wearables = wearables
    }

    /// DAT `sendSuccess(actionOutput:)`/`sendFailure(actionOutput:)`. Throws
    /// `VoiceInvocationAnswerError.alreadyAnswered` on a second answer *(ours: DAT's Bool
    /// would say false)*; `completion` gets whether Meta AI took it (false once it gave up waiting).
    public func answer(success: Bool, output: String?, completion: @escaping (Bool) -> Void) throws(VoiceInvocationAnswerError) {
        if let answer { throw .alreadyAnswered(requestID: requestID, answer: answer) }
        answer = success ? .success : .failure
        self.output = output
        wearables.trace.record(source: "voice", event: "answer", values: [
            "request": .string(requestID), "answer": .string(success ? "success" : "failure"),
        ])
        wearables.backend.answerVoiceInvocation(requestID, on: deviceIdentifier, success: success, output: output, completion: completion)
    }
}

/// DAT `VoiceInvocationsStream`: lives at the Wearables level (no session, no permission);
/// register listeners, then `start(deviceIdentifier:)`; starting again moves it to another
/// device; `stop()` is safe when inactive and the stream can start again.
public final class VoiceInvocationsStream {
    /// *(ours)* How long Meta AI waits for an answer before reporting the app as not responding.
    public static let metaAIWait: Double = 10

    public private(set) var deviceIdentifier: DeviceIdentifier?
    public var isStarted: Bool { deviceIdentifier != nil }
    unowned let wearables: Wearables
    private let invocationListeners: Broadcaster<LaunchApp>
    private let errorListeners: Broadcaster<VoiceInvocationError>
    private var unread: [LaunchApp] = []
    private let arrivals: Broadcaster<Void>
    public let serial: Int

    /// DAT `VoiceInvocationsStream(wearables:)`.
    public init(wearables: Wearables) {
        self.wearables = wearables
        invocationListeners = Broadcaster(scheduler: wearables.scheduler)
        errorListeners = Broadcaster(scheduler: wearables.scheduler)
        arrivals = Broadcaster(scheduler: wearables.scheduler)
        wearables.voiceStreamCount += 1
        serial = wearables.voiceStreamCount
    }

    public func addInvocationListener(_ listener: @escaping (LaunchApp) -> Void) -> ListenerToken { invocationListeners.add(listener) }
    public func addErrorListener(_ listener: @escaping (VoiceInvocationError) -> Void) -> ListenerToken { errorListeners.add(listener) }
    public func addArrivalListener(_ listener: @escaping () -> Void) -> ListenerToken { arrivals.add { listener() } }

    /// The oldest invocation nobody has taken with `next()` yet.
    public func next() -> LaunchApp? { unread.isEmpty ? nil : unread.removeFirst() }

    /// DAT `start(deviceIdentifier:)`: `deviceNotFound` for a device the app does not
    /// know, `channelNotConnected` for one that is not connected.
    public func start(deviceIdentifier identifier: DeviceIdentifier) throws(VoiceInvocationError) {
        guard let device = wearables.deviceForIdentifier(identifier) else { throw .deviceNotFound }
        guard device.isConnected else { throw .channelNotConnected }
        if let current = deviceIdentifier, current != identifier { wearables.backend.listenForVoiceInvocations(false, on: current) }
        deviceIdentifier = identifier
        wearables.voiceStreams[serial] = self
        wearables.trace.record(source: "voice", event: "start", values: ["device": .string(identifier)])
        wearables.backend.listenForVoiceInvocations(true, on: identifier)
    }

    /// DAT `stop()`.
    public func stop() {
        guard let identifier = deviceIdentifier else { return }
        deviceIdentifier = nil
        wearables.voiceStreams[serial] = nil
        wearables.trace.record(source: "voice", event: "stop", values: ["device": .string(identifier)])
        if !wearables.voiceStreams.values.contains(where: { $0.deviceIdentifier == identifier }) {
            wearables.backend.listenForVoiceInvocations(false, on: identifier)
        }
    }

    func receive(_ requestID: String, on identifier: DeviceIdentifier) {
        let invocation = LaunchApp(requestID: requestID, deviceIdentifier: identifier, wearables: wearables)
        unread.append(invocation)
        if unread.count > 64 { unread.removeFirst() }
        invocationListeners.emit(invocation)
        arrivals.emit(())
    }

    func fail(_ error: VoiceInvocationError) {
        errorListeners.emit(error)
    }
}

extension Wearables {
    /// The glasses delivered a voice invocation (or a malformed one) to the app's started streams on them.
    func handleVoice(_ report: CapabilityReport, on identifier: DeviceIdentifier) {
        let streams = voiceStreams.sorted { $0.key < $1.key }.map(\.value).filter { $0.deviceIdentifier == identifier }
        switch report {
        case .voiceInvocation(let requestID):
            trace.record(source: "voice", event: "invocation", values: ["device": .string(identifier), "request": .string(requestID)])
            for stream in streams { stream.receive(requestID, on: identifier) }
        case .voiceError(let error):
            trace.record(source: "voice", event: "error", values: ["device": .string(identifier), "code": .string(error.code)])
            for stream in streams { stream.fail(error) }
        default:
            break
        }
    }
}

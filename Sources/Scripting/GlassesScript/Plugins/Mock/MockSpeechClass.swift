import LuaHost
import WearablesCore
import WearablesMock

extension TranscriptionSource: LuaEnum {}

/// `MockSpeech`: the glasses' recogniser (DAT 1.0 MockSpeechKit, `services.speech`): injected text (the
/// default source) or the live source, PocketSphinx transcribing the glasses' microphone.
final class MockSpeechHandle {
    let id: DeviceIdentifier
    init(id: DeviceIdentifier) { self.id = id }
}

enum MockSpeechClass {
    private static func text(_ call: LuaCall, _ n: Int) throws -> String {
        let text = try call.string(n)
        guard text.utf8.count <= TranscriptionResult.maxTextBytes else {
            throw LuaArgumentError(argument: n, message: "text is \(text.utf8.count) bytes; a transcription holds at most \(TranscriptionResult.maxTextBytes)")
        }
        return text
    }

    /// `set_source`: MockSpeechKit's `setTranscriptionSource`, which the glasses ignore while the app listens.
    private static func setSource(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaMethod<MockSpeechHandle> {
        let doc = "What the recogniser transcribes (setTranscriptionSource): injected (default) or liveDeviceAsr, "
            + "PocketSphinx (en-us) hearing glasses.microphone's feed. Ignored while the app listens (DAT: only allowed while not "
            + "isListening): returns whether it took effect. Raises a mock error naming the Debian package when the recogniser is missing."
        return .method("set_source", .enum("source", TranscriptionSource.self), returns: [.boolean], doc: doc) {
            [unowned runtime] (handle: MockSpeechHandle, source: TranscriptionSource, call: LuaCall) throws -> LuaReturn in
            // The glasses' state after the action: still listening, they ignored it.
            let took: (MockGlassesState?) -> [LuaValue] = { state in [.boolean(!(state?.speechListening ?? false))] }
            return try mock.perform(runtime, call, "set_source", .device(handle.id, .speechSource(source)), took)
        }
    }

    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockSpeechHandle> {
        LuaClass(
            MockSpeechHandle.self, name: "MockSpeech",
            doc: "The glasses' recogniser (MockSpeechKit): injected transcriptions, errors, completion, locale, and the live source "
                + "(set_source(\"liveDeviceAsr\"): PocketSphinx transcribes glasses.microphone). Delivered only while the app listens.",
            methods: [
                .method(
                    "say",
                    parameters: [LuaParameter("text", .string), .optional("options", .record([.optional("final", .boolean), .optional("confidence", .number)]))],
                    doc: "A transcription (simulateTranscription; defaults final=true, confidence=0.95 as the test client; -1: none), 20 ms later."
                ) { [unowned runtime] handle, call in
                    let said = try text(call, 2)
                    let options = try call.optionalTable(3)
                    let confidence = try options?.optionalNumber("confidence") ?? 0.95
                    guard confidence == -1 || (0...1).contains(confidence) else {
                        throw LuaArgumentError(argument: 3, message: "field 'confidence': 0...1 or -1 (none), got \(confidence)")
                    }
                    let result = TranscriptionResult(text: said, isFinal: try options?.optionalBoolean("final") ?? true, confidence: Float(confidence))
                    return try mock.perform(runtime, call, "say", .device(handle.id, .speech(result)))
                },
                .method("partial", .string("text"), doc: "A partial (not final) transcription, confidence -1.") { [unowned runtime] handle, _, call in
                    let result = TranscriptionResult(text: try text(call, 2), isFinal: false, confidence: -1)
                    return try mock.perform(runtime, call, "partial", .device(handle.id, .speech(result)))
                },
                .method(
                    "fail", parameters: [LuaParameter("code", .integer), .optional("message", .string)],
                    doc: "A recogniser error (simulateError, Android SpeechRecognizer codes): 5 and 9 -> startFailed, 8 -> alreadyListening, "
                        + "12 and 13 (language not supported, unavailable) -> unavailable, "
                        + "others -> unexpectedError (ours); listening ends."
                ) { [unowned runtime] handle, call in
                    let code = Int(try call.integer(2))
                    return try mock.perform(runtime, call, "fail", .device(handle.id, .speechError(code: code, message: try call.optionalString(3) ?? "")))
                },
                .method("complete", doc: "The utterance ends (simulateCompletion): listening stops (assumed).") { [unowned runtime] handle, call in
                    try mock.perform(runtime, call, "complete", .device(handle.id, .speechComplete))
                },
                .method("set_locale", .string("locale"), doc: "The recogniser's locale (default en_US), announced at the next start.") {
                    [unowned runtime] handle, locale, call in
                    try mock.perform(runtime, call, "set_locale", .device(handle.id, .speechLocale(locale)))
                },
                setSource(runtime, mock),
            ],
            fields: [
                LuaField(name: "listening", type: .boolean, doc: "Whether the app's Speech listens (isListening).") { (handle: MockSpeechHandle) -> LuaValue in
                    .boolean(mock.state(of: handle.id)?.speechListening ?? false)
                },
                LuaField(name: "source", type: .strings(TranscriptionSource.allNames), doc: "The transcription source: injected or liveDeviceAsr.") {
                    (handle: MockSpeechHandle) -> LuaValue in
                    .string(mock.state(of: handle.id)?.speechSource.name ?? TranscriptionSource.injected.name)
                },
                LuaField(
                    name: "live_diagnostic", type: .optional(.string),
                    doc: "Why the live source stopped transcribing (liveSourceDiagnostic), or nil."
                ) { (handle: MockSpeechHandle) -> LuaValue in
                    mock.state(of: handle.id)?.speechDiagnostic.map(LuaValue.string) ?? .nil
                },
            ])
    }
}

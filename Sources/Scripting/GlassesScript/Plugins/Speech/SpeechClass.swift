import LuaHost
import WearablesCore

extension SpeechState: LuaEnum {}
extension SpeechError: LuaEnum {}
extension SpeechError: ScriptErrorConvertible {}

/// `Speech`: DAT 1.0's `MWDATSpeech` capability (experimental): transcriptions from the glasses.
enum SpeechClass {

    static func value(_ result: TranscriptionResult) -> LuaValue {
        .table(["text": .string(result.text), "final": .boolean(result.isFinal), "confidence": .number(Double(result.confidence))])
    }

    static func sessionMethods(_ runtime: ScriptRuntime) -> [LuaMethod<DeviceSession>] {
        [
            .method(
                "speech", returns: [.named("Speech")],
                doc: "Add DAT 1.0 Speech (experimental) to a started session: stopped until speech:start(), which needs the microphone "
                    + "permission. Raises sessionIdle before started, capabilityAlreadyActive when it has one."
            ) { session, _ in .value(.object(try session.addSpeech())) },
            .method("remove_speech", doc: "Remove the session's Speech (DAT removeSpeech; terminal). Raises capabilityNotFound when it holds none.") {
                session, _ in
                try session.removeSpeech()
                return .none
            },
        ]
    }

    private static func next(_ runtime: ScriptRuntime, _ name: String, finalOnly: Bool) -> LuaMethod<Speech> {
        .method(
            name, .optionalNumber("timeout", in: 0...Double.infinity), returns: [.optional(.table), .optional(.named("Error"))],
            doc: finalOnly
                ? "The next final transcription {text, final, confidence} (partials are skipped); nil and ScriptError.timeout after `timeout` s."
                : "The oldest transcription not read yet, waiting for one; nil and ScriptError.timeout after `timeout` s."
        ) { [unowned runtime] speech, timeout, call in
            let take = { () -> TranscriptionResult? in
                while let result = speech.next() { if !finalOnly || result.isFinal { return result } }
                return nil
            }
            if let result = take() { return .value(value(result)) }
            if speech.isRemoved { throw SpeechError.invalidState }
            return try runtime.wait(
                call, in: name, timeout: timeout,
                expired: {
                    BindingError.timeout("no \(finalOnly ? "final " : "")transcription within \(timeout ?? 0) s").returned
                }
            ) { finish in
                [speech.addArrivalListener {
                    if let result = take() { finish(.success([value(result)])) } else if speech.isRemoved { finish(.failure(SpeechError.invalidState)) }
                }]
            }
        }
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<Speech> {
        LuaClass(
            Speech.self, name: "Speech",
            doc: "DAT 1.0 Speech (MWDATSpeech, experimental): on-device transcriptions {text, final, confidence (-1: none)}.",
            methods: [
                .method("start", doc: "Start listening; waits until started. Raises SpeechError (startFailed without the microphone permission, "
                    + "alreadyListening, unavailable, invalidState once removed).") { [unowned runtime] speech, call in
                    try runtime.wait(call, in: "start") { speech.start(completion: $0) }
                },
                .method("stop", doc: "Stop listening (DAT stop(): Speech stays attached and can start again).") { speech, _ in
                    speech.stop()
                    return .none
                },
                .method(
                    "on", .enum("event", SpeechEvent.self), .function("fn"), returns: [.named("Handle")],
                    doc: "Listen to transcriptions ({text, final, confidence}), the state (first the current one), errors (SpeechError) or the locale."
                ) { [unowned runtime] speech, event, function, call in
                    let handle = runtime.listen(function, event: event.luaName, label: "speech \"\(event.luaName)\" callback", at: call) { deliver in
                        switch event {
                        case .state: return speech.addStateListener { deliver([.string($0.name)], nil) }
                        case .error: return speech.addErrorListener { deliver([.error($0)], nil) }
                        case .locale: return speech.addLocaleListener { deliver([.string($0)], nil) }
                        case .transcription: return speech.addTranscriptionListener { deliver([value($0)], nil) }
                        }
                    }
                    return .value(.object(handle))
                },
                next(runtime, "next_transcription", finalOnly: false),
                next(runtime, "next_final", finalOnly: true),
            ],
            fields: [
                LuaField(name: "state", type: .enum(SpeechState.self), doc: "DAT SpeechState.") { .string($0.state.name) },
                LuaField(name: "locale", type: .optional(.string), doc: "The recogniser's locale, once announced.") { $0.locale.map(LuaValue.string) ?? .nil },
                LuaField(name: "error", type: .optional(.named("Error")), doc: "The last SpeechError, if any.") { .error($0.lastError) },
            ],
            describe: { "Speech \($0.state.name)" + ($0.locale.map { " \($0)" } ?? "") },
            memoryCost: { _ in 1024 })
    }
}

/// What `:on` listens to on Speech: checked, documented and typed from these cases.
enum SpeechEvent: String, LuaEnum {
    case transcription
    case state
    case error
    case locale
}

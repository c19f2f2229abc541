import DATInterface
import WearablesModel
import WearablesWire

/// Voice invocations (`VoiceInvocationsStream`, made once) and Speech (`addSpeech()` once
/// per session): the wire's `voice_listen`, `voice_answer` and `speech_listen`.
extension BridgeCore {
    func listenForVoice(_ listening: Bool, on device: DeviceIdentifier, by clientID: Int, reply: @escaping Reply) {
        if listening { clients[clientID]?.voiceDevices.insert(device) } else { clients[clientID]?.voiceDevices.remove(device) }
        guard listening, voice == nil else {
            updateVoiceListening(on: device)
            return reply(.success(.done))
        }
        let wearables = wearables
        let mailbox = mailbox!
        Task {
            do {
                let stream = try await wearables.makeVoiceInvocationsStream()
                mailbox.enqueue { core in
                    core.adoptVoiceStream(stream)
                    core.updateVoiceListening(on: device)
                    reply(.success(.done))
                }
            } catch {
                reply(.failure(Self.voiceError(error)))
            }
        }
    }

    private func adoptVoiceStream(_ stream: any DATVoiceInvocationsStream) {
        guard voice == nil else { return }
        voice = stream
        let mailbox = mailbox!
        voiceTokens.append(stream.invocationsPublisher.listen { invocation in
            mailbox.enqueue { core in core.voiceInvoked(invocation) }
        })
        voiceTokens.append(stream.errorPublisher.listen { error in
            mailbox.enqueue { core in core.voiceFailed(error) }
        })
    }

    /// DAT's stream listens on one device at a time: the last device a client asked for, or none.
    func updateVoiceListening(on device: DeviceIdentifier) {
        guard let voice else { return }
        let anyone = clients.values.contains { $0.voiceDevices.contains(device) }
        Task {
            if anyone { try? await voice.start(deviceIdentifier: device) } else { await voice.stop() }
        }
    }

    private func voiceInvoked(_ invocation: DATLaunchApp) {
        // DAT names no request: the world behind it may (the fake: the simulator's id), else the bridge does.
        let request: String
        if let named = invocation.responseHandle.requestIdentifier, voiceRequests[named] == nil {
            request = named
        } else {
            request = "bridge-\(nextVoiceRequest)"
            nextVoiceRequest += 1
        }
        voiceRequests[request] = invocation
        broadcast(.capability(device: invocation.deviceIdentifier, .voiceInvocation(requestID: request)))
    }

    private func voiceFailed(_ error: VoiceInvocationError) {
        for device in Set(clients.values.flatMap(\.voiceDevices)) {
            broadcast(.capability(device: device, .voiceError(error)))
        }
    }

    /// The one answer to an invocation; a second answer, or one to an unknown request, is not taken.
    func answerVoice(_ request: String, success: Bool, output: String?, reply: @escaping Reply) {
        guard let invocation = voiceRequests.removeValue(forKey: request) else { return reply(.success(.taken(false))) }
        Task {
            let handle = invocation.responseHandle
            let taken = success ? await handle.sendSuccess(actionOutput: output) : await handle.sendFailure(actionOutput: output)
            reply(.success(.taken(taken)))
        }
    }

    static func voiceError(_ error: any Error) -> WireError {
        if let error = error as? VoiceInvocationError { return WireError(error) }
        return WireError(domain: "VoiceInvocationError", code: "unknown", message: "the voice invocation stream failed: \(error)")
    }

    // MARK: Speech

    func listenForSpeech(_ listening: Bool, on device: DeviceIdentifier, by clientID: Int, reply: @escaping Reply) {
        guard let held = sessions[device], held.owner == clientID else {
            return reply(listening ? .failure(WireError(SpeechError.invalidState)) : .success(.done))
        }
        if held.speech == nil, listening {
            do throws(DeviceSessionError) {
                guard let speech = try held.session.addSpeech() else { return reply(.failure(WireError(SpeechError.unavailable))) }
                held.speech = speech
                listenToSpeech(speech, of: held, on: device)
            } catch {
                return reply(.failure(WireError(error)))
            }
        }
        guard listening, let speech = held.speech else {
            held.speechListening = false
            held.speech?.stop()
            return reply(.success(.done))
        }
        // Answered once DAT's start has settled (started, or stopped by a failure), through the
        // mailbox, so an error the glasses reported meanwhile reaches the client first.
        let mailbox = mailbox!
        let settled = OneShotListeners()
        speech.start()
        settled.attach(speech.statePublisher.listen { state in
            guard state == .started || state == .stopped, settled.fire() else { return }
            mailbox.enqueue { _ in reply(.success(.done)) }
        })
    }

    private func listenToSpeech(_ speech: any DATSpeech, of held: BridgeSession, on device: DeviceIdentifier) {
        let mailbox = mailbox!
        let serial = held.serial
        let report: @Sendable (CapabilityReport) -> Void = { report in
            mailbox.enqueue { core in core.speechReported(report, of: serial, on: device) }
        }
        held.speechTokens = [
            speech.transcriptionPublisher.listen { report(.transcription($0)) },
            speech.errorPublisher.listen { report(.speechFailed($0)) },
            speech.localePublisher.listen { report(.speechLocale($0)) },
            speech.statePublisher.listen { state in
                mailbox.enqueue { core in core.speechState(state, of: serial, on: device) }
            },
        ]
    }

    private func speechReported(_ report: CapabilityReport, of serial: Int, on device: DeviceIdentifier) {
        guard let held = session(on: device, serial) else { return }
        if case .speechFailed = report { held.speechListening = false }
        broadcast(.capability(device: device, report))
    }

    /// An utterance ends as the state reaches `stopped` while listening (not after an error
    /// or the client's own stop): the wire's `speech_complete`.
    private func speechState(_ state: SpeechState, of serial: Int, on device: DeviceIdentifier) {
        guard let held = session(on: device, serial) else { return }
        if state == .started { held.speechListening = true }
        if state == .stopped, held.speechListening {
            held.speechListening = false
            broadcast(.capability(device: device, .speechComplete))
        }
    }
}

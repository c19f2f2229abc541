import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCore
import MWDATSpeech
import Testing
import WearablesCore

/// Speech and voice invocations through the adapter, driven on the stand-in.
@Suite struct MetaCapabilityTests {
    @Test func speechTranscribesAnnouncesItsLocaleAndFails() throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let speech = try #require(try session.addSpeech())
        let glasses = try #require(speech as? MetaSpeech).speech
        let states = Recorder<WearablesCore.SpeechState>()
        let heard = Recorder<WearablesCore.TranscriptionResult>()
        let errors = Recorder<WearablesCore.SpeechError>()
        let locales = Recorder<String>()
        _ = speech.statePublisher.listen(states.listener)
        _ = speech.transcriptionPublisher.listen(heard.listener)
        _ = speech.errorPublisher.listen(errors.listener)
        _ = speech.localePublisher.listen(locales.listener)

        speech.start()
        glasses.reach(.started)
        glasses.announce(locale: "en_US")
        glasses.hear(MWDATSpeech.TranscriptionResult(text: "turn left", isFinal: true, confidence: -1))
        speech.start()
        glasses.fail(with: .deviceDisconnected)
        speech.stop()
        #expect(states.heard == [.starting, .started, .stopping, .stopped])
        #expect(heard.heard == [WearablesCore.TranscriptionResult(text: "turn left", isFinal: true, confidence: -1)])
        #expect(errors.heard == [.alreadyListening, .deviceDisconnected])
        #expect(locales.heard == ["en_US"])
    }

    @Test func aVoiceInvocationIsAnsweredOnceThroughItsHandle() async throws {
        let world = StandInWorld()
        let voice = try await world.adapter.makeVoiceInvocationsStream()
        await #expect(throws: WearablesCore.VoiceInvocationError.deviceNotFound) { try await voice.start(deviceIdentifier: "nobody") }
        try await voice.start(deviceIdentifier: StandInWorld.glasses)

        let invocations = Recorder<DATLaunchApp>()
        let errors = Recorder<WearablesCore.VoiceInvocationError>()
        _ = voice.invocationsPublisher.listen(invocations.listener)
        _ = voice.errorPublisher.listen(errors.listener)
        let glasses = try #require(voice as? MetaVoiceInvocationsStream).stream
        let handle = try #require(await glasses.launch(on: StandInWorld.glasses))
        let launch = try #require(invocations.heard.first)
        #expect(launch.deviceIdentifier == StandInWorld.glasses)
        #expect(await launch.responseHandle.sendSuccess(actionOutput: "opened"))
        #expect(await launch.responseHandle.sendFailure(actionOutput: nil) == false, "a second answer is refused")
        #expect(handle.answer == .success("opened"))

        await glasses.fail(with: .channelNotConnected)
        #expect(errors.heard == [.channelNotConnected])
        await voice.stop()
        #expect(await glasses.launch(on: StandInWorld.glasses) == nil)
    }
}

import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCore
import MWDATInputs
import Testing
import WearablesCore

/// Inputs through the adapter, driven on the stand-in: nil before the session starts, the
/// configuration the bridge asks for, every kind of event with its fields, and an error that
/// ends the stream.
@Suite struct MetaInputsTests {
    @Test func inputsNeedAStartedSessionAndCarryTheBridgesConfiguration() throws {
        let world = StandInWorld()
        let session = try world.adapter.createSession(device: StandInWorld.glasses)
        #expect(try session.addInputs(configuration: WearablesCore.InputsConfiguration()) == nil)
        try session.start()
        world.meta.sessions.last?.reach(.started)
        let asked = WearablesCore.InputsConfiguration(sources: [.captureButton, .neuralBand], consumeBack: false)
        let inputs = try #require(try session.addInputs(configuration: asked))
        let meta = try #require(inputs as? MetaInputs).inputs.configuration
        #expect(meta.sources == [.captureButton, .neuralBand])
        #expect(meta.consumeBack == false)
        #expect(throws: WearablesCore.DeviceSessionError.capabilityAlreadyActive) {
            try session.addInputs(configuration: WearablesCore.InputsConfiguration())
        }
    }

    @Test func everyKindOfEventCrossesWithItsFieldsAndAnErrorEndsTheStream() async throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let inputs = try #require(try session.addInputs(configuration: WearablesCore.InputsConfiguration()))
        let glasses = try #require(inputs as? MetaInputs).inputs
        let errors = Recorder<WearablesCore.InputsError>()
        _ = inputs.errorPublisher.listen(errors.listener)
        glasses.send(.nav(direction: .left, source: .neuralBand, timestampMs: 10))
        glasses.send(.select(source: .captouch, timestampMs: 11))
        glasses.send(.back(source: .captouch, timestampMs: 12))
        glasses.send(.button(.action, source: .actionButton, timestampMs: 13))
        glasses.send(.capture(.doublePress, source: .captureButton, timestampMs: 14))
        glasses.send(.drag(action: .move, x: 0.5, y: 0.25, dx: 0.1, dy: -0.1, source: .neuralBandDrag, timestampMs: 15))
        glasses.fail(with: .deviceDisconnected)
        var heard: [WearablesCore.InputEvent] = []
        for await event in inputs.events { heard.append(event) }
        #expect(heard == [
            WearablesCore.InputEvent(.nav(.left), source: .neuralBand, timestampMs: 10),
            WearablesCore.InputEvent(.select, source: .captouch, timestampMs: 11),
            WearablesCore.InputEvent(.back, source: .captouch, timestampMs: 12),
            WearablesCore.InputEvent(.button(.action), source: .actionButton, timestampMs: 13),
            WearablesCore.InputEvent(.capture(.doublePress), source: .captureButton, timestampMs: 14),
            WearablesCore.InputEvent(.drag(.move, x: 0.5, y: 0.25, dx: 0.1, dy: -0.1), source: .neuralBandDrag, timestampMs: 15),
        ])
        #expect(errors.heard == [.deviceDisconnected])
    }
}

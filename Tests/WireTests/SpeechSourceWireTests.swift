import Testing
import WearablesCore
import WearablesMock
import WearablesWire
import WirePictures

/// Speech's live source over the wire: the `speech_source` action, the spoken microphone feed
/// (`text`), and the mock state that mirrors them, each read back as written.
@Suite struct SpeechSourceWireTests {
    @Test(arguments: [
        MockAction.device("rayBanMeta-1", .speechSource(.liveDeviceAsr)),
        MockAction.device("rayBanMeta-1", .speechSource(.injected)),
        MockAction.device("rayBanMeta-1", .microphoneFeed(.speech(text: "take a photo"))),
    ])
    func actionsRoundTrip(_ action: MockAction) throws {
        #expect(try MockActionFields(action).action(action.name) == action)
    }

    @Test func anUnknownSourceNamesTheAllowedOnes() {
        var fields = MockActionFields()
        fields.device = "rayBanMeta-1"
        fields.source = "live"
        #expect(throws: MockActionError.self) { try fields.action("speech_source") }
        do { _ = try fields.action("speech_source") } catch {
            #expect(error.message.contains("injected") && error.message.contains("liveDeviceAsr"), "\(error.message)")
        }
    }

    @Test func tooMuchTextToSpeakIsRefused() {
        var fields = MockActionFields()
        fields.device = "rayBanMeta-1"
        fields.text = String(repeating: "a", count: MicrophoneFeed.maxSpokenTextBytes + 1)
        #expect(throws: MockActionError.self) { try fields.action("microphone_feed") }
    }

    @Test func theMockStateCarriesTheSourceAndTheDiagnostic() {
        let device = DeviceSnapshot(
            identifier: "rayBanMeta-1", name: "Ray-Ban Meta", type: .rayBanMeta, linkState: .connected, batteryLevel: 80,
            chargingState: .notCharging, donState: .donned, hingeState: .open, thermalLevel: .none)
        var state = MockGlassesState(device: device, battery: 80, thermal: .none, powered: true, stuck: false, bandwidthKbps: 2000)
        state.speechSource = .liveDeviceAsr
        state.speechDiagnostic = "microphone feed: cannot open said.wav"
        let mirrored = WireMockGlasses(state).state
        #expect(mirrored.speechSource == .liveDeviceAsr)
        #expect(mirrored.speechDiagnostic == state.speechDiagnostic)
    }
}

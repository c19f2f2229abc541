import WearablesAudio
import WearablesCore

/// The kit's glasses as the phone's Bluetooth audio device: `kit.audioGlasses`
/// carries the HFP/A2DP ports, and its microphone feed is what the glasses' mic hears.
final class KitAudioEndpoint: GlassesAudioEndpoint {
    private let kit: MockDeviceKit

    init(kit: MockDeviceKit) {
        self.kit = kit
    }

    private var glasses: SimulatedGlasses? { kit.audioGlasses }

    var isAudioConnected: Bool { glasses != nil }
    var audioDeviceName: String { glasses?.name ?? "" }
    var microphoneFeed: MicrophoneFeed { glasses?.microphone.feed ?? .silence }

    func observeAudioConnection(_ handler: @escaping (Bool) -> Void) -> any AudioCancellable {
        kit.addLinkStateObserver { [weak self] _, _ in
            guard let self else { return }
            handler(self.isAudioConnected)
        }
    }
}

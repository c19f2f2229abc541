import WearablesAudio
import WearablesCore

/// The glasses as the phone's Bluetooth audio device, for a world that knows its glasses only
/// through DAT's device list (glasses through DAT, served glasses over the wire): the pair that
/// took the audio route keeps it while connected (as iOS keeps a headset's route), and when it
/// goes the first other connected pair takes over, as the simulator's own endpoint does. Their
/// microphone's sound does not cross DAT or the wire: `microphone` says what the world gives
/// each pair (a mock's feed), else silence.
public final class DeviceListAudioEndpoint: GlassesAudioEndpoint {
    private let wearables: Wearables
    private let microphone: (DeviceIdentifier) -> MicrophoneFeed?
    private var holder: DeviceIdentifier?

    public init(wearables: Wearables, microphone: @escaping (DeviceIdentifier) -> MicrophoneFeed?) {
        self.wearables = wearables
        self.microphone = microphone
    }

    private var glasses: Device? {
        let connected = wearables.deviceList.filter(\.isConnected)
        return connected.first { $0.identifier == holder } ?? connected.first
    }

    public var isAudioConnected: Bool { glasses != nil }
    public var audioDeviceName: String { glasses?.name ?? "" }
    public var microphoneFeed: MicrophoneFeed { glasses.flatMap { microphone($0.identifier) } ?? .silence }

    /// Calls `handler` when the route's pair comes, goes, or hands over to another pair.
    public func observeAudioConnection(_ handler: @escaping (Bool) -> Void) -> any AudioCancellable {
        holder = glasses?.identifier
        return wearables.observeDeviceChanges { [weak self] in
            guard let self else { return }
            let now = self.glasses?.identifier
            guard now != self.holder else { return }
            self.holder = now
            handler(now != nil)
        }
    }
}

import WearablesCore

/// The glasses as an audio device, seen from the phone. The simulator (or a real
/// backend) conforms through an adapter; the audio layer only asks these questions.
public protocol GlassesAudioEndpoint: AnyObject {
    /// An HFP/A2DP-capable pair of glasses is connected over Bluetooth.
    var isAudioConnected: Bool { get }
    /// The name iOS shows for the Bluetooth ports.
    var audioDeviceName: String { get }
    /// What the glasses' microphones hear right now.
    var microphoneFeed: MicrophoneFeed { get }
    /// Calls `handler` with the new state whenever the audio link comes or goes
    /// (fold, power off, Bluetooth drop, reconnection).
    func observeAudioConnection(_ handler: @escaping (Bool) -> Void) -> any AudioCancellable
}

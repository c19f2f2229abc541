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

/// What a simulated microphone hears.
public enum MicrophoneFeed: Equatable, Sendable {
    case silence
    /// A sine tone; `amplitude` is 0..1 of full scale.
    case tone(hz: Double, amplitude: Double = 0.5)
    /// White noise drawn from the session's seeded noise source.
    case noise(amplitude: Double = 0.5)
    /// A sound file (any rate and channel count libsndfile reads), looped, mixed to mono.
    case file(path: String)
}

/// A deterministic source of uniform values in [-1, 1) for microphone noise;
/// the host passes its run's seeded generator through this.
public protocol AudioNoiseSource: AnyObject {
    func nextSample() -> Double
}

/// SplitMix64: small, fast, and the same sequence for the same seed on every platform.
public final class SeededNoiseSource: AudioNoiseSource {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public func nextSample() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 52) - 1
    }
}

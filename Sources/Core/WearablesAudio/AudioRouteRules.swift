/// What the phone has available when a route is chosen.
public struct AudioHardwareState: Equatable, Sendable {
    public var glassesConnected: Bool
    public var glassesName: String
    /// False models a phone microphone that is unusable (taken or broken), the one
    /// situation in which a recording category has no suitable route.
    public var builtInMicAvailable: Bool
    /// `overrideOutputAudioPort(.speaker)` is in force.
    public var speakerOverride: Bool
    public var hfpSampleRate: HFPSampleRate

    public init(
        glassesConnected: Bool,
        glassesName: String = "Ray-Ban Meta",
        builtInMicAvailable: Bool = true,
        speakerOverride: Bool = false,
        hfpSampleRate: HFPSampleRate = .wideband
    ) {
        self.glassesConnected = glassesConnected
        self.glassesName = glassesName
        self.builtInMicAvailable = builtInMicAvailable
        self.speakerOverride = speakerOverride
        self.hfpSampleRate = hfpSampleRate
    }
}

/// The HFP link's sample rate. Ray-Ban Meta glasses negotiate mSBC wideband
/// (16 kHz), the default; CVSD narrowband (8 kHz) is what older or busy links fall back to.
public enum HFPSampleRate: Double, CaseIterable, Sendable {
    case narrowband = 8000
    case wideband = 16000
}

/// iOS's route selection, as a pure function of the configuration and hardware.
public enum AudioRouteRules {
    static let builtInRate = 48000.0
    static let a2dpRate = 48000.0

    public static func route(for configuration: AudioSessionConfiguration, hardware: AudioHardwareState) -> AudioRoute {
        let options = configuration.effectiveOptions
        let glasses = hardware.glassesConnected
        let hfp = AudioPortDescription(type: .bluetoothHFP, name: hardware.glassesName, sampleRate: hardware.hfpSampleRate.rawValue)
        let a2dp = AudioPortDescription(type: .bluetoothA2DP, name: hardware.glassesName, sampleRate: a2dpRate)
        let mic = hardware.builtInMicAvailable
            ? [AudioPortDescription(type: .builtInMic, name: "iPhone Microphone", sampleRate: builtInRate)] : []
        let speaker = AudioPortDescription(type: .builtInSpeaker, name: "Speaker", sampleRate: builtInRate)
        let receiver = AudioPortDescription(type: .builtInReceiver, name: "Receiver", sampleRate: builtInRate)

        switch configuration.category {
        case .ambient, .soloAmbient, .playback:
            return AudioRoute(inputs: [], outputs: [glasses ? a2dp : speaker])
        case .record:
            let hfpIn = glasses && options.contains(.allowBluetooth)
            return AudioRoute(inputs: hfpIn ? [hfp] : mic, outputs: [])
        case .playAndRecord:
            if hardware.speakerOverride {
                return AudioRoute(inputs: mic, outputs: [speaker])
            }
            if glasses && options.contains(.allowBluetooth) {
                return AudioRoute(inputs: [hfp], outputs: [hfp])
            }
            if glasses && options.contains(.allowBluetoothA2DP) {
                return AudioRoute(inputs: mic, outputs: [a2dp])
            }
            return AudioRoute(inputs: mic, outputs: [options.contains(.defaultToSpeaker) ? speaker : receiver])
        }
    }
}

/// AVAudioSession categories; raw values are the AVAudioSession case names.
public enum AudioSessionCategory: String, CaseIterable, Sendable {
    case ambient, soloAmbient, playback, record, playAndRecord

    var records: Bool { self == .record || self == .playAndRecord }
    var plays: Bool { self != .record }
}

/// AVAudioSession modes; raw values are the AVAudioSession case names.
public enum AudioSessionMode: String, CaseIterable, Sendable {
    case `default`, voiceChat, videoChat, spokenAudio, measurement
}

/// AVAudioSession category options; raw values are the AVAudioSession case names.
public enum AudioSessionOption: String, CaseIterable, Sendable {
    case mixWithOthers, duckOthers
    /// Bluetooth hands-free (HFP): two-way, narrowband.
    case allowBluetooth
    /// Bluetooth A2DP: output only, high quality.
    case allowBluetoothA2DP
    case defaultToSpeaker

    /// The categories that accept this option, as AVAudioSession documents them.
    /// Ambient already mixes, so it accepts the mixing options without effect.
    var allowedCategories: Set<AudioSessionCategory> {
        switch self {
        case .mixWithOthers, .duckOthers: [.ambient, .playback, .playAndRecord]
        case .allowBluetooth: [.record, .playAndRecord]
        case .allowBluetoothA2DP, .defaultToSpeaker: [.playAndRecord]
        }
    }
}

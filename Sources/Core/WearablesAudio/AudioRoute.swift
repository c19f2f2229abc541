/// AVAudioSession port types; raw values are the AVAudioSession case names.
public enum AudioPortType: String, CaseIterable, Sendable {
    case builtInMic, builtInSpeaker, builtInReceiver, bluetoothHFP, bluetoothA2DP

    public var isGlasses: Bool { self == .bluetoothHFP || self == .bluetoothA2DP }
}

/// One input or output of a route.
public struct AudioPortDescription: Equatable, Sendable {
    public let type: AudioPortType
    public let name: String
    /// The rate audio really travels at on this port (HFP is narrowband).
    public let sampleRate: Double

    public init(type: AudioPortType, name: String, sampleRate: Double) {
        self.type = type
        self.name = name
        self.sampleRate = sampleRate
    }
}

/// The live route: where the session's input comes from and where output goes.
public struct AudioRoute: Equatable, Sendable {
    public let inputs: [AudioPortDescription]
    public let outputs: [AudioPortDescription]

    public init(inputs: [AudioPortDescription], outputs: [AudioPortDescription]) {
        self.inputs = inputs
        self.outputs = outputs
    }

    public var input: AudioPortDescription? { inputs.first }
    public var output: AudioPortDescription? { outputs.first }
    public var usesHFP: Bool { (inputs + outputs).contains { $0.type == .bluetoothHFP } }
}

/// Why the route changed; raw values are AVAudioSession.RouteChangeReason case names.
public enum AudioRouteChangeReason: String, CaseIterable, Sendable {
    case newDeviceAvailable, oldDeviceUnavailable, categoryChange, override, noSuitableRouteForCategory, routeConfigurationChange
}

/// AVAudioSession.InterruptionType case names.
public enum AudioInterruption: String, CaseIterable, Sendable {
    case began, ended
}

/// A route change as delivered to listeners.
public struct AudioRouteChange: Equatable, Sendable {
    public let route: AudioRoute
    public let previousRoute: AudioRoute
    public let reason: AudioRouteChangeReason
}

/// The phone's audio route as it crosses the wire, with AVAudioSession's names, for a
/// dashboard: where input comes from and output goes, and why it last changed.
public struct WireAudioRoute: Codable, Sendable, Equatable {
    /// One input or output: its port type (`builtInMic`, `bluetoothHFP`...), its name, and
    /// the rate audio really travels at on it (HFP is narrowband).
    public struct Port: Codable, Sendable, Equatable {
        public var type: String
        public var name: String
        public var sampleRate: Double

        public init(type: String, name: String, sampleRate: Double) {
            self.type = type
            self.name = name
            self.sampleRate = sampleRate
        }

        enum CodingKeys: String, CodingKey {
            case type, name
            case sampleRate = "sample_rate"
        }
    }

    public var inputs: [Port]
    public var outputs: [Port]
    public var active: Bool
    public var interrupted: Bool
    /// Why it changed: an AVAudioSession route-change reason (`categoryChange`...) or
    /// `interruptionBegan`/`interruptionEnded`; nil in a reply, which only reads it.
    public var reason: String?

    public init(inputs: [Port], outputs: [Port], active: Bool, interrupted: Bool, reason: String? = nil) {
        self.inputs = inputs
        self.outputs = outputs
        self.active = active
        self.interrupted = interrupted
        self.reason = reason
    }
}

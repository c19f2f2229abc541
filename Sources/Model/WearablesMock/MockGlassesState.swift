import WearablesModel

/// A pair of simulated glasses as the mock knows it: the app's view (``device``) plus
/// what only the mock sees (the true battery and thermal levels, power, a stuck session,
/// the link's bandwidth). In process it is read from the simulator; over a connection
/// it is the mirror the served world keeps up to date.
public struct MockGlassesState: Sendable, Equatable {
    public var device: DeviceSnapshot
    public var battery: Int
    public var thermal: ThermalLevel
    public var powered: Bool
    /// A too-quick session restart left the glasses refusing sessions until a power cycle.
    public var stuck: Bool
    public var bandwidthKbps: Double
    /// Whether the app has a started voice invocation stream on these glasses (MockVoiceInvocationKit `hasConnectedClients`).
    public var voiceListening = false
    /// The voice invocations sent to the app, oldest first, with its answers.
    public var voiceRequests: [MockVoiceRequest] = []
    /// The IMU's feed when it is a pose (`level` ...); nil for recorded samples.
    public var motionPose: String? = "level"
    /// Whether the glasses have motion sensors (`mock.pair(model, {imu = false})` pairs some without).
    public var hasIMU = true
    /// Whether the app's Speech listens (MockSpeechKit `isListening`).
    public var speechListening = false
    /// What the glasses' recogniser transcribes (MockSpeechKit's transcription source).
    public var speechSource = TranscriptionSource.injected
    /// Why the live source stopped transcribing, if it failed (MockSpeechKit `liveSourceDiagnostic`).
    public var speechDiagnostic: String?

    /// The lens of display glasses (`metaRayBanDisplay`); nil on glasses without one.
    public var display: MockDisplayState?

    public init(device: DeviceSnapshot, battery: Int, thermal: ThermalLevel, powered: Bool, stuck: Bool, bandwidthKbps: Double,
                voiceListening: Bool = false, voiceRequests: [MockVoiceRequest] = [], display: MockDisplayState? = nil) {
        self.device = device
        self.battery = battery
        self.thermal = thermal
        self.powered = powered
        self.stuck = stuck
        self.bandwidthKbps = bandwidthKbps
        self.voiceListening = voiceListening
        self.voiceRequests = voiceRequests
        self.display = display
    }

    public var id: DeviceIdentifier { device.identifier }
    public var model: DeviceType { device.type }
}

/// What one client of a served world holds on a pair of glasses: its session (DAT allows
/// one per device), its camera streams, the display it started, and the capabilities it
/// watches. `holders` events and the hello carry them, so that a client (the dashboard)
/// shows what every client holds, not only what it opened itself.
public struct WireHolder: Codable, Sendable, Equatable {
    /// The client's number on this server (a hello's `client_id`).
    public var client: Int
    /// The name the client gave in its hello (`dashboard`, `console`, `glasses`...).
    public var name: String
    /// The session it holds: `opening`, `running` or `paused`; nil when it holds none.
    public var session: String?
    /// Its camera streams that have not ended, by number.
    public var streams: [Int]
    public var display, inputs, motion, speech, voice: Bool

    public init(client: Int, name: String, session: String? = nil, streams: [Int] = [], display: Bool = false,
                inputs: Bool = false, motion: Bool = false, speech: Bool = false, voice: Bool = false) {
        self.client = client
        self.name = name
        self.session = session
        self.streams = streams
        self.display = display
        self.inputs = inputs
        self.motion = motion
        self.speech = speech
        self.voice = voice
    }

    /// Whether it holds anything at all (a client holding nothing is not listed).
    public var holdsAnything: Bool {
        session != nil || !streams.isEmpty || display || inputs || motion || speech || voice
    }
}

/// A device's holders, as the hello lists them (`held`).
public struct WireDeviceHolders: Codable, Sendable, Equatable {
    public var device: String
    public var holders: [WireHolder]

    public init(device: String, holders: [WireHolder]) {
        self.device = device
        self.holders = holders
    }
}

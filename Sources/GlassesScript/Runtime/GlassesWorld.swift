import WearablesAudio
import WearablesCore
import WearablesRemote
import WearablesSimulator

/// The world a run's bindings see: the DAT model over some backend, and the
/// phone's audio session. The bindings for devices, sessions, cameras and audio
/// use only this; what only a simulator has (the `mock` module, the REPL's
/// `.world`) asks for ``simulator`` and is refused elsewhere with ``location``.
public protocol GlassesWorld: AnyObject {
    var scheduler: Scheduler { get }
    var trace: EventTrace { get }
    var wearables: Wearables { get }
    var audio: AudioSession { get }
    /// The simulator's controls when this process simulates the world; nil when the
    /// glasses are elsewhere (a served world reached over the wire).
    var simulator: SimulatedWorld? { get }
    /// Where the glasses are, for messages: "the embedded simulator", "ws://127.0.0.1:7878/v1/ws".
    var location: String { get }
    /// Lets go of what the world holds outside the process (a connection); called once, when the run ends.
    func close()
}

extension SimulatedWorld: GlassesWorld {
    public var simulator: SimulatedWorld? { self }
    public var location: String { "the embedded simulator" }
    public func close() {}
}

extension RemoteWorld: GlassesWorld {
    public var simulator: SimulatedWorld? { nil }
    public var location: String { url }
}

import WearablesAudio
import WearablesCore
import WearablesMock

/// The world a run's bindings see: the DAT model over some backend, the phone's audio
/// session, and, when the glasses are simulated, the simulator's controls. The Lua
/// bindings, the consoles and the server's console know only this protocol; which
/// backend stands behind it is decided where the program starts.
public protocol GlassesWorld: AnyObject {
    var scheduler: Scheduler { get }
    var trace: EventTrace { get }
    var wearables: Wearables { get }
    var audio: AudioSession { get }
    /// The simulator's controls, in this process or over a connection; nil on a world
    /// that is not simulated (real glasses through a bridge).
    var mock: (any MockControl)? { get }
    /// Where the glasses are, for messages: "the embedded simulator", "ws://127.0.0.1:7878/v1/ws".
    var location: String { get }
    /// Lets go of what the world holds outside the process (a connection); called once, when the run ends.
    func close()
}

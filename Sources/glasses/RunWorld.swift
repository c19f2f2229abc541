import GlassesScript
import LuaHost
import WearablesCore
import WearablesRemote
import WearablesSimulator
import WearablesWire
import WearablesWorld

/// The one place a backend is named: the world a command's options ask for, the
/// served world `--connect` names, the recorded one `--replay` names, or else the
/// simulator preset `--world` names.
/// Everything below the command line sees only the `GlassesWorld` it builds.
enum RunWorld {
    static func maker(for options: RunOptions) -> ScriptRuntime.WorldMaker {
        { sink in
            if let path = options.replay {
                let recording = try SessionRecording.load(path: path)
                for problem in recording.problems { tell("replay: \(problem)") }
                let replay = RemoteWorld.replaying(recording, path: path, seed: options.seed, traceSink: sink)
                replay.backend.onNotice = tell
                return replay
            }
            if let url = options.connect {
                let remote = try RemoteWorld(url: url, token: options.token, seed: options.seed, traceSink: sink, capture: options.capture)
                remote.backend.onNotice = tell
                return remote
            }
            let clock: Scheduler.Clock = options.realtime ? .wall : .virtual
            return switch options.world {
            case .ready: SimulatedWorld.ready(seed: options.seed, clock: clock, traceSink: sink)
            case .empty: SimulatedWorld.empty(seed: options.seed, clock: clock, traceSink: sink)
            }
        }
    }

    /// Says something about the world on stderr, after what the script printed so far.
    private static func tell(_ notice: String) {
        LuaConsole.flushOutput()
        LuaConsole.writeError("glasses: \(notice)\n")
    }
}

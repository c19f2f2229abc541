import GlassesScript
import LuaHost
import WearablesCore
import WearablesRemote
import WearablesSimulator
import WearablesWorld

/// The one place a backend is named: the world a command's options ask for, the
/// served world `--connect` names or else the simulator preset `--world` names.
/// Everything below the command line sees only the `GlassesWorld` it builds.
enum RunWorld {
    static func maker(for options: RunOptions) -> ScriptRuntime.WorldMaker {
        { sink in
            if let url = options.connect {
                let remote = try RemoteWorld(url: url, token: options.token, seed: options.seed, traceSink: sink)
                remote.backend.onNotice = { notice in
                    LuaConsole.flushOutput()
                    LuaConsole.writeError("glasses: \(notice)\n")
                }
                return remote
            }
            let clock: Scheduler.Clock = options.realtime ? .wall : .virtual
            return switch options.world {
            case .ready: SimulatedWorld.ready(seed: options.seed, clock: clock, traceSink: sink)
            case .empty: SimulatedWorld.empty(seed: options.seed, clock: clock, traceSink: sink)
            }
        }
    }
}

import GlassesScript
import WearablesServer

/// The REPL engine is the served world's console: the server (below the script layer)
/// knows only `WorldConsole`, and this executable, which links both, joins them.
extension WorldReplConsole: WorldConsole {
    /// What `glasses serve` hands its server: a console per client that asks for one,
    /// saving its files under `outputDirectory` (`--out`).
    static func factory(outputDirectory: String?) -> WorldConsole.Factory {
        { world in try WorldReplConsole(world: world, outputDirectory: outputDirectory) }
    }
}

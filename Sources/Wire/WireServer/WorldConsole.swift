import WearablesCore
import WearablesWorld

/// A Lua console in the served world, for a client's `console` and `complete` commands.
///
/// The server does not run Lua itself (WearablesServer sits below the script layer):
/// `glasses serve` hands it a ``WorldConsole/Factory`` backed by the REPL engine,
/// and the server makes one console per client that asks, on the world's thread.
/// Every method is called on the world's thread, never on the server's event loop.
public protocol WorldConsole: AnyObject {
    /// Makes a client's console in `world`; called on the world's thread, on the client's
    /// first `console` or `complete` command. A thrown error is sent back as the reply.
    typealias Factory = @Sendable (_ world: any GlassesWorld) throws -> any WorldConsole

    /// Runs one input (a line or several) and calls `done` once it has finished, failed
    /// or was stopped by the console's own limit, with what it printed. Evaluations of one
    /// console are handed in one at a time: the next starts after `done`.
    func evaluate(_ code: String, done: @escaping (_ output: String, _ errorOutput: String) -> Void)
    /// Candidates replacing `word` (`wearables.de` → `wearables.devices`), sorted.
    func completions(for word: String) -> [String]
    /// Hears, on the world's thread, each file the console or a recipe it started has
    /// finished writing (its path absolute), for the dashboard's gallery.
    var onSave: ((SavedFile) -> Void)? { get set }
    /// The client left: lets go of the console's Lua state.
    func close()
}

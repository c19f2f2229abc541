import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import ServedWorldSupport
import Testing
import WearablesRemote
import WearablesServer

/// The display from Lua over --connect: the script DisplayScriptTests runs on the simulator.
@Suite struct DisplayOverTheWireTests {
    /// The same script, unchanged, on a served world over --connect (protocol 2): the display's
    /// commands and events cross the wire, the mock's lens is mirrored, and the snapshot made
    /// here from the mirrored tree is the same picture.
    @Test func theSameScriptRunsOverTheConnection() async throws {
        let folder = try ScriptHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snapshot = folder + "/card.png"
        let path = GlassesProcess.script("display.lua")
        var options = ServeOptions()
        options.world = .ready
        options.speed = 4
        let outcome = try await LoopbackServer.with(options) { url, token, _ in
            var run = RunOptions()
            run.timeout = 60
            run.outputDirectory = folder
            let runtime = try ScriptRuntime(options: run, world: { sink in try RemoteWorld(url: url, token: token, traceSink: sink) },
                                            modulePaths: LuaRunner.modulePaths(forScript: path))
            return runtime.close(runtime.run(script: path, arguments: [snapshot]))
        }
        #expect(outcome.status == .exit(0), "\(outcome.report ?? "")")
        let png = try Data(contentsOf: URL(fileURLWithPath: snapshot))
        #expect(png == (try Data(contentsOf: Golden.folder.appendingPathComponent("display-card.png"))), "the snapshot over the connection")
    }
}

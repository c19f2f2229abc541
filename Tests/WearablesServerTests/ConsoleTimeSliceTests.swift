import Foundation
import GlassesScript
import Testing
import WearablesCore
import WearablesServer
import WireServer
import WearablesWire

/// A busy console input shares the served world instead of holding it: its Lua code
/// runs in time slices, and between them the world renders and sends frames, answers
/// HTTP and applies other clients' commands. Observed from outside, as a user sees it,
/// and without a wall-clock bound (a loaded machine only slows it): while
/// `while d.battery ~= 7 do end` spins, a viewer keeps getting frames and `/v1/health`
/// keeps answering; then another client sets the battery to 7 and the loop, seeing the
/// world move between its slices, ends by itself. Before time slices the world's thread
/// ran the loop until the input's limit: no frame, no health answer, and the battery
/// command waited behind the loop, so the input ended only by being stopped.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ConsoleTimeSliceTests {
    /// The console's limit per input: far beyond what the test needs, so an input
    /// stopped by it is a failure, not a slow pass.
    static let inputLimit = 120.0
    /// Frames and health answers the test waits for while the input runs.
    static let framesWanted = 5
    static let answersWanted = 3

    @Test func aBusyConsoleInputLeavesFramesHealthAndCommandsFlowing() async throws {
        let running = try await RunningServer.start(speed: 1, console: { world in
            ReplConsole(try WorldReplConsole(world: world, inputLimit: Self.inputLimit))
        })
        let viewer = try await running.peer()
        _ = try await viewer.hello()
        viewer.send(.command(id: 1, .openSession(device: "rayBanMeta-1")))
        #expect(try await viewer.reply(to: 1) == .success(.done))
        viewer.send(.command(id: 2, .startCamera(device: "rayBanMeta-1", settings: EffectiveStreamSettings(resolution: .low, frameRate: 15))))
        guard case .success(.stream) = try await viewer.reply(to: 2) else { throw HarnessError("no stream") }
        _ = try await viewer.next { if case .binary(.frame) = $0 { true } else { false } }

        let console = try await running.peer()
        _ = try await console.hello()
        // The console's state is made now, not inside the observed input.
        console.send(.command(id: 1, .console(code: "d = wearables.devices()[1]; return d.battery ~= 7")))
        #expect(try await console.reply(to: 1) == .success(.console(output: "true\n", errorOutput: "")))

        console.send(.command(id: 2, .console(code: "while d.battery ~= 7 do end; return 'released'")))
        // Frames and health answers arrive while the loop spins: the reply is not yet in.
        for _ in 0..<Self.framesWanted {
            _ = try await viewer.next(timeout: .seconds(60)) { if case .binary(.frame) = $0 { true } else { false } }
        }
        for _ in 0..<Self.answersWanted {
            #expect(try await running.authorized(.get, "/v1/health").status == 200)
        }
        #expect(!console.hasReply(to: 2), "the input was still running when the frames and answers came")

        let control = try await running.peer()
        _ = try await control.hello()
        control.send(.command(id: 1, .mock(.device("rayBanMeta-1", .battery(7)))))
        guard case .success = try await control.reply(to: 1) else { throw HarnessError("the battery command failed") }
        let received = try await console.next(timeout: .seconds(60)) { if case .message(.reply(2, _)) = $0 { true } else { false } }
        guard case .message(.reply(_, let reply)) = received else { throw HarnessError("no reply") }
        #expect(reply == .success(.console(output: "\"released\"\n", errorOutput: "")), "the loop saw the battery change and ended by itself")

        // The world goes on, and so does the console.
        console.send(.command(id: 3, .console(code: "1+1")))
        #expect(try await console.reply(to: 3) == .success(.console(output: "2\n", errorOutput: "")))
        await control.close()
        await viewer.close()
        await console.close()
        await running.stop()
    }
}

/// The REPL engine as the server's console, as `glasses serve` joins them (its
/// conformance lives in the executable, which tests do not link).
final class ReplConsole: WorldConsole {
    private let engine: WorldReplConsole

    init(_ engine: WorldReplConsole) {
        self.engine = engine
    }

    func evaluate(_ code: String, done: @escaping (String, String) -> Void) { engine.evaluate(code, done: done) }
    func completions(for word: String) -> [String] { engine.completions(for: word) }
    var onSave: ((SavedFile) -> Void)? {
        get { engine.onSave }
        set { engine.onSave = newValue }
    }
    func close() { engine.close() }
}

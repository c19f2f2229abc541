import Foundation
import GlassesScript
import Synchronization
import Testing
import WearablesCore
import WearablesServer
import WearablesWire

/// A busy console input shares the served world instead of holding it: its Lua code
/// runs in time slices, and between them the world renders and sends frames and
/// answers HTTP. Measured from outside, as a user sees it: a client's frame gaps and
/// `/v1/health`'s latency while `while true do end` runs until the input's limit.
/// Before time slices, the world's thread ran the loop for the whole limit: no frame
/// and no health answer for those seconds.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ConsoleTimeSliceTests {
    /// Seconds the busy input runs (the console's limit per input stops it).
    static let busySeconds = 3.0
    /// A generous bound: a slice is 2 ms, and a frame comes every 67 ms at 15 fps.
    static let bound = 1.0

    @Test func aBusyConsoleInputLeavesFramesAndHealthFlowing() async throws {
        let running = try await RunningServer.start(speed: 1, console: { world in
            ReplConsole(try WorldReplConsole(world: world, inputLimit: Self.busySeconds))
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
        // The console's state is made now, not inside the measured input.
        console.send(.command(id: 1, .console(code: "1+1")))
        #expect(try await console.reply(to: 1) == .success(.console(output: "2\n", errorOutput: "")))

        let busy = Busy()
        let start = ContinuousClock.now
        console.send(.command(id: 2, .console(code: "while true do end")))
        let frames = Task { try await Self.frameTimes(viewer, while: busy) }
        let health = Task { try await Self.healthLatencies(running, while: busy) }
        let reply = try await console.reply(to: 2)
        let end = ContinuousClock.now
        busy.end()
        let (arrivals, latencies) = (try await frames.value, try await health.value)

        guard case .success(.console(_, let errorOutput)) = reply else { throw HarnessError("no console reply: \(reply)") }
        #expect(errorOutput.contains("the input ran past the console's \(Self.busySeconds) s limit per input and was stopped"), "\(errorOutput)")
        #expect(end - start >= .seconds(Self.busySeconds), "the input ran to its limit")
        let inside = [start] + arrivals.filter { $0 > start && $0 < end } + [end]
        let gaps = zip(inside, inside.dropFirst()).map { Self.seconds($1 - $0) }
        let worstGap = gaps.max() ?? 0
        #expect(worstGap < Self.bound, "a frame gap of \(worstGap) s while the input ran")
        #expect(inside.count - 2 >= 10, "\(inside.count - 2) frames in \(Self.seconds(end - start)) s")
        let worstHealth = latencies.max() ?? .infinity
        #expect(latencies.count >= 3, "\(latencies.count) health answers while the input ran")
        #expect(worstHealth < Self.bound, "/v1/health took \(worstHealth) s while the input ran")
        // The world goes on, and so does the console.
        console.send(.command(id: 3, .console(code: "1+1")))
        #expect(try await console.reply(to: 3) == .success(.console(output: "2\n", errorOutput: "")))
        await viewer.close()
        await console.close()
        await running.stop()
    }

    /// When each frame reached the viewer, until `busy` ends.
    static func frameTimes(_ viewer: Peer, while busy: Busy) async throws -> [ContinuousClock.Instant] {
        var times: [ContinuousClock.Instant] = []
        while busy.isRunning {
            _ = try await viewer.next(timeout: .seconds(20)) { if case .binary(.frame) = $0 { true } else { false } }
            times.append(.now)
        }
        return times
    }

    /// Seconds each `/v1/health`, asked one after another, took to answer, until `busy` ends.
    static func healthLatencies(_ running: RunningServer, while busy: Busy) async throws -> [Double] {
        var latencies: [Double] = []
        while busy.isRunning {
            let asked = ContinuousClock.now
            let answer = try await running.authorized(.get, "/v1/health")
            #expect(answer.status == 200)
            latencies.append(seconds(.now - asked))
        }
        return latencies
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Whether the measured input still runs, shared by the measuring tasks.
    final class Busy: Sendable {
        private let running = Atomic<Bool>(true)
        var isRunning: Bool { running.load(ordering: .acquiring) }
        func end() { running.store(false, ordering: .releasing) }
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

import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// Table-driven: each row is a sequence of app and device actions and the exact state
/// sequence the listener must see, covering every transition the seeds list.
@Suite struct TransitionTableTests {
    enum Step: Sendable {
        case start, startWithoutWaiting, stop, tap, doffBriefly, doffForLong, don, fold, run(Double)
    }

    static func perform(_ step: Step, world: SimulatedWorld, start: () throws -> Void, stop: () -> Void) throws {
        switch step {
        case .start: try start(); world.scheduler.run(for: 1)
        case .startWithoutWaiting: try start()
        case .stop: stop(); world.scheduler.run(for: 1)
        case .tap: world.pair.tap(); world.scheduler.run(for: 1)
        case .doffBriefly: world.pair.doff(); world.scheduler.run(for: SimulatedGlasses.doffPauseDelay + 1)
        case .doffForLong: world.pair.doff(); world.scheduler.run(for: SimulatedGlasses.doffStopDelay + 1)
        case .don: world.pair.don(); world.scheduler.run(for: 1)
        case .fold: world.pair.fold(); world.scheduler.run(for: 1)
        case .run(let seconds): world.scheduler.run(for: seconds)
        }
    }

    struct SessionRow: Sendable, CustomTestStringConvertible {
        let steps: [Step]
        let states: [SessionState]
        var testDescription: String { states.map(\.name).joined(separator: " → ") }
    }

    static let sessionRows: [SessionRow] = [
        SessionRow(steps: [.start], states: [.idle, .starting, .started]),
        SessionRow(steps: [.stop], states: [.idle, .stopped]),
        SessionRow(steps: [.start, .stop], states: [.idle, .starting, .started, .stopping, .stopped]),
        SessionRow(steps: [.startWithoutWaiting, .stop], states: [.idle, .starting, .stopping, .stopped]),
        SessionRow(steps: [.start, .tap, .tap], states: [.idle, .starting, .started, .paused, .started]),
        SessionRow(steps: [.start, .doffBriefly, .stop], states: [.idle, .starting, .started, .paused, .stopping, .stopped]),
        SessionRow(steps: [.start, .doffBriefly, .don], states: [.idle, .starting, .started, .paused, .started]),
        SessionRow(steps: [.start, .doffForLong], states: [.idle, .starting, .started, .paused, .stopped]),
        SessionRow(steps: [.start, .fold], states: [.idle, .starting, .started, .stopped]),
        SessionRow(steps: [.start, .stop, .start], states: [.idle, .starting, .started, .stopping, .stopped]),
    ]

    @Test(arguments: sessionRows) func sessionTransitions(_ row: SessionRow) throws {
        let world = SimulatedWorld.ready()
        let session = try world.wearables.createSession()
        let states = world.states(of: session)
        for step in row.steps {
            try Self.perform(step, world: world, start: {
                if session.state == .stopped {
                    #expect(throws: DeviceSessionError.sessionAlreadyStopped) { try session.start() }
                } else {
                    try session.start()
                }
            }, stop: session.stop)
        }
        #expect(states.values == row.states)
    }

    struct StreamRow: Sendable, CustomTestStringConvertible {
        let steps: [Step]
        let states: [StreamState]
        var testDescription: String { states.map(\.name).joined(separator: " → ") }
    }

    static let streamRows: [StreamRow] = [
        StreamRow(steps: [.start], states: [.stopped, .starting, .streaming]),
        StreamRow(steps: [.start, .stop], states: [.stopped, .starting, .streaming, .stopping, .stopped]),
        StreamRow(steps: [.start, .tap, .tap], states: [.stopped, .starting, .streaming, .paused, .streaming]),
        // A doff stops the camera (hingesClosed, DAT 0.9+), so the app's stop finds it stopped.
        StreamRow(steps: [.start, .doffBriefly, .stop], states: [.stopped, .starting, .streaming, .stopping, .stopped]),
        StreamRow(steps: [.start, .fold], states: [.stopped, .starting, .streaming, .stopping, .stopped]),
        StreamRow(steps: [.doffBriefly, .start, .don], states: [.stopped, .waitingForDevice, .starting, .streaming]),
        StreamRow(steps: [.doffBriefly, .start, .stop], states: [.stopped, .waitingForDevice, .stopping, .stopped]),
    ]

    @Test(arguments: streamRows) func streamTransitions(_ row: StreamRow) throws {
        let world = SimulatedWorld.ready()
        let session = try world.startedSession()
        let camera = try session.addCamera(config(.low, 15))
        let states = world.states(of: camera)
        for step in row.steps {
            try Self.perform(step, world: world, start: { try camera.start() }, stop: camera.stop)
        }
        #expect(states.values == row.states)
    }
}

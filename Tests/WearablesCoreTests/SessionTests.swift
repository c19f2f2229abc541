import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct SessionTests {
    @Test func startThenStopWalksTheLifecycle() throws {
        let world = SimulatedWorld.ready()
        let session = try world.wearables.createSession()
        let states = world.states(of: session)
        let started = Outcome<Void, DeviceSessionError>()
        try session.start(completion: started.handler)
        world.scheduler.run(for: 2)
        #expect(started.result != nil && started.error == nil)
        session.stop()
        world.scheduler.run(for: 1)
        #expect(states.values == [.idle, .starting, .started, .stopping, .stopped])
    }

    @Test func stoppingAnIdleSessionGoesStraightToStopped() throws {
        let world = SimulatedWorld.ready()
        let session = try world.wearables.createSession()
        let states = world.states(of: session)
        session.stop()
        world.scheduler.run(for: 1)
        #expect(states.values == [.idle, .stopped])
    }

    @Test func stoppedIsTerminal() throws {
        let world = SimulatedWorld.ready()
        let session = try world.startedSession()
        session.stop()
        world.scheduler.run(for: 1)
        #expect(throws: DeviceSessionError.sessionAlreadyStopped) { try session.start() }
        #expect(throws: DeviceSessionError.sessionAlreadyStopped) { try session.addCamera(.default) }
    }

    @Test func cameraNeedsAStartedSession() throws {
        let world = SimulatedWorld.ready()
        let session = try world.wearables.createSession()
        #expect(throws: DeviceSessionError.sessionIdle) { try session.addCamera(.default) }
    }

    /// DAT 1.0's `createSession(deviceSelector:)` throws `noEligibleDevice` when the
    /// selector resolves no device, and binds the one it resolves.
    @Test func createSessionThrowsWithoutAnEligibleDeviceAndBindsTheOneItFinds() throws {
        let empty = SimulatedWorld.empty()
        #expect(throws: DeviceSessionError.noEligibleDevice) { try empty.wearables.createSession() }

        let world = SimulatedWorld.ready()
        let session = try world.wearables.createSession()
        #expect(session.boundDevice == world.pair.identifier)
        // The bound device went away before the start: noEligibleDevice, and the session stays idle.
        world.pair.powerOff()
        world.scheduler.run(for: 1)
        let outcome = Outcome<Void, DeviceSessionError>()
        try session.start(completion: outcome.handler)
        world.scheduler.run(for: 1)
        #expect(outcome.error == .noEligibleDevice)
        #expect(session.state == .idle)
    }

    /// One live session per device: DAT's `createSession` throws `sessionAlreadyExists`.
    @Test func oneSessionPerDevice() throws {
        let world = SimulatedWorld.ready()
        let first = try world.startedSession()
        #expect(throws: DeviceSessionError.sessionAlreadyExists) { try world.wearables.createSession() }
        first.stop()
        world.scheduler.run(for: 3)
        #expect(try world.wearables.createSession().boundDevice == world.pair.identifier, "a stopped session frees its device")
    }

    @Test func restartingWithinTwoSecondsLeavesTheGlassesStuckUntilPowerCycled() throws {
        let world = SimulatedWorld.ready()
        let first = try world.startedSession()
        first.stop()
        world.scheduler.run(for: 0.5)
        let second = try world.wearables.createSession()
        let outcome = Outcome<Void, DeviceSessionError>()
        var states: [SessionState] = []
        let token = second.addStateListener { states.append($0) }
        try second.start(completion: outcome.handler)
        // Wedged glasses fail the start fast (ios#231, #292), not after the start timeout.
        world.scheduler.run(for: 1)
        #expect(outcome.error == .unexpectedError)
        #expect(second.state == .stopped)
        #expect(states == [.idle, .starting, .stopping, .stopped])
        #expect(world.pair.isStuck)
        token.cancel()

        for _ in 0..<3 {
            let stillStuck = Outcome<Void, DeviceSessionError>()
            try world.wearables.createSession().start(completion: stillStuck.handler)
            world.scheduler.run(for: 1)
            #expect(stillStuck.error == .unexpectedError)
        }
        #expect(world.pair.isStuck)

        world.pair.powerOff()
        world.pair.powerOn()
        world.scheduler.run(for: 3)
        let recovered = try world.startedSession()
        #expect(recovered.state == .started)
    }

    @Test func waitingTwoSecondsBetweenSessionsIsFine() throws {
        let world = SimulatedWorld.ready()
        try world.startedSession().stop()
        world.scheduler.run(for: SimulatedGlasses.restartCooldown + 0.1)
        #expect(try world.startedSession().state == .started)
    }

    @Test func aTapPausesAndTheNextResumes() throws {
        let world = SimulatedWorld.ready()
        let (session, camera) = try world.streamingCamera(config(.low, 15))
        let states = world.states(of: session)
        let cameraStates = world.states(of: camera)
        world.pair.tap()
        world.scheduler.run(for: 30)
        #expect(states.values == [.started, .paused])
        world.pair.tap()
        world.scheduler.run(for: 1)
        #expect(states.values == [.started, .paused, .started])
        #expect(cameraStates.values == [.streaming, .paused, .streaming])
    }

    @Test func unfoldingReconnectsButRestartsNothing() throws {
        let world = SimulatedWorld.ready()
        let session = try world.startedSession()
        world.pair.fold()
        world.scheduler.run(for: 1)
        world.pair.unfold()
        world.scheduler.run(for: 5)
        #expect(world.wearables.deviceForIdentifier(world.pair.identifier)?.linkState == .connected)
        #expect(session.state == .stopped)
    }

    @Test func transitionTableMatchesTheSeeds() {
        #expect(DeviceSession.transitions[.stopped] == [])
        #expect(DeviceSession.transitions[.paused]?.contains(.started) == true)
        #expect(CameraStream.transitions[.stopped]?.contains(.waitingForDevice) == true)
        #expect(CameraStream.transitions[.streaming]?.contains(.paused) == true)
        #expect(CameraStream.transitions[.stopping] == [.stopped])
    }
}

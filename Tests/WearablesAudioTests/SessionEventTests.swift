import Testing
import WearablesAudio
import WearablesSimulator

struct SessionEventTests {
    final class Log {
        var changes: [AudioRouteChange] = []
        var interruptions: [AudioInterruption] = []
    }

    func observe(_ session: AudioSession) -> (Log, [AudioListenerToken]) {
        let log = Log()
        let tokens = [
            session.onRouteChange { log.changes.append($0) },
            session.onInterruption { log.interruptions.append($0) },
        ]
        return (log, tokens)
    }

    @Test(arguments: LinkLoss.allCases)
    func losingTheGlassesRemovesHFPAndReturnBringsItBack(_ loss: LinkLoss) throws {
        let world = SimulatedWorld.ready()
        let glasses = try #require(world.glasses)
        try world.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
        try world.audio.activate()
        let (log, tokens) = observe(world.audio)
        defer { tokens.forEach { $0.cancel() } }

        loss.apply(to: glasses)
        #expect(log.changes.map(\.reason) == [.oldDeviceUnavailable])
        #expect(log.changes.last?.previousRoute.input?.type == .bluetoothHFP)
        #expect(world.audio.route.input?.type == .builtInMic)
        #expect(world.audio.route.output?.type == .builtInReceiver)
        #expect(!world.audio.isRoutedOverHFPToGlasses)
        world.scheduler.run(for: 1)
        #expect(log.changes.count == 1, "the glasses must stay gone until the cause is undone")

        loss.undo(on: glasses)
        world.scheduler.run(for: 10)
        #expect(log.changes.map(\.reason) == [.oldDeviceUnavailable, .newDeviceAvailable])
        #expect(world.audio.route.input?.type == .bluetoothHFP)
        #expect(world.audio.isRoutedOverHFPToGlasses)
    }

    @Test func a2dpOutputFollowsTheLinkForPlayback() throws {
        let rig = AudioRig(connected: true)
        try rig.session.configure(category: .playback)
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        rig.glasses.setConnected(false)
        rig.glasses.setConnected(true)
        #expect(log.changes.map(\.reason) == [.oldDeviceUnavailable, .newDeviceAvailable])
        #expect(log.changes.map { $0.route.output?.type } == [.builtInSpeaker, .bluetoothA2DP])
    }

    @Test func aLinkChangeThatLeavesTheRouteAloneRaisesNothing() throws {
        let rig = AudioRig(connected: true)
        try rig.session.configure(category: .playAndRecord, options: [.defaultToSpeaker])
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        rig.glasses.setConnected(false)
        #expect(log.changes.isEmpty)
    }

    @Test func changingCategoryRaisesCategoryChange() throws {
        let rig = AudioRig(connected: true)
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        try rig.session.configure(category: .playAndRecord, options: [.allowBluetooth])
        try rig.session.configure(category: .playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
        #expect(log.changes.map(\.reason) == [.categoryChange])
        #expect(log.changes.first?.route.output?.type == .bluetoothHFP)
    }

    @Test func speakerOverrideRaisesOverride() throws {
        let rig = AudioRig(connected: true)
        try rig.activateHFP()
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        rig.session.overrideOutputToSpeaker(true)
        #expect(log.changes.map(\.reason) == [.override])
        #expect(rig.session.route.output?.type == .builtInSpeaker)
        rig.session.overrideOutputToSpeaker(false)
        #expect(rig.session.route.output?.type == .bluetoothHFP)
    }

    @Test func recordingWithNoUsableMicHasNoSuitableRoute() throws {
        let rig = AudioRig(connected: false)
        try rig.session.configure(category: .record)
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        rig.session.setBuiltInMicAvailable(false)
        #expect(log.changes.map(\.reason) == [.noSuitableRouteForCategory])
        #expect(rig.session.route.inputs.isEmpty)
    }

    @Test func cancelledListenersHearNothing() throws {
        let rig = AudioRig(connected: true)
        try rig.activateHFP()
        let (log, tokens) = observe(rig.session)
        tokens.forEach { $0.cancel() }
        rig.glasses.setConnected(false)
        #expect(log.changes.isEmpty)
    }

    @Test func aPhoneCallInterruptsAndEnds() throws {
        let rig = AudioRig()
        try rig.activateHFP()
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }

        rig.session.simulatePhoneCall(duration: 30)
        #expect(log.interruptions == [.began])
        #expect(!rig.session.isActive)
        #expect(throws: AudioError.self) { try rig.session.activate() }
        do {
            try rig.session.activate()
        } catch {
            #expect(error.code == .insufficientPriority)
        }

        rig.scheduler.run(for: 29.9)
        #expect(log.interruptions == [.began])
        rig.scheduler.run(for: 0.1)
        #expect(log.interruptions == [.began, .ended])
        #expect(!rig.session.isActive, "iOS does not reactivate by itself")
        try rig.session.activate()
        #expect(rig.session.isActive)
    }

    @Test func anInactiveSessionIsNotToldAboutCalls() throws {
        let rig = AudioRig()
        let (log, tokens) = observe(rig.session)
        defer { tokens.forEach { $0.cancel() } }
        rig.session.beginInterruption()
        rig.session.endInterruption()
        #expect(log.interruptions.isEmpty)
    }
}

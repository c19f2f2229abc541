import Foundation
import Testing
import WearablesAudio
import WearablesCore
import WearablesSimulator

/// The world's audio session over the real simulator: its clock, its glasses'
/// link and microphone, and its seeded generator.
struct WorldAudioTests {
    @Test func theReadyWorldRoutesHFPToItsGlasses() throws {
        let world = SimulatedWorld.ready()
        try world.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
        try world.audio.activate()
        #expect(world.audio.route.input == AudioPortDescription(type: .bluetoothHFP, name: "Ray-Ban Meta", sampleRate: 16000))
        #expect(world.audio.isHFPConfigured)
    }

    @Test func unpairingRemovesTheGlassesPorts() throws {
        let world = SimulatedWorld.ready()
        try world.audio.configure(category: .playback)
        #expect(world.audio.route.output?.type == .bluetoothA2DP)
        world.kit.unpair(try #require(world.glasses))
        #expect(world.audio.route.output?.type == .builtInSpeaker)
    }

    @Test func recordingHearsTheGlassesMicrophoneOnTheWorldsClock() throws {
        let world = SimulatedWorld.ready()
        try #require(world.glasses).microphone.setFeed(.tone(hertz: 440))
        try world.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
        try world.audio.activate()
        let url = try temporaryDirectory().appendingPathComponent("glasses.wav")
        let recorder = try world.audio.record(to: url.path, duration: 2)
        var levels: [Double] = []
        world.scheduler.schedule(after: 1) { levels.append(recorder.level) }
        world.scheduler.runUntilIdle()
        #expect(recorder.state == .finished)
        #expect(recorder.recordedDuration == 2)
        #expect(levels.count == 1 && levels[0] > 0.3)
    }

    @Test func theSameSeedRecordsTheSameNoise() throws {
        func noiseRecording(seed: UInt64) throws -> Data {
            let world = SimulatedWorld.ready(seed: seed)
            try #require(world.glasses).microphone.setFeed(.noise())
            try world.audio.configure(category: .record, options: [.allowBluetooth])
            try world.audio.activate()
            let url = try temporaryDirectory().appendingPathComponent("noise.wav")
            _ = try world.audio.record(to: url.path, duration: 1)
            world.scheduler.runUntilIdle()
            return try Data(contentsOf: url)
        }
        #expect(try noiseRecording(seed: 3) == noiseRecording(seed: 3))
        #expect(try noiseRecording(seed: 3) != noiseRecording(seed: 4))
    }
}

import Foundation
import Testing
import WearablesAudio
import WearablesCore
import WearablesSimulator

struct RecorderTests {
    enum Input: String, CaseIterable {
        case hfpWideband, hfpNarrowband, builtInMic

        func rig(feed: MicrophoneFeed = .tone(hertz: 440)) throws -> AudioRig {
            let rig = AudioRig(
                connected: self != .builtInMic, hfpSampleRate: self == .hfpNarrowband ? .narrowband : .wideband, feed: feed)
            rig.session.builtInMicrophoneFeed = feed
            try rig.activateHFP()
            return rig
        }
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason), arguments: Input.allCases)
    func timedRecordingIsA16kHzMonoWAVOfTheRightLength(_ input: Input) throws {
        let rig = try input.rig()
        let url = try temporaryDirectory().appendingPathComponent("timed.wav")
        let recorder = try rig.session.record(to: url.path, duration: 2.5)
        rig.scheduler.run(for: 2.49)
        #expect(recorder.state == .recording)
        rig.scheduler.run(for: 1)
        #expect(recorder.state == .finished)
        #expect(recorder.error == nil)
        #expect(try Soxi.info(url) == Soxi.Info(rate: 16000, bits: 16, channels: 1, samples: 40000))
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason))
    func recordingStoppedByHandKeepsWhatWasCaptured() throws {
        let rig = try Input.hfpWideband.rig()
        let url = try temporaryDirectory().appendingPathComponent("manual.wav")
        let recorder = try rig.session.record(to: url.path)
        var finished: [AudioRecorder.State] = []
        recorder.onFinish { finished.append($0.state) }
        rig.scheduler.run(for: 0.735)
        recorder.stop()
        #expect(finished == [.finished])
        #expect(try Soxi.info(url)?.samples == 11760)
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason), arguments: LinkLoss.allCases)
    func aDisconnectLeavesAValidFileOfWhatWasCaptured(_ loss: LinkLoss) throws {
        let world = SimulatedWorld.ready()
        let glasses = try #require(world.glasses)
        glasses.microphone.setFeed(.tone(hertz: 440))
        try world.audio.configure(category: .playAndRecord, options: [.allowBluetooth])
        try world.audio.activate()
        let url = try temporaryDirectory().appendingPathComponent("dropped.wav")
        let recorder = try world.audio.record(to: url.path, duration: 60)
        world.scheduler.run(for: 1.5)
        #expect(recorder.state == .recording)

        loss.apply(to: glasses)
        #expect(recorder.state == .interrupted)
        #expect(recorder.error?.code == .recordingInterrupted)
        loss.undo(on: glasses)
        world.scheduler.run(for: 10)
        #expect(try Soxi.info(url) == Soxi.Info(rate: 16000, bits: 16, channels: 1, samples: 24000))
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason))
    func aPhoneCallLeavesAValidFile() throws {
        let rig = try Input.builtInMic.rig()
        let url = try temporaryDirectory().appendingPathComponent("call.wav")
        let recorder = try rig.session.record(to: url.path, duration: 10)
        rig.scheduler.run(for: 3)
        rig.session.simulatePhoneCall(duration: 20)
        #expect(recorder.state == .interrupted)
        #expect(recorder.error?.message.contains("phone call") == true)
        #expect(try Soxi.info(url)?.samples == 48000)
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason))
    func aFailingFeedLeavesAValidFile() throws {
        let rig = try Input.hfpWideband.rig()
        let directory = try temporaryDirectory()
        let url = directory.appendingPathComponent("failed.wav")
        let recorder = try rig.session.record(to: url.path, duration: 10)
        rig.scheduler.run(for: 1)
        rig.glasses.microphoneFeed = .file(path: directory.appendingPathComponent("missing.wav").path)
        rig.scheduler.run(for: 1)
        #expect(recorder.state == .failed)
        #expect(recorder.error?.code == .feedUnavailable)
        #expect(try Soxi.info(url)?.samples == 16000)
    }

    @Test(.enabled(if: Soxi.isAvailable, Soxi.skipReason))
    func theHeaderIsRefreshedWhileRecording() throws {
        let rig = try Input.hfpWideband.rig()
        let url = try temporaryDirectory().appendingPathComponent("live.wav")
        let recorder = try rig.session.record(to: url.path)
        rig.scheduler.run(for: 2.01)
        let samples = try #require(try Soxi.info(url)?.samples)
        #expect(samples >= 16000)
        recorder.stop()
    }

    @Test func levelMeterTellsToneFromSilenceAndNoise() throws {
        func level(of feed: MicrophoneFeed, through input: Input) throws -> Double {
            let rig = try input.rig(feed: feed)
            let url = try temporaryDirectory().appendingPathComponent("level.wav")
            let recorder = try rig.session.record(to: url.path)
            rig.scheduler.run(for: 0.5)
            defer { recorder.stop() }
            return recorder.level
        }
        for input in Input.allCases {
            let tone = try level(of: .tone(hertz: 300, amplitude: 0.5), through: input)
            #expect(abs(tone - 0.5 / 2.0.squareRoot()) < 0.02, "tone level through \(input.rawValue)")
            #expect(try level(of: .silence, through: input) == 0)
            let noise = try level(of: .noise(amplitude: 0.5), through: input)
            #expect(abs(noise - 0.5 / 3.0.squareRoot()) < 0.03, "uniform noise level through \(input.rawValue)")
        }
    }

    @Test func levelDropsToZeroWhenTheRecordingEnds() throws {
        let rig = try Input.hfpWideband.rig()
        let url = try temporaryDirectory().appendingPathComponent("end.wav")
        let recorder = try rig.session.record(to: url.path, duration: 1)
        rig.scheduler.run(for: 0.5)
        #expect(recorder.level > 0.3)
        rig.scheduler.run(for: 1)
        #expect(recorder.level == 0)
    }

    @Test func aFileFeedIsHeardThroughTheRouteAndResampled() throws {
        let directory = try temporaryDirectory()
        let feed = directory.appendingPathComponent("feed.wav")
        try writeWAV(to: feed, rate: 44100, channels: 2, frames: 4410)
        let rig = try Input.hfpNarrowband.rig(feed: .file(path: feed.path))
        let recorder = try rig.session.record(to: directory.appendingPathComponent("out.wav").path, duration: 1)
        rig.scheduler.run(for: 0.5)
        #expect(abs(recorder.level - 16000.0 / 32767 / 2.0.squareRoot()) < 0.03)
        rig.scheduler.run(for: 1)
        #expect(recorder.state == .finished)
        #expect(abs(recorder.recordedDuration - 1) < 1e-9)
    }

    @Test func noiseIsTheSameForTheSameSeed() throws {
        func recording() throws -> Data {
            let rig = try Input.hfpWideband.rig(feed: .noise(amplitude: 0.3))
            let url = try temporaryDirectory().appendingPathComponent("noise.wav")
            _ = try rig.session.record(to: url.path, duration: 0.2)
            rig.scheduler.run(for: 1)
            let data = try Data(contentsOf: url)
            #expect(data.count == 44 + 3200 * 2, "a dropped handle must not end the recording")
            return data
        }
        #expect(try recording() == recording())
    }

    @Test func recordingNeedsAnActiveRecordingSession() throws {
        let rig = AudioRig()
        let path = try temporaryDirectory().appendingPathComponent("x.wav").path
        #expect { try rig.session.record(to: path) } throws: { ($0 as? AudioError)?.code == .cannotStartRecording }
        try rig.session.configure(category: .playback)
        try rig.session.activate()
        #expect { try rig.session.record(to: path) } throws: { ($0 as? AudioError)?.code == .cannotStartRecording }
        try rig.session.configure(category: .record)
        #expect { try rig.session.record(to: path, duration: -1) } throws: { ($0 as? AudioError)?.code == .badParam }
        #expect { try rig.session.record(to: "/nonexistent-dir/x.wav") } throws: { ($0 as? AudioError)?.code == .writeFailed }
    }
}

struct RecorderInputSwitchTests {
    @Test func glassesArrivingMidRecordingTakeOverTheInput() throws {
        let rig = AudioRig(connected: false, feed: .tone(hertz: 440, amplitude: 0.8))
        rig.session.builtInMicrophoneFeed = .silence
        try rig.activateHFP()
        let url = try temporaryDirectory().appendingPathComponent("switch.wav")
        let recorder = try rig.session.record(to: url.path, duration: 2)
        rig.scheduler.run(for: 1)
        #expect(recorder.level == 0)
        rig.glasses.setConnected(true)
        rig.scheduler.run(for: 0.5)
        #expect(recorder.state == .recording)
        #expect(recorder.level > 0.5)
        rig.scheduler.run(for: 1)
        #expect(recorder.state == .finished)
        #expect(abs(recorder.recordedDuration - 2) < 1e-9)
    }
}

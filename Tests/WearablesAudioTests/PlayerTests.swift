import Foundation
import Testing
import WearablesAudio

struct PlayerTests {
    func playingRig(connected: Bool = true) throws -> AudioRig {
        let rig = AudioRig(connected: connected)
        try rig.session.configure(category: .playback)
        try rig.session.activate()
        return rig
    }

    @Test(arguments: [(8000, 1), (16000, 1), (44100, 2), (48000, 2)])
    func progressFollowsTheClockThroughPauseAndResume(_ rate: Int, _ channels: Int) throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: rate, channels: channels, frames: rate * 2)
        let rig = try playingRig()
        let player = try rig.session.play(url.path)
        #expect(player.duration == 2)
        #expect(player.outputPort?.type == .bluetoothA2DP)

        rig.scheduler.run(for: 0.5)
        #expect(abs(player.progress - 0.25) < 1e-9)
        #expect(player.level > 0.3)
        player.pause()
        rig.scheduler.run(for: 1)
        #expect(player.state == .paused)
        #expect(abs(player.progress - 0.25) < 1e-9)

        try player.resume()
        rig.scheduler.run(for: 1.48)
        #expect(player.state == .playing)
        #expect(abs(player.progress - 0.99) < 1e-9)
        rig.scheduler.run(for: 0.02)
        #expect(player.state == .finished)
        #expect(player.progress == 1)
    }

    @Test func stopEndsPlaybackAndNotifiesOnce() throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: 16000, channels: 1, frames: 16000)
        let rig = try playingRig()
        let player = try rig.session.play(url.path)
        var endings: [AudioPlayer.State] = []
        player.onFinish { endings.append($0.state) }
        rig.scheduler.run(for: 0.3)
        player.stop()
        rig.scheduler.run(for: 2)
        #expect(endings == [.stopped])
        #expect(abs(player.progress - 0.3) < 1e-9)
    }

    @Test func losingTheGlassesPausesPlaybackToThem() throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: 16000, channels: 1, frames: 32000)
        let rig = try playingRig()
        let player = try rig.session.play(url.path)
        rig.scheduler.run(for: 0.5)
        rig.glasses.setConnected(false)
        #expect(player.state == .paused)
        #expect(player.outputPort?.type == .builtInSpeaker)
    }

    @Test func aPhoneCallPausesAndResumeWaitsForReactivation() throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: 16000, channels: 1, frames: 32000)
        let rig = try playingRig()
        let player = try rig.session.play(url.path)
        rig.scheduler.run(for: 0.5)
        rig.session.simulatePhoneCall(duration: 5)
        #expect(player.state == .paused)
        rig.scheduler.run(for: 5)
        #expect { try player.resume() } throws: { ($0 as? AudioError)?.code == .cannotStartPlaying }
        try rig.session.activate()
        try player.resume()
        rig.scheduler.run(for: 1.5)
        #expect(player.state == .finished)
    }

    @Test func badFilesGiveClearErrors() throws {
        let directory = try temporaryDirectory()
        let rig = try playingRig()

        let missing = directory.appendingPathComponent("missing.wav").path
        #expect { try rig.session.play(missing) } throws: { ($0 as? AudioError)?.code == .fileNotFound }

        let garbage = directory.appendingPathComponent("garbage.wav")
        try Data("this is not audio at all, just text pretending to be a WAV file".utf8).write(to: garbage)
        #expect { try rig.session.play(garbage.path) } throws: { ($0 as? AudioError)?.code == .unsupportedFile }

        let empty = directory.appendingPathComponent("empty.wav")
        try writeWAV(to: empty, rate: 16000, channels: 1, frames: 0)
        #expect { try rig.session.play(empty.path) } throws: { ($0 as? AudioError)?.code == .unsupportedFile }

        let truncated = directory.appendingPathComponent("truncated.wav")
        try writeWAV(to: truncated, rate: 16000, channels: 1, frames: 16000, keepDataBytes: 8000)
        #expect { try rig.session.play(truncated.path) } throws: {
            let error = $0 as? AudioError
            return error?.code == .truncatedFile && error?.message.contains("truncated.wav") == true
        }
    }

    @Test func playingNeedsAnActivePlayingSession() throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: 16000, channels: 1, frames: 1600)
        let rig = AudioRig()
        #expect { try rig.session.play(url.path) } throws: { ($0 as? AudioError)?.code == .cannotStartPlaying }
        try rig.session.configure(category: .record)
        try rig.session.activate()
        #expect { try rig.session.play(url.path) } throws: { ($0 as? AudioError)?.code == .cannotStartPlaying }
    }

    @Test func deactivatingStopsPlayback() throws {
        let url = try temporaryDirectory().appendingPathComponent("clip.wav")
        try writeWAV(to: url, rate: 16000, channels: 1, frames: 16000)
        let rig = try playingRig()
        let player = try rig.session.play(url.path)
        rig.scheduler.run(for: 0.2)
        rig.session.deactivate()
        #expect(player.state == .stopped)
    }
}

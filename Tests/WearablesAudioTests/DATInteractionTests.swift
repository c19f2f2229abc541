import Foundation
import Testing
import WearablesAudio
import WearablesCore
import WearablesSimulator

/// The DAT interactions users report, on the simulator's virtual clock: photos do
/// not deliver while audio goes over HFP to the glasses (a switchable simulator
/// behaviour; the capture then times out), and a stream with audio needs the HFP
/// route configured before it starts.
struct DATInteractionTests {
    enum AudioSetup: String, CaseIterable {
        case none, hfp, a2dp, hfpInactive

        func apply(to audio: AudioSession) throws {
            switch self {
            case .none: return
            case .hfp, .hfpInactive: try audio.configure(category: .playAndRecord, options: [.allowBluetooth])
            case .a2dp: try audio.configure(category: .playAndRecord, options: [.allowBluetoothA2DP])
            }
            if self != .hfpInactive { try audio.activate() }
        }
    }

    /// A camera on a started session of the ready world, asked to start; the
    /// outcome of its start is known after running the clock.
    func startCamera(in world: SimulatedWorld, _ configuration: StreamConfiguration = .default)
        throws -> (CameraStream, () -> Result<Void, StreamError>?) {
        let session = try world.wearables.createSession()
        try session.start()
        world.scheduler.run(for: 1)
        let camera = try session.addCamera(configuration)
        var result: Result<Void, StreamError>?
        try camera.start { result = $0 }
        world.scheduler.run(for: 1)
        return (camera, { result })
    }

    /// Captures once on the ready world after `setup`; returns the outcome and the time it took.
    func capture(after setup: AudioSetup, blocking: Bool = true) throws -> (Result<Photo, PhotoError>?, Double) {
        let world = SimulatedWorld.ready()
        world.kit.hfpBlocksPhotoCapture = blocking
        try setup.apply(to: world.audio)
        let (camera, _) = try startCamera(in: world)
        return try capture(on: camera, in: world)
    }

    func capture(on camera: CameraStream, in world: SimulatedWorld) throws -> (Result<Photo, PhotoError>?, Double) {
        try #require(camera.state == .streaming)
        var outcome: Result<Photo, PhotoError>?
        let start = world.scheduler.now
        var end = start
        camera.capture(format: .jpeg) {
            outcome = $0
            end = world.scheduler.now
        }
        world.scheduler.run(for: CameraStream.captureTimeout + 1)
        return (outcome, end - start)
    }

    @Test(arguments: [AudioSetup.none, .a2dp, .hfpInactive])
    func photosDeliverWhenAudioIsNotOnHFP(_ setup: AudioSetup) throws {
        let (outcome, elapsed) = try capture(after: setup)
        #expect(try outcome?.get().format == .jpeg)
        #expect(elapsed < 1)
    }

    @Test func aCaptureOverHFPTimesOutWithCaptureFailure() throws {
        let (outcome, elapsed) = try capture(after: .hfp)
        #expect(failure(of: outcome) == .captureFailure)
        #expect(elapsed == CameraStream.captureTimeout)
    }

    /// The glasses never answer such a capture; a stream that ends before the
    /// timeout still gives it its one outcome, by the cause.
    @Test func aCaptureLostOverHFPStillFailsWhenItsStreamEnds() throws {
        let world = SimulatedWorld.ready()
        try AudioSetup.hfp.apply(to: world.audio)
        let (camera, _) = try startCamera(in: world)
        var errors: [String] = []
        let token = camera.addErrorListener { errors.append("\($0.domain).\($0.code)") }
        #expect(camera.capturePhoto(format: .jpeg))
        world.scheduler.run(for: 2)
        world.kit.glasses[0].fold()
        world.scheduler.run(for: CameraStream.captureTimeout + 1)
        #expect(errors == ["StreamError.hingesClosed", "StreamError.photoCaptureFailed"])
        token.cancel()
    }

    @Test func switchingTheBehaviourOffDeliversOverHFP() throws {
        let (outcome, _) = try capture(after: .hfp, blocking: false)
        #expect(try outcome?.get().format == .jpeg)
    }

    @Test func afterATimeoutTheStreamCapturesAgainOnceAudioLeavesHFP() throws {
        let world = SimulatedWorld.ready()
        try AudioSetup.hfp.apply(to: world.audio)
        let (camera, _) = try startCamera(in: world)
        let (first, _) = try capture(on: camera, in: world)
        #expect(failure(of: first) == .captureFailure)
        #expect(!camera.isCapturing)
        world.audio.deactivate()
        var photo: Photo?
        camera.capture(format: .heic) { photo = try? $0.get() }
        world.scheduler.run(for: 1)
        #expect(photo?.format == .heic)
    }

    @Test(arguments: AudioSetup.allCases)
    func aStreamWithAudioNeedsHFPConfiguredFirst(_ setup: AudioSetup) throws {
        let world = SimulatedWorld.ready()
        world.kit.permissions.set(.microphone, .granted)
        try setup.apply(to: world.audio)
        let (camera, result) = try startCamera(in: world, try StreamConfiguration(audioCodec: .pcm(sampleRate: 16000)))
        if setup == .hfp {
            #expect(camera.state == .streaming)
        } else {
            #expect(camera.state == .stopped)
            #expect(failure(of: result()) == .audioStreamingError)
        }
    }

    @Test func aVideoOnlyStreamIgnoresTheAudioRoute() throws {
        let world = SimulatedWorld.ready()
        try world.audio.configure(category: .playback)
        let (camera, _) = try startCamera(in: world)
        #expect(camera.state == .streaming)
    }

    @Test func audioCodecRatesAreDATs() throws {
        for rate in AudioCodec.validSampleRates {
            #expect(try StreamConfiguration(audioCodec: .pcm(sampleRate: rate)).audioCodec == .pcm(sampleRate: rate))
        }
        #expect(throws: StreamConfigurationError.self) { try StreamConfiguration(audioCodec: .pcm(sampleRate: 22050)) }
        #expect(try StreamConfiguration(codec: "raw", resolution: "low", frameRate: 15, audioSampleRate: 48000).audioCodec
            == .pcm(sampleRate: 48000))
    }
}

/// The error of a failed result; nil for success or no result.
func failure<Value, Failure>(of result: Result<Value, Failure>?) -> Failure? {
    guard case .failure(let error) = result else { return nil }
    return error
}

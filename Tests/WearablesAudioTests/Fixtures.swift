import Foundation
import WearablesAudio
import WearablesCore
import WearablesSimulator

/// Glasses whose audio link a test switches by hand.
final class FakeGlasses: GlassesAudioEndpoint {
    private final class Observation: AudioCancellable {
        var handler: ((Bool) -> Void)?
        init(_ handler: @escaping (Bool) -> Void) { self.handler = handler }
        func cancel() { handler = nil }
    }

    private(set) var isAudioConnected: Bool
    let audioDeviceName = "Ray-Ban Meta"
    var microphoneFeed: MicrophoneFeed = .silence
    private var observations: [Observation] = []

    init(connected: Bool) {
        isAudioConnected = connected
    }

    func observeAudioConnection(_ handler: @escaping (Bool) -> Void) -> any AudioCancellable {
        let observation = Observation(handler)
        observations.append(observation)
        return observation
    }

    func setConnected(_ connected: Bool) {
        isAudioConnected = connected
        for observation in observations { observation.handler?(connected) }
    }
}

/// The ways real simulated glasses lose their link, each driven through the
/// simulator's own controls, and how each comes back.
enum LinkLoss: String, CaseIterable {
    case fold, powerOff, bluetoothDrop

    func apply(to glasses: SimulatedGlasses) {
        switch self {
        case .fold: glasses.fold()
        case .powerOff: glasses.powerOff()
        case .bluetoothDrop: glasses.disconnect(for: 5)
        }
    }

    /// A Bluetooth drop ends by itself when its 5 s are up.
    func undo(on glasses: SimulatedGlasses) {
        switch self {
        case .fold: glasses.unfold()
        case .powerOff: glasses.powerOn()
        case .bluetoothDrop: break
        }
    }
}

/// The audio session on the clock adapter the product uses, over the core's
/// virtual-clock scheduler; tests move time with `scheduler.run(for:)`.
struct AudioRig {
    let scheduler = Scheduler()
    let glasses: FakeGlasses
    let session: AudioSession

    init(connected: Bool = true, hfpSampleRate: HFPSampleRate = .wideband, feed: MicrophoneFeed = .tone(hertz: 440)) {
        glasses = FakeGlasses(connected: connected)
        glasses.microphoneFeed = feed
        session = AudioSession(clock: SchedulerAudioClock(scheduler), glasses: glasses, noise: SeededNoiseSource(seed: 7), hfpSampleRate: hfpSampleRate)
    }

    /// playAndRecord + allowBluetooth, active: the HFP set-up DAT apps use.
    func activateHFP() throws {
        try session.configure(category: .playAndRecord, options: [.allowBluetooth])
        try session.activate()
    }
}

/// A fresh directory per test, so parallel tests never share files.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("WearablesAudioTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes a canonical 16-bit PCM WAV by hand, independently of libsndfile.
/// `keepDataBytes` cuts the data short while the header still claims all of it.
func writeWAV(to url: URL, rate: Int, channels: Int, frames: Int, keepDataBytes: Int? = nil) throws {
    let dataBytes = frames * channels * 2
    var bytes = Data()
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
    bytes.append(contentsOf: Array("RIFF".utf8)); append32(36 + dataBytes)
    bytes.append(contentsOf: Array("WAVEfmt ".utf8)); append32(16)
    append16(1); append16(channels); append32(rate); append32(rate * channels * 2); append16(channels * 2); append16(16)
    bytes.append(contentsOf: Array("data".utf8)); append32(dataBytes)
    for frame in 0..<frames {
        let sample = Int16(sin(2 * Double.pi * 440 * Double(frame) / Double(rate)) * 16000)
        for _ in 0..<channels { withUnsafeBytes(of: sample.littleEndian) { bytes.append(contentsOf: $0) } }
    }
    if let keepDataBytes { bytes = bytes.prefix(44 + keepDataBytes) }
    try bytes.write(to: url)
}

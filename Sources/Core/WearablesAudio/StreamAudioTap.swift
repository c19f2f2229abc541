/// The audio a camera stream with an `audioCodec` carries (DAT 1.0 stream audio): the
/// glasses' microphone as the phone's HFP input hears it, in chunks of `chunkDuration`
/// at the stream's rate, while the tap is open. Nothing flows while HFP is not the
/// input (DAT carries stream audio over HFP), so a lost route is a gap, not an error.
/// Lives on the audio clock's thread.
public final class StreamAudioTap {
    /// One chunk: `samples` (-1...1, mono) at `rate`, their RMS `level` (0...1), and the
    /// run time the chunk ends at.
    public struct Chunk: Sendable {
        public let timestamp: Double
        public let rate: Int
        public let samples: [Float]
        public let level: Double
    }

    /// DAT delivers stream audio in short buffers; 100 ms keeps a script's callback rate low.
    public static let chunkDuration = 0.1

    private let session: AudioSession
    private let rate: Int
    private let deliver: (Chunk) -> Void
    private var timer: (any AudioCancellable)?

    init(session: AudioSession, rate: Int, deliver: @escaping (Chunk) -> Void) {
        self.session = session
        self.rate = rate
        self.deliver = deliver
        scheduleNext()
    }

    /// Stops the chunks; later calls do nothing.
    public func stop() {
        timer?.cancel()
        timer = nil
    }

    private func scheduleNext() {
        timer = session.clock.schedule(after: Self.chunkDuration) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard timer != nil else { return }
        scheduleNext()
        guard session.isHFPConfigured else { return }
        let frames = Int((Double(rate) * Self.chunkDuration).rounded())
        // A feed that cannot be rendered (an unreadable file) is heard as a gap.
        guard let samples = try? session.microphoneSamples(port: .bluetoothHFP, frames: frames, rate: Double(rate)) else { return }
        deliver(Chunk(timestamp: session.clock.now, rate: rate, samples: samples, level: LevelMeter.rms(samples)))
    }
}

extension AudioSession {
    /// Opens a tap on the glasses' microphone for a stream whose audio is PCM at `rate`.
    public func streamAudioTap(rate: Int, deliver: @escaping (StreamAudioTap.Chunk) -> Void) -> StreamAudioTap {
        StreamAudioTap(session: self, rate: rate, deliver: deliver)
    }
}

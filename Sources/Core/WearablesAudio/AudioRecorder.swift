#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records the session's current input to a 16 kHz, 16-bit mono PCM WAV file.
///
/// Every 20 ms of clock time it pulls a block of the microphone feed at the
/// input port's real rate, resamples it to 16 kHz with libsoxr and appends it
/// with libsndfile. The file's length always matches the time recorded, and it
/// is a valid WAV whichever way the recording ends.
public final class AudioRecorder {
    public enum State: String, Sendable {
        case recording
        /// Ended by `stop()`, its duration, or deactivation.
        case finished
        /// Ended by a phone call or the glasses going away; the file holds what was captured.
        case interrupted
        /// The feed or the disk failed; the file holds what was captured.
        case failed
    }

    public static let sampleRate = 16000
    static let blockSeconds = 0.02

    public let path: String
    /// Requested length in seconds; nil records until `stop()`.
    public let duration: Double?
    public private(set) var state = State.recording
    /// RMS level of the latest block, 0..1; 0 once the recording has ended.
    public private(set) var level = 0.0
    /// Why the recording ended early (`interrupted` or `failed`).
    public private(set) var error: AudioError?

    private let session: AudioSession
    private let writer: PCM16WAVWriter
    private let startTime: Double
    private var input: InputSegment
    /// The clock time up to which the feed has been heard and written.
    private var capturedUntil: Double
    private var tick: (any AudioCancellable)?
    /// Blocks ticked since `startTime`; tick times are computed from it, not
    /// summed, so they land on the block boundaries the rest of the world sees.
    private var ticks = 0
    private var sessionEvents: AudioListenerToken?
    private let finishListeners = AudioListeners<AudioRecorder>()

    /// The stretch of a recording heard through one input port.
    private struct InputSegment {
        let port: AudioPortType
        let rate: Double
        let startTime: Double
        let resampler: SoxrResampler?
        var framesCaptured = 0
    }

    init(session: AudioSession, path: String, opening: String?, duration: Double?) throws(AudioError) {
        guard session.isActive else {
            throw AudioError(.cannotStartRecording, "the audio session is not active; call activate() first")
        }
        guard session.configuration.category.records else {
            throw AudioError(.cannotStartRecording, "category \(session.configuration.category.rawValue) cannot record; use record or playAndRecord")
        }
        guard let port = session.route.input else {
            throw AudioError(.cannotStartRecording, "the route has no input (noSuitableRouteForCategory)")
        }
        if let duration, !(duration > 0 && duration.isFinite) {
            throw AudioError(.badParam, "recording duration must be a positive number of seconds, got \(duration)")
        }
        self.session = session
        self.path = path
        self.duration = duration
        writer = try PCM16WAVWriter(path: path, opening: opening, sampleRate: Self.sampleRate)
        startTime = session.clock.now
        capturedUntil = startTime
        input = try Self.segment(port: port, at: startTime)
        sessionEvents = session.onClientEvent { [weak self] in self?.handle($0) }
        scheduleTick()
    }

    /// Seconds of audio in the file so far.
    public var recordedDuration: Double { Double(writer.framesWritten) / Double(Self.sampleRate) }

    /// Ends the recording now and finalizes the file.
    public func stop() {
        guard state == .recording else { return }
        capture(until: session.clock.now)
        finish(.finished, nil)
    }

    /// Calls `handler` once when the recording ends (at once if it already has).
    @discardableResult
    public func onFinish(_ handler: @escaping (AudioRecorder) -> Void) -> AudioListenerToken {
        guard state == .recording else {
            handler(self)
            return AudioListenerToken {}
        }
        return finishListeners.add(handler)
    }

    private var endTime: Double? { duration.map { startTime + $0 } }

    private func scheduleTick() {
        ticks += 1
        let next = min(startTime + Double(ticks) * Self.blockSeconds, endTime ?? .infinity)
        // The pending tick holds the recording strongly, so it keeps going when
        // the caller drops its handle; the cycle ends when the tick runs or is cancelled.
        tick = session.clock.schedule(at: next) { self.onTick() }
    }

    private func onTick() {
        guard state == .recording else { return }
        let now = session.clock.now
        capture(until: min(now, endTime ?? now))
        guard state == .recording else { return }
        if let endTime, now >= endTime {
            finish(.finished, nil)
        } else {
            scheduleTick()
        }
    }

    private func handle(_ event: AudioSession.ClientEvent) {
        guard state == .recording else { return }
        let now = session.clock.now
        switch event {
        case .deactivated:
            stop()
        case .interruption(.began):
            capture(until: now)
            finish(.interrupted, AudioError(.recordingInterrupted, "a phone call interrupted the recording after \(formatted(recordedDuration)) s; '\(path)' holds what was captured"))
        case .interruption(.ended):
            break
        case .routeChanged(let change):
            // Same port at the same rate: nothing to do; a new rate (the HFP codec changed) is a new segment.
            guard change.route.input?.type != input.port || change.route.input?.sampleRate != input.rate else { return }
            capture(until: now)
            guard let port = change.route.input else {
                finish(.interrupted, AudioError(.recordingInterrupted, "the input went away (\(change.reason.rawValue)) after \(formatted(recordedDuration)) s; '\(path)' holds what was captured"))
                return
            }
            if change.reason == .oldDeviceUnavailable && input.port.isGlasses {
                finish(.interrupted, AudioError(.recordingInterrupted, "the glasses disconnected after \(formatted(recordedDuration)) s; '\(path)' holds what was captured"))
                return
            }
            switchInput(to: port, at: now)
        }
    }

    /// Pulls the feed from the end of the last block up to `time`.
    private func capture(until time: Double) {
        let due = Int(((time - input.startTime) * input.rate).rounded()) - input.framesCaptured
        guard due > 0 else { return }
        do {
            let block = try session.microphoneSamples(port: input.port, frames: due, rate: input.rate)
            input.framesCaptured += due
            level = LevelMeter.rms(block)
            try append(try input.resampler?.process(block) ?? block, upTo: time)
            capturedUntil = time
        } catch {
            finish(.failed, error)
        }
    }

    private func switchInput(to port: AudioPortDescription, at time: Double) {
        do {
            try append(try input.resampler?.drain() ?? [], upTo: time)
            input = try Self.segment(port: port, at: time)
        } catch {
            finish(.failed, error)
        }
    }

    /// Writes resampled audio, never more than the time recorded so far; the
    /// resampler's delay is made up when it is drained or by padding at the end.
    private func append(_ samples: [Float], upTo time: Double) throws(AudioError) {
        let room = expectedFrames(at: time) - writer.framesWritten
        try writer.write(Array(samples.prefix(max(0, room))))
    }

    private func expectedFrames(at time: Double) -> Int {
        Int(((time - startTime) * Double(Self.sampleRate)).rounded())
    }

    private func finish(_ final: State, _ failure: AudioError?) {
        guard state == .recording else { return }
        state = final
        error = failure
        level = 0
        tick?.cancel()
        sessionEvents?.cancel()
        if failure?.code != .writeFailed {
            completeFile()
        }
        writer.close()
        finishListeners.emit(self)
    }

    /// Flushes the resampler and pads with silence so the length matches the time captured.
    private func completeFile() {
        let end = capturedUntil
        let target = max(expectedFrames(at: end), writer.framesWritten)
        do {
            try append(try input.resampler?.drain() ?? [], upTo: end)
            try writer.write([Float](repeating: 0, count: target - writer.framesWritten))
        } catch {
            self.error = self.error ?? error
            state = .failed
        }
    }

    private static func segment(port: AudioPortDescription, at time: Double) throws(AudioError) -> InputSegment {
        let resampler = port.sampleRate == Double(sampleRate)
            ? nil : try SoxrResampler(from: port.sampleRate, to: Double(sampleRate))
        return InputSegment(port: port.type, rate: port.sampleRate, startTime: time, resampler: resampler)
    }

    private func formatted(_ seconds: Double) -> String {
        String(cFormat: "%.2f", seconds)
    }
}

/// Records a camera stream as the app sees it: the frames at the times they arrived,
/// and the stream's audio when it carries some, into a fragmented MP4 (`VideoFileEncoder`).
///
/// The file's size is the stream's effective size when the recording starts; frames the
/// bandwidth ladder later delivers at another size are scaled to it, so one recording is
/// one video track a player shows at one size. The file starts with the first frame
/// after `init` (audio from the same moment), and `duration` counts from there, so
/// 3 s at 30 fps are 90 frames. Gaps (a paused stream, a capture in flight, a stall)
/// stay gaps: each frame shows until the next. The recording ends at
/// its duration, on `stop()`, when the stream stops (a fold, an error, `cam:stop()`), or
/// when the encoder fails; whichever way, the file is finished and plays. Lives on the
/// scheduler's thread.
public final class StreamRecorder {
    public enum State: String, Sendable {
        case recording
        /// Ended by `stop()`, its duration, or the stream being stopped.
        case finished
        /// The stream failed (a fold, a drop, heat); the file holds what was recorded.
        case interrupted
        /// The file could not be written; it holds what was written before.
        case failed
    }

    /// Video timestamps count 1/840 s: a whole number of ticks per frame at every rate
    /// DAT streams at (2, 7, 15, 24, 30 fps), within MPEG-4 Part 2's 16-bit clock.
    public static let ticksPerSecond = 840
    /// A keyframe, and so a new fragment, at least this often: what a cut can lose.
    public static let keyframeInterval = 1.0
    /// MPEG-4 quantiser (2 best ... 31): constant quality.
    static let quantiser = 5

    /// Feeds the recorder audio: calls `deliver(samples, endTime)` per chunk until the token is cancelled.
    public typealias AudioSource = (_ deliver: @escaping (_ samples: [Float], _ endTime: Double) -> Void) -> ListenerToken

    /// About what one recorder holds while it records (the encoder's reference and
    /// work pictures, the muxer's fragment): about 6 frames of YUV 4:2:0, measured as
    /// 8.7 MB of peak RSS per recorder with 20 recording a 720x1280 stream at once.
    public static func encodingFootprint(_ size: VideoSize) -> Int { 6 * size.pixelCount * 3 / 2 }

    public let path: String
    /// Requested length in seconds; nil records until stopped.
    public let duration: Double?
    /// The video's size: the stream's effective size when recording started.
    public let size: VideoSize
    /// The stream's effective frame rate when recording started.
    public let frameRate: Int
    /// Mono samples per second of the audio track; nil when the stream has no audio.
    public let audioRate: Int?
    public private(set) var state = State.recording
    /// Frames written so far.
    public private(set) var frames = 0
    /// Why the recording ended early (`interrupted` or `failed`).
    public private(set) var error: (any WearablesError)?

    private let scheduler: Scheduler
    /// Run time of the first frame, the file's time 0; nil until it arrives.
    private var origin: Double?
    private var endedAt: Double?
    private var encoder: VideoFileEncoder?
    private var lastPts: Int64 = -1
    private var lastKeyframePts: Int64?
    private var samplesWritten = 0
    /// The latest error the stream reported, and when: a stop at that moment is its consequence.
    private var streamError: (error: any WearablesError, time: Double)?
    private var tokens: [ListenerToken] = []
    private var timer: TimerToken?
    private let finishListeners: Broadcaster<StreamRecorder>

    /// Starts recording `camera`, which must be streaming (or paused), to `path`
    /// (`.mp4` or `.mov`, by `container`), opened by the name `opening` when given (an
    /// open descriptor's name for the file its caller checked).
    public init(camera: CameraStream, path: String, opening: String? = nil, container: String, duration: Double?,
                audio: AudioSource?) throws(RecordingError) {
        scheduler = camera.wearables.scheduler
        self.path = path
        self.duration = duration
        size = camera.effective.size
        frameRate = camera.effective.frameRate
        if case .pcm(let rate)? = camera.configuration.audioCodec, audio != nil { audioRate = rate } else { audioRate = nil }
        finishListeners = Broadcaster(scheduler: scheduler)
        encoder = try VideoFileEncoder(
            path: opening ?? path, container: container, size: size, frameRate: frameRate, ticksPerSecond: Self.ticksPerSecond,
            quantiser: Self.quantiser, audioRate: audioRate)
        // The listeners and the timer hold the recorder until it ends, so it goes on when
        // the caller drops it; `finish` cancels them, which ends the cycle.
        tokens.append(camera.addFrameListener { [weak camera] in self.write($0, fps: camera?.effective.frameRate ?? self.frameRate) })
        // A failed capture (`photoCaptureFailed`) leaves the stream running: it never ends a recording.
        tokens.append(camera.addErrorListener { error in
            guard error != .photoCaptureFailed else { return }
            self.streamError = (error, self.scheduler.now)
        })
        tokens.append(camera.addStateListener { state in
            guard state == .stopping || state == .stopped else { return }
            if let failure = self.streamError, failure.time == self.scheduler.now {
                self.finish(.interrupted, failure.error)
            } else {
                self.finish(.finished, nil)
            }
        })
        if let audio, audioRate != nil {
            tokens.append(audio { samples, end in self.write(samples, endingAt: end) })
        }
        // Ends after `duration` even if no frame comes (a paused stream); the first frame moves the end.
        if let duration {
            timer = scheduler.schedule(after: duration) { self.finish(.finished, nil) }
        }
    }

    /// Seconds recorded: from the first frame to now, or to the end once ended.
    public var recordedDuration: Double { origin.map { (endedAt ?? scheduler.now) - $0 } ?? 0 }

    /// Ends the recording now; the file is complete when this returns.
    public func stop() { finish(.finished, nil) }

    /// Calls `handler` once when the recording ends (at the next turn if it already has).
    @discardableResult
    public func onFinish(_ handler: @escaping (StreamRecorder) -> Void) -> ListenerToken {
        finishListeners.add(current: state == .recording ? nil : self, handler)
    }

    // MARK: Writing

    private func ticks(_ time: Double, from origin: Double) -> Int64 {
        Int64(((time - origin) * Double(Self.ticksPerSecond)).rounded())
    }

    /// Where the recording ends on the run's clock, once it has an origin.
    private var endTime: Double? { origin.flatMap { origin in duration.map { origin + $0 } } }

    /// Encodes `frame`, shown for one interval at the stream's current rate `fps`.
    private func write(_ frame: VideoFrame, fps: Int) {
        guard state == .recording, let encoder else { return }
        if origin == nil {
            origin = frame.timestamp
            if let duration {
                timer?.cancel()
                timer = scheduler.schedule(at: frame.timestamp + duration) { self.finish(.finished, nil) }
            }
        }
        let pts = ticks(frame.timestamp, from: origin ?? frame.timestamp)
        // A frame due at the end belongs to whatever comes next (compared in ticks, as stored).
        let end = duration.map { Int64(($0 * Double(Self.ticksPerSecond)).rounded()) } ?? .max
        // Two frames in one tick cannot both be shown; the later one waits for the next.
        guard pts < end, pts > lastPts else { return }
        let keyframe = lastKeyframePts.map { pts - $0 >= Int64(Self.keyframeInterval * Double(Self.ticksPerSecond)) } ?? true
        let shown = min(Int64(Self.ticksPerSecond / max(1, fps)), end - pts)
        do {
            try encoder.encode(frame.rgbImage(), pts: pts, duration: shown, keyframe: keyframe)
        } catch {
            finish(.failed, error)
            return
        }
        lastPts = pts
        if keyframe { lastKeyframePts = pts }
        frames += 1
    }

    /// Places a chunk of audio by its end time, so gaps become silence and the track
    /// stays in step with the video; what came before the first frame is left out.
    private func write(_ samples: [Float], endingAt end: Double) {
        guard state == .recording, let encoder, let rate = audioRate, let origin else { return }
        let endSample = Int(((min(end, endTime ?? end) - origin) * Double(rate)).rounded())
        let startSample = endSample - samples.count
        var chunk = samples[...]
        if startSample < samplesWritten { chunk = chunk.dropFirst(samplesWritten - startSample) }
        chunk = chunk.prefix(max(0, endSample - samplesWritten))
        do {
            if startSample > samplesWritten {
                try encoder.encode(samples: [Float](repeating: 0, count: startSample - samplesWritten))
            }
            try encoder.encode(samples: Array(chunk))
        } catch {
            finish(.failed, error)
            return
        }
        samplesWritten = max(samplesWritten, endSample)
    }

    // MARK: Ending

    private func finish(_ final: State, _ failure: (any WearablesError)?) {
        guard state == .recording else { return }
        state = final
        error = failure
        let end = min(scheduler.now, endTime ?? scheduler.now)
        endedAt = end
        for token in tokens { token.cancel() }
        tokens = []
        timer?.cancel()
        timer = nil
        do {
            // The audio track runs to the end too: what the last chunk had not yet brought is silence.
            if let rate = audioRate, let origin, final != .failed {
                let due = Int(((end - origin) * Double(rate)).rounded()) - samplesWritten
                if due > 0 { try encoder?.encode(samples: [Float](repeating: 0, count: due)) }
            }
            try encoder?.close()
        } catch {
            state = .failed
            self.error = self.error ?? error
        }
        encoder = nil
        finishListeners.emitNow(self)
    }
}

import WearablesCore

/// Plays a sound file to the session's current output, in clock time: every
/// 20 ms it decodes the next block, so progress follows the scheduler and a
/// file damaged mid-way fails when playback reaches the damage.
public final class AudioPlayer {
    public enum State: String, Sendable {
        case playing, paused
        /// Reached the end of the file.
        case finished
        /// Ended by `stop()` or deactivation.
        case stopped
        /// The file could not be decoded to its end.
        case failed
    }

    static let blockSeconds = 0.02

    public let path: String
    /// Length of the file in seconds.
    public let duration: Double
    public private(set) var state = State.playing
    /// RMS level of the latest block, 0..1.
    public private(set) var level = 0.0
    public private(set) var error: AudioError?

    private let session: AudioSession
    private let reader: SoundFileReader
    private var framesPlayed = 0
    private var segmentStart: (time: Double, frame: Int)
    /// Blocks ticked since `segmentStart`; tick times are computed from it, not
    /// summed, so they land on the block boundaries the rest of the world sees.
    private var ticks = 0
    private var tick: (any AudioCancellable)?
    private var sessionEvents: AudioListenerToken?
    private let finishListeners = AudioListeners<AudioPlayer>()

    init(session: AudioSession, path: String, checked: CheckedFile?) throws(AudioError) {
        try Self.checkCanPlay(session)
        reader = try SoundFileReader(path: path, checked: checked)
        self.session = session
        self.path = path
        duration = Double(reader.frameCount) / reader.sampleRate
        segmentStart = (session.clock.now, 0)
        sessionEvents = session.onClientEvent { [weak self] in self?.handle($0) }
        scheduleTick()
    }

    /// Fraction of the file played, 0..1.
    public var progress: Double { Double(framesPlayed) / Double(reader.frameCount) }

    /// Where the audio goes now; nil when the route has no output.
    public var outputPort: AudioPortDescription? { session.route.output }

    public func pause() {
        guard state == .playing else { return }
        advance(to: session.clock.now)
        guard state == .playing else { return }
        state = .paused
        level = 0
        tick?.cancel()
    }

    /// Continues from where `pause()` left off; needs an active session, as
    /// after an interruption the app must reactivate before resuming.
    public func resume() throws(AudioError) {
        guard state == .paused else { return }
        try Self.checkCanPlay(session)
        state = .playing
        segmentStart = (session.clock.now, framesPlayed)
        ticks = 0
        scheduleTick()
    }

    public func stop() {
        guard state == .playing || state == .paused else { return }
        if state == .playing { advance(to: session.clock.now) }
        end(.stopped, nil)
    }

    /// Calls `handler` once when playback ends (at once if it already has).
    @discardableResult
    public func onFinish(_ handler: @escaping (AudioPlayer) -> Void) -> AudioListenerToken {
        guard state == .playing || state == .paused else {
            handler(self)
            return AudioListenerToken {}
        }
        return finishListeners.add(handler)
    }

    private static func checkCanPlay(_ session: AudioSession) throws(AudioError) {
        guard session.isActive else {
            throw AudioError(.cannotStartPlaying, "the audio session is not active; call activate() first")
        }
        guard session.configuration.category.plays, session.route.output != nil else {
            throw AudioError(.cannotStartPlaying, "category \(session.configuration.category.rawValue) cannot play; use playback or playAndRecord")
        }
    }

    private func scheduleTick() {
        ticks += 1
        let end = segmentStart.time + Double(reader.frameCount - segmentStart.frame) / reader.sampleRate
        let next = min(segmentStart.time + Double(ticks) * Self.blockSeconds, end)
        // The pending tick holds the playback strongly, so it keeps going when
        // the caller drops its handle; the cycle ends when the tick runs or is cancelled.
        tick = session.clock.schedule(at: next) { self.onTick() }
    }

    private func onTick() {
        guard state == .playing else { return }
        advance(to: session.clock.now)
        guard state == .playing else { return }
        if framesPlayed >= reader.frameCount {
            end(.finished, nil)
        } else {
            scheduleTick()
        }
    }

    /// Decodes the frames due between the last block and `time`.
    private func advance(to time: Double) {
        let target = min(reader.frameCount, segmentStart.frame + Int(((time - segmentStart.time) * reader.sampleRate).rounded()))
        let due = target - framesPlayed
        guard due > 0 else { return }
        let block = reader.readMono(maxFrames: due)
        framesPlayed += block.count
        level = LevelMeter.rms(block)
        if block.count < due {
            end(.failed, AudioError(.truncatedFile, "'\(path)' could not be read past \(framesPlayed) of \(reader.frameCount) frames; the file is damaged or truncated"))
        }
    }

    private func handle(_ event: AudioSession.ClientEvent) {
        switch event {
        case .deactivated:
            stop()
        case .interruption(.began):
            pause()
        case .interruption(.ended):
            break
        case .routeChanged(let change):
            // iOS apps pause when the device they were playing to goes away.
            if change.reason == .oldDeviceUnavailable, change.previousRoute.output?.type.isGlasses == true {
                pause()
            }
        }
    }

    private func end(_ final: State, _ failure: AudioError?) {
        state = final
        error = failure
        level = 0
        tick?.cancel()
        sessionEvents?.cancel()
        finishListeners.emit(self)
    }
}

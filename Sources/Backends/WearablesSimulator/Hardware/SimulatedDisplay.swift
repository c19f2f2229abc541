#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore
import WearablesDisplay
import WearablesMock

/// The lens of simulated Meta Ray-Ban Display glasses (DAT's `MockDisplayKit`): what an app's
/// display shows, its clicks (`sendClick(identifier:)`) and its video. Timings are ours (DAT
/// states none): start 0.3 s, send 50 ms, clear 30 ms, stop 0.1 s; a video starts 0.5 s after
/// its send and ends after `videoDuration`.
public final class SimulatedDisplay {
    public static let startDelay: Double = 0.3
    public static let sendDelay: Double = 0.05
    public static let clearDelay: Double = 0.03
    public static let stopDelay: Double = 0.1
    public static let videoStartDelay: Double = 0.5
    public static let videoDuration: Double = 10

    weak var glasses: SimulatedGlasses?
    /// Whether an app's display is started on these glasses.
    public private(set) var isOn = false
    /// What the lens shows: the last tree sent, until a clear, a stop or a video's end.
    public private(set) var content: DisplayTree?
    /// Whether the shown video is playing.
    public private(set) var isPlayingVideo = false
    /// Whether a standalone-photo transfer takes the display down (a field report, opt-in).
    public var photoTransferInterrupts = false
    /// The `displaySleep` field report (third party): the lens dims this long after the last
    /// interaction (a start, send, clear, click or input), and sleeps this long after it.
    public static let dimDelay: Double = 20
    public static let sleepDelay: Double = 25
    /// How lit the lens is; `awake` unless the `displaySleep` report (or fault) dimmed it.
    public private(set) var lens = MockDisplayState.Lens.awake
    /// The size of the videos the glasses fetch, as the mock says (nil: unknown, never refused).
    public private(set) var videoSize: (width: Int, height: Int)?
    /// The `videoPlayerSize` field report's limits: a side, and the frame's pixels.
    public static let maxVideoSide = 400
    public static let maxVideoPixels = 70_000
    private var lensTimers: [TimerToken] = []

    private var events: ((DisplayBackendEvent) -> Void)?
    private var videoTimers: [TimerToken] = []
    /// Counts starts and stops, so a late timer of an earlier display does nothing.
    private var generation = 0

    init() {}

    private var scheduler: Scheduler? { glasses?.scheduler }
    private var linked: Bool { glasses.map { $0.hasOpenSession && $0.link == .connected } ?? false }

    // MARK: The app's display

    func start(events: @escaping (DisplayBackendEvent) -> Void, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let scheduler, glasses?.model.supportsDisplay == true else {
            return completion(.failure(.displayError("these glasses have no display")))
        }
        generation += 1
        let current = generation
        scheduler.schedule(after: Self.startDelay) { [weak self] in
            guard let self, self.generation == current else { return }
            guard self.linked else { return completion(.failure(.deviceDisconnected)) }
            self.isOn = true
            self.events = events
            self.record("display_started")
            self.armLens()
            self.changed()
            completion(.success(()))
        }
    }

    func send(_ tree: DisplayTree, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        let current = generation
        scheduler?.schedule(after: Self.sendDelay) { [weak self] in
            guard let self, self.generation == current, self.isOn, self.linked else { return completion(.failure(.deviceDisconnected)) }
            if case .videoPlayer = tree.root.component, self.isPlayingVideo {
                // The refusal reaches listeners before the sender goes on.
                self.events?(.playback(VideoPlaybackEvent(.error, errorType: .alreadyPlaying)))
                return completion(.success(()))
            }
            self.endVideo(nil as VideoPlaybackEvent?)
            self.content = tree
            self.record("display_content", [("components", .int(tree.ids.count))])
            self.wake()
            self.changed()
            completion(.success(()))
            if case .videoPlayer = tree.root.component { self.playVideo(generation: current) }
        }
    }

    func clear(completion: @escaping (Result<Void, DisplayError>) -> Void) {
        let current = generation
        scheduler?.schedule(after: Self.clearDelay) { [weak self] in
            guard let self, self.generation == current, self.isOn, self.linked else { return completion(.failure(.deviceDisconnected)) }
            self.endVideo(VideoPlaybackEvent(.stopped))
            self.content = nil
            self.wake()
            self.changed()
            completion(.success(()))
        }
    }

    func stopVideo() {
        guard isOn, isPlayingVideo else { return }
        endVideo(VideoPlaybackEvent(.stopped))
        content = nil
        changed()
    }

    func stop(completion: @escaping () -> Void) {
        generation += 1
        let current = generation
        guard let scheduler else { return completion() }
        scheduler.schedule(after: Self.stopDelay) { [weak self] in
            guard let self, self.generation == current else { return completion() }
            self.turnOff()
            completion()
        }
    }

    // MARK: What the wearer (or the mock) does

    /// MockDisplayKit `sendClick(identifier:)`: true when the click reached a started display
    /// holding a button, or a flexbox with `onTap`, of that id (clicks are dropped while the session is paused).
    @discardableResult
    public func click(_ id: String) -> Bool {
        guard isOn, glasses?.isSessionPaused == false, let content, clickable(content).contains(id) else { return false }
        // A pinch at a sleeping lens wakes it; what it would have clicked is not shown, so nothing is (ours).
        guard lens != .asleep else {
            noteInteraction()
            return false
        }
        record("display_click", [("id", .string(id))])
        noteInteraction()
        events?(.tap(id: id))
        return true
    }

    /// The ids a click can reach in `tree`, in tree order.
    public func clickable(_ tree: DisplayTree) -> [String] { MockDisplayState.clickable(tree) }

    /// The display's mock actions.
    func apply(_ action: MockDeviceAction) -> MockActionError? {
        switch action {
        case .displayClick(let id):
            guard click(id) else {
                let ids = content.map(clickable) ?? []
                let why = !isOn ? "no display is started on these glasses"
                    : glasses?.isSessionPaused == true ? "the session is paused, so clicks are dropped"
                    : ids.isEmpty ? "nothing clickable is shown" : "clickable ids: \(ids.joined(separator: ", "))"
                return MockActionError(.noTarget, "no clickable component '\(id)' on the display: \(why)")
            }
        case .displayVideo(let type, let errorType):
            guard isPlayingVideo else { return MockActionError(.noTarget, "no video is playing on the display") }
            guard let event = VideoPlaybackEventType(name: type), [.ended, .stopped, .error].contains(event) else {
                return .badRequest("a video ends as ended, stopped or error, got '\(type)'")
            }
            let reason = errorType.flatMap { VideoErrorType(name: $0) } ?? (event == .error ? .playbackFailed : nil)
            if let errorType, VideoErrorType(name: errorType) == nil {
                return .badRequest("error must be one of \(VideoErrorType.allNames.joined(separator: ", ")), got '\(errorType)'")
            }
            finishVideo(event, errorType: event == .error ? reason : nil)
        case .displayPhotoTransferInterrupts(let on):
            photoTransferInterrupts = on
        case .displayVideoSize(let width, let height):
            videoSize = (width, height)
        default:
            return .badRequest("not a display action: \(action.name)")
        }
        return nil
    }

    /// The playing video ends now: `ended`, or `stopped`, or an error of this type.
    public func finishVideo(_ type: VideoPlaybackEventType, errorType: VideoErrorType? = nil) {
        guard isPlayingVideo else { return }
        endVideo(VideoPlaybackEvent(type, errorType: errorType))
        content = nil
        changed()
    }

    /// A standalone-photo transfer (when `photoTransferInterrupts`): the display goes down.
    func photoTransferStarted() {
        guard photoTransferInterrupts, isOn else { return }
        let events = self.events
        generation += 1
        turnOff()
        record("display_interrupted")
        events?(.stopped)
    }

    /// The lens as a 600x600 PNG (black when nothing is shown).
    public func snapshotPNG() throws -> Data { try DisplaySnapshot.png(content) }

    // MARK: Internals

    private func playVideo(generation current: Int) {
        guard let scheduler else { return }
        videoTimers = [
            scheduler.schedule(after: Self.videoStartDelay) { [weak self] in
                guard let self, self.generation == current, self.isOn else { return }
                if self.videoTooLarge {
                    // The field report: such a video never plays; the lens is left empty, as after a failed video.
                    self.videoTimers.forEach { $0.cancel() }
                    self.videoTimers = []
                    self.record("video_refused", [("width", .int(self.videoSize?.width ?? 0)), ("height", .int(self.videoSize?.height ?? 0))])
                    self.content = nil
                    self.changed()
                    self.events?(.playback(VideoPlaybackEvent(.error, errorType: .playbackFailed)))
                    return
                }
                self.isPlayingVideo = true
                self.changed()
                self.events?(.playback(VideoPlaybackEvent(.started)))
            },
            scheduler.schedule(after: Self.videoStartDelay + Self.videoDuration) { [weak self] in
                guard let self, self.generation == current, self.isOn else { return }
                self.finishVideo(.ended)
            },
        ]
    }

    /// Whether the `videoPlayerSize` field report refuses the videos' size.
    private var videoTooLarge: Bool {
        guard glasses?.kit.fieldReports.contains(.videoPlayerSize) == true, let size = videoSize else { return false }
        return size.width > Self.maxVideoSide || size.height > Self.maxVideoSide || size.width * size.height > Self.maxVideoPixels
    }

    /// Stops the video's timers; reports `event` if it was playing.
    private func endVideo(_ event: VideoPlaybackEvent?) {
        videoTimers.forEach { $0.cancel() }
        videoTimers = []
        guard isPlayingVideo else { return }
        isPlayingVideo = false
        if let event { events?(.playback(event)) }
    }

    // MARK: The lens' light (the `displaySleep` field report)

    /// The wearer or the app did something: the lens is awake, and dims again after `dimDelay`.
    func noteInteraction() {
        guard isOn else { return }
        let was = lens
        wake()
        if was != lens { changed() }
    }

    /// The `displaySleep` field fault: the lens sleeps now, whatever the switch.
    func sleepNow() {
        guard isOn else { return }
        lensTimers.forEach { $0.cancel() }
        lensTimers = []
        setLens(.asleep)
    }

    /// The switch moved: arm or disarm the timers from now.
    func fieldReportsChanged() {
        guard isOn else { return }
        wake()
        changed()
    }

    private func wake() {
        lens = .awake
        armLens()
    }

    private func armLens() {
        lensTimers.forEach { $0.cancel() }
        lensTimers = []
        guard isOn, let scheduler, glasses?.kit.fieldReports.contains(.displaySleep) == true else { return }
        let current = generation
        lensTimers = [
            scheduler.schedule(after: Self.dimDelay) { [weak self] in
                guard let self, self.generation == current, self.isOn else { return }
                self.setLens(.dimmed)
            },
            scheduler.schedule(after: Self.sleepDelay) { [weak self] in
                guard let self, self.generation == current, self.isOn else { return }
                self.setLens(.asleep)
            },
        ]
    }

    private func setLens(_ light: MockDisplayState.Lens) {
        guard lens != light else { return }
        lens = light
        record("display_lens", [("lens", .string(light.name))])
        changed()
    }

    private func turnOff() {
        lensTimers.forEach { $0.cancel() }
        lensTimers = []
        lens = .awake
        videoTimers.forEach { $0.cancel() }
        videoTimers = []
        isPlayingVideo = false
        isOn = false
        content = nil
        events = nil
        changed()
    }

    /// What the lens shows changed: observers hear of it (a served world sends it as
    /// `mock_glasses`), whichever client or in-process script caused it.
    private func changed() { glasses?.publishMockState() }

    private func record(_ event: String, _ values: [(String, TraceValue)] = []) {
        guard let glasses else { return }
        glasses.kit.record(event, [("device", .string(glasses.identifier))] + values)
    }
}

extension MockDeviceKit: DisplayBackend {
    public func startDisplay(on device: DeviceIdentifier, events: @escaping (DisplayBackendEvent) -> Void,
                             completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let glasses = glasses(device) else { return completion(.failure(.deviceDisconnected)) }
        glasses.display.start(events: events, completion: completion)
    }

    public func sendDisplay(_ tree: DisplayTree, on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let glasses = glasses(device) else { return completion(.failure(.deviceDisconnected)) }
        glasses.display.send(tree, completion: completion)
    }

    public func clearDisplay(on device: DeviceIdentifier, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard let glasses = glasses(device) else { return completion(.failure(.deviceDisconnected)) }
        glasses.display.clear(completion: completion)
    }

    public func stopDisplayVideo(on device: DeviceIdentifier) { glasses(device)?.display.stopVideo() }

    public func stopDisplay(on device: DeviceIdentifier, completion: @escaping () -> Void) {
        guard let glasses = glasses(device) else { return completion() }
        glasses.display.stop(completion: completion)
    }
}

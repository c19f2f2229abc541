import DATInterface
import Locking
import WearablesCore
import WearablesDisplay
import WearablesSimulator

/// DAT's `Display` over the simulated lens (MockDisplayKit): taps reach the handler of the
/// last tree sent, playback events the playback handler, and a display the glasses take
/// down moves to `stopped`.
final class FakeDisplay: DATDisplay {
    private let device: DeviceIdentifier
    private let served: WorldThread
    private let stateCell = FakeStateCell<DisplayState>(.stopped)
    private let playback = Locked<(@Sendable (VideoPlaybackEvent) -> Void)?>(nil)
    private let taps = Locked<(@Sendable (String) -> Void)?>(nil)

    init(device: DeviceIdentifier, served: WorldThread) {
        self.device = device
        self.served = served
    }

    var state: DisplayState { stateCell.current }
    var statePublisher: any DATAnnouncer<DisplayState> { stateCell.announcer }

    func setPlaybackHandler(_ handler: (@Sendable (VideoPlaybackEvent) -> Void)?) { playback.withLock { $0 = handler } }

    func start() {
        stateCell.set(.starting)
        served.post { [self] world in
            world.kit.startDisplay(on: device, events: { [self] event in
                switch event {
                case .tap(let id): taps.withLock { $0 }?(id)
                case .playback(let event): playback.withLock { $0 }?(event)
                case .stopped: stateCell.set(.stopped)
                }
            }, completion: { [stateCell] result in stateCell.set(result.isSuccess ? .started : .stopped) })
        }
    }

    func stop() {
        stateCell.set(.stopping)
        served.post { [device, stateCell] world in world.kit.stopDisplay(on: device) { stateCell.set(.stopped) } }
    }

    func send(_ tree: DisplayTree, onTap: @escaping @Sendable (String) -> Void) async throws(DisplayError) {
        taps.withLock { $0 = onTap }
        let device = device
        try await served.completion { world, done in world.kit.sendDisplay(tree, on: device) { done($0) } }.get()
    }

    func clearDisplay() async throws(DisplayError) {
        let device = device
        try await served.completion { world, done in world.kit.clearDisplay(on: device) { done($0) } }.get()
    }

    func sendVideoStop() async {
        let device = device
        served.post { world in world.kit.stopDisplayVideo(on: device) }
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

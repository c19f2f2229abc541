import DATInterface
import WearablesCore
import WearablesSimulator

/// DAT's `Speech` over the simulated glasses' recogniser (MockSpeechKit): `start()` makes
/// the glasses listen; their transcriptions, errors and locale come as the kit reports them.
final class FakeSpeech: DATSpeech {
    private let device: DeviceIdentifier
    private let served: WorldThread
    private let stateCell = FakeStateCell<SpeechState>(.stopped)
    private let transcriptions = FakeAnnouncer<TranscriptionResult>()
    private let errors = FakeAnnouncer<SpeechError>()
    private let locales = FakeAnnouncer<String>()

    init(device: DeviceIdentifier, served: WorldThread) {
        self.device = device
        self.served = served
    }

    var state: SpeechState { stateCell.current }
    var statePublisher: any DATAnnouncer<SpeechState> { stateCell.announcer }
    var transcriptionPublisher: any DATAnnouncer<TranscriptionResult> { transcriptions }
    var errorPublisher: any DATAnnouncer<SpeechError> { errors }
    var localePublisher: any DATAnnouncer<String> { locales }

    func start() {
        stateCell.set(.starting)
        let (device, errors, stateCell) = (device, errors, stateCell)
        served.post { world in
            // Started as the model starts, after its delay, unless the recogniser ended it first.
            let taken = world.kit.listenForSpeech(true, on: device) {
                _ = world.scheduler.schedule(after: Speech.startDelay) {
                    if stateCell.current == .starting { stateCell.set(.started) }
                }
            }
            guard taken else {
                errors.emit(.unavailable)
                return stateCell.set(.stopped)
            }
        }
    }

    func stop() {
        guard state != .stopped else { return }
        let device = device
        served.post { world in world.kit.listenForSpeech(false, on: device) }
        stateCell.set(.stopped)
    }

    /// What the glasses' recogniser reported (on the world's thread).
    func reported(_ report: CapabilityReport) {
        switch report {
        case .transcription(let result): transcriptions.emit(result)
        case .speechLocale(let locale): locales.emit(locale)
        case .speechFailed(let error):
            errors.emit(error)
            stateCell.set(.stopped)
        case .speechComplete: stateCell.set(.stopped)
        default: break
        }
    }
}

#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATMotion
import WearablesModel

/// DAT's `Motion` as the bridge's `DATMotion`: its one sample stream re-read into the core's
/// samples (one reader, as DAT allows; the newest 256 kept), its states and errors case by case.
final class MetaMotion: DATMotion {
    let motion: MWDATMotion.Motion
    let samples: AsyncStream<WearablesModel.MotionSample>
    private let reader: Task<Void, Never>

    init(_ motion: MWDATMotion.Motion) {
        self.motion = motion
        let (samples, continuation) = AsyncStream.makeStream(of: WearablesModel.MotionSample.self, bufferingPolicy: .bufferingNewest(256))
        self.samples = samples
        reader = Task {
            for await sample in motion.samples { continuation.yield(.init(sample)) }
            continuation.finish()
        }
    }

    deinit { reader.cancel() }

    var configuration: WearablesModel.MotionConfiguration { .init(samplingRate: .init(motion.configuration.samplingRate)) }
    var state: WearablesModel.MotionState { .init(motion.state) }
    var statePublisher: any DATAnnouncer<WearablesModel.MotionState> { MetaAnnouncer(source: motion.statePublisher) { .init($0) } }
    var errorPublisher: any DATAnnouncer<WearablesModel.MotionError> { MetaAnnouncer(source: motion.errorPublisher) { .init($0) } }

    func start() {
        motion.start()
    }

    func stop() {
        motion.stop()
    }
}
#endif

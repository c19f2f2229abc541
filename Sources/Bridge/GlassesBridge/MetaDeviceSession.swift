#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCamera
import MWDATCore
import MWDATDisplay
import MWDATInputs
import MWDATMotion
import MWDATSpeech
import WearablesModel

/// A DAT `DeviceSession` as the bridge's `DATDeviceSession`, with the capabilities the
/// adapter covers: the camera (MWDATCamera), speech (MWDATSpeech), the display (MWDATDisplay)
/// inputs (MWDATInputs) and motion (MWDATMotion).
final class MetaDeviceSession: DATDeviceSession {
    let session: MWDATCore.DeviceSession
    private let streams: MetaStreams

    init(_ session: MWDATCore.DeviceSession, streams: MetaStreams) {
        self.session = session
        self.streams = streams
    }

    var deviceId: WearablesModel.DeviceIdentifier { session.deviceId }
    var state: SessionState { .init(session.state) }
    var statePublisher: any DATAnnouncer<SessionState> { MetaAnnouncer(source: session.statePublisher) { .init($0) } }

    var errorPublisher: any DATAnnouncer<WearablesModel.DeviceSessionError> {
        MetaAnnouncer(source: session.errorPublisher) { .init($0) }
    }

    func start() throws(WearablesModel.DeviceSessionError) {
        do { try session.start() } catch { throw .init(error) }
    }

    func stop() {
        session.stop()
    }

    func addCamera(config: WearablesModel.StreamConfiguration) throws(WearablesModel.DeviceSessionError) -> (any DATCamera)? {
        let camera: MWDATCamera.Camera?
        do { camera = try session.addCamera(config: MWDATCamera.StreamConfiguration(config)) } catch { throw .init(error) }
        guard let camera else { return nil }
        streams.add(camera.stream)
        return MetaCamera(camera, configuration: config)
    }

    func addSpeech() throws(WearablesModel.DeviceSessionError) -> (any DATSpeech)? {
        do { return try session.addSpeech().map(MetaSpeech.init) } catch { throw .init(error) }
    }

    func addDisplay() throws(WearablesModel.DeviceSessionError) -> any DATDisplay {
        do { return MetaDisplay(try session.addDisplay()) } catch { throw .init(error) }
    }

    func addInputs(configuration: WearablesModel.InputsConfiguration) throws(WearablesModel.DeviceSessionError) -> (any DATInputs)? {
        do { return try session.addInputs(configuration: MWDATInputs.InputsConfiguration(configuration)).map(MetaInputs.init) } catch { throw .init(error) }
    }

    func removeInputs() throws(WearablesModel.DeviceSessionError) {
        do { try session.removeInputs() } catch { throw .init(error) }
    }

    func addMotion(configuration: WearablesModel.MotionConfiguration) throws(WearablesModel.DeviceSessionError) -> (any DATMotion)? {
        let asked = MWDATMotion.MotionConfiguration(samplingRate: .init(configuration.samplingRate))
        do { return try session.addMotion(configuration: asked).map(MetaMotion.init) } catch { throw .init(error) }
    }

    func removeMotion() throws(WearablesModel.DeviceSessionError) {
        do { try session.removeMotion() } catch { throw .init(error) }
    }
}
#endif

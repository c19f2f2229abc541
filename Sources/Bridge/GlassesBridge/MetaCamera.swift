#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATCamera
import WearablesModel

/// A DAT `Camera` as the bridge's `DATCamera`.
struct MetaCamera: DATCamera {
    let camera: MWDATCamera.Camera
    let stream: any DATStream
    let photo: any DATPhoto

    init(_ camera: MWDATCamera.Camera, configuration: WearablesModel.StreamConfiguration) {
        self.camera = camera
        self.stream = MetaStream(camera.stream, configuration: configuration)
        self.photo = MetaPhoto(camera.photo)
    }

    func stop() {
        camera.stop()
    }
}

/// A DAT `Stream` as the bridge's `DATStream`: frames become JPEG on demand
/// (`MetaVideoFrame`), photos carry their size where the platform can read it.
final class MetaStream: DATStream {
    let stream: MWDATCamera.Stream
    /// What the bridge asked for: DAT took it as it was, so it is what the stream runs with.
    let streamConfiguration: WearablesModel.StreamConfiguration

    init(_ stream: MWDATCamera.Stream, configuration: WearablesModel.StreamConfiguration) {
        self.stream = stream
        self.streamConfiguration = configuration
    }

    var state: WearablesModel.StreamState { .init(stream.state) }

    var statePublisher: any DATAnnouncer<WearablesModel.StreamState> { MetaAnnouncer(source: stream.statePublisher) { .init($0) } }

    var videoFramePublisher: any DATAnnouncer<any DATVideoFrame> {
        MetaAnnouncer(source: stream.videoFramePublisher) { MetaVideoFrame($0) }
    }

    var photoDataPublisher: any DATAnnouncer<DATPhotoData> {
        MetaAnnouncer(source: stream.photoDataPublisher) { DATPhotoData($0) }
    }

    var errorPublisher: any DATAnnouncer<WearablesModel.StreamError> { MetaAnnouncer(source: stream.errorPublisher) { .init($0) } }

    func start() {
        stream.start()
    }

    func stop() {
        stream.stop()
    }

    @discardableResult
    func capturePhoto(format: WearablesModel.PhotoCaptureFormat) -> Bool {
        stream.capturePhoto(format: .init(format))
    }
}
#endif

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `Camera`, as `addCamera(config:)` returns it: its stream runs the video, its photo
/// takes standalone photos.
struct FakeCamera: DATCamera {
    let fakeStream: FakeStream
    let fakePhoto: FakePhoto
    init(stream: FakeStream, photo: FakePhoto) {
        fakeStream = stream
        fakePhoto = photo
    }
    var stream: any DATStream { fakeStream }
    var photo: any DATPhoto { fakePhoto }
    func stop() {
        fakeStream.stop()
        fakePhoto.stop()
    }
}

/// DAT's `Stream` over the simulator's camera: `start()` sets the camera up (the kit's
/// `prepareCamera`), then its pictures arrive on `videoFramePublisher`, each rendered and
/// encoded only if the bridge asks for it; photos during the stream (at its size: DAT's
/// `capturePhoto(format:)` takes none) come on `photoDataPublisher`.
final class FakeStream: DATStream {
    let streamConfiguration: StreamConfiguration
    private let device: DeviceIdentifier
    private let served: WorldThread
    private let stateCell = FakeStateCell<StreamState>(.stopped)
    private let frames = FakeAnnouncer<any DATVideoFrame>()
    private let photos = FakeAnnouncer<DATPhotoData>()
    private let errors = FakeAnnouncer<StreamError>()
    /// The kit's picture feed, on the world's thread.
    private let feed = Locked<SchedulerBound<CameraFeedHandle>?>(nil)
    private let capturing = AtomicValue<Bool>(false)

    init(device: DeviceIdentifier, config: StreamConfiguration, served: WorldThread) {
        self.device = device
        streamConfiguration = config
        self.served = served
    }

    var state: StreamState { stateCell.current }
    var statePublisher: any DATAnnouncer<StreamState> { stateCell.announcer }
    var videoFramePublisher: any DATAnnouncer<any DATVideoFrame> { frames }
    var photoDataPublisher: any DATAnnouncer<DATPhotoData> { photos }
    var errorPublisher: any DATAnnouncer<StreamError> { errors }

    func start() {
        guard state == .stopped else { return }
        stateCell.set(.starting)
        let settings = EffectiveStreamSettings(resolution: streamConfiguration.resolution, frameRate: streamConfiguration.frameRate)
        served.post { [self] world in
            world.kit.prepareCamera(on: device) { [self] result in
                guard state == .starting else { return }
                if case .failure(let error) = result { return ended(error) }
                let scheduler = world.scheduler
                let handle = world.kit.startCamera(on: device, settings: settings) { [frames] timestamp, picture in
                    frames.emit(FakeVideoFrame(picture: SchedulerBound(picture, on: scheduler), timestamp: timestamp, size: settings.size))
                }
                guard let handle else { return ended(.deviceNotFound(device)) }
                feed.withLock { $0 = SchedulerBound(handle, on: scheduler) }
                stateCell.set(.streaming)
            }
        }
    }

    func stop() { ended(nil) }

    /// The stream stops: by the app, or with `error` (published first, as DAT does).
    func ended(_ error: StreamError?) {
        guard state != .stopped else { return }
        if let handle = feed.withLock({ feed in defer { feed = nil }; return feed }) {
            served.post { _ in handle.open().stop() }
        }
        if let error { errors.emit(error) }
        stateCell.set(.stopped)
    }

    @discardableResult
    func capturePhoto(format: PhotoCaptureFormat) -> Bool {
        guard state == .streaming, !capturing.exchange(true) else { return false }
        served.post { [self] world in
            world.kit.capturePhoto(on: device, format: format, size: streamConfiguration.resolution.videoFrameSize, quality: ImageCodecs.defaultQuality,
                                   setUp: {}, progress: { _ in }) { [self] result in
                capturing.store(false)
                switch result {
                case .success(let photo):
                    photos.emit(DATPhotoData(data: photo.data, format: photo.format, width: photo.width, height: photo.height))
                case .failure:
                    errors.emit(.photoCaptureFailed)
                }
            }
        }
        return true
    }
}

/// DAT's `VideoFrame`: a simulated picture, rendered and JPEG-encoded when the bridge asks
/// (during its delivery, on the world's thread, which `SchedulerBound` checks).
struct FakeVideoFrame: DATVideoFrame {
    let picture: SchedulerBound<any FrameSource>
    let timestamp: Double
    let size: VideoSize

    func jpeg() -> DATEncodedFrame? {
        let image = picture.open().image(at: timestamp, size: size)
        guard let data = try? ImageCodecs.encode(image, as: .jpeg) else { return nil }
        return DATEncodedFrame(data: data, width: size.width, height: size.height)
    }
}

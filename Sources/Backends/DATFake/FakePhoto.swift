import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `Photo` (`Camera.photo`) over the simulator's camera: `start()` makes it `started`
/// on the world's thread; a capture is the kit's standalone capture at the resolution's size
/// and the quality's encoder setting, its transfer steps on `transferProgressPublisher`, its
/// failure the kit's `PhotoError` (`serviceUnavailable` while the glasses take their own photo).
final class FakePhoto: DATPhoto {
    private let device: DeviceIdentifier
    private let served: WorldThread
    private let stateCell = FakeStateCell<PhotoState>(.stopped)
    private let photos = FakeAnnouncer<DATPhotoData>()
    private let errors = FakeAnnouncer<PhotoError>()
    private let progress = FakeAnnouncer<PhotoTransferProgress>()
    private let capturing = AtomicValue<Bool>(false)

    init(device: DeviceIdentifier, served: WorldThread) {
        self.device = device
        self.served = served
    }

    var statePublisher: any DATAnnouncer<PhotoState> { stateCell.announcer }
    var photoDataPublisher: any DATAnnouncer<DATPhotoData> { photos }
    var errorPublisher: any DATAnnouncer<PhotoError> { errors }
    var transferProgressPublisher: any DATAnnouncer<PhotoTransferProgress> { progress }

    func start() {
        guard stateCell.current == .stopped else { return }
        stateCell.set(.starting)
        served.post { [stateCell] _ in
            if stateCell.current == .starting { stateCell.set(.started) }
        }
    }

    func stop() {
        guard stateCell.current != .stopped else { return }
        stateCell.set(.stopped)
    }

    func capturePhoto(resolution: PhotoResolution, quality: PhotoQuality) {
        guard stateCell.current == .started else { return errors.emit(.notReady) }
        guard !capturing.exchange(true) else { return errors.emit(.busy) }
        served.post { [self] world in
            // DAT's photos carry no format: the glasses send JPEG.
            world.kit.capturePhoto(on: device, format: .jpeg, size: resolution.size, quality: quality.encoderQuality,
                                   setUp: {}, progress: { [progress] in progress.emit($0) }) { [self] result in
                capturing.store(false)
                switch result {
                case .success(let photo):
                    photos.emit(DATPhotoData(data: photo.data, format: photo.format, width: photo.width, height: photo.height))
                case .failure(let error):
                    errors.emit(error)
                }
            }
        }
    }
}

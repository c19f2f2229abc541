#if canImport(MWDATCore)
import Foundation
import GlassesBridgeCore
import MWDATCamera
import WearablesModel
#if canImport(UIKit)
import UIKit
#endif

/// A DAT `Photo` (`Camera.photo`) as the bridge's `DATPhoto`: settings, states, progress and
/// errors case by case; a photo's format read from its bytes (DAT's `PhotoCaptureData` names none).
final class MetaPhoto: DATPhoto {
    let photo: MWDATCamera.Photo

    init(_ photo: MWDATCamera.Photo) {
        self.photo = photo
    }

    var statePublisher: any DATAnnouncer<WearablesModel.PhotoState> { MetaAnnouncer(source: photo.statePublisher) { .init($0) } }
    var photoDataPublisher: any DATAnnouncer<DATPhotoData> { MetaAnnouncer(source: photo.photoDataPublisher) { DATPhotoData($0) } }
    var errorPublisher: any DATAnnouncer<WearablesModel.PhotoError> { MetaAnnouncer(source: photo.errorPublisher) { .init($0) } }

    var transferProgressPublisher: any DATAnnouncer<WearablesModel.PhotoTransferProgress> {
        MetaAnnouncer(source: photo.transferProgressPublisher) { step in
            WearablesModel.PhotoTransferProgress(bytesReceived: Int(clamping: step.bytesReceived), totalBytes: Int(clamping: step.totalBytes))
        }
    }

    func start() {
        photo.start()
    }

    func stop() {
        photo.stop()
    }

    func capturePhoto(resolution: WearablesModel.PhotoResolution, quality: WearablesModel.PhotoQuality) {
        photo.capturePhoto(resolution: .init(resolution), quality: .init(quality))
    }
}

extension DATPhotoData {
    /// A standalone photo: HEIC when its bytes say so (an ISO media file's `ftyp` box), JPEG
    /// otherwise; its size where UIKit can decode it, 0 by 0 otherwise.
    init(_ photo: PhotoCaptureData) {
        let bytes = photo.imageData
        let isHEIC = bytes.count >= 12 && bytes[bytes.startIndex + 4 ..< bytes.startIndex + 8].elementsEqual("ftyp".utf8)
        #if canImport(UIKit)
        let image = UIImage(data: bytes)
        let width = image.map { Int($0.size.width * $0.scale) } ?? 0
        let height = image.map { Int($0.size.height * $0.scale) } ?? 0
        #else
        let (width, height) = (0, 0)
        #endif
        self.init(data: bytes, format: isHEIC ? .heic : .jpeg, width: width, height: height)
    }
}
#endif

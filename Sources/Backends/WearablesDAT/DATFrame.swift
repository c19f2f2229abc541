#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DATInterface
import WearablesCore

/// A frame DAT handed over as JPEG (`DATVideoFrame.jpeg()`), as the model reads pictures:
/// decoded only when someone reads it, and then once, so an unwatched stream costs its bytes
/// and nothing more. The one place this backend decodes a picture (WearablesCore's
/// `ImageCodecs` for now): when codecs move behind a seam, this file moves with them.
final class DATFrame: EncodedFrameSource {
    private let frame: DATEncodedFrame
    private var decoded: RGBImage?
    private var plane: LumaPlane?

    init(_ frame: DATEncodedFrame) { self.frame = frame }

    var jpeg: Data { frame.data }
    var encodedSize: VideoSize { VideoSize(width: frame.width, height: frame.height) }

    private var image: RGBImage {
        if let decoded { return decoded }
        // A frame that does not decode reads as mid-grey rather than ending the run.
        let image = (try? ImageCodecs.decode(frame.data)) ?? RGBImage(width: frame.width, height: frame.height, gray: 128)
        decoded = image
        return image
    }

    func lumaPlane(at time: Double) -> LumaPlane {
        if let plane { return plane }
        let computed = image.lumaPlane()
        plane = computed
        return computed
    }

    func image(at time: Double, size: VideoSize) -> RGBImage {
        image.size == size ? image : image.resized(to: size)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// A frame that came over the wire as JPEG: decoded only when someone reads it,
/// and then once, so an unwatched remote stream costs its bytes and nothing more.
final class EncodedPicture: FrameSource {
    private let jpeg: Data
    private let size: VideoSize
    private var decoded: RGBImage?
    private var plane: LumaPlane?

    init(jpeg: Data, size: VideoSize) {
        self.jpeg = jpeg
        self.size = size
    }

    private var image: RGBImage {
        if let decoded { return decoded }
        // A frame that does not decode reads as mid-grey rather than ending the run.
        let image = (try? ImageCodecs.decode(jpeg)) ?? RGBImage(width: size.width, height: size.height, gray: 128)
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

import WearablesCore

/// A camera that keeps seeing one picture (a PNG or JPEG file).
final class StillImage: FrameSource {
    let picture: RGBImage
    private lazy var plane = picture.lumaPlane()

    init(image: RGBImage) { picture = image }

    func lumaPlane(at time: Double) -> LumaPlane { plane }
    func image(at time: Double, size: VideoSize) -> RGBImage { picture.resized(to: size) }
}

import WearablesCore

/// What an `Image`'s pixels become before they are shown: fitted into the lens at their
/// aspect, then rounded through JPEG, the form they take over the wire, so a picture
/// shown in process and one shown over a connection are the same pixels.
public enum DisplayPixels {
    public static let jpegQuality = 90

    public static func prepared(_ image: RGBImage) throws -> RGBImage {
        let side = DisplayMetrics.viewport.width
        let scale = min(1, side / Double(max(image.width, image.height)))
        let fitted = image.resized(to: VideoSize(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale))))
        return try ImageCodecs.decode(try ImageCodecs.encode(fitted, as: .jpeg, quality: jpegQuality))
    }
}

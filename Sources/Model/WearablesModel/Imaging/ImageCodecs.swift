/// A codec failure from CImageCodecs, with libjpeg/libheif/libpng's own message.
public struct ImageCodecError: Error, Sendable, CustomStringConvertible, Equatable {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The still-image formats the codecs know (the coding itself, through libjpeg-turbo, libheif
/// and libpng, is WearablesCore's), and the JPEG/HEIC quality a capture uses by default.
public enum ImageCodecs {
    public enum Format: String, Sendable, CaseIterable {
        case jpeg, heic, png, ppm

        /// The format a file name's extension asks for (`.jpg`, `.jpeg`, `.heic`, `.png`, `.ppm`).
        public init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "jpg", "jpeg": self = .jpeg
            case "heic", "heif": self = .heic
            case "png": self = .png
            case "ppm": self = .ppm
            default: return nil
            }
        }
    }

    public static let defaultQuality = 90

    /// The most pixels an image may have to be decoded *(ours)*: 50 megapixels (a 48 MP phone
    /// photo, 8000x6000, fits), about 150 MB of RGB. The header is read first and a larger image
    /// is refused before any pixel is allocated: a 16000x16000 JPEG shown on the display reached
    /// 2.28 GB under --max-memory 64M.
    public static let maxDecodedPixels = 50_000_000

    /// The refusal of a `width`x`height` image over `maxDecodedPixels`, naming both and the fix.
    public static func pixelLimitError(width: Int, height: Int) -> ImageCodecError? {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard pixels.overflow || pixels.partialValue > maxDecodedPixels else { return nil }
        let megapixels = pixels.overflow ? Int.max : pixels.partialValue / 1_000_000
        return ImageCodecError(message: "a \(width)x\(height) image (\(megapixels) megapixels) is over the limit of "
            + "\(maxDecodedPixels / 1_000_000) megapixels for a decoded image; scale it down first (e.g. convert in.jpg -resize 6000x6000 out.jpg)")
    }
}

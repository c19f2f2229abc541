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
}

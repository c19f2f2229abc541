import FoundationEssentials

/// A captured still: real, decodable JPEG or HEIC bytes (DAT's `PhotoData`).
public struct Photo: Sendable, Equatable {
    public let data: Data
    public let format: PhotoCaptureFormat
    public let width: Int
    public let height: Int
    /// Run time at which the photo arrived.
    public let timestamp: Double

    public init(data: Data, format: PhotoCaptureFormat, width: Int, height: Int, timestamp: Double) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
        self.timestamp = timestamp
    }

    /// Encodes `image` as a photo in `format` at the encoder's `quality` (1-100).
    public init(encoding image: RGBImage, format: PhotoCaptureFormat, quality: Int = ImageCodecs.defaultQuality, timestamp: Double) throws {
        let data = try ImageCodecs.encode(image, as: format == .heic ? .heic : .jpeg, quality: quality)
        self.init(data: data, format: format, width: image.width, height: image.height, timestamp: timestamp)
    }

    public var size: Int { data.count }

    public func save(to path: String) throws {
        guard let file = RawFile.creating(path), file.write(data) else {
            throw ImageCodecError(message: "cannot write \(path): check that its directory exists and is writable")
        }
    }
}

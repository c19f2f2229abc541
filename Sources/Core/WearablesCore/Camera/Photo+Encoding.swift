extension Photo {
    /// Encodes `image` as a photo in `format` at the encoder's `quality` (1-100).
    public init(encoding image: RGBImage, format: PhotoCaptureFormat, quality: Int = ImageCodecs.defaultQuality, timestamp: Double) throws {
        let data = try ImageCodecs.encode(image, as: format == .heic ? .heic : .jpeg, quality: quality)
        self.init(data: data, format: format, width: image.width, height: image.height, timestamp: timestamp)
    }
}

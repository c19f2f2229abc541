/// DAT 1.0 `Camera.photo` settings: a still's own size, apart from the stream's
/// resolution. Portrait 3:4 like the sensor; `full` is the 12 MP sensor itself.
public enum PhotoResolution: String, NamedCase {
    case small, medium, large, full

    public var size: VideoSize {
        switch self {
        case .small: VideoSize(width: 480, height: 640)
        case .medium: VideoSize(width: 960, height: 1280)
        case .large: VideoSize(width: 1512, height: 2016)
        case .full: VideoSize(width: 3024, height: 4032)
        }
    }
}

/// DAT 1.0 `Camera.photo` quality: how hard the still is compressed.
public enum PhotoQuality: String, NamedCase {
    case low, medium, high

    /// The encoder's quality, 1-100 (JPEG's scale; HEIC's is read the same way).
    public var encoderQuality: Int {
        switch self {
        case .low: 50
        case .medium: 75
        case .high: ImageCodecs.defaultQuality
        }
    }
}

import WearablesModel

/// DAT's `Image`, from a URI (`init(uri:)`, default preset `icon`) or from pixels
/// (`init(image: UIImage)`, default preset `fill`): DAT's two defaults differ, and so do these.
public struct Image: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// An https URL (DAT's advice); the renderer asks its image source for the pixels.
        case uri(String)
        /// Pixels the script has: a file, a photo, a frame.
        case pixels(RGBImage)
    }

    public var source: Source
    public var sizePreset: ImageSize
    public var cornerRadius: CornerRadius

    public init(uri: String, sizePreset: ImageSize = .icon, cornerRadius: CornerRadius = .none) {
        self.source = .uri(uri)
        self.sizePreset = sizePreset
        self.cornerRadius = cornerRadius
    }

    public init(image: RGBImage, sizePreset: ImageSize = .fill, cornerRadius: CornerRadius = .none) {
        self.source = .pixels(image)
        self.sizePreset = sizePreset
        self.cornerRadius = cornerRadius
    }
}

public enum ImageSize: String, Sendable, CaseIterable {
    case icon, fill
}

public enum CornerRadius: String, Sendable, CaseIterable {
    case none, small, medium
}

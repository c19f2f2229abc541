public enum ImageSize: Sendable {
    case icon
    case fill
}

public enum CornerRadius: Sendable {
    case none
    case small
    case medium
}

/// An image from a URI. DAT's `init(image: UIImage, …)` needs UIKit, which Linux has not.
public struct Image: Sendable {
    public let uri: String
    public let sizePreset: ImageSize
    public let cornerRadius: CornerRadius
    private var flex = FlexModifiers()

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(uri: String, sizePreset: ImageSize = .icon, cornerRadius: CornerRadius = .none) {
        self.uri = uri
        self.sizePreset = sizePreset
        self.cornerRadius = cornerRadius
    }

    public func flexGrow(_ value: Float) -> Image { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> Image { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> Image { with { $0.flex.alignSelf = value } }
}

extension Image: ViewComponent {}

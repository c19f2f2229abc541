#if canImport(MWDATCore)
import Foundation
import MWDATDisplay
import WearablesDisplayModel
import WearablesModel
#if canImport(UIKit)
import UIKit
#endif

/// A checked display tree rebuilt as DAT's components. Every `Button.onClick` and every
/// tappable `FlexBox.onTap` calls `onTap` with its component's id (explicit, or its path:
/// `DisplayTree.ids`, in the pre-order this walk takes too).
struct MetaDisplayView {
    private let ids: [String]
    private let onTap: @Sendable (String) -> Void
    private var next = 0

    /// The tree's root as DAT's root: a `FlexBox` or a `VideoPlayer`.
    static func build(_ tree: DisplayTree, onTap: @escaping @Sendable (String) -> Void) throws(WearablesDisplayModel.DisplayError)
        -> any MWDATDisplay.DisplayableView
    {
        var builder = MetaDisplayView(ids: tree.ids, onTap: onTap)
        if case .videoPlayer(let video) = tree.root.component {
            return MWDATDisplay.VideoPlayer(provider: .uri(video.url), codec: .init(video.codec))
        }
        guard case .flexBox(let box) = tree.root.component else {
            throw .displayError("a display's root is a flexbox or a video; the tree's check lets no other through")
        }
        let id = builder.takeID()
        return try builder.flexBox(box, id: id, modifiers: tree.root)
    }

    private init(ids: [String], onTap: @escaping @Sendable (String) -> Void) {
        self.ids = ids
        self.onTap = onTap
    }

    private mutating func takeID() -> String {
        defer { next += 1 }
        return next < ids.count ? ids[next] : "root"
    }

    private mutating func component(_ node: DisplayNode) throws(WearablesDisplayModel.DisplayError) -> any MWDATDisplay.ViewComponent {
        let id = takeID()
        let grow = Float(node.flexGrow)
        let shrink = Float(node.flexShrink)
        switch node.component {
        case .flexBox(let box):
            return try flexBox(box, id: id, modifiers: node)
        case .text(let text):
            let built = MWDATDisplay.Text(text.content, style: .init(text.style), color: .init(text.color)).flexGrow(grow).flexShrink(shrink)
            return node.alignSelf.map { built.alignSelf(.init($0)) } ?? built
        case .button:
            return try button(node, id: id)
        case .buttonGroup(let group):
            var buttons: [MWDATDisplay.Button] = []
            for child in group.buttons { buttons.append(try button(child, id: takeID())) }
            let built = MWDATDisplay.ButtonGroup(alignment: .init(group.alignment)) {
                for button in buttons { button }
            }.flexGrow(grow).flexShrink(shrink)
            return node.alignSelf.map { built.alignSelf(.init($0)) } ?? built
        case .image(let image):
            let built = try Self.image(image).flexGrow(grow).flexShrink(shrink)
            return node.alignSelf.map { built.alignSelf(.init($0)) } ?? built
        case .icon(let icon):
            let built = MWDATDisplay.Icon(name: .init(icon.name), style: .init(icon.style)).flexGrow(grow).flexShrink(shrink)
            return node.alignSelf.map { built.alignSelf(.init($0)) } ?? built
        case .videoPlayer:
            throw .displayError("a video can only be the root; the tree's check lets no nested one through")
        }
    }

    private mutating func flexBox(_ box: WearablesDisplayModel.FlexBox, id: String, modifiers node: DisplayNode)
        throws(WearablesDisplayModel.DisplayError) -> MWDATDisplay.FlexBox
    {
        var children: [any MWDATDisplay.ViewComponent] = []
        for child in box.children { children.append(try component(child)) }
        let padding = box.padding == .zero ? nil : MWDATDisplay.EdgeInsets(
            top: CGFloat(box.padding.top), bottom: CGFloat(box.padding.bottom), leading: CGFloat(box.padding.leading),
            trailing: CGFloat(box.padding.trailing))
        var built = MWDATDisplay.FlexBox(
            direction: .init(box.direction), spacing: CGFloat(box.spacing), alignment: .init(box.alignment),
            crossAlignment: .init(box.crossAlignment), wrap: box.wrap, padding: padding
        ) {
            for child in children { child }
        }
        .background(.init(box.background)).flexGrow(Float(node.flexGrow)).flexShrink(Float(node.flexShrink))
        if let alignSelf = node.alignSelf { built = built.alignSelf(.init(alignSelf)) }
        if box.tappable {
            let onTap = onTap
            built = built.onTap { onTap(id) }
        }
        return built
    }

    private func button(_ node: DisplayNode, id: String) throws(WearablesDisplayModel.DisplayError) -> MWDATDisplay.Button {
        guard case .button(let button) = node.component else {
            throw .displayError("a button group holds only buttons; the tree's check lets no other through")
        }
        let onTap = onTap
        var built = MWDATDisplay.Button(
            label: button.label, style: .init(button.style), iconName: button.iconName.map(MWDATDisplay.IconName.init),
            onClick: { onTap(id) }
        ).flexGrow(Float(node.flexGrow)).flexShrink(Float(node.flexShrink))
        if let alignSelf = node.alignSelf { built = built.alignSelf(.init(alignSelf)) }
        if button.actionRole == .primary { built = built.actionRole(.primary) }
        return built
    }

    private static func image(_ image: WearablesDisplayModel.Image) throws(WearablesDisplayModel.DisplayError) -> MWDATDisplay.Image {
        switch image.source {
        case .uri(let uri):
            return MWDATDisplay.Image(uri: uri, sizePreset: .init(image.sizePreset), cornerRadius: .init(image.cornerRadius))
        case .pixels(let pixels):
            #if canImport(UIKit)
            guard let picture = UIImage(rgb: pixels) else { throw .displayError("the image's pixels could not be made a UIImage") }
            return MWDATDisplay.Image(image: picture, sizePreset: .init(image.sizePreset), cornerRadius: .init(image.cornerRadius))
            #else
            throw .displayError("an image from pixels needs UIKit (DAT's Image(image: UIImage)); on this platform send an https uri")
            #endif
        }
    }
}

#if canImport(UIKit)
extension UIImage {
    /// Packed 8-bit RGB as a UIImage, through a CGImage over a copy of the bytes.
    convenience init?(rgb image: RGBImage) {
        guard image.isWellFormed, let provider = CGDataProvider(data: Data(image.pixels) as CFData),
            let cgImage = CGImage(
                width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 24, bytesPerRow: image.width * 3,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { return nil }
        self.init(cgImage: cgImage)
    }
}
#endif
#endif

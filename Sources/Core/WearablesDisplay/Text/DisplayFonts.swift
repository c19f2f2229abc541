#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// DejaVu Sans, regular and bold, as the display's fonts: the layout measures with them
/// (`LeafMeasuring`) and the renderer draws with them. DejaVu Sans because it is what a
/// Debian machine has (fonts-dejavu-core) and what the dashboard's CSS names, so the
/// browser can use the same metrics; DAT's own typeface is not public.
public final class DisplayFonts: LeafMeasuring, Sendable {
    /// Debian's fonts-dejavu-core.
    public static let defaultDirectory = "/usr/share/fonts/truetype/dejavu"

    let regular: FontFace
    let bold: FontFace

    public init(directory: String = defaultDirectory) throws(DisplayFontError) {
        func open(_ file: String) throws(DisplayFontError) -> FontFace {
            let path = directory + "/" + file
            guard FileManager.default.fileExists(atPath: path) else {
                throw DisplayFontError(message: "no font at \(path) (Debian: apt-get install fonts-dejavu-core)")
            }
            return try FontFace(path: path)
        }
        regular = try open("DejaVuSans.ttf")
        bold = try open("DejaVuSans-Bold.ttf")
    }

    func face(_ style: TextStyle) -> FontFace { DisplayMetrics.isBold(style) ? bold : regular }

    /// A text's words (split at white space, as CSS collapses it) and their widths.
    func words(_ content: String, style: TextStyle) -> (words: [Substring], widths: [Double], space: Double) {
        let size = DisplayMetrics.fontSize(style), face = face(style)
        let words = content.split(whereSeparator: \.isWhitespace)
        return (words, words.map { face.width(of: $0, size: size) }, face.width(of: " ", size: size))
    }

    public func measure(_ component: Component) -> LeafMeasure {
        switch component {
        case .text(let text):
            let (_, widths, space) = words(text.content, style: text.style)
            return .words(widths: widths, space: space, lineHeight: Double(DisplayMetrics.fontSize(text.style)) * DisplayMetrics.lineHeight)
        case .button(let button):
            let style = DisplayMetrics.buttonLabelStyle
            let label = face(style).width(of: Substring(button.label), size: DisplayMetrics.fontSize(style))
            let icon = button.iconName == nil ? 0 : DisplayMetrics.buttonIconSize + DisplayMetrics.buttonIconGap
            return .button(width: DisplayMetrics.buttonPadding * 2 + icon + label, height: DisplayMetrics.buttonHeight)
        case .icon:
            return .fixed(width: DisplayMetrics.iconSize, height: DisplayMetrics.iconSize)
        case .image(let image):
            switch (image.sizePreset, image.source) {
            case (.icon, _):
                return .fixed(width: DisplayMetrics.imageIconSize, height: DisplayMetrics.imageIconSize)
            case (.fill, .pixels(let pixels)):
                return .aspect(naturalWidth: Double(pixels.width), heightPerWidth: Double(pixels.height) / Double(pixels.width))
            case (.fill, .uri):
                return .aspect(naturalWidth: DisplayMetrics.viewport.width, heightPerWidth: DisplayMetrics.unknownImageHeightPerWidth)
            }
        case .flexBox, .buttonGroup, .videoPlayer:
            // Containers and the video are laid out by DisplayLayout, never measured as leaves.
            return .fixed(width: 0, height: 0)
        }
    }
}

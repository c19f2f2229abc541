#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// Draws a laid-out tree as the lens shows it: the viewport's pixels, parents under their
/// children, with the fonts the layout measured with (so text lands where it was measured).
/// A URI image shows what `images` returns for it (the simulator has no network), or a
/// placeholder panel.
public struct DisplayRenderer: Sendable {
    public let fonts: DisplayFonts
    public let images: @Sendable (String) -> RGBImage?

    public init(fonts: DisplayFonts, images: @escaping @Sendable (String) -> RGBImage? = { _ in nil }) {
        self.fonts = fonts
        self.images = images
    }

    /// The viewport's pixels (`layout.viewport`, content past it cut off).
    public func render(_ tree: DisplayTree, _ layout: DisplayLayout) -> RGBImage {
        let viewport = layout.viewport
        var canvas = DisplayCanvas(width: Int(viewport.width), height: Int(viewport.height), background: DisplayPalette.background)
        var index = 0
        tree.forEachNode { node, _ in
            let frame = layout.boxes[index].frame
            index += 1
            // Content scrolled out of view costs nothing. Only rows are culled: a word wider
            // than its text's box may still reach into view sideways.
            guard frame.maxY > viewport.y, frame.y < viewport.maxY else { return }
            draw(node.component, in: DisplayRect(x: frame.x - viewport.x, y: frame.y - viewport.y, width: frame.width, height: frame.height),
                 on: &canvas)
        }
        return canvas.image
    }

    /// `render` as PNG bytes (libpng through CImageCodecs).
    public func png(_ tree: DisplayTree, _ layout: DisplayLayout) throws -> Data {
        try ImageCodecs.encode(render(tree, layout), as: .png)
    }

    private func draw(_ component: Component, in frame: DisplayRect, on canvas: inout DisplayCanvas) {
        switch component {
        case .flexBox(let box):
            if box.background == .card {
                canvas.fill(frame, radius: DisplayMetrics.cardCornerRadius, color: DisplayPalette.card)
            }
        case .buttonGroup:
            break
        case .text(let text):
            drawText(text.content, style: text.style, color: DisplayPalette.text(text.color), in: frame, on: &canvas)
        case .button(let button):
            drawButton(button, in: frame, on: &canvas)
        case .icon(let icon):
            drawIcon(IconGlyphs.drawing(icon.name, icon.style), in: frame, color: DisplayPalette.text(.primary), on: &canvas)
        case .image(let image):
            let radius = DisplayMetrics.cornerRadius(image.cornerRadius)
            let pixels: RGBImage?
            switch image.source {
            case .pixels(let own): pixels = own
            case .uri(let uri): pixels = images(uri)
            }
            if let pixels {
                canvas.draw(pixels, in: frame, radius: radius)
            } else {
                canvas.fill(frame, radius: radius, color: DisplayPalette.placeholder)
            }
        case .videoPlayer:
            canvas.fill(frame, radius: 0, color: DisplayPalette.video)
            let play = min(frame.width, frame.height) / 6
            drawIcon(.glyph("\u{25B6}"), in: DisplayRect(x: frame.x + (frame.width - play) / 2, y: frame.y + (frame.height - play) / 2,
                                                      width: play, height: play),
                     color: DisplayPalette.text(.secondary), on: &canvas)
        }
    }

    /// Lines broken exactly as the layout measured them (GreedyLines), each baseline placed as
    /// CSS does: half the leading above the font's ascent.
    private func drawText(_ content: String, style: TextStyle, color: DisplayColor, in frame: DisplayRect, on canvas: inout DisplayCanvas) {
        let (words, widths, space) = fonts.words(content, style: style)
        let face = fonts.face(style), size = DisplayMetrics.fontSize(style)
        let lineHeight = Double(size) * DisplayMetrics.lineHeight
        for (number, line) in GreedyLines.breaks(widths, gap: space, width: frame.width).enumerated() {
            let baseline = frame.y + Double(number) * lineHeight + baselineOffset(face, size: size, lineHeight: lineHeight)
            var x = frame.x
            for index in line {
                face.draw(words[index], size: size, x: x, baseline: baseline, color: color, on: &canvas)
                x += widths[index] + space
            }
        }
    }

    private func baselineOffset(_ face: FontFace, size: Int, lineHeight: Double) -> Double {
        let scale = Double(size) / face.unitsPerEm
        return (lineHeight - (face.ascender - face.descender) * scale) / 2 + face.ascender * scale
    }

    /// A pill, its icon and label centred in it together.
    private func drawButton(_ button: Button, in frame: DisplayRect, on canvas: inout DisplayCanvas) {
        let (fill, stroke) = DisplayPalette.button(button.style)
        canvas.fill(frame, radius: frame.height / 2, color: fill, stroke: stroke)
        let style = DisplayMetrics.buttonLabelStyle
        let face = fonts.face(style), size = DisplayMetrics.fontSize(style)
        let label = face.width(of: Substring(button.label), size: size)
        let icon = button.iconName == nil ? 0 : DisplayMetrics.buttonIconSize + DisplayMetrics.buttonIconGap
        var x = frame.x + (frame.width - icon - label) / 2
        let white = DisplayPalette.text(.primary)
        if let name = button.iconName {
            let side = DisplayMetrics.buttonIconSize
            drawIcon(IconGlyphs.drawing(name, .filled), in: DisplayRect(x: x, y: frame.y + (frame.height - side) / 2, width: side, height: side),
                     color: white, on: &canvas)
            x += icon
        }
        let lineHeight = Double(size) * DisplayMetrics.lineHeight
        let baseline = frame.y + (frame.height - lineHeight) / 2 + baselineOffset(face, size: size, lineHeight: lineHeight)
        face.draw(Substring(button.label), size: size, x: x, baseline: baseline, color: white, on: &canvas)
    }

    /// A glyph centred in its square at 80% of its side, or a letter in a ring.
    private func drawIcon(_ drawing: IconGlyphs.Drawing, in frame: DisplayRect, color: DisplayColor, on canvas: inout DisplayCanvas) {
        let side = min(frame.width, frame.height)
        let text: String, face: FontFace, size: Int
        switch drawing {
        case .glyph(let scalar):
            (text, face, size) = (String(Character(scalar)), fonts.regular, max(1, Int((side * 0.8).rounded())))
        case .letterInRing(let letter):
            canvas.fill(frame, radius: side / 2, color: color, stroke: max(1, side / 16))
            (text, face, size) = (String(letter), fonts.bold, max(1, Int((side * 0.5).rounded())))
        }
        let width = face.width(of: Substring(text), size: size)
        let scale = Double(size) / face.unitsPerEm
        let baseline = frame.y + (frame.height - (face.ascender - face.descender) * scale) / 2 + face.ascender * scale
        face.draw(Substring(text), size: size, x: frame.x + (frame.width - width) / 2, baseline: baseline, color: color, on: &canvas)
    }
}

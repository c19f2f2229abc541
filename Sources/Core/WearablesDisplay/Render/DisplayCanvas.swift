import WearablesCore

/// An sRGB colour, 8 bits a channel.
public struct DisplayColor: Sendable, Equatable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// Packed RGB pixels with the few shapes the display draws: rounded rectangles filled or
/// stroked, and images, each edge anti-aliased by coverage from a signed distance, so
/// fractional layout edges and corner radii come out smooth without a graphics library.
struct DisplayCanvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, background: DisplayColor) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: background.red, count: width * height * 3)
        if background.green != background.red || background.blue != background.red {
            for index in stride(from: 0, to: pixels.count, by: 3) {
                pixels[index + 1] = background.green
                pixels[index + 2] = background.blue
            }
        }
    }

    var image: RGBImage { RGBImage(width: width, height: height, pixels: pixels) }

    /// Fills `rect` with rounded corners; with `stroke`, only a band that wide inside the edge.
    mutating func fill(_ rect: DisplayRect, radius: Double, color: DisplayColor, stroke: Double? = nil) {
        Self.forEachCoverage(of: rect, radius: radius, stroke: stroke, width: width, height: height) { index, coverage, _, _ in
            blend(index, color, coverage)
        }
    }

    /// Draws `image` scaled into `rect` (bilinear), its corners rounded by `radius`.
    mutating func draw(_ image: RGBImage, in rect: DisplayRect, radius: Double) {
        guard image.isWellFormed, rect.width > 0, rect.height > 0 else { return }
        let scaleX = Double(image.width) / rect.width, scaleY = Double(image.height) / rect.height
        image.pixels.withUnsafeBufferPointer { source in
            Self.forEachCoverage(of: rect, radius: radius, stroke: nil, width: width, height: height) { index, coverage, x, y in
                let u = min(max((x - rect.x) * scaleX - 0.5, 0), Double(image.width - 1))
                let v = min(max((y - rect.y) * scaleY - 0.5, 0), Double(image.height - 1))
                let x0 = Int(u), y0 = Int(v), x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
                let fx = u - Double(x0), fy = v - Double(y0)
                func sample(_ channel: Int) -> UInt8 {
                    func at(_ px: Int, _ py: Int) -> Double { Double(source[(py * image.width + px) * 3 + channel]) }
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    return UInt8(min(255, max(0, (top * (1 - fy) + bottom * fy).rounded())))
                }
                blend(index, DisplayColor(sample(0), sample(1), sample(2)), coverage)
            }
        }
    }

    /// Calls `body` for every pixel the rounded rectangle covers, with the pixel's index, its
    /// coverage (0...1, from the signed distance of its centre to the edge) and its centre.
    private static func forEachCoverage(
        of rect: DisplayRect, radius: Double, stroke: Double?, width: Int, height: Int, _ body: (Int, Double, Double, Double) -> Void
    ) {
        let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
        let x0 = max(0, Int(rect.x.rounded(.down))), x1 = min(width, Int(rect.maxX.rounded(.up)))
        let y0 = max(0, Int(rect.y.rounded(.down))), y1 = min(height, Int(rect.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let centreX = rect.x + rect.width / 2, centreY = rect.y + rect.height / 2
        let halfWidth = rect.width / 2 - radius, halfHeight = rect.height / 2 - radius
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            let dy = abs(py - centreY) - halfHeight
            for x in x0..<x1 {
                let px = Double(x) + 0.5
                let dx = abs(px - centreX) - halfWidth
                // Distance from the rounded rectangle's edge, negative inside; the square root
                // only in the corners.
                let distance = dx > 0 && dy > 0 ? (dx * dx + dy * dy).squareRoot() - radius : max(dx, dy) - radius
                var coverage = min(1, max(0, 0.5 - distance))
                if let stroke { coverage -= min(1, max(0, 0.5 - (distance + stroke))) }
                if coverage > 0 { body((y * width + x) * 3, coverage, px, py) }
            }
        }
    }

    /// Mixes `color` over the pixel at `index` by `coverage`, in 8-bit fixed point.
    private mutating func blend(_ index: Int, _ color: DisplayColor, _ coverage: Double) {
        let alpha = Int(coverage * 255 + 0.5)
        if alpha >= 255 {
            pixels[index] = color.red
            pixels[index + 1] = color.green
            pixels[index + 2] = color.blue
            return
        }
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 { UInt8((Int(old) * (255 - alpha) + Int(new) * alpha + 127) / 255) }
        pixels[index] = mix(pixels[index], color.red)
        pixels[index + 1] = mix(pixels[index + 1], color.green)
        pixels[index + 2] = mix(pixels[index + 2], color.blue)
    }
}

/// Packed 8-bit RGB pixels, row-major, no padding.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A uniformly filled image.
    public init(width: Int, height: Int, gray: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: gray, count: width * height * 3))
    }

    public var size: VideoSize { VideoSize(width: width, height: height) }

    /// Whether the pixel buffer holds exactly `width × height` RGB pixels.
    public var isWellFormed: Bool {
        guard width > 0, height > 0 else { return false }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && area <= Int.max / 3 && pixels.count == area * 3
    }

    /// Nearest-neighbour resize: camera feeds fit stills and video to the stream size with it.
    public func resized(to size: VideoSize) -> RGBImage {
        guard size.width != width || size.height != height, isWellFormed, size.width > 0, size.height > 0 else { return self }
        var out = [UInt8](repeating: 0, count: size.pixelCount * 3)
        for y in 0..<size.height {
            let sy = y * height / size.height
            for x in 0..<size.width {
                let sx = x * width / size.width
                let s = (sy * width + sx) * 3, d = (y * size.width + x) * 3
                out[d] = pixels[s]; out[d + 1] = pixels[s + 1]; out[d + 2] = pixels[s + 2]
            }
        }
        return RGBImage(width: size.width, height: size.height, pixels: out)
    }

    /// One 8-bit grey value per pixel (BT.601 weights in 8.8 fixed point), for
    /// readers that need every pixel (codes); empty for a malformed image.
    public func greyPixels() -> [UInt8] {
        guard isWellFormed else { return [] }
        var grey = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { rgb in
            for i in 0..<grey.count {
                let r = UInt32(rgb[i * 3]), g = UInt32(rgb[i * 3 + 1]), b = UInt32(rgb[i * 3 + 2])
                grey[i] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
            }
        }
        return grey
    }

    /// The downsampled luma plane of this image (BT.601 weights, box filter).
    public func lumaPlane() -> LumaPlane {
        guard isWellFormed else { return LumaPlane.sampling { _, _ in 0 } }
        return LumaPlane.sampling(width: LumaPlane.width, height: LumaPlane.height) { u, v in
            let x = min(width - 1, Int(u * Double(width)))
            let y = min(height - 1, Int(v * Double(height)))
            let i = (y * width + x) * 3
            return (0.299 * Double(pixels[i]) + 0.587 * Double(pixels[i + 1]) + 0.114 * Double(pixels[i + 2])) / 255
        }
    }
}

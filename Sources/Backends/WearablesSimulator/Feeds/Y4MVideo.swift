#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// A camera that plays a YUV4MPEG2 (.y4m, 4:2:0, 8-bit) file in a loop at the file's frame rate.
/// Frame headers must be a bare `FRAME` line, as ffmpeg writes them.
final class Y4MVideo: FrameSource {
    let width: Int
    let height: Int
    let frameRate: Double
    let frameCount: Int
    private let file: RawFile
    private let firstFrameOffset: UInt64
    private let frameStride: Int
    private var planeCache: [Int: LumaPlane] = [:]

    init(path: String) throws {
        guard let file = RawFile.reading(path) else {
            throw ImageCodecError(message: "cannot open camera feed \(path)")
        }
        let head = file.read(count: 512, at: 0)
        guard let newline = head.firstIndex(of: 0x0A), head.starts(with: Array("YUV4MPEG2".utf8)) else {
            throw ImageCodecError(message: "\(path) is not a YUV4MPEG2 file")
        }
        let header = String(decoding: head[..<newline], as: UTF8.self)
        var w = 0, h = 0, rate = 30.0
        for field in header.split(separator: " ").dropFirst() {
            let value = field.dropFirst()
            switch field.first {
            case "W": w = Int(value) ?? 0
            case "H": h = Int(value) ?? 0
            case "F":
                let parts = value.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[1] > 0, parts[0] > 0 { rate = min(1000, parts[0] / parts[1]) }
            case "C":
                guard value.hasPrefix("420") else {
                    throw ImageCodecError(message: "\(path): colour space C\(value) is not supported; use 4:2:0 (C420jpeg)")
                }
            default: break
            }
        }
        guard w > 0, h > 0, w <= 8192, h <= 8192 else { throw ImageCodecError(message: "\(path): invalid frame size \(w)x\(h)") }
        let frameHeader = 6  // "FRAME\n"
        let stride = frameHeader + w * h + 2 * ((w + 1) / 2) * ((h + 1) / 2)
        let size = file.size
        let offset = UInt64(newline - head.startIndex + 1)
        let count = size > offset ? Int((size - offset) / UInt64(stride)) : 0
        guard count > 0 else { throw ImageCodecError(message: "\(path) has no complete frames") }
        self.file = file
        width = w
        height = h
        frameRate = rate
        frameCount = count
        firstFrameOffset = offset
        frameStride = stride
    }

    func lumaPlane(at time: Double) -> LumaPlane {
        let index = frameIndex(at: time)
        if let cached = planeCache[index] { return cached }
        let y = readPlanes(index).y
        let plane = LumaPlane.sampling { u, v in
            let x = min(self.width - 1, Int(u * Double(self.width))), row = min(self.height - 1, Int(v * Double(self.height)))
            return Double(y[row * self.width + x]) / 255
        }
        if planeCache.count > 256 { planeCache.removeAll() }
        planeCache[index] = plane
        return plane
    }

    func image(at time: Double, size: VideoSize) -> RGBImage {
        let (y, u, v) = readPlanes(frameIndex(at: time))
        let cw = (width + 1) / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for col in 0..<width {
                let luma = Double(y[row * width + col])
                let c = (row / 2) * cw + col / 2
                let cb = Double(u[c]) - 128, cr = Double(v[c]) - 128
                let i = (row * width + col) * 3
                pixels[i] = clamp(luma + 1.402 * cr)
                pixels[i + 1] = clamp(luma - 0.344136 * cb - 0.714136 * cr)
                pixels[i + 2] = clamp(luma + 1.772 * cb)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels).resized(to: size)
    }

    private func frameIndex(at time: Double) -> Int {
        Int(min(max(0, time) * frameRate, Double(Int32.max))) % frameCount
    }

    private func readPlanes(_ index: Int) -> (y: [UInt8], u: [UInt8], v: [UInt8]) {
        let lumaCount = width * height, chromaCount = ((width + 1) / 2) * ((height + 1) / 2)
        let start = firstFrameOffset + UInt64(index * frameStride + 6)
        let bytes = file.read(count: lumaCount + 2 * chromaCount, at: start)
        guard bytes.count == lumaCount + 2 * chromaCount else {
            return ([UInt8](repeating: 0, count: lumaCount), [UInt8](repeating: 128, count: chromaCount),
                    [UInt8](repeating: 128, count: chromaCount))
        }
        return (Array(bytes[0..<lumaCount]), Array(bytes[lumaCount..<(lumaCount + chromaCount)]),
                Array(bytes[(lumaCount + chromaCount)...]))
    }

    private func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
}

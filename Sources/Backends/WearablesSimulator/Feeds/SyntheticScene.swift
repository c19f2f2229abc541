#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WearablesCore

/// A procedural camera picture: a smooth function of position and time, so luma
/// statistics sample it directly on the small plane and full frames render only on demand.
/// All randomness is a hash of the seed, so content never depends on who looked when.
final class SyntheticScene: FrameSource {
    /// Frames per second at which `noise` changes.
    static let noiseRate = 30.0
    /// Scene cuts of the `moving` pattern happen every 4-12 s.
    static let cutSpacing = 4.0...12.0

    let pattern: CameraFeed.Pattern
    let seed: UInt64
    private var cutTimes: [Double] = [0]

    init(pattern: CameraFeed.Pattern, seed: UInt64) {
        self.pattern = pattern
        self.seed = seed
    }

    func lumaPlane(at time: Double) -> LumaPlane {
        var samples = [Float]()
        samples.reserveCapacity(LumaPlane.width * LumaPlane.height)
        render(at: time, width: LumaPlane.width, height: LumaPlane.height) { luma, _ in samples.append(Float(luma)) }
        return LumaPlane(samples: samples)
    }

    func image(at time: Double, size: VideoSize) -> RGBImage {
        let tint = parameters(at: time).tint
        var pixels = [UInt8]()
        pixels.reserveCapacity(max(0, size.pixelCount * 3))
        render(at: time, width: size.width, height: size.height) { luma, _ in
            pixels.append(channel(luma * tint.r))
            pixels.append(channel(luma * tint.g))
            pixels.append(channel(luma * tint.b))
        }
        return RGBImage(width: size.width, height: size.height, pixels: pixels)
    }

    private struct Scene {
        var brightness: Double
        var frequencyU: Double
        var frequencyV: Double
        var speed: Double
        var tint: (r: Double, g: Double, b: Double)
    }

    /// Calls `emit(luma, pixelIndex)` for each pixel of a `width`x`height` grid in row order.
    /// The picture is a wave times a wave plus a drifting blob, all separable in u and v,
    /// so the trigonometry runs once per row and column rather than once per pixel.
    private func render(at time: Double, width: Int, height: Int, _ emit: (Double, Int) -> Void) {
        guard width > 0, height > 0 else { return }
        if pattern == .noise {
            let frame = UInt64(max(0, time * Self.noiseRate))
            for i in 0..<(width * height) {
                emit(SeededRandom.unit(seed ^ (frame &* 0x1_0000_0001) ^ (UInt64(i) &* 0x9E37_79B9)), i)
            }
            return
        }
        let scene = parameters(at: time)
        let t = pattern == .static ? 0 : time
        let blobX = 0.5 + 0.35 * sin(t * scene.speed * 2), blobY = 0.5 + 0.35 * cos(t * scene.speed * 1.3)
        var waveU = [Double](), blobU = [Double]()
        for x in 0..<width {
            let u = (Double(x) + 0.5) / Double(width)
            waveU.append(sin(2 * .pi * (u * scene.frequencyU + t * scene.speed)))
            blobU.append(exp(-(u - blobX) * (u - blobX) * 18))
        }
        var index = 0
        for y in 0..<height {
            let v = (Double(y) + 0.5) / Double(height)
            let waveV = 0.18 * cos(2 * .pi * (v * scene.frequencyV - t * scene.speed * 0.6))
            let blobV = 0.3 * exp(-(v - blobY) * (v - blobY) * 18)
            for x in 0..<width {
                emit(min(1, max(0, scene.brightness + waveU[x] * waveV + blobU[x] * blobV)), index)
                index += 1
            }
        }
    }

    private func parameters(at time: Double) -> Scene {
        let segment = pattern == .moving ? segmentIndex(at: time) : 0
        func draw(_ salt: UInt64) -> Double { SeededRandom.unit(seed &+ UInt64(segment) &* 0x9E37_79B9 &+ salt) }
        return Scene(brightness: 0.25 + 0.35 * draw(1), frequencyU: 1 + 3 * draw(2), frequencyV: 1 + 4 * draw(3),
                     speed: 0.05 + 0.2 * draw(4), tint: (0.8 + 0.4 * draw(5), 0.8 + 0.4 * draw(6), 0.8 + 0.4 * draw(7)))
    }

    private func segmentIndex(at time: Double) -> Int {
        while let last = cutTimes.last, last <= time {
            let k = UInt64(cutTimes.count)
            let gap = Self.cutSpacing.lowerBound
                + (Self.cutSpacing.upperBound - Self.cutSpacing.lowerBound) * SeededRandom.unit(seed ^ (k &* 0xC2B2_AE35))
            cutTimes.append(last + gap)
        }
        return max(0, (cutTimes.lastIndex { $0 <= time } ?? 0))
    }

    private func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value * 255))) }
}

import Foundation
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
        let scene = parameters(at: time)
        let frame = UInt64(max(0, time * Self.noiseRate))
        return LumaPlane.sampling { u, v in
            self.luma(u: u, v: v, time: time, scene: scene, noiseKey: frame, cell: u * 1000 + v)
        }
    }

    func image(at time: Double, size: VideoSize) -> RGBImage {
        let scene = parameters(at: time)
        let frame = UInt64(max(0, time * Self.noiseRate))
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 3)
        for y in 0..<size.height {
            let v = (Double(y) + 0.5) / Double(size.height)
            for x in 0..<size.width {
                let u = (Double(x) + 0.5) / Double(size.width)
                let l = luma(u: u, v: v, time: time, scene: scene, noiseKey: frame, cell: Double(y * size.width + x))
                let i = (y * size.width + x) * 3
                pixels[i] = channel(l * scene.tint.r)
                pixels[i + 1] = channel(l * scene.tint.g)
                pixels[i + 2] = channel(l * scene.tint.b)
            }
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

    private func luma(u: Double, v: Double, time: Double, scene: Scene, noiseKey: UInt64, cell: Double) -> Double {
        switch pattern {
        case .noise:
            return SeededRandom.unit(seed ^ (noiseKey &* 0x1_0000_0001) ^ UInt64(cell * 7919))
        case .static, .moving:
            let t = pattern == .static ? 0 : time
            let wave = sin(2 * .pi * (u * scene.frequencyU + t * scene.speed)) * cos(2 * .pi * (v * scene.frequencyV - t * scene.speed * 0.6))
            let blobX = 0.5 + 0.35 * sin(t * scene.speed * 2), blobY = 0.5 + 0.35 * cos(t * scene.speed * 1.3)
            let blob = exp(-((u - blobX) * (u - blobX) + (v - blobY) * (v - blobY)) * 18)
            return scene.brightness + 0.18 * wave + 0.3 * blob
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

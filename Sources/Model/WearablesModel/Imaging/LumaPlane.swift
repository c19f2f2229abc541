/// A small grey-scale thumbnail of a frame (36x64, 9:16) that all luma statistics use.
/// Comparing 2,304 samples instead of 230,400 pixels is what lets a script diff every
/// frame of a 30 fps stream while the simulation runs hundreds of times real time.
public struct LumaPlane: Sendable, Equatable {
    public static let width = 36
    public static let height = 64

    /// Luma samples in 0...1, row-major.
    public let samples: [Float]

    public init(samples: [Float]) { self.samples = samples }

    /// Builds a plane by sampling `luma(u, v)` at each cell centre (u, v in 0..<1).
    public static func sampling(width: Int = LumaPlane.width, height: Int = LumaPlane.height,
                                _ luma: (Double, Double) -> Double) -> LumaPlane {
        var samples = [Float]()
        samples.reserveCapacity(width * height)
        for y in 0..<height {
            let v = (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                samples.append(Float(min(1, max(0, luma((Double(x) + 0.5) / Double(width), v)))))
            }
        }
        return LumaPlane(samples: samples)
    }

    /// Mean brightness, 0 (black) to 1 (white).
    public var mean: Double { area.mean }

    /// Mean absolute difference to `other`, 0 (identical) to 1.
    public func meanAbsoluteDifference(to other: LumaPlane) -> Double { area.meanAbsoluteDifference(to: other.area) }

    /// Mean absolute Laplacian: near 0 for flat or blurred frames, larger for crisp edges.
    public var sharpness: Double { area.sharpness }
}

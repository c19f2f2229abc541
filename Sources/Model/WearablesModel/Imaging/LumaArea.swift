/// A rectangle of a frame's luma thumbnail (`frame:region`): the statistics a
/// whole frame offers, over the part of the picture a trigger cares about.
/// Cut from the 36x64 plane the frame already has, so a region costs a copy of
/// a few hundred floats, never a render.
public struct LumaArea: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Luma samples in 0...1, row-major.
    public let samples: [Float]

    /// Callers pass `width * height` samples (see ``LumaPlane/area(x:y:width:height:)``).
    init(width: Int, height: Int, samples: [Float]) {
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// Mean brightness, 0 (black) to 1 (white).
    public var mean: Double {
        guard !samples.isEmpty else { return 0 }
        return Double(samples.reduce(0, +)) / Double(samples.count)
    }

    /// Mean absolute difference to `other` (the same region of another frame), 0 to 1.
    public func meanAbsoluteDifference(to other: LumaArea) -> Double {
        let count = min(samples.count, other.samples.count)
        guard count > 0 else { return 0 }
        var total: Float = 0
        for i in 0..<count { total += abs(samples[i] - other.samples[i]) }
        return Double(total) / Double(count)
    }

    /// Mean absolute Laplacian over the inner samples; 0 for an area under 3x3.
    public var sharpness: Double {
        let w = width, h = height
        guard w >= 3, h >= 3 else { return 0 }
        var total: Float = 0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                total += abs(4 * samples[i] - samples[i - 1] - samples[i + 1] - samples[i - w] - samples[i + w])
            }
        }
        return Double(total) / Double((w - 2) * (h - 2))
    }
}

extension LumaPlane {
    /// The whole plane as an area (an empty one for a plane of the wrong size).
    public var area: LumaArea {
        guard isWellFormed else { return LumaArea(width: 0, height: 0, samples: []) }
        return LumaArea(width: LumaPlane.width, height: LumaPlane.height, samples: samples)
    }

    private var isWellFormed: Bool { samples.count == LumaPlane.width * LumaPlane.height }

    /// The cells of the rectangle at (`x`, `y`) of size `width` x `height`, all in
    /// 0...1 of the picture (origin top left): every cell whose centre lies inside,
    /// and at least the one cell nearest its centre, so a tiny region still has a value.
    public func area(x: Double, y: Double, width: Double, height: Double) -> LumaArea {
        guard isWellFormed else { return LumaArea(width: 0, height: 0, samples: []) }
        let columns = Self.cells(from: x, length: width, count: LumaPlane.width)
        let rows = Self.cells(from: y, length: height, count: LumaPlane.height)
        var cut = [Float]()
        cut.reserveCapacity(columns.count * rows.count)
        for row in rows {
            cut += samples[(row * LumaPlane.width + columns.lowerBound)..<(row * LumaPlane.width + columns.upperBound)]
        }
        return LumaArea(width: columns.count, height: rows.count, samples: cut)
    }

    /// Mean luma of each cell of a `columns` x `rows` grid over the picture, row
    /// by row from the top. At most the plane's own 36 x 64.
    public func grid(columns: Int, rows: Int) -> [[Double]] {
        (0..<rows).map { row in
            (0..<columns).map { column in
                area(x: Double(column) / Double(columns), y: Double(row) / Double(rows),
                     width: 1 / Double(columns), height: 1 / Double(rows)).mean
            }
        }
    }

    /// A 64-bit difference hash (dHash): on a 9 x 8 grid, whether each cell is
    /// brighter than its right neighbour. Near-identical pictures differ in a few
    /// bits whatever their exposure; unrelated ones in about half.
    public var differenceHash: UInt64 {
        let cells = grid(columns: 9, rows: 8)
        var hash: UInt64 = 0
        for row in cells {
            for column in 0..<8 {
                hash = hash << 1 | (row[column] > row[column + 1] ? 1 : 0)
            }
        }
        return hash
    }

    /// The cell indices whose centres lie in `start ..< start + length` (of 0...1),
    /// clamped to the plane; the one nearest the middle when none does.
    private static func cells(from start: Double, length: Double, count: Int) -> Range<Int> {
        let first = Int((start * Double(count) - 0.5).rounded(.up))
        let last = Int(((start + length) * Double(count) - 0.5).rounded(.up))
        let lower = max(0, min(count, first)), upper = max(0, min(count, last))
        if lower < upper { return lower..<upper }
        let middle = max(0, min(count - 1, Int((start + length / 2) * Double(count))))
        return middle..<(middle + 1)
    }
}

extension UInt64 {
    /// Bits that differ between two hashes (`frame:hash_distance`).
    public func hashDistance(to other: UInt64) -> Int { (self ^ other).nonzeroBitCount }
}

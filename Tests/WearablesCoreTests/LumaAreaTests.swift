import Testing

@testable import WearablesCore

/// Regions, grids and hashes of a frame's luma thumbnail (frame:region, frame:grid, frame:hash).
@Suite struct LumaAreaTests {
    /// Left half black, right half white; a bright square in the top-left quarter's middle.
    static let picture = LumaPlane.sampling { u, v in
        if u > 0.1, u < 0.4, v > 0.1, v < 0.4 { return 0.8 }
        return u < 0.5 ? 0 : 1
    }

    @Test func aRegionHasTheStatisticsOfItsPartOfThePicture() {
        let right = Self.picture.area(x: 0.5, y: 0, width: 0.5, height: 1)
        #expect(right.width == 18 && right.height == 64)
        #expect(right.mean == 1)
        #expect(right.sharpness == 0)
        let square = Self.picture.area(x: 0.15, y: 0.15, width: 0.2, height: 0.2)
        #expect(abs(square.mean - 0.8) < 1e-6)
        let edge = Self.picture.area(x: 0.4, y: 0.5, width: 0.2, height: 0.2)
        #expect(edge.sharpness > 0.1, "the black/white edge runs through it")
        #expect(Self.picture.area.mean == Self.picture.mean)
        #expect(Self.picture.area.sharpness == Self.picture.sharpness)
    }

    @Test func aTinyOrOutOfRangeRegionStillHasOneCell() {
        let tiny = Self.picture.area(x: 0.75, y: 0.5, width: 0.001, height: 0.001)
        #expect(tiny.width == 1 && tiny.height == 1 && tiny.mean == 1)
        let beyond = Self.picture.area(x: 1.5, y: -1, width: 0.2, height: 0.2)
        #expect(beyond.samples.count == 1)
        #expect(beyond.mean == 1, "clamped into the picture: its top-right corner, which is white")
    }

    @Test func theSameRegionOfTwoFramesDiffersOnlyWhereThePictureChanged() {
        let moved = LumaPlane.sampling { u, _ in u < 0.5 ? 0 : 1 }
        #expect(Self.picture.area(x: 0.5, y: 0, width: 0.5, height: 1)
            .meanAbsoluteDifference(to: moved.area(x: 0.5, y: 0, width: 0.5, height: 1)) == 0)
        #expect(Self.picture.area(x: 0, y: 0, width: 0.5, height: 0.5)
            .meanAbsoluteDifference(to: moved.area(x: 0, y: 0, width: 0.5, height: 0.5)) > 0.1)
    }

    @Test func aGridGivesTheMeanOfEachCellRowByRow() {
        let grid = Self.picture.grid(columns: 2, rows: 2)
        #expect(grid.count == 2 && grid.allSatisfy { $0.count == 2 })
        #expect(grid[0][1] == 1 && grid[1][1] == 1)
        #expect(grid[1][0] == 0)
        // The 0.3 x 0.3 square of 0.8 in a 0.5 x 0.5 cell of black: 0.8 * 0.09 / 0.25.
        #expect(abs(grid[0][0] - 0.288) < 0.04, "the bright square is in the top-left cell: \(grid[0][0])")
    }

    @Test func theHashIsStableUnderExposureAndFarForOtherPictures() {
        let brighter = LumaPlane(samples: Self.picture.samples.map { min(1, $0 * 0.9 + 0.05) })
        let mirrored = LumaPlane.sampling { u, v in
            if u < 0.9, u > 0.6, v > 0.1, v < 0.4 { return 0.8 }
            return u < 0.5 ? 1 : 0
        }
        let hash = Self.picture.differenceHash
        #expect(hash.hashDistance(to: brighter.differenceHash) == 0)
        #expect(hash.hashDistance(to: mirrored.differenceHash) >= 8)
        #expect(hash.hashDistance(to: hash) == 0)
    }
}

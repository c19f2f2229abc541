import LuaHost
import WearablesCore

/// `FrameRegion`: part of a frame (`frame:region(x, y, w, h)`), with the frame's
/// own statistics over that part. A trigger that watches a doorway or a poster
/// asks about its rectangle and not the whole picture. It holds the region's
/// samples, not the frame, so it stays valid after a `"frame"` callback returns.
final class ScriptFrameRegion {
    let area: LumaArea

    init(_ area: LumaArea) {
        self.area = area
    }

    static func luaClass() -> LuaClass<ScriptFrameRegion> {
        let other = LuaArgument.object("other", ScriptFrameRegion.self, className: "FrameRegion")
        return LuaClass(
            ScriptFrameRegion.self, name: "FrameRegion",
            doc: "Part of a frame (frame:region), with the frame's luma statistics over that part.",
            methods: [
                .method("luma", returns: [.number], doc: "Mean brightness of the region, 0..1.") { region, _ in .value(.number(region.area.mean)) },
                .method(
                    "diff", other, returns: [.number], doc: "Mean absolute luma difference to the same region of another frame, 0..1."
                ) { region, other, _ in
                    let (region, other) = (region.area, other.area)
                    guard region.width == other.width, region.height == other.height else {
                        throw LuaArgumentError(argument: 2, message: "a region of another size (\(other.width)x\(other.height) cells, not \(region.width)x\(region.height)): compare the same rectangle of two frames")
                    }
                    return .value(.number(region.meanAbsoluteDifference(to: other)))
                },
                .method("sharpness", returns: [.number], doc: "Edge energy of the region; higher is sharper (0 under 3x3 cells).") { region, _ in
                    .value(.number(region.area.sharpness))
                },
            ],
            fields: [
                LuaField(name: "cells", type: .integer, doc: "How many of the frame's 36x64 luma cells it covers.") {
                    .integer(Int64($0.area.samples.count))
                },
            ],
            describe: { "FrameRegion \($0.area.width)x\($0.area.height) cells" },
            memoryCost: { 64 + $0.area.samples.count * MemoryLayout<Float>.size })
    }

    /// `frame:region`, `frame:grid`, `frame:hash` and `frame:hash_distance`.
    static func frameMethods() -> [LuaMethod<ScriptFrame>] {
        let unit = 0.0...1.0
        return [
            .method(
                "region",
                parameters: [LuaParameter("x", .number, in: unit), LuaParameter("y", .number, in: unit),
                             LuaParameter("w", .number, in: unit), LuaParameter("h", .number, in: unit)],
                returns: [.named("FrameRegion")],
                doc: "The rectangle at (x, y) of size w x h, in 0..1 of the picture from the top left; at least one luma cell."
            ) { frame, call in
                let area = frame.frame.lumaPlane.area(x: try call.number(2), y: try call.number(3),
                                                      width: try call.number(4), height: try call.number(5))
                return .value(.object(ScriptFrameRegion(area)))
            },
            .method(
                "grid", .integer("cols", in: 1...Double(LumaPlane.width)), .integer("rows", in: 1...Double(LumaPlane.height)),
                returns: [.array(.array(.number))],
                doc: "Mean luma of each cell of a cols x rows grid, as rows from the top (grid[row][col]); at most 36 x 64."
            ) { frame, columns, rows, _ in
                let grid = frame.frame.lumaPlane.grid(columns: columns, rows: rows)
                return .value(.array(grid.map { .array($0.map { .number($0) }) }))
            },
            .method(
                "hash", returns: [.string],
                doc: "A perceptual hash (dHash, 16 hex digits): near-identical pictures differ in a few bits whatever their exposure."
            ) { frame, _ in
                .value(.string(hex(frame.frame.lumaPlane.differenceHash)))
            },
            .method(
                "hash_distance",
                parameters: [LuaParameter("other", .union([.named("Frame"), .string]))],
                returns: [.integer],
                doc: "Bits that differ between the hashes (0..64) of this frame and another frame or a hash kept from one."
            ) { frame, call in
                let hash = frame.frame.lumaPlane.differenceHash
                let other: UInt64
                if case .string(let text) = try call.value(2) {
                    guard text.utf8.count == 16, let parsed = UInt64(text, radix: 16) else {
                        throw LuaArgumentError(argument: 2, message: "'\(text)' is not a hash: pass a frame or what frame:hash() returned (16 hex digits)")
                    }
                    other = parsed
                } else {
                    other = try call.userdata(2, as: ScriptFrame.self).frame.lumaPlane.differenceHash
                }
                return .value(.integer(Int64(hash.hashDistance(to: other))))
            },
        ]
    }

    private static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

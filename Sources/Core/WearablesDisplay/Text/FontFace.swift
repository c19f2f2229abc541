#if canImport(CFontRaster)
import CFontRaster
import Locking

/// A font file opened with FreeType (CFontRaster): unhinted advances for measuring and
/// glyphs for drawing, from the same face, so layout and rendering agree to the subpixel.
/// FreeType faces are not thread-safe, so every call holds the face's lock; advances are
/// cached per code point.
final class FontFace: @unchecked Sendable {
    private let face: OpaquePointer
    private let lock = Locked<[UInt32: Int32]>([:])
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double

    init(path: String) throws(DisplayFontError) {
        var error = [CChar](repeating: 0, count: Int(CFR_ERROR_CAPACITY))
        var opened: OpaquePointer?
        guard cfr_face_open(path, &opened, &error) == 0, let opened else {
            throw DisplayFontError(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        face = opened
        var metrics = cfr_face_metrics()
        cfr_face_get_metrics(opened, &metrics)
        unitsPerEm = Double(metrics.units_per_em)
        ascender = Double(metrics.ascender)
        descender = Double(metrics.descender)
    }

    deinit { cfr_face_close(face) }

    /// The width of `text` at `size` pixels: the sum of its unhinted advances (no kerning,
    /// as the CSS side's `font-kerning: none`).
    func width(of text: Substring, size: Int) -> Double {
        let scalars = text.unicodeScalars.map(\.value)
        let units: Int64 = lock.withLock { cache in
            var total: Int64 = 0
            for scalar in scalars {
                if let advance = cache[scalar] {
                    total += Int64(advance)
                    continue
                }
                var advance: Int32 = 0
                var error = [CChar](repeating: 0, count: Int(CFR_ERROR_CAPACITY))
                if withUnsafePointer(to: scalar, { cfr_advances(face, $0, 1, &advance, &error) }) != 0 { advance = 0 }
                cache[scalar] = advance
                total += Int64(advance)
            }
            return total
        }
        return Double(units) * Double(size) / unitsPerEm
    }

    /// Whether the face has a glyph of its own for the code point.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        lock.withLock { _ in cfr_has_glyph(face, scalar.value) != 0 }
    }

    /// Draws `text` with its pen starting at `x` on the baseline `baseline`, clipped to the canvas.
    func draw(_ text: Substring, size: Int, x: Double, baseline: Double, color: DisplayColor, on canvas: inout DisplayCanvas) {
        let scalars = text.unicodeScalars.map(\.value)
        let (width, height) = (canvas.width, canvas.height)
        lock.withLock { _ in
            var error = [CChar](repeating: 0, count: Int(CFR_ERROR_CAPACITY))
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                // A failed glyph leaves a gap; the rest of the text still draws.
                _ = cfr_draw(face, Int32(size), scalars, scalars.count, x, baseline, pixels.baseAddress, Int32(width), Int32(height),
                             0, 0, Int32(width), Int32(height), color.red, color.green, color.blue, &error)
            }
        }
    }
}
#else
import Locking

/// Without FreeType (`NativeMedia`) no font opens: its init always throws, so no instance exists, and its members only keep the API whole. The
/// display's layout and lens need it; on iOS the glasses lay out and draw DAT's components.
final class FontFace: Sendable {
    var unitsPerEm: Double { 0 }
    var ascender: Double { 0 }
    var descender: Double { 0 }

    init(path: String) throws(DisplayFontError) {
        throw DisplayFontError(message: "the display's text needs FreeType, which this build leaves out (it is built only for Linux and macOS, with the package's NativeMedia trait)")
    }

    func width(of text: Substring, size: Int) -> Double { 0 }
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool { false }
    func draw(_ text: Substring, size: Int, x: Double, baseline: Double, color: DisplayColor, on canvas: inout DisplayCanvas) {}
}
#endif

/// A font that cannot be used, with FreeType's reason or the missing file.
public struct DisplayFontError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

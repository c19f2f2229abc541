#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// What the lens shows, as a 600x600 PNG: `display:snapshot(path)`, the mock's preview and
/// bug reports. One set of fonts for the process (loading DejaVu Sans is the slow part).
public enum DisplaySnapshot {
    /// Loaded once, on first use (a static let is initialised once, thread-safely); a failure
    /// says what is missing (FreeType or DejaVu Sans).
    private static let loaded = Result { () throws(DisplayFontError) -> DisplayFonts in try DisplayFonts() }

    public static func fonts() throws(DisplayFontError) -> DisplayFonts { try loaded.get() }

    /// `tree` laid out in the viewport and rendered; black when nothing is shown.
    public static func png(_ tree: DisplayTree?) throws -> Data {
        guard let tree else {
            let viewport = DisplayMetrics.viewport
            let black = RGBImage(width: Int(viewport.width), height: Int(viewport.height),
                                 pixels: [UInt8](repeating: 0, count: Int(viewport.width * viewport.height) * 3))
            return try ImageCodecs.encode(black, as: .png)
        }
        let fonts = try fonts()
        return try DisplayRenderer(fonts: fonts).png(tree, DisplayLayout(tree, measuring: fonts))
    }
}

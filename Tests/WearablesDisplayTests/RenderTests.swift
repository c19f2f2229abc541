#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import WearablesCore
@testable import WearablesDisplay

/// Rendering through FreeType and DejaVu Sans (scripts/setup installs both).
@Suite struct RenderTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["GLASSES_UPDATE_GOLDENS"] == "1" }

    /// A card with a heading, a line of text, an icon and a button group, as DAT's samples show.
    static func cardWithButton() throws -> DisplayTree {
        try DisplayTree(spec: ComponentSpec("flexbox", ["padding": .number(24), "cross_alignment": .string("stretch")], children: [
            ComponentSpec("flexbox", ["background": .string("card"), "padding": .number(20), "spacing": .number(12)], children: [
                ComponentSpec("flexbox", ["direction": .string("row"), "spacing": .number(12), "cross_alignment": .string("center")], children: [
                    ComponentSpec("icon", ["name": .string("star")]),
                    ComponentSpec("text", ["content": .string("Next stop"), "style": .string("heading")]),
                ]),
                ComponentSpec("text", ["content": .string("Bus 42 arrives in 3 minutes at the stop across the street."), "color": .string("secondary")]),
                ComponentSpec("text", ["content": .string("Updated 12:04"), "style": .string("meta"), "color": .string("secondary")]),
                ComponentSpec("button_group", children: [
                    ComponentSpec("button", ["label": .string("Back"), "style": .string("outline")]),
                    ComponentSpec("button", ["label": .string("Next"), "icon": .string("triangleRightVerticalLine"), "action_role": .string("primary")]),
                ]),
            ]),
        ]))
    }

    /// Icons drawn as glyphs and as letters in rings, images from pixels, from a URI the
    /// caller knows and from one it does not, and the button styles not in the card.
    static func gallery() throws -> DisplayTree {
        func icon(_ name: String, _ style: String = "filled") -> ComponentSpec { ComponentSpec("icon", ["name": .string(name), "style": .string(style)]) }
        return try DisplayTree(spec: ComponentSpec("flexbox", ["padding": .number(16), "spacing": .number(16)], children: [
            ComponentSpec("flexbox", ["direction": .string("row"), "wrap": .bool(true), "spacing": .number(8)], children: [
                icon("star"), icon("star", "outline"), icon("gear"), icon("heart", "outline"), icon("checkmark"),
                icon("metaAi"), icon("bus"), icon("wristband"), icon("videoCamera"),
            ]),
            ComponentSpec("flexbox", ["direction": .string("row"), "spacing": .number(12), "cross_alignment": .string("end")], children: [
                ComponentSpec("image", ["uri": .string("https://example.com/known.png"), "corner_radius": .string("small")]),
                ComponentSpec("image", ["uri": .string("https://example.com/unknown.png"), "corner_radius": .string("medium")]),
                ComponentSpec("image", ["pixels": .pixels(gradient(width: 160, height: 90)), "corner_radius": .string("medium")]),
            ]),
            ComponentSpec("button_group", ["alignment": .string("start")], children: [
                ComponentSpec("button", ["label": .string("Settings"), "style": .string("secondary"), "icon": .string("gear")]),
                ComponentSpec("button", ["label": .string("OK")]),
            ]),
        ]))
    }

    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), 160] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @Test func aCardWithAButtonMatchesItsGolden() throws {
        let fonts = try DisplayFonts()
        let tree = try Self.cardWithButton()
        try Self.check(try DisplayRenderer(fonts: fonts).png(tree, DisplayLayout(tree, measuring: fonts)), "card-with-button.png")
    }

    @Test func iconsImagesAndButtonStylesMatchTheirGolden() throws {
        let fonts = try DisplayFonts()
        let tree = try Self.gallery()
        let known = Self.gradient(width: 8, height: 8)
        let renderer = DisplayRenderer(fonts: fonts, images: { $0 == "https://example.com/known.png" ? known : nil })
        try Self.check(try renderer.png(tree, DisplayLayout(tree, measuring: fonts)), "icons-images-buttons.png")
    }

    /// Compares PNG bytes with `Goldens/name` by pixels, or rewrites it with GLASSES_UPDATE_GOLDENS=1.
    static func check(_ png: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = goldens.appendingPathComponent(name)
        if isUpdating {
            try png.write(to: url)
            return
        }
        guard let golden = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden \(name); create it with GLASSES_UPDATE_GOLDENS=1 swift test --filter RenderTests", sourceLocation: sourceLocation)
            return
        }
        let expected = try ImageCodecs.decode(golden), actual = try ImageCodecs.decode(png)
        #expect(expected.width == actual.width && expected.height == actual.height, sourceLocation: sourceLocation)
        // Small tolerance for other FreeType builds: under 0.5% of channel values more than 8 off.
        let differing = zip(expected.pixels, actual.pixels).filter { abs(Int($0) - Int($1)) > 8 }.count
        #expect(differing < expected.pixels.count / 200,
                "\(name): \(differing) channel values differ from the golden; if intended, GLASSES_UPDATE_GOLDENS=1 swift test --filter RenderTests",
                sourceLocation: sourceLocation)
    }

    @Test func textIsMeasuredWithTheFontsAdvances() throws {
        let fonts = try DisplayFonts()
        // DejaVu Sans: 'H' advances 1540 of 2048 units, 'i' 569; at 22 px.
        guard case .words(let widths, let space, let lineHeight) = fonts.measure(.text(Text("Hi i"))) else {
            Issue.record("text is not words"); return
        }
        let pixelsPerUnit: Double = 22.0 / 2048
        let expected: [Double] = [2109 * pixelsPerUnit, 569 * pixelsPerUnit]
        #expect(widths == expected)
        #expect(space == 651 * pixelsPerUnit)
        #expect(lineHeight == 27.5)
    }

    @Test func everyIconGlyphIsInTheFont() throws {
        let fonts = try DisplayFonts()
        for (name, glyphs) in IconGlyphs.table {
            #expect(fonts.regular.hasGlyph(glyphs.filled), "\(name): U+\(String(glyphs.filled.value, radix: 16))")
            if let outline = glyphs.outline { #expect(fonts.regular.hasGlyph(outline), "\(name) outline") }
        }
    }

    @Test func aMissingFontSaysWhichPackageHasIt() {
        #expect(throws: DisplayFontError(message: "no font at /nonexistent/DejaVuSans.ttf (Debian: apt-get install fonts-dejavu-core)")) {
            try DisplayFonts(directory: "/nonexistent")
        }
    }
}

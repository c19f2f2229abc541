import FoundationEssentials
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

    @Test func aCardWithAButtonMatchesItsGolden() throws {
        let fonts = try DisplayFonts()
        let tree = try Self.cardWithButton()
        let layout = DisplayLayout(tree, measuring: fonts)
        let png = try DisplayRenderer(fonts: fonts).png(tree, layout)
        let url = Self.goldens.appendingPathComponent("card-with-button.png")
        if Self.isUpdating {
            try png.write(to: url)
            return
        }
        guard let golden = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden \(url.lastPathComponent); create it with GLASSES_UPDATE_GOLDENS=1 swift test --filter RenderTests")
            return
        }
        let expected = try ImageCodecs.decode(golden), actual = try ImageCodecs.decode(png)
        #expect(expected.width == actual.width && expected.height == actual.height)
        // Small tolerance for other FreeType builds: under 0.5% of channel values more than 8 off.
        let differing = zip(expected.pixels, actual.pixels).filter { abs(Int($0) - Int($1)) > 8 }.count
        #expect(differing < expected.pixels.count / 200,
                "\(differing) channel values differ from the golden; if intended, GLASSES_UPDATE_GOLDENS=1 swift test --filter RenderTests")
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

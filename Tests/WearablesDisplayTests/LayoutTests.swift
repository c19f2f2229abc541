import Testing
@testable import WearablesDisplay

/// Leaves sized by their text or label, so the cases need no font: "fixed W H",
/// "button W H", "words W1 W2 ..." (space 10, line height 20).
struct TestMeasuring: LeafMeasuring {
    func measure(_ component: Component) -> LeafMeasure {
        let parts: [Substring]
        switch component {
        case .text(let text): parts = text.content.split(separator: " ")
        case .button(let button): parts = button.label.split(separator: " ")
        default: return .fixed(width: 32, height: 32)
        }
        let numbers = parts.dropFirst().map { Double($0)! }
        switch parts[0] {
        case "fixed": return .fixed(width: numbers[0], height: numbers[1])
        case "button": return .button(width: numbers[0], height: numbers[1])
        default: return .words(widths: numbers, space: 10, lineHeight: 20)
        }
    }
}

func leaf(_ content: String, id: String, grow: Double = 0, shrink: Double = 1, alignSelf: Alignment? = nil) -> DisplayNode {
    DisplayNode(.text(Text(content)), id: id, flexGrow: grow, flexShrink: shrink, alignSelf: alignSelf)
}

func frames(_ box: FlexBox) throws -> [String: [Double]] {
    let tree = try DisplayTree(root: DisplayNode(.flexBox(box)))
    let layout = DisplayLayout(tree, measuring: TestMeasuring())
    return Dictionary(uniqueKeysWithValues: layout.boxes.map { ($0.id, [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height]) })
}

@Suite struct LayoutTests {
    let three = [leaf("fixed 100 50", id: "a"), leaf("fixed 100 50", id: "b"), leaf("fixed 100 50", id: "c")]

    @Test func aRowPlacesChildrenSpacingApartFromTheStart() throws {
        let f = try frames(FlexBox(direction: .row, spacing: 10, children: three))
        #expect(f["a"] == [0, 0, 100, 50])
        #expect(f["b"] == [110, 0, 100, 50])
        #expect(f["c"] == [220, 0, 100, 50])
        #expect(f["root"] == [0, 0, 600, 600])
    }

    @Test func aReversedRowStartsAtTheRightInReverseOrder() throws {
        let f = try frames(FlexBox(direction: .rowReverse, spacing: 10, children: three))
        #expect(f["a"] == [500, 0, 100, 50])
        #expect(f["c"] == [280, 0, 100, 50])
    }

    @Test func aCentredColumnSharesTheFreeSpaceAboveAndBelow() throws {
        let f = try frames(FlexBox(direction: .column, spacing: 10, alignment: .center, children: three))
        #expect(f["a"] == [0, 215, 100, 50])
        #expect(f["c"] == [0, 335, 100, 50])
        let reversed = try frames(FlexBox(direction: .columnReverse, alignment: .end, children: three))
        #expect(reversed["a"] == [0, 100, 100, 50])
        #expect(reversed["c"] == [0, 0, 100, 50])
    }

    @Test func wrappingBreaksLinesSpacingApart() throws {
        let four = (1...4).map { leaf("fixed 200 50", id: "w\($0)") }
        let f = try frames(FlexBox(direction: .row, spacing: 10, wrap: true, children: four))
        #expect(f["w2"] == [210, 0, 200, 50])
        #expect(f["w3"] == [0, 60, 200, 50])
        #expect(f["w4"] == [210, 60, 200, 50])
    }

    @Test func aWrappingColumnFitsItsItemsToTheirLine() throws {
        let f = try frames(FlexBox(direction: .column, wrap: true, children: [
            leaf("fixed 800 100", id: "wide"), leaf("words 100 100 100 100 100 100", id: "t"),
        ]))
        // Measured at the box's 600 (two lines, 40 high), then fit to the 800-wide line: one
        // line's width, the height kept (Chromium does the same).
        #expect(f["t"] == [0, 100, 650, 40])
    }

    @Test func growShareFreeSpaceByFactor() throws {
        let f = try frames(FlexBox(direction: .row, children: [
            leaf("fixed 100 50", id: "a", grow: 1), leaf("fixed 100 50", id: "b", grow: 3),
        ]))
        #expect(f["a"] == [0, 0, 200, 50])
        #expect(f["b"] == [200, 0, 400, 50])
    }

    @Test func shrinkingTextWrapsAndStopsAtItsWidestWord() throws {
        let f = try frames(FlexBox(direction: .row, children: [
            leaf("words 100 100 100", id: "a"), leaf("words 100 100 100", id: "b"),
        ]))
        // 640 of content in 600: each gives up 20 and wraps onto two lines.
        #expect(f["a"] == [0, 0, 300, 40])
        #expect(f["b"] == [300, 0, 300, 40])
        let tight = try frames(FlexBox(direction: .row, children: [
            leaf("words 250 250", id: "a"), leaf("fixed 500 20", id: "b"),
        ]))
        // The text cannot go below its widest word; the fixed box does not shrink at all.
        #expect(tight["a"] == [0, 0, 250, 40])
        #expect(tight["b"] == [250, 0, 500, 20])
        let rigid = try frames(FlexBox(direction: .row, children: [
            leaf("words 100 100 100", id: "a", shrink: 0), leaf("words 100 100 100", id: "b"),
        ]))
        #expect(rigid["a"] == [0, 0, 320, 20])
        #expect(rigid["b"] == [320, 0, 280, 40])
    }

    @Test func alignSelfOverridesTheCrossAlignment() throws {
        let f = try frames(FlexBox(direction: .column, crossAlignment: .start, children: [
            leaf("fixed 100 50", id: "a"), leaf("fixed 100 50", id: "b", alignSelf: .end),
            leaf("fixed 100 50", id: "c", alignSelf: .center), leaf("button 100 48", id: "d", alignSelf: .stretch),
            leaf("fixed 100 50", id: "e", alignSelf: .stretch),
        ]))
        #expect(f["a"] == [0, 0, 100, 50])
        #expect(f["b"] == [500, 50, 100, 50])
        #expect(f["c"] == [250, 100, 100, 50])
        #expect(f["d"] == [0, 150, 600, 48])
        #expect(f["e"] == [0, 198, 100, 50], "a fixed leaf does not stretch")
    }

    @Test func paddingInsetsTheChildrenAndSizesANestedBox() throws {
        let inner = DisplayNode(.flexBox(FlexBox(direction: .row, spacing: 4, padding: EdgeInsets(top: 1, bottom: 2, leading: 3, trailing: 4),
                                                 children: [leaf("fixed 10 10", id: "x"), leaf("fixed 20 30", id: "y")])), id: "inner")
        let f = try frames(FlexBox(padding: EdgeInsets(top: 10, bottom: 0, leading: 20, trailing: 0), children: [inner]))
        #expect(f["inner"] == [20, 10, 41, 33])
        #expect(f["x"] == [23, 11, 10, 10])
        #expect(f["y"] == [37, 11, 20, 30])
    }

    @Test func aButtonGroupSpansItsParentAndPlacesItsButtons() throws {
        let group = DisplayNode(.buttonGroup(ButtonGroup(alignment: .center, buttons: [
            DisplayNode(.button(Button(label: "button 100 48")), id: "p"), DisplayNode(.button(Button(label: "button 200 48")), id: "n"),
        ])), id: "group")
        let f = try frames(FlexBox(padding: EdgeInsets(all: 20), children: [group]))
        #expect(f["group"] == [20, 20, 560, 48])
        #expect(f["p"] == [20 + (560 - 312) / 2, 20, 100, 48])
        #expect(f["n"] == [20 + (560 - 312) / 2 + 112, 20, 200, 48])
    }

    @Test func stretchedTextRewrapsAtItsNewWidth() throws {
        let row = DisplayNode(.flexBox(FlexBox(direction: .row, crossAlignment: .stretch, children: [
            leaf("fixed 50 100", id: "tall"), leaf("words 40 40", id: "t"),
        ])), id: "row")
        let f = try frames(FlexBox(crossAlignment: .stretch, children: [row, leaf("words 300 300", id: "wide")]))
        #expect(f["row"] == [0, 0, 600, 100])
        #expect(f["t"] == [50, 0, 90, 100])
        #expect(f["wide"] == [0, 100, 600, 40], "a column stretches text to its width: 610 of words make two lines")
    }

    @Test func contentTallerThanTheLensRunsPastItsBottom() throws {
        let rows = (1...8).map { leaf("fixed 100 100", id: "r\($0)") }
        let tree = try DisplayTree(root: DisplayNode(.flexBox(FlexBox(spacing: 10, children: rows))))
        let layout = DisplayLayout(tree, measuring: TestMeasuring())
        #expect(layout.contentHeight == 870, "8 rows of 100, 7 gaps of 10: the lens scrolls the rest")
        #expect(layout.boxes.last?.frame == DisplayRect(x: 0, y: 770, width: 100, height: 100))
    }

    @Test func aVideoRootFillsTheViewport() throws {
        let tree = try DisplayTree(root: DisplayNode(.videoPlayer(VideoPlayer(url: "https://example.com/a.mp4"))))
        let layout = DisplayLayout(tree, measuring: TestMeasuring())
        #expect(layout.boxes.map(\.frame) == [DisplayMetrics.viewport])
    }
}

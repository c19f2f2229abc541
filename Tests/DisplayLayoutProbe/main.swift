import FoundationEssentials
import WearablesDisplay

// Seeded random display trees, laid out by WearablesDisplay and written as HTML/CSS
// flexbox for the browser to lay out too (scripts/test-display-layout compares the two).
//
//   display-layout-probe FIRST_SEED COUNT > trees.json
//
// Most leaves are boxes of made-up sizes, so fonts play no part: each is a Text whose content
// names its measure ("fixed W H", "button W H", "words SPACE LINE W1 W2 ..."; a button group's
// buttons, their label), read back by ProbeMeasuring, and whose HTML is a box of exactly that
// size (`html(_:)`). The others are real text in DejaVu Sans, measured by DisplayFonts and
// written with the display's text CSS, so the browser's font metrics are held to ours too.

/// SplitMix64: small, seedable, the same sequence on every platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The measures the tree's Text contents and button labels name; real text goes to the fonts.
struct ProbeMeasuring: LeafMeasuring {
    let fonts: DisplayFonts

    static func codedMeasure(_ component: Component) -> [Substring]? {
        let parts: [Substring]
        switch component {
        case .text(let text): parts = text.content.split(separator: " ")
        case .button(let button): parts = button.label.split(separator: " ")
        default: return nil
        }
        return ["fixed", "button", "words"].contains(parts.first ?? "") ? parts : nil
    }

    func measure(_ component: Component) -> LeafMeasure {
        guard let parts = Self.codedMeasure(component) else { return fonts.measure(component) }
        let numbers = parts.dropFirst().map { Double($0)! }
        switch parts[0] {
        case "fixed": return .fixed(width: numbers[0], height: numbers[1])
        case "button": return .button(width: numbers[0], height: numbers[1])
        default: return .words(widths: Array(numbers.dropFirst(2)), space: numbers[0], lineHeight: numbers[1])
        }
    }
}

/// Words for real text: letters only, so that spaces are the only places a line may break.
let vocabulary = ["bus", "arrives", "in", "three", "minutes", "at", "the", "stop", "across", "street", "next",
                  "museum", "WAVE", "To", "glasses", "display", "Meta", "a", "mmm", "illicit"]

struct TreeMaker {
    var random: SeededGenerator

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func root() -> DisplayNode {
        DisplayNode(.flexBox(box(depth: 1)))
    }

    mutating func box(depth: Int) -> FlexBox {
        let count = depth == 1 ? int(1...6) : int(0...5)
        var children: [DisplayNode] = []
        for _ in 0..<count { children.append(node(depth: depth + 1)) }
        return FlexBox(
            direction: pick(Direction.allCases), spacing: pick([0, 0, 4, 10, 7.5]),
            alignment: pick(Alignment.allCases), crossAlignment: pick(Alignment.allCases), wrap: pick([false, false, true]),
            padding: EdgeInsets(top: pick([0, 0, 8, 5]), bottom: pick([0, 0, 12]), leading: pick([0, 0, 16, 3]), trailing: pick([0, 6])),
            background: pick(Background.allCases), children: children)
    }

    mutating func node(depth: Int) -> DisplayNode {
        let component: Component
        let roll = int(0...9)
        if depth < 5, roll < 3 {
            component = .flexBox(box(depth: depth))
        } else if depth < 5, roll == 3 {
            let buttons = (0..<int(1...3)).map { _ in DisplayNode(.button(Button(label: "button \(int(40...160)) 48"))) }
            component = .buttonGroup(ButtonGroup(alignment: pick(ButtonGroupAlignment.allCases), buttons: buttons))
        } else {
            switch int(0...3) {
            case 0: component = .text(Text("fixed \(int(8...160)) \(int(8...90))"))
            case 3:
                let words = (0..<int(1...12)).map { _ in pick(vocabulary) }
                component = .text(Text(words.joined(separator: " "), style: pick(TextStyle.allCases)))
            case 1: component = .text(Text("button \(int(40...200)) \(pick([32, 48]))"))
            default:
                let words = (0..<int(0...8)).map { _ in String(int(10...90)) }
                component = .text(Text((["words", "6", "20"] + words).joined(separator: " ")))
            }
        }
        return DisplayNode(
            component, flexGrow: pick([0, 0, 0, 1, 2, 0.5]), flexShrink: pick([1, 1, 1, 0, 2, 0.3]),
            alignSelf: pick([nil, nil, nil] + Alignment.allCases.map(Optional.some)))
    }
}

/// The CSS of DAT's knobs (docs/display.md, "CSS mapping").
func css(_ node: DisplayNode, measure: LeafMeasure?, realText: Text?) -> String {
    var style = ["box-sizing:border-box", "flex-grow:\(node.flexGrow)", "flex-shrink:\(node.flexShrink)"]
    func justify(_ alignment: Alignment) -> String {
        switch alignment {
        case .start, .stretch: "flex-start"
        case .center: "center"
        case .end: "flex-end"
        }
    }
    func align(_ alignment: Alignment) -> String { alignment == .stretch ? "stretch" : justify(alignment) }
    func direction(_ direction: Direction) -> String {
        switch direction {
        case .column: "column"
        case .row: "row"
        case .columnReverse: "column-reverse"
        case .rowReverse: "row-reverse"
        }
    }
    var alignSelf = node.alignSelf
    switch node.component {
    case .flexBox(let box):
        let p = box.padding
        style += ["display:flex", "flex-direction:\(direction(box.direction))", "gap:\(box.spacing)px",
                  "justify-content:\(justify(box.alignment))", "align-items:\(align(box.crossAlignment))",
                  "flex-wrap:\(box.wrap ? "wrap" : "nowrap")", "align-content:flex-start",
                  "padding:\(p.top)px \(p.trailing)px \(p.bottom)px \(p.leading)px"]
    case .buttonGroup(let group):
        alignSelf = alignSelf ?? .stretch
        style += ["display:flex", "flex-direction:row", "gap:12px", "justify-content:\(justify(Alignment(rawValue: group.alignment.rawValue)!))",
                  "align-items:center", "flex-wrap:nowrap"]
    case .text(let text) where realText != nil:
        // The display's text: DejaVu Sans with unhinted advances, no kerning or ligatures.
        style += ["font-family:'DejaVu Sans'", "font-size:\(DisplayMetrics.fontSize(text.style))px",
                  "font-weight:\(DisplayMetrics.isBold(text.style) ? "bold" : "normal")", "line-height:\(DisplayMetrics.lineHeight)",
                  "font-kerning:none", "font-variant-ligatures:none"]
    default:
        switch measure! {
        case .fixed(let width, let height):
            style += ["width:\(width)px", "height:\(height)px", "min-width:\(width)px", "min-height:\(height)px"]
        case .button(_, let height):
            style += ["height:\(height)px", "min-height:\(height)px"]
        case .words(_, let space, _):
            style += ["display:flex", "flex-wrap:wrap", "column-gap:\(space)px", "row-gap:0", "align-content:flex-start", "align-items:flex-start"]
        case .aspect:
            fatalError("probe trees have no aspect leaves")
        }
    }
    if let alignSelf { style.append("align-self:\(align(alignSelf))") }
    return style.joined(separator: ";")
}

func html(_ node: DisplayNode, id: String, ids: inout IndexingIterator<[String]>, measuring: ProbeMeasuring) -> String {
    var measure: LeafMeasure?
    var inner = ""
    switch node.component {
    case .flexBox, .buttonGroup:
        inner = node.children.map { html($0, id: ids.next()!, ids: &ids, measuring: measuring) }.joined()
    case .text(let text) where ProbeMeasuring.codedMeasure(node.component) == nil:
        return "<div data-id=\"\(id)\" style=\"\(css(node, measure: nil, realText: text))\">\(text.content)</div>"
    default:
        measure = measuring.measure(node.component)
        switch measure! {
        case .button(let width, let height): inner = "<div style=\"width:\(width)px;height:\(height)px\"></div>"
        case .words(let widths, _, let lineHeight):
            inner = widths.map { "<div style=\"width:\($0)px;height:\(lineHeight)px;flex-shrink:0\"></div>" }.joined()
        default: break
        }
    }
    return "<div data-id=\"\(id)\" style=\"\(css(node, measure: measure, realText: nil))\">\(inner)</div>"
}

struct Box: Encodable { let id: String, x: Double, y: Double, w: Double, h: Double }
struct Case: Encodable { let seed: UInt64, html: String, boxes: [Box] }

let arguments = CommandLine.arguments
guard arguments.count == 3, let first = UInt64(arguments[1]), let count = UInt64(arguments[2]) else {
    fatalError("usage: display-layout-probe FIRST_SEED COUNT")
}
let measuring = ProbeMeasuring(fonts: try DisplayFonts())
var cases: [Case] = []
for seed in first..<(first + count) {
    var maker = TreeMaker(random: SeededGenerator(state: seed))
    let tree = try DisplayTree(root: maker.root())
    let layout = DisplayLayout(tree, measuring: measuring)
    var ids = tree.ids.makeIterator()
    let root = ids.next()!
    var page = html(tree.root, id: root, ids: &ids, measuring: measuring)
    // The root is the lens: 600 x 600 at the page's origin.
    page = page.replacing("data-id=\"root\" style=\"", with: "data-id=\"root\" style=\"width:600px;height:600px;")
    let boxes = layout.boxes.map { Box(id: $0.id, x: $0.frame.x, y: $0.frame.y, w: $0.frame.width, h: $0.frame.height) }
    cases.append(Case(seed: seed, html: page, boxes: boxes))
}
let encoder = JSONEncoder()
print(String(decoding: try encoder.encode(cases), as: UTF8.self))

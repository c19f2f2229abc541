#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesDisplay
import WearablesWire
import WirePictures

// Seeded random display trees, laid out by WearablesDisplay and written as the wire's
// component JSON (what the dashboard receives), for the browser to lay out too with the
// dashboard's own CSS mapping, display-css.js (scripts/test-display-layout compares the two).
//
//   display-layout-probe FIRST_SEED COUNT > trees.json
//
// Most leaves are boxes of made-up sizes, so fonts play no part: each is a Text whose content
// names its measure ("fixed W H", "button W H", "words SPACE LINE W1 W2 ..."; a button group's
// buttons, their label), read back by ProbeMeasuring here and by the test's leaf style in the
// page, which makes a box of exactly that size. The others are real text in DejaVu Sans,
// measured by DisplayFonts and styled by display-css.js, so the browser's font metrics are
// held to ours too.

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

struct Box: Encodable { let id: String, x: Double, y: Double, w: Double, h: Double }
struct Case: Encodable { let seed: UInt64, tree: WireComponent, boxes: [Box] }

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
    let boxes = layout.boxes.map { Box(id: $0.id, x: $0.frame.x, y: $0.frame.y, w: $0.frame.width, h: $0.frame.height) }
    cases.append(Case(seed: seed, tree: WireComponent(ComponentSpec(tree.root)), boxes: boxes))
}
let encoder = JSONEncoder()
print(String(decoding: try encoder.encode(cases), as: UTF8.self))

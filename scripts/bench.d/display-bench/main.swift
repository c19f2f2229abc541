import WearablesDisplay

// The display's cost for scripts/bench (section 16): laying out and rendering the largest
// tree DisplayLimits allows (1,000 components: cards of text, icons and buttons in a
// wrapping row, with as much text as the limit lets through), as a fraction of one 30 fps frame.
//
//   display-bench ROUNDS   ->   "layout_ms render_ms nodes"  (medians)

/// Cards until the tree holds exactly `DisplayLimits.maxNodes` components.
func largestTree() throws -> DisplayTree {
    var cards: [ComponentSpec] = []
    var nodes = 1
    while nodes + 7 <= DisplayLimits.maxNodes {
        let number = cards.count + 1
        cards.append(ComponentSpec("flexbox", ["background": .string("card"), "padding": .number(12), "spacing": .number(6), "flex_grow": .number(1)], children: [
            ComponentSpec("text", ["content": .string("Stop \(number)"), "style": .string("heading")]),
            ComponentSpec("text", ["content": .string("Bus \(number) arrives in \(number % 9 + 1) minutes across the street from the museum"),
                                   "color": .string("secondary")]),
            ComponentSpec("icon", ["name": .string(number.isMultiple(of: 2) ? "bus" : "star")]),
            ComponentSpec("button_group", children: [
                ComponentSpec("button", ["label": .string("Back"), "style": .string("outline")]),
                ComponentSpec("button", ["label": .string("Go"), "icon": .string("arrowRight")]),
            ]),
        ]))
        nodes += 7
    }
    while nodes < DisplayLimits.maxNodes {
        cards.append(ComponentSpec("icon", ["name": .string("gear")]))
        nodes += 1
    }
    return try DisplayTree(spec: ComponentSpec("flexbox", ["direction": .string("row"), "wrap": .bool(true), "spacing": .number(8),
                                                           "padding": .number(16)], children: cards))
}

func milliseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20
let fonts = try DisplayFonts()
let renderer = DisplayRenderer(fonts: fonts)
let tree = try largestTree()
var layoutTimes: [Double] = [], renderTimes: [Double] = []
for _ in 0..<rounds {
    var layout: DisplayLayout?
    layoutTimes.append(milliseconds { layout = DisplayLayout(tree, measuring: fonts) })
    renderTimes.append(milliseconds { _ = renderer.render(tree, layout!) })
}
print(median(layoutTimes), median(renderTimes), tree.ids.count)

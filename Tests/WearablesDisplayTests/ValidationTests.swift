import Testing
@testable import WearablesDisplay

@Suite struct ValidationTests {
    func error(_ spec: ComponentSpec) -> DisplayTreeError? {
        do {
            _ = try DisplayTree(spec: spec)
            return nil
        } catch {
            return error
        }
    }

    func card(_ children: [ComponentSpec]) -> ComponentSpec { ComponentSpec("flexbox", children: children) }

    @Test func aSpecBecomesATreeWithDefaultsAndPathIds() throws {
        let tree = try DisplayTree(spec: card([
            ComponentSpec("text", ["content": .string("Next stop"), "style": .string("heading")]),
            ComponentSpec("button_group", children: [
                ComponentSpec("button", ["label": .string("Next"), "icon": .string("triangleRightVerticalLine"), "id": .string("next")]),
            ]),
        ]))
        #expect(tree.ids == ["root", "root.1", "root.2", "next"])
        guard case .flexBox(let box) = tree.root.component else { Issue.record("not a flexbox"); return }
        #expect(box.direction == .column && box.crossAlignment == .start && box.padding == .zero)
        #expect(box.children[0] == DisplayNode(.text(Text("Next stop", style: .heading))))
        #expect(box.children[1].children[0].component == .button(Button(label: "Next", iconName: .triangleRightVerticalLine)))
    }

    @Test func paddingTakesANumberOrEdgesMostSpecificFirst() throws {
        let tree = try DisplayTree(spec: ComponentSpec("flexbox", ["padding": .table(["all": .number(4), "horizontal": .number(8), "top": .number(1)])]))
        guard case .flexBox(let box) = tree.root.component else { Issue.record("not a flexbox"); return }
        #expect(box.padding == EdgeInsets(top: 1, bottom: 4, leading: 8, trailing: 8))
    }

    @Test func anUnknownComponentNamesTheComponentsThereAre() {
        let failure = error(card([ComponentSpec("buton", ["label": .string("x")])]))
        #expect(failure?.description == "root.1: unknown component 'buton' (did you mean 'button'?); components: flexbox, text, button, button_group, image, icon, video")
        #expect(failure?.kind == .invalidTree)
    }

    @Test func anUnknownFieldOrValueNamesWhatIsAllowed() {
        #expect(error(card([ComponentSpec("text", ["content": .string("a"), "colour": .string("primary")])]))?.description
            == "root.1: unknown field 'colour' for a text (did you mean 'color'?); fields: content, style, color, id, flex_grow, flex_shrink, align_self")
        #expect(error(ComponentSpec("flexbox", ["direction": .string("rows")]))?.description
            == "root: direction must be one of column, row, columnReverse, rowReverse, got 'rows' (did you mean 'row'?)")
        #expect(error(ComponentSpec("flexbox", ["spacing": .string("8")]))?.description == "root: spacing must be a number, got string")
        #expect(error(ComponentSpec("flexbox", ["spacing": .number(-1)]))?.description == "root: spacing must be a number from 0 to 600, got -1.0")
    }

    @Test func anUnknownIconIsRefusedWithTheNearestName() {
        #expect(error(card([ComponentSpec("icon", ["name": .string("chekmark")])]))?.description
            == "root.1: name must be one of the 116 icon names (the icon component lists them), got 'chekmark' (did you mean 'checkmark'?)")
        #expect(IconName.allCases.count == 116)
    }

    @Test func onlyAFlexboxOrAVideoIsARoot() {
        #expect(error(ComponentSpec("text", ["content": .string("hi")]))?.description
            == "root: a display shows a flexbox or a video at its root, got text")
        #expect(error(ComponentSpec("video", ["url": .string("https://example.com/a.mp4")])) == nil)
    }

    @Test func aVideoCannotBeNested() {
        #expect(error(card([ComponentSpec("video", ["url": .string("https://example.com/a.mp4")])]))?.description
            == "root.1: a video can only be the root of a display, not inside a flexbox")
    }

    @Test func aVideoNeedsAnHttpURL() {
        for url in ["file:///tmp/a.mp4", "", "  ", "https://", "ftp://example.com/a.mp4"] {
            let failure = error(ComponentSpec("video", ["url": .string(url)]))
            #expect(failure?.kind == .invalidVideoURL, "\(url)")
            #expect(failure?.message.hasPrefix("url must be an http:// or https:// URL") == true)
        }
        #expect(error(ComponentSpec("video", ["url": .string("HTTP://example.com/a.mp4")])) == nil)
    }

    @Test func aButtonGroupTakesButtonsOnly() {
        #expect(error(card([ComponentSpec("button_group", children: [ComponentSpec("text", ["content": .string("a")])])]))?.description
            == "root.1.1: a button_group takes buttons, got text")
        #expect(error(card([ComponentSpec("text", ["content": .string("a")], children: [card([])])]))?.description
            == "root.1: a text takes no children, got 1")
    }

    @Test func idsAreUniqueIncludingPathIds() {
        #expect(error(card([ComponentSpec("icon", ["name": .string("x"), "id": .string("root.2")]), ComponentSpec("icon", ["name": .string("x")])]))?.description
            == "root.2: id 'root.2' is already used by another component of this tree")
    }

    @Test func aHugeTreeIsRefusedInOneLineAtTheLimit() {
        let many = card((0..<10_000).map { _ in ComponentSpec("icon", ["name": .string("x")]) })
        let failure = error(many)
        #expect(failure?.kind == .tooLarge)
        #expect(failure?.description == "root.1000: a tree holds at most 1000 components")
        let fits = card((0..<999).map { _ in ComponentSpec("icon", ["name": .string("x")]) })
        #expect(error(fits) == nil)
        var deep = card([])
        for _ in 0..<40 { deep = card([deep]) }
        #expect(error(deep)?.description.hasSuffix("components nest at most 32 deep") == true)
    }

    @Test func aHugeTextIsRefusedInOneLine() {
        let megabyte = String(repeating: "a", count: 1 << 20)
        #expect(error(card([ComponentSpec("text", ["content": .string(megabyte)])]))?.description
            == "root.1: content holds 1048576 bytes; at most 4096 fit one component")
        #expect(error(ComponentSpec("video", ["url": .string("https://example.com/" + megabyte)]))?.description
            == "root: url holds 1048596 bytes; at most 4096 fit one component")
        let pages = (0..<17).map { _ in ComponentSpec("text", ["content": .string(String(repeating: "b", count: 4_000))]) }
        #expect(error(card(pages))?.description == "root.17: the tree's text passes 65536 bytes here")
    }

    @Test func typedTreesAreCheckedToo() {
        let nested = DisplayNode(.flexBox(FlexBox(children: [DisplayNode(.flexBox(FlexBox(children: [
            DisplayNode(.videoPlayer(VideoPlayer(url: "https://example.com/v.mp4"))),
        ])))])))
        #expect(throws: DisplayTreeError(.invalidTree, at: "root.1.1", "a video can only be the root of a display, not inside a flexbox")) {
            try DisplayTree(root: nested)
        }
        #expect(throws: DisplayTreeError(.invalidTree, at: "root.1", "flex_grow must be a number from 0 to 1000, got nan")) {
            try DisplayTree(root: DisplayNode(.flexBox(FlexBox(children: [DisplayNode(.icon(Icon(name: .x)), flexGrow: .nan)]))))
        }
    }
}

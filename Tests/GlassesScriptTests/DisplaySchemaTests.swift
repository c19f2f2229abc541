import Foundation
import LuaHost
import ScriptTestSupport
import Testing
import WearablesDisplay

@testable import GlassesScript
import GlassesTooling

/// The display tree's schema (`DisplaySchema`) is one declaration: the run's decoder reads trees
/// by it, and the registry's `DisplayComponent` types made from it feed the reference, llms.txt,
/// LuaLS types, REPL help and `glasses check`, which refuses a literal tree in the run's words.
@Suite struct DisplaySchemaTests {
    /// A tree with one mistake, and what the run says of it (after `bad argument #1 to 'show' (`).
    struct Case: CustomTestStringConvertible, Sendable {
        let tree: String
        let message: String
        var testDescription: String { tree }
    }

    static let cases: [Case] = [
        Case(tree: #"{type = "flexbox", children = {{type = "txt", content = "Hi"}}}"#,
             message: "root.1: unknown component 'txt' (did you mean 'text'?); components: flexbox, text, button, button_group, image, icon, video"),
        Case(tree: #"{type = "flexbox", children = {{type = "text", text = "Hi"}}}"#,
             message: "root.1: unknown field 'text' for a text; fields: content, style, color, id, flex_grow, flex_shrink, align_self"),
        Case(tree: #"{type = "flexbox", children = {{type = "button", lable = "Go"}}}"#, message: "root.1: unknown field 'lable' for a button (did you mean 'label'?)"),
        Case(tree: #"{type = "flexbox", direction = "rows"}"#, message: "root: direction must be one of column, row, columnReverse, rowReverse, got 'rows' (did you mean 'row'?)"),
        Case(tree: #"{type = "flexbox", background = "cards"}"#, message: "root: background must be one of none, card, got 'cards' (did you mean 'card'?)"),
        Case(tree: #"{type = "flexbox", children = {{type = "text"}}}"#, message: "root.1: a text needs content (a string)"),
        Case(tree: #"{type = "flexbox", children = {{type = "text", content = 5}}}"#, message: "root.1: content must be a string, got number"),
        Case(tree: #"{type = "flexbox", spacing = -1}"#, message: "root: spacing must be a number from 0 to 600, got -1.0"),
        Case(tree: #"{type = "flexbox", padding = {top = 4, lft = 2}}"#, message: "root: unknown padding edge 'lft'; edges: all, horizontal, vertical, top, bottom, leading, trailing"),
        Case(tree: #"{type = "flexbox", children = {{type = "icon", name = "chekmark"}}}"#, message: "root.1: name must be one of the 116 icon names"),
        Case(tree: #"{type = "flexbox", children = {{type = "text", content = "x", on_tap = function() end}}}"#,
             message: "root.1: field 'on_tap': only a flexbox or a button can be tapped, not a text"),
        Case(tree: #"{type = "flexbox", children = {{type = "text", content = "x", children = {{type = "text", content = "y"}}}}}"#,
             message: "root.1: a text takes no children, got 1"),
        Case(tree: #"{type = "flexbox", children = {{type = "button_group", children = {{type = "text", content = "x"}}}}}"#,
             message: "root.1.1: a button_group takes buttons, got text"),
        Case(tree: #"{type = "text", content = "x"}"#, message: "root: a display shows a flexbox or a video at its root, got text"),
        Case(tree: #"{content = "x"}"#, message: "root: field 'type' missing; components: flexbox, text"),
        Case(tree: #"{type = "flexbox", children = {{type = "image"}}}"#, message: "root.1: an image needs uri (a string) or pixels"),
        Case(tree: #"{type = "flexbox", children = {"text"}}"#, message: "root.1: a component table expected, got string"),
    ]

    static func script(_ tree: String) -> String {
        """
        local glasses = mock.pair("metaRayBanDisplay")
        local session = wearables.session(wearables.specific_selector(glasses.device))
        session:start()
        local display = session:display()
        display:start()
        display:show\(tree)
        """
    }

    /// `glasses check` refuses the tree with the run's message, word for word.
    @Test(arguments: cases)
    func checkAndRunRefuseALiteralTreeInTheSameWords(_ mistake: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-parity-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/main.lua"
        try Self.script(mistake.tree).write(toFile: path, atomically: true, encoding: .utf8)

        let checking = try ScriptRuntime(options: RunOptions())
        let found = try LuaScriptChecker(runtime: checking).check(file: path, compilingIn: checking.state).map(\.message)
        #expect(found.count == 1, "check said: \(found)")
        let said = try #require(found.first)
        #expect(said.hasPrefix("bad argument #1 to 'Display:show' ("), "\(said)")
        #expect(said.contains(mistake.message), "check said: \(said)")

        var options = RunOptions()
        options.outputDirectory = folder
        let running = try ScriptRuntime(options: options)
        let outcome = running.close(running.run(script: path, arguments: []))
        #expect(outcome.exitCode == 1, "\(outcome.report ?? "")")
        // The check's whole problem, as the run words it.
        let problem = String(said.dropFirst("bad argument #1 to 'Display:show' (".count).dropLast())
        #expect(outcome.report?.contains("bad argument #1 to 'show' (\(problem))") == true, "run said: \(outcome.report ?? "")\ncheck said: \(said)")
    }

    /// What the scan cannot tell passes: values from variables and calls, trees built in code,
    /// a table with computed keys.
    @Test func treesBuiltInCodePass() throws {
        let checker = try LuaScriptChecker(runtime: try ScriptRuntime(options: RunOptions()))
        let source = Self.script(#"""
            {type = "flexbox", padding = pad, children = {
              {type = "text", content = "Count: " .. 3, style = style},
              {type = "button", label = label(), on_tap = function(id) print(id) end},
              {type = "image", pixels = photo, size_preset = "fill"},
              {["type"] = "text", content = "computed"},
              {type = kind, content = "x"},
            }}
            """#)
        let found = checker.check(source: "local pad, style, photo, kind = 4, 'body', nil, 'text'\nlocal function label() return 'Go' end\n" + source, file: "main.lua")
        #expect(found.isEmpty, "\(found)")
    }

    /// Every component and field is in the reference, llms.txt and the LuaLS types, with its
    /// default and limits; `Display:show` takes the union.
    @Test func theGeneratedDocsAndTypesCarryTheSchema() throws {
        let bindings = try ScriptRuntime(options: RunOptions()).state.bindings
        let generator = LuaReferenceGenerator(bindings: bindings)
        let markdown = generator.markdown(), text = generator.plainText()
        let types = LuaTypesGenerator(bindings: bindings).files()
        let records = try #require(types["library/records.lua"])
        #expect(markdown.contains("### `Display:show(tree: DisplayComponent)`"))
        #expect(text.contains("- Display:show(tree: DisplayComponent)"))
        #expect(types["library/types.lua"]?.contains("---@alias DisplayComponent DisplayFlexbox|DisplayText|DisplayButton|DisplayButtonGroup|DisplayImage|DisplayIcon|DisplayVideo") == true)
        for component in DisplaySchema.components {
            let name = DisplayTreeType.recordName(component.kind)
            #expect(markdown.contains("## \(name)\n"), "\(name)")
            #expect(text.contains("### table \(name): {type = \"\(component.name)\""), "\(name)")
            #expect(records.contains("---@class \(name)\n---@field type \"\(component.name)\""), "\(name)")
            for field in component.fields {
                let optional = field.isRequired ? "" : "?"
                #expect(markdown.contains("| `\(field.name)\(optional)` |"), "\(name).\(field.name)")
                #expect(text.contains("- \(field.name)\(optional): "), "\(name).\(field.name)")
                #expect(records.contains("---@field \(field.name)\(optional) "), "\(name).\(field.name)")
            }
        }
        #expect(markdown.contains("| `background?` | \"none\"\\|\"card\" | `\"none\"` | `\"none\"`, `\"card\"` | card: a rounded panel behind the children. |"))
        #expect(markdown.contains("| `content` | string | required | at most 4096 bytes (65536 in the whole tree) | The text. |"))
        #expect(markdown.contains("| `flex_grow?` | number | `0` | 0 to 1000 |"))
        #expect(text.contains("- action_role?: \"primary\" -- primary: the first such button takes focus"))
        #expect(records.contains("---@field on_tap? fun(id: string)"))
        #expect(records.contains("---@field children? DisplayButton[] The buttons, in order."))
        #expect(text.contains("### DisplayIconName: \"airplane\"|"))
    }

    /// `.help Display:show` shows how each component is written; `.help button` (or
    /// `.help DisplayButton`) its fields with their defaults and limits.
    @Test func replHelpShowsTheComponents() throws {
        let runtime = try ScriptRuntime(options: RunOptions())
        var printed = ""
        let session = try ReplSession(runtime: runtime, output: ReplOutput(standard: { printed += $0 }, error: { printed += $0 }))
        let show = session.help("Display:show")
        #expect(show.contains("tree: a DisplayComponent, one of"), "\(show)")
        #expect(show.contains("{type = \"button\", label, style?, icon?, action_role?, on_tap?, id?, flex_grow?, flex_shrink?, align_self?}"), "\(show)")
        let button = session.help("button")
        #expect(button == session.help("DisplayButton"))
        #expect(button.contains(".label: string (required; at most 4096 bytes"), "\(button)")
        #expect(button.contains(".style?: \"primary\"|\"secondary\"|\"outline\" (default \"primary\")"), "\(button)")
        #expect(button.contains(".icon?: DisplayIconName (116 names: airplane,"), "\(button)")
        #expect(session.help("text").contains(".content: string (required"))
        #expect(session.help(nil).contains("Tables: DisplayFlexbox, DisplayText"))
    }
}

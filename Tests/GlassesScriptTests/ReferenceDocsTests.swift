import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import GlassesTooling

/// docs/lua-reference.md and docs/llms.txt are generated from the registry and
/// checked in; a binding that changes without them fails here
/// (GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden rewrites them).
@Suite struct ReferenceDocsGoldenTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs").standardizedFileURL
    let bindings: LuaBindings
    let generator: LuaReferenceGenerator

    init() throws {
        bindings = try ScriptRuntime(options: RunOptions()).state.bindings
        generator = LuaReferenceGenerator(bindings: bindings)
    }

    @Test(arguments: ["lua-reference.md", "llms.txt"])
    func theCheckedInReferenceIsTheRegistrys(_ name: String) throws {
        let generated = name.hasSuffix(".md") ? generator.markdown() : generator.plainText()
        let file = Self.docs.appendingPathComponent(name)
        if Golden.isUpdating { return try generated.write(to: file, atomically: true, encoding: .utf8) }
        let current = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(current == generated, "docs/\(name) is not what the registry says; run \(Golden.refreshCommand)\n\(Golden.diff(from: current, to: generated))")
    }

    @Test func everyCallAndFieldIsInTheReference() {
        let markdown = generator.markdown(), text = generator.plainText()
        let functions = bindings.globals + bindings.modules.flatMap(\.functions) + bindings.classes.flatMap(\.methods)
        for function in functions {
            #expect(markdown.contains("### `\(function.signature)`"), "\(function.signature)")
            #expect(text.contains("- \(function.signature)"), "\(function.signature)")
        }
        for luaClass in bindings.classes {
            for field in luaClass.fields { #expect(markdown.contains("| `\(field.name)` |"), "\(luaClass.name).\(field.name)") }
        }
    }

    /// scripts/test-docs runs each example as it appears in docs/lua-reference.md.
    @Test func everyModuleHasAnExample() {
        for module in bindings.modules { #expect(!module.example.isEmpty, "module \(module.name) has no example") }
        #expect(generator.markdown().components(separatedBy: "```lua").count - 1 == bindings.modules.count)
    }

    @Test func optionTablesListTheirFieldsWithTheirAllowedValues() throws {
        let markdown = generator.markdown()
        let stream = try #require(bindings.modules.first { $0.name == "wearables" }?.functions.first { $0.name == "stream" })
        guard case .record(let fields)? = stream.parameters.first.map({ if case .optional(let w) = $0.type { w } else { $0.type } }) else {
            Issue.record("wearables.stream takes an options table")
            return
        }
        for field in fields { #expect(markdown.contains("| `\(stream.parameters[0].name).\(field.name)"), "\(field.name)") }
        #expect(markdown.contains("| `options.resolution?` | \"high\"\\|\"medium\"\\|\"low\" | `\"medium\"` | `\"high\"`, `\"medium\"`, `\"low\"` |"))
    }
}

import Foundation
import LuaHost
import Testing

@testable import GlassesScript

@Suite struct TypesTests {
    let bindings: LuaBindings
    let files: [String: String]

    init() throws {
        bindings = try ScriptRuntime(options: RunOptions()).state.bindings
        files = LuaTypesGenerator(bindings: bindings).files()
    }

    @Test func everyRegisteredFunctionHasADefinition() {
        let library = files.filter { $0.key.hasPrefix("library/") }.values.joined(separator: "\n")
        var expected = bindings.globals.map { "function \($0.name)(" }
        for module in bindings.modules { expected += module.functions.map { "function \(module.name).\($0.name)(" } }
        for luaClass in bindings.classes {
            expected += luaClass.methods.map { "function \(luaClass.name):\($0.name)(" }
            expected += luaClass.fields.map { "---@field \($0.name) " }
            expected.append("---@class \(luaClass.name)")
        }
        #expect(expected.count > 40)
        for definition in expected { #expect(library.contains(definition), "missing \(definition)") }
    }

    @Test func everyFileParsesAsLua() throws {
        let state = try LuaState()
        for (path, text) in files where path.hasSuffix(".lua") {
            #expect(text.hasPrefix("---@meta"))
            #expect(throws: Never.self, "\(path) does not compile") { _ = try state.load(text, name: path) }
        }
        let config = try #require(files["config.json"]?.data(using: .utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: config) as? [String: Any])
        #expect(json["name"] as? String == "glasses")
    }

    @Test func signaturesBecomeParamAndReturnAnnotations() throws {
        let wearables = try #require(files["library/wearables.lua"])
        #expect(wearables.contains("---@param id string\n---@return Device?\nfunction wearables.device(id) end"))
        #expect(wearables.contains("---@param name \"camera\"|\"microphone\"\n---@return \"granted\"|\"denied\""))
        let globals = try #require(files["library/globals.lua"])
        #expect(globals.contains("---@param fn function\n---@param ... any\n---@return Task\nfunction spawn(fn, ...) end"))
    }

    @Test func signatureParserHandlesNestedTypesOptionalsAndMultipleReturns() throws {
        let signature = try #require(
            LuaSignature("session:wait_for(state: SessionState, timeout?: number) -> true | nil, Error"))
        #expect(signature.owner == "session" && signature.isMethod && signature.name == "wait_for")
        #expect(signature.parameters == [
            .init(name: "state", type: "SessionState", optional: false),
            .init(name: "timeout", type: "number", optional: true),
        ])
        #expect(signature.returns == ["true|nil", "Error"])
        let filter = try #require(LuaSignature("wearables.auto_selector(options?: {filter?: fun(device: Device): boolean}) -> Selector"))
        #expect(filter.parameters == [.init(name: "options", type: "{filter?: fun(device: Device): boolean}", optional: true)])
        let quoted = try #require(LuaSignature("log.mark(label: \"a, b)\"|\"c\", n: integer) -> nil"))
        #expect(quoted.parameters == [
            .init(name: "label", type: "\"a, b)\"|\"c\"", optional: false),
            .init(name: "n", type: "integer", optional: false),
        ])
        #expect(LuaSignature("no parameter list") == nil)
    }

    @Test func writesTheAddonFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LuaTypesGenerator(bindings: bindings).write(to: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/config.json"))
        #expect(FileManager.default.fileExists(atPath: directory + "/library/wearables.lua"))
    }
}

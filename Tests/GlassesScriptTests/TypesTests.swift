import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import GlassesTooling

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
        // An enum parameter names its alias, defined once with the values.
        #expect(wearables.contains("---@param name Permission\n---@return \"granted\"|\"denied\""))
        #expect(files["library/types.lua"]?.contains("---@alias Permission \"camera\"|\"microphone\"\n") == true)
        // A default the spec declares is the one the docs give.
        #expect(files["library/classes.lua"]?.contains("---@param format? PhotoCaptureFormat (default \"jpeg\")\n---@return Photo\nfunction Camera:capture(format) end") == true)
        let globals = try #require(files["library/globals.lua"])
        #expect(globals.contains("---@param fn function\n---@param ... any\n---@return Task\nfunction spawn(fn, ...) end"))
    }

    @Test func signaturesAreRenderedFromTheSpec() throws {
        let session = try #require(bindings.classes.first { $0.name == "DeviceSession" })
        let camera = try #require(session.methods.first { $0.name == "camera" })
        #expect(camera.signature
            == "DeviceSession:camera(options?: {resolution?: \"high\"|\"medium\"|\"low\", fps?: 2|7|15|24|30, codec?: \"raw\"|\"hvc1\", audio_rate?: 16000|44100|48000}) -> Camera")
        let wearables = try #require(bindings.modules.first { $0.name == "wearables" })
        let stream = try #require(wearables.functions.first { $0.name == "stream" })
        // The same options as session:camera, plus the selector: one list, so `fps` cannot drift again.
        #expect(stream.signature.contains("fps?: 2|7|15|24|30"))
        let waitFor = try #require(session.methods.first { $0.name == "wait_for" })
        #expect(waitFor.signature.hasSuffix("-> true?, Error?"))
    }

    /// Every type name an annotation uses must be a class or alias the addon defines (AudioCategory once was not).
    @Test func everyReferencedTypeIsDefined() throws {
        let library = files.filter { $0.key.hasPrefix("library/") }.values.joined(separator: "\n")
        var defined: Set<String> = [
            "any", "nil", "boolean", "true", "false", "number", "integer", "string", "function", "table", "fun", "userdata", "thread",
        ]
        var referenced: [String] = []
        for line in library.split(separator: "\n").map(String.init) {
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count >= 2 else { continue }
            switch words[0] {
            case "---@class", "---@alias":
                defined.insert(words[1])
                if words[0] == "---@alias", words.count == 3 { referenced += Self.typeNames(in: words[2]) }
            case "---@param", "---@field":
                if words.count == 3 { referenced += Self.typeNames(in: Self.leadingType(words[2])) }
            case "---@return":
                referenced += Self.typeNames(in: Self.leadingType(words.dropFirst().joined(separator: " ")))
            default: continue
            }
        }
        #expect(referenced.contains("AudioCategory") && referenced.contains("Device"))
        let undefined = Set(referenced).subtracting(defined)
        #expect(undefined.isEmpty, "referenced but never defined: \(undefined.sorted())")
    }

    @Test func recipeContextIsDeclared() throws {
        let classes = try #require(files["library/classes.lua"])
        #expect(classes.contains("---@class RecipeContext\n"))
        #expect(classes.contains("function RecipeContext:expose(name, value) end"))
        #expect(classes.contains("---@field log {debug: fun(format: string, ...: any)"))
        let recipes = try #require(files["library/recipes.lua"])
        #expect(recipes.contains("---@return RecipeHandle\nfunction recipes.run(name, params) end"))
    }

    @Test func luacheckConfigNamesTheHostGlobalsAndTheirFields() throws {
        let config = try #require(files[".luacheckrc"])
        let state = try LuaState()
        let chunk = try state.load(
            """
            local env = {}
            assert(load(..., "luacheckrc", "t", env))()
            local g = env.read_globals
            local function has(list, name) for _, v in ipairs(list) do if v == name then return true end end return false end
            return env.std, has(g, "wait") and has(g, "arg") and has(g.wearables.fields, "stream")
              and has(g.mock.fields.permissions.fields, "set") and g.recipes ~= nil and "all" or "missing"
            """, name: "rc")
        let read = try state.call(chunk, [.string(config)])
        #expect(read.map(\.string) == ["lua54", "all"])
    }

    /// The type at the start of `text`, which may go on with a description.
    private static func leadingType(_ text: String) -> String {
        var depth = 0
        var previous: Character = " "
        for (offset, character) in text.enumerated() {
            if "({[".contains(character) { depth += 1 }
            if ")}]".contains(character) { depth -= 1 }
            if character == " ", depth == 0, previous != ":", previous != "," { return String(text.prefix(offset)) }
            previous = character
        }
        return text
    }

    /// Names in a type, skipping quoted strings and parameter or field names (`name:`, `name?:`).
    private static func typeNames(in type: String) -> [String] {
        var names: [String] = []
        let characters = Array(type)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                index += 1
                while index < characters.count, characters[index] != "\"" { index += 1 }
                index += 1
                continue
            }
            guard character.isLetter || character == "_" else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "." {
                end += 1
            }
            var after = end
            if after < characters.count, characters[after] == "?" { after += 1 }
            if after >= characters.count || characters[after] != ":" { names.append(String(characters[index..<end])) }
            index = end
        }
        return names
    }

    @Test func writesTheAddonFolder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try LuaTypesGenerator(bindings: bindings).write(to: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/config.json"))
        #expect(FileManager.default.fileExists(atPath: directory + "/library/wearables.lua"))
    }
}

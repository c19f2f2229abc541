import ArgumentParser
import GlassesScript
import MessageText
import GlassesTooling

/// `glasses types --out DIR`: a LuaLS addon and a luacheck config generated from
/// the binding registry, so editors and linters know every module, function and
/// class a run provides.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Write LuaLS definition files (an addon folder) and a luacheck config for the glasses bindings.",
        discussion: """
            Writes DIR/config.json and DIR/library/*.lua (---@meta files). Point LuaLS at it with \
            "Lua.workspace.library": ["DIR"] in .luarc.json, or copy DIR into its addons folder. \
            Also writes DIR/.luacheckrc, naming the host's globals and their fields as read-only: \
            luacheck --config DIR/.luacheckrc main.lua

            Example: glasses types --out .glasses-types
            """
    )

    @Option(help: ArgumentHelp("Folder to write the addon into.", valueName: "dir"))
    var out = "glasses-types"

    func run() throws {
        let options = RunOptions()
        let runtime = try ScriptRuntime(options: options, world: RunWorld.maker(for: options))
        do {
            try LuaTypesGenerator(bindings: runtime.state.bindings).write(to: out)
        } catch {
            throw ValidationError("cannot write the types to '\(out)': \(fileErrorText(error)) (pick a writable --out folder)")
        }
        print("wrote LuaLS definitions to \(out) (add it to \"Lua.workspace.library\") and \(out)/.luacheckrc")
    }
}

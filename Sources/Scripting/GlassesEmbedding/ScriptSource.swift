/// What an app runs: a script file from its bundle, or a recipe folder with its parameters.
public enum ScriptSource: Sendable, Equatable {
    /// A Lua script at `path`, with the arguments it reads as `arg` and `...`.
    case script(path: String, arguments: [String] = [])
    /// A recipe folder (`NAME.recipe/` with its `init.lua`), with parameters given as text by
    /// name, checked against the recipe's declared types and filled in from its defaults.
    case recipe(folder: String, parameters: [String: String] = [:])
}

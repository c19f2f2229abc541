import LuaHost

/// Points a state's `print` at Swift: a console's input output, an app's log view. The
/// writer is registered as a module only long enough for the new `print` to keep it.
enum PrintRedirect {
    static func install(in state: LuaState, write: @escaping (String) -> Void) throws {
        try state.register(LuaModule(name: "print_target", doc: "print's target (removed at once).", functions: [
            LuaFunction(name: "write", parameters: [LuaParameter("text", .string)], doc: "Writes print's text.") { call in
                write(try call.string(1))
                return .none
            },
        ]))
        let install = try state.load(#"""
            local write = print_target.write
            print_target = nil
            local package = rawget(_G, "package")
            if package then package.loaded.print_target = nil end
            print = function(...)
              local parts = table.pack(...)
              for i = 1, parts.n do parts[i] = tostring(parts[i]) end
              write(table.concat(parts, "\t", 1, parts.n) .. "\n")
            end
            """#, name: "=print")
        _ = try state.call(install)
    }
}

/// Trims the standard library to a ``LuaSandbox`` profile. Written in Lua
/// because it only rearranges tables; it runs once per state, before any script.
enum LuaSandboxProfile {
    static func apply(_ sandbox: LuaSandbox, modulePaths: [String], to state: LuaState) throws(LuaScriptError) {
        switch sandbox {
        case .trusted: return
        case .standard: try state.call(state.load(standard, name: "=(sandbox)"))
        case .strict:
            try state.call(state.load(standard, name: "=(sandbox)"))
            try state.call(state.load(strict, name: "=(sandbox)"), [.string(modulePaths.joined(separator: ";"))])
        }
    }

    /// Text-only loading, no process or C-library escapes, debug cut to traceback.
    private static let standard = """
        -- Captured here: the searcher below must read the host's own package
        -- table, never a global a script can replace (strict hides it).
        local load, loadfile, select, error, searchpath, package = load, loadfile, select, error, package.searchpath, package
        os.execute, io.popen, package.loadlib = nil, nil, nil
        local function text_only(loader)
          return function(source, name, _, ...)
            if select("#", ...) > 0 then return loader(source, name, "t", (...)) end
            return loader(source, name, "t")
          end
        end
        _G.load = text_only(load)
        local loadtext = function(path, _, ...)
          if select("#", ...) > 0 then return loadfile(path, "t", (...)) end
          return loadfile(path, "t")
        end
        _G.loadfile = loadtext
        _G.dofile = function(path)
          local chunk, message = loadfile(path, "t")
          if not chunk then error(message, 2) end
          return chunk()
        end
        local searchers = package.searchers
        searchers[2] = function(name)
          local path, message = searchpath(name, package.path)
          if not path then return message end
          local chunk, failure = loadfile(path, "t")
          if not chunk then
            error(("error loading module '%s' from file '%s':\\n\\t%s"):format(name, path, failure), 2)
          end
          return chunk, path
        end
        searchers[4], searchers[3] = nil, nil
        package.cpath = ""
        local debug = { traceback = debug.traceback }
        _G.debug, package.loaded.debug = debug, debug
        """

    /// Pure computation: no files, no process, no package table, a sealed string metatable.
    private static let strict = """
        local path = ...
        local os_lib = { time = os.time, clock = os.clock, date = os.date, difftime = os.difftime }
        local loaded = package.loaded
        _G.io, loaded.io = nil, nil
        _G.os, loaded.os = os_lib, os_lib
        _G.loadfile, _G.dofile = nil, nil
        string.dump = nil
        getmetatable("").__metatable = false
        package.path = path
        _G.package, loaded.package = nil, nil
        """
}

import CLua
import CLuaShim

/// Trims the standard library to a ``LuaSandbox`` profile. Written in Lua
/// because it only rearranges tables; it runs once per state, before any script.
enum LuaSandboxProfile {
    static func apply(_ sandbox: LuaSandbox, modulePaths: [String], to state: LuaState) throws(LuaScriptError) {
        switch sandbox {
        case .trusted: return
        case .standard:
            try state.call(state.load(standard, name: "=(sandbox)"))
            try state.call(state.load(hints, name: "=(sandbox)"), hintArguments("standard", state))
        case .strict:
            try state.call(state.load(standard, name: "=(sandbox)"))
            try state.protect(gs_use_confined_searcher(state.L))
            try state.call(state.load(strict, name: "=(sandbox)"), [.string(modulePaths.joined(separator: ";"))])
            try state.call(state.load(hints, name: "=(sandbox)"), hintArguments("strict", state))
        }
    }

    private static func hintArguments(_ profile: String, _ state: LuaState) -> [LuaValue] {
        [.string(profile), .string(state.options.sandboxAdvice(.trusted)), .string(state.options.sandboxAdvice(.standard))]
    }

    /// Reading a name the profile removed raises an error naming the profile
    /// and how to get it (``LuaStateOptions/sandboxAdvice``), instead of a bare "attempt to call a nil
    /// value". Other missing names still read as nil; the names stay out of `pairs`.
    private static let hints = """
        local profile, trusted, wider = ...
        local error, setmetatable, getmetatable = error, setmetatable, getmetatable
        local function guard(t, prefix, names, fix)
          local removed = {}
          local old = getmetatable(t)
          if old then for name in pairs(old.removed) do removed[name] = old.removed[name] end end
          for name in names:gmatch("%S+") do removed[name] = fix end
          setmetatable(t, { removed = removed, __index = function(_, key)
            local allow = removed[key]
            if allow then error(("%s%s is not available in the %s sandbox; %s"):format(prefix, key, profile, allow), 2) end
          end })
        end
        local os_lib = os
        if profile == "strict" then
          guard(_G, "", "io loadfile dofile package", wider)
          guard(os_lib, "os.", "getenv remove rename exit tmpname setlocale", wider)
          guard(string, "string.", "dump", wider)
        else
          guard(io, "io.", "popen", trusted)
          guard(package, "package.", "loadlib", trusted)
        end
        guard(os_lib, "os.", "execute", trusted)
        guard(debug, "debug.", "debug getinfo sethook gethook getlocal setlocal getupvalue setupvalue upvalueid "
          .. "upvaluejoin getregistry getmetatable setmetatable getuservalue setuservalue setcstacklimit", trusted)
        """

    /// Globals for code that must run in `sandbox` inside a state with a wider
    /// profile (a strict recipe a standard script starts): the same removals,
    /// made on copies, with `require`, `load`, `loadfile` and `dofile` bound
    /// to those globals and modules looked up only along `modulePaths`; narrowed
    /// to strict, `require` uses strict's own searcher (beneath each folder, no
    /// link followed), whatever the state's. Returns nil when the state's own
    /// profile is already as narrow.
    static func environment(_ sandbox: LuaSandbox, modulePaths: [String], in state: LuaState) throws(LuaScriptError) -> LuaRef? {
        guard sandbox.rank < state.options.sandbox.rank else { return nil }
        gs_push_confined_searcher_maker(state.L)
        let confinedSearcher: LuaRef
        do { confinedSearcher = try state.ref(at: -1, on: state.L, popping: true) } catch { throw state.popScriptError(.memory) }
        let made = try state.call(
            state.load(narrowing, name: "=(sandbox)"),
            [.string(sandbox.rawValue), .string(modulePaths.joined(separator: ";")), .ref(confinedSearcher)])
        guard case .ref(let environment)? = made.first else { return nil }
        return environment
    }

    private static let narrowing = """
        local profile, path, confined_searcher = ...
        local load, loadfile, select, error, next, searchpath, type = load, loadfile, select, error, next, package.searchpath, type
        local function copy(t) local c = {} for k, v in next, t do c[k] = v end return c end
        local env = copy(_G)
        env._G = env
        local function text(source, name, _, ...)
          if select("#", ...) > 0 then return load(source, name, "t", (...)) end
          return load(source, name, "t", env)
        end
        local function textfile(file, _, ...)
          if select("#", ...) > 0 then return loadfile(file, "t", (...)) end
          return loadfile(file, "t", env)
        end
        env.load, env.loadfile = text, textfile
        env.dofile = function(file)
          local chunk, message = textfile(file)
          if not chunk then error(message, 2) end
          return chunk()
        end
        env.string, env.io, env.os = copy(string), copy(io), copy(os)
        env.os.execute, env.io.popen = nil, nil
        env.debug = { traceback = debug.traceback }
        local loaded = { _G = env, string = env.string, io = env.io, os = env.os, debug = env.debug,
          table = table, math = math, utf8 = utf8, coroutine = coroutine }
        env.package = { path = path, cpath = "", config = package.config, loaded = loaded, searchpath = searchpath }
        if profile == "strict" then
          env.io, loaded.io = nil, nil
          env.os = { time = os.time, clock = os.clock, date = os.date, difftime = os.difftime }
          loaded.os = env.os
          env.loadfile, env.dofile, env.package, env.string.dump = nil, nil, nil, nil
        end
        -- Strict's searcher raises for a link and a module that does not compile, and
        -- returns why nothing was found; the other, Lua's own lookup.
        local search = profile == "strict" and confined_searcher({ path = path }, env) or function(name)
          local file, message = searchpath(name, path)
          if not file then return message end
          local chunk, failure = loadfile(file, "t", env)
          if not chunk then error(("error loading module '%s' from file '%s':\\n\\t%s"):format(name, file, failure), 3) end
          return chunk, file
        end
        env.require = function(name)
          if loaded[name] ~= nil then return loaded[name] end
          local chunk, file = search(name)
          if type(chunk) ~= "function" then error(("module '%s' not found:%s"):format(name, chunk), 2) end
          local value = chunk(name, file)
          if value == nil then value = true end
          loaded[name] = value
          return value, file
        end
        return env
        """

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

extension LuaSandbox {
    /// Strict < standard < trusted.
    fileprivate var rank: Int {
        switch self {
        case .strict: 0
        case .standard: 1
        case .trusted: 2
        }
    }

    /// The narrower of the two: what code gets when both apply (a recipe's
    /// declared sandbox and its caller's).
    public func narrowed(to other: LuaSandbox) -> LuaSandbox { rank <= other.rank ? self : other }
}

extension LuaState {
    /// Compiles `bytes` (a file the caller read through a descriptor it checked) to run
    /// in `sandbox`, or in the state's own profile if that is narrower: a wider state
    /// gives it narrowed globals (`LuaSandboxProfile`), with `require` searching
    /// `modulePaths` only (beneath their folders, links refused, when narrowed to strict).
    public func load(_ bytes: [UInt8], name: String, sandbox: LuaSandbox, modulePaths: [String]) throws(LuaScriptError) -> LuaRef {
        let chunk = try load(bytes, name: name)
        if let environment = try LuaSandboxProfile.environment(sandbox, modulePaths: modulePaths, in: self) {
            setEnvironment(chunk, environment)
        }
        return chunk
    }
}

extension LuaState {
    /// Makes `environment` the `_ENV` of the loaded chunk `chunk` (its first upvalue).
    fileprivate func setEnvironment(_ chunk: LuaRef, _ environment: LuaRef) {
        lua_rawgeti(L, gs_registryindex(), lua_Integer(chunk.reference))
        lua_rawgeti(L, gs_registryindex(), lua_Integer(environment.reference))
        // Pops the environment; a chunk always has _ENV as its first upvalue.
        _ = lua_setupvalue(L, -2, 1)
        gs_pop(L, 1)
    }
}

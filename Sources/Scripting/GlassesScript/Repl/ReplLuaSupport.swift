import LuaHost

/// The REPL's Lua side: the pretty printer, the protected runner that turns a
/// chunk's results or error into text, and the lookups completion needs. Written
/// in Lua because it walks tables; it captures the library functions it uses when
/// installed, so a user who reassigns `pairs` or `tostring` cannot break the REPL.
struct ReplLuaSupport {
    /// `run(chunk)` -> true, text | false, message, traceback (run inside a task).
    let run: LuaRef
    /// `format(value)` -> text of one value, as the REPL prints it.
    let format: LuaRef
    /// `lookup(path)` -> the value at a dotted path from the globals, or nil.
    let lookup: LuaRef
    /// `keys(value)` -> sorted string keys of a table and its `__index` tables, one a line.
    let keys: LuaRef
    /// `class_of(value)` -> the registered class name of a userdata, or nil.
    let classOf: LuaRef
    /// `globals_of_class(names)` -> `name = tostring` lines of globals whose class is in `names`.
    let globalsOfClass: LuaRef

    init(state: LuaState) throws(LuaScriptError) {
        let table = try state.call(state.load(Self.source, name: "=(repl)"))
        guard case .ref(let functions)? = table.first else {
            throw LuaScriptError(kind: .runtime, message: "the REPL support chunk returned no table")
        }
        func function(_ name: String) throws(LuaScriptError) -> LuaRef {
            guard case .ref(let ref) = try state.field(functions, name) else {
                throw LuaScriptError(kind: .runtime, message: "the REPL support chunk has no '\(name)'")
            }
            return ref
        }
        run = try function("run")
        format = try function("format")
        lookup = try function("lookup")
        keys = try function("keys")
        classOf = try function("class_of")
        globalsOfClass = try function("globals_of_class")
    }

    static let source = #"""
        local ipairs, next, type, tostring, getmetatable, rawget, pcall, xpcall, select =
          ipairs, next, type, tostring, getmetatable, rawget, pcall, xpcall, select
        local sort, concat, mtype, fmt = table.sort, table.concat, math.type, string.format
        local traceback = debug.traceback
        local G = _G
        local WIDTH = 72

        local function class_of(v)
          if type(v) ~= "userdata" then return nil end
          local mt = getmetatable(v)
          if type(mt) ~= "table" then return nil end
          local name = rawget(mt, "__name")
          return type(name) == "string" and name or nil
        end

        local function quote(s)
          return (fmt("%q", s):gsub("\\\n", "\\n"))
        end

        local function safe_tostring(v)
          local ok, text = pcall(tostring, v)
          if ok and type(text) == "string" then return text end
          return "<" .. type(v) .. ": __tostring failed>"
        end

        local order = { number = 1, string = 2, boolean = 3 }
        local function key_less(a, b)
          local ta, tb = type(a), type(b)
          if ta ~= tb then return (order[ta] or 9) < (order[tb] or 9) or ((order[ta] or 9) == (order[tb] or 9) and ta < tb) end
          if ta == "number" or ta == "string" then return a < b end
          return safe_tostring(a) < safe_tostring(b)
        end

        local show
        local function key_text(k)
          if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
          return "[" .. show(k, "", {}, "") .. "]"
        end

        show = function(v, indent, seen, path)
          local t = type(v)
          if t == "string" then return quote(v) end
          if t ~= "table" then return safe_tostring(v) end
          if seen[v] then return "<cycle: " .. seen[v] .. ">" end
          local mt = getmetatable(v)
          if type(mt) == "table" and rawget(mt, "__tostring") then return safe_tostring(v) end
          local keys = {}
          for k in next, v do keys[#keys + 1] = k end
          if #keys == 0 then return "{}" end
          sort(keys, key_less)
          local n = 0
          while rawget(v, n + 1) ~= nil do n = n + 1 end
          seen[v] = path
          local parts, inner = {}, indent .. "  "
          for i = 1, n do parts[#parts + 1] = show(rawget(v, i), inner, seen, path .. "[" .. i .. "]") end
          for _, k in ipairs(keys) do
            if not (mtype(k) == "integer" and k >= 1 and k <= n) then
              local name = key_text(k)
              local child = path .. (name:sub(1, 1) == "[" and name or "." .. name)
              parts[#parts + 1] = name .. " = " .. show(rawget(v, k), inner, seen, child)
            end
          end
          seen[v] = nil
          local line = "{" .. concat(parts, ", ") .. "}"
          if #line + #indent <= WIDTH and not line:find("\n", 1, true) then return line end
          return "{\n" .. inner .. concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
        end

        local function format(v) return show(v, "", {}, "root") end

        local function short_traceback(text)
          local lines = {}
          for line in text:gmatch("[^\n]+") do
            if line:find("[C]: in function 'xpcall'", 1, true) then break end
            if #lines >= 8 then lines[#lines + 1] = "\t..."; break end
            lines[#lines + 1] = line
          end
          return concat(lines, "\n")
        end

        local function on_error(e)
          return { message = safe_tostring(e), traceback = short_traceback(traceback("", 2)) }
        end

        local function results(ok, ...)
          if not ok then
            local e = ...
            -- A memory error skips the handler: it arrives as Lua's bare message.
            if type(e) ~= "table" then return false, safe_tostring(e), "" end
            return false, e.message, e.traceback
          end
          local count, parts = select("#", ...), {}
          for i = 1, count do parts[i] = format((select(i, ...))) end
          return true, concat(parts, "\t")
        end

        local function run(chunk) return results(xpcall(chunk, on_error)) end

        local function lookup(path)
          local v = G
          for name in path:gmatch("[^.]+") do
            if type(v) ~= "table" and type(v) ~= "userdata" then return nil end
            local ok, child = pcall(function() return v[name] end)
            if not ok then return nil end
            v = child
          end
          return v
        end

        local function keys(v)
          local out, seen = {}, {}
          local depth = 0
          while type(v) == "table" and depth < 8 do
            for k in next, v do
              if type(k) == "string" and not seen[k] then seen[k] = true; out[#out + 1] = k end
            end
            local mt = getmetatable(v)
            v = type(mt) == "table" and rawget(mt, "__index") or nil
            depth = depth + 1
          end
          sort(out)
          return concat(out, "\n")
        end

        local function globals_of_class(names)
          local wanted, out = {}, {}
          for _, name in ipairs(names) do wanted[name] = true end
          for k, v in next, G do
            local class = class_of(v)
            if type(k) == "string" and class and wanted[class] then out[#out + 1] = k .. " = " .. safe_tostring(v) end
          end
          sort(out)
          return concat(out, "\n")
        end

        return {
          run = run, format = format, lookup = lookup, keys = keys,
          class_of = class_of, globals_of_class = globals_of_class,
        }
        """#
}

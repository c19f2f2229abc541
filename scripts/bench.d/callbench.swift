// Times a Swift-registered function against a C lua_CFunction (math.abs)
// doing the same work, called from the same Lua loop; prints the ratio.
import LuaHost

let state = try LuaState(options: LuaStateOptions(sandbox: .trusted))
try state.register(
    LuaFunction(name: "swift_abs", signature: "swift_abs(x: number) -> number", doc: "math.abs in Swift.") { call in
        .value(.number(abs(try call.number(1))))
    })
let results = try state.run(
    """
    local n, abs, swift_abs = 5000000, math.abs, swift_abs
    local function time(f)
      local best = math.huge
      for _ = 1, 5 do
        local t = os.clock()
        for i = 1, n do f(-i) end
        best = math.min(best, os.clock() - t)
      end
      return best
    end
    return time(abs), time(swift_abs)
    """)
let c = results[0].number ?? 1
let swift = results[1].number ?? 0
print("swift function call vs C lua_CFunction: \(String(format: swift / c)) (C \(Int(c / 5_000_000 * 1e9)) ns, Swift \(Int(swift / 5_000_000 * 1e9)) ns per call; target <= 1.3)")

func String(format ratio: Double) -> String {
    let hundredths = Int((ratio * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)x"
}

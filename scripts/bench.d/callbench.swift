// Times a Swift-registered function against C functions doing the same work,
// called from the same Lua loop: math.abs (a light C function, the target's
// baseline) and a C closure that fetches an upvalue as LuaHost's trampoline
// does (the floor for any binding that keeps per-function state in a closure).
// The closure comes from the shared object named by the first argument.
import Foundation
import LuaHost

let state = try LuaState(options: LuaStateOptions(sandbox: .trusted))
try state.register(
    LuaFunction(name: "swift_abs", parameters: [LuaParameter("x", .number)], returns: [.number], doc: "math.abs in Swift.") { call in
        .value(.number(abs(try call.number(1))))
    })
// Interleaved best-of runs, so a noisy neighbour or a frequency change hits both sides alike.
let calls = 1_000_000
let floorLibrary = CommandLine.arguments.dropFirst().first ?? "closure_floor.so"
let results = try state.run(
    """
    local closure_abs = assert(package.loadlib("\(floorLibrary)", "luaopen_closure_floor"))()
    local n, abs, swift_abs = \(calls), math.abs, swift_abs
    local function once(f)
      local t = os.clock()
      for i = 1, n do f(-i) end
      return os.clock() - t
    end
    local c, closure, swift = math.huge, math.huge, math.huge
    for _ = 1, 25 do
      c = math.min(c, once(abs))
      closure = math.min(closure, once(closure_abs))
      swift = math.min(swift, once(swift_abs))
    end
    return c, closure, swift
    """)
let c = results[0].number ?? 1
let closure = results[1].number ?? 1
let swift = results[2].number ?? 0
func nanoseconds(_ seconds: Double) -> Int { Int(seconds / Double(calls) * 1e9) }
print("swift function call vs C lua_CFunction: \(String(format: swift / c)) (C \(nanoseconds(c)) ns, Swift \(nanoseconds(swift)) ns per call; target <= 1.3)")
print("swift function call vs C closure with an upvalue: \(String(format: swift / closure)) (closure \(nanoseconds(closure)) ns)")

func String(format ratio: Double) -> String {
    let hundredths = Int((ratio * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)x"
}

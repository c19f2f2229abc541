#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// `log.debug/info/warn/error(fmt, ...)`: leveled lines on stderr stamped with
/// the run time, also written to the trace, so stdout stays the script's own.
struct LogPlugin: GlassesPlugin {
    enum Level: String, CaseIterable {
        case debug, info, warn, error
    }

    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let functions = Level.allCases.map { level in
            LuaFunction(
                name: level.rawValue,
                parameters: [LuaParameter("format", .string), .rest()],
                doc: "Log a \(level.rawValue) line; arguments are formatted as by string.format."
            ) { [unowned runtime] call in
                let message = try call.string(1)
                Self.write(level, message, runtime: runtime)
                return .none
            }
        }
        try runtime.state.register(LuaModule(name: "log", doc: "Leveled log lines with the run time.", functions: functions, example: ModuleExamples.log))
        // Formatting happens in Lua, with the script's own string.format rules
        // (%s calls tostring, so error values and devices format as they print).
        try runtime.state.run(
            """
            local format, select, type, error = string.format, select, type, error
            for _, level in ipairs { "debug", "info", "warn", "error" } do
              local write = log[level]
              log[level] = function(fmt, ...)
                if type(fmt) ~= "string" then
                  error(("bad argument #1 to '%s' (string expected, got %s)"):format(level, type(fmt)), 2)
                end
                if select("#", ...) == 0 then return write(fmt) end
                return write(format(fmt, ...))
              end
            end
            """, name: "=log")
    }

    static func write(_ level: Level, _ message: String, runtime: ScriptRuntime) {
        if let output = runtime.options.output {
            output(.logged(level: level.rawValue, message: message, time: runtime.scheduler.now))
        } else {
            let stamp = String(cFormat: "%9.3f", runtime.scheduler.now)
            let tag = String((level.rawValue.uppercased() + "     ").prefix(5))
            LuaConsole.flushOutput()
            LuaConsole.writeError("[\(stamp)] \(tag) \(message)\n")
        }
        runtime.trace.record(source: "script", event: "log", values: ["level": .string(level.rawValue), "message": .string(message)])
    }
}

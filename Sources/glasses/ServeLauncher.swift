import ArgumentParser
import GlassesScript
import LuaHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses serve` runs the `glasses-serve` program beside this one, with the same
/// arguments: the HTTP server (Hummingbird and its libraries, about 40% of a clean
/// build) then costs neither `glasses`'s build nor its start-up.
enum ServeLauncher {
    static let abstract = "Serve a simulated world over WebSocket (scripts, REPLs) and HTTP (test controls)."
    static let program = "glasses-serve"

    /// Replaces this process with `glasses-serve ARGUMENTS`; returns only if it cannot.
    static func exec(_ arguments: ArraySlice<String>) -> Never {
        let path = folderOfThisProgram() + "/" + program
        let argv = [program] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let reason = errno == ENOENT
            ? "the \(program) program is not beside glasses (\(folderOfThisProgram())); build it with `swift build --product \(program)`"
            : "cannot start \(path): \(String(cString: strerror(errno)))"
        LuaConsole.writeError("glasses serve: \(reason)\n")
        exit(ExitStatus.usage.code)
    }

    /// The folder this executable was started from.
    private static func folderOfThisProgram() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        let found = _NSGetExecutablePath(&buffer, &size) == 0
        #else
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let found = count > 0
        #endif
        let path = found ? String(cString: buffer) : CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

/// `glasses serve` in `glasses --help`; `Glasses.main` runs `glasses-serve` before parsing,
/// so this is never run, and `glasses serve --help` is the real command's help.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: ServeLauncher.abstract)

    @Argument(parsing: .allUnrecognized, help: "See `glasses serve --help`.")
    var arguments: [String] = []

    func run() throws { ServeLauncher.exec(arguments[...]) }
}

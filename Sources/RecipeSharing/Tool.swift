#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript

/// The system tools recipe sharing runs (git, curl, unzip, zip), as LuaRocks and
/// lazy.nvim do: users already have and trust them, and the binary gains no TLS.
enum Tool {
    /// Runs `tool` in `directory` with git's prompts off; throws when it cannot start.
    static func run(_ tool: String, _ arguments: [String], in directory: String = "/") throws(RecipeError) -> ChildProcess.Captured {
        let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false"]
        guard let result = ChildProcess.capture(tool, arguments, in: directory, environment: environment) else {
            throw RecipeError("cannot start \(tool)")
        }
        if result.status == ChildProcess.notFound { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return result
    }
}

extension ChildProcess.Captured {
    /// The tool's last line of complaint, for a message that says why.
    var reason: String {
        errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
    }
}

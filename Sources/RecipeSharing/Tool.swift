import FoundationEssentials
import GlassesScript

/// The system tools recipe sharing runs (git, curl, unzip, zip), as LuaRocks and
/// lazy.nvim do: users already have and trust them, and the binary gains no TLS.
enum Tool {
    struct Output {
        let status: Int32
        let output: String
        let errors: String

        /// The tool's last line of complaint, for a message that says why.
        var reason: String {
            errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
        }
    }

    /// Runs `tool` in `directory` with prompts off; throws when it cannot start.
    static func run(_ tool: String, _ arguments: [String], in directory: String = "/") throws(RecipeError) -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glasses-tool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch + ".out"); try? FileManager.default.removeItem(atPath: scratch + ".err") }
        // `sh` changes folder and turns off git's credential prompts before it becomes the tool.
        let script = "cd -- \"$0\" && out=\"$1\" && shift && GIT_TERMINAL_PROMPT=0 GIT_ASKPASS=/bin/false exec \"$@\" >\"$out\""
        let spawned = ChildProcess.spawn("/bin/sh", ["-c", script, directory, scratch + ".out", tool] + arguments, standardError: scratch + ".err")
        guard let pid = spawned else { throw RecipeError("cannot start \(tool)") }
        let status = ChildProcess.wait(pid)
        let output = FileManager.default.contents(atPath: scratch + ".out").map { String(decoding: $0, as: UTF8.self) } ?? ""
        let errors = FileManager.default.contents(atPath: scratch + ".err").map { String(decoding: $0, as: UTF8.self) } ?? ""
        if status == 127 { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return Output(status: status, output: output, errors: errors)
    }
}

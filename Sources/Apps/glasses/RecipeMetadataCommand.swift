import ArgumentParser
import GlassesScript
import LuaHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RecipeCommand {
    /// `glasses recipe metadata FOLDER`: the child a listing starts to read one recipe's
    /// metadata, so a hang in C ends with this process (`RecipeMetadataChild`). Its stdin
    /// holds `init.lua` as the parent read it; its stdout carries only the JSON report.
    struct Metadata: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "metadata",
            abstract: "Print a recipe folder's metadata as JSON, reading its init.lua from stdin (what listings run in a child process).",
            shouldDisplay: false)

        @Argument(help: "The NAME.recipe folder.")
        var folder: String

        func run() throws {
            let source = Self.readStandardInput(limit: RecipeMetadataChild.maxSourceBytes)
            // What init.lua prints as it loads (print at load) goes to stderr, not into the
            // report the parent parses: the report goes to stdout as it was when we started.
            let report = dup(STDOUT_FILENO)
            _ = dup2(STDERR_FILENO, STDOUT_FILENO)
            let text = RecipeMetadataChild.report(folder: folder, source: source) + "\n"
            LuaConsole.flushOutput()
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(report, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                bytes = bytes.dropFirst(written)
            }
            // Ended here, before anything is torn down: a looping __gc in what init.lua left must not hold the listing.
            _exit(0)
        }

        /// Up to `limit` bytes of stdin.
        static func readStandardInput(limit: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while bytes.count < limit {
                let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, min($0.count, limit - bytes.count)) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                bytes += chunk.prefix(got)
            }
            return bytes
        }
    }
}

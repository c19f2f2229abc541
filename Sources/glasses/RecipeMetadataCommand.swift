import ArgumentParser
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RecipeCommand {
    /// `glasses recipe metadata FOLDER`: the child a listing starts to read one recipe's
    /// metadata, so a hang in C ends with this process (`RecipeMetadataChild`).
    struct Metadata: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "metadata",
            abstract: "Print a recipe folder's metadata as JSON (what listings run in a child process).",
            shouldDisplay: false)

        @Argument(help: "The NAME.recipe folder.")
        var folder: String

        func run() throws {
            let report = RecipeMetadataChild.report(folder: folder) + "\n"
            _ = report.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
            // Ended here, before anything is torn down: a looping __gc in what init.lua left must not hold the listing.
            _exit(0)
        }
    }
}

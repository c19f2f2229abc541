import ArgumentParser
import GlassesScript
import LuaHost

/// `glasses-serve`, which `glasses serve` runs: ends as `glasses` does, with its
/// ``ExitStatus`` and a one-line usage error (exit 2).
@main
enum GlassesServe {
    static func main() {
        do {
            var command = try ServeCommand.parseAsRoot()
            try command.run()
        } catch let status as ExitStatus {
            ServeCommand.exit(withError: ExitCode(status.code))
        } catch {
            guard ServeCommand.exitCode(for: error) == .validationFailure else { ServeCommand.exit(withError: error) }
            var message = ServeCommand.message(for: error)
            if let first = message.first { message = first.lowercased() + message.dropFirst() }
            LuaConsole.writeError("glasses serve: \(message) (see 'glasses serve --help')\n")
            ServeCommand.exit(withError: ExitCode(ExitStatus.usage.code))
        }
    }
}

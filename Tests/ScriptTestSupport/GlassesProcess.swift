import Foundation
import Testing

/// Runs the built `glasses` binary (next to this test bundle, or $GLASSES_BIN),
/// the way a user does: scripts, arguments, exit code, stdout and stderr.
public enum GlassesProcess {
    public struct Result: Sendable {
        public let stdout: String
        public let stderr: String
        public let code: Int32

        public init(stdout: String, stderr: String, code: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.code = code
        }
    }

    /// The Lua-level tests, Tests/GlassesScriptTests/Scripts.
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../GlassesScriptTests/Scripts").standardizedFileURL

    public static func script(_ name: String) -> String { scripts.appendingPathComponent(name).path }

    public static var binary: String {
        if let path = ProcessInfo.processInfo.environment["GLASSES_BIN"] { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("glasses").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("glasses").path
    }

    /// Runs `glasses` with `arguments`, in `folder` (default: the test's) with
    /// `environment` added to the test's own.
    public static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
                    input: String? = nil) async throws -> Result {
        // A wall-clock limit, so a script that never ends fails its test instead of hanging the suite.
        let limited = arguments.first == "run" ? ["run", "--timeout", "120"] + arguments.dropFirst() : arguments
        return try await launch(binary, limited, in: folder, environment: environment, input: input)
    }

    /// Runs any program the way ``run(_:in:environment:)`` runs `glasses` (`lua5.4`, for parity).
    public static func launch(_ executable: String, _ arguments: [String], in folder: String? = nil,
                       environment: [String: String] = [:], input: String? = nil) async throws -> Result {
        // Output goes to files, not pipes, so a chatty run can never block on a full pipe.
        let outputs = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outputs) }
        let outPath = outputs + "/stdout", errPath = outputs + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        if let input {
            let inPath = outputs + "/stdin"
            _ = FileManager.default.createFile(atPath: inPath, contents: Data(input.utf8))
            process.standardInput = FileHandle(forReadingAtPath: inPath)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // Waits without holding a thread: tests run side by side on Swift's cooperative pool
        // (2 threads here), which the in-process servers of other tests need too.
        let failedToStart: (any Error)? = await withCheckedContinuation { finished in
            process.terminationHandler = { _ in finished.resume(returning: nil) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                finished.resume(returning: error)
            }
        }
        if let failedToStart { throw failedToStart }
        return Result(
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            code: process.terminationStatus)
    }

    /// Starts `glasses` with `arguments` in `folder`, its stderr piped, and returns once the
    /// script's first line came, which must be "ready": the script says so once what a test
    /// then does to it (a signal) has something to act on.
    public static func startReady(_ arguments: [String], in folder: String) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        try #require(String(decoding: line, as: UTF8.self) == "ready\n", "the script's first line")
        return (process, errors)
    }

    /// A temporary folder holding `files` (name: text).
    public static func folder(_ files: [String: String]) throws -> String {
        let folder = try temporaryDirectory()
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    public static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "glasses-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

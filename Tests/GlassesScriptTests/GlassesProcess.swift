import Foundation

/// Runs the built `glasses` binary (next to this test bundle, or $GLASSES_BIN),
/// the way a user does: scripts, arguments, exit code, stdout and stderr.
enum GlassesProcess {
    struct Result {
        let stdout: String
        let stderr: String
        let code: Int32
    }

    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")

    static func script(_ name: String) -> String { scripts.appendingPathComponent(name).path }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["GLASSES_BIN"] { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("glasses").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("glasses").path
    }

    static func run(_ arguments: [String]) throws -> Result {
        // Output goes to files, not pipes, so a chatty run can never block on a full pipe.
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/stdout", errPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // A wall-clock limit, so a script that never ends fails its test instead of hanging the suite.
        process.arguments = arguments.first == "run" ? ["run", "--timeout", "120"] + arguments.dropFirst() : arguments
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            code: process.terminationStatus)
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "glasses-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

import Foundation
import Testing

/// sox's `soxi`, an independent reader of the WAV files the recorder writes.
enum Soxi {
    static let executable = ["/usr/bin/soxi", "/usr/local/bin/soxi", "/opt/homebrew/bin/soxi"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { executable != nil }
    static let skipReason: Comment = "soxi not found: install Debian's sox (apt-get install sox) to check WAV headers"

    struct Info: Equatable {
        let rate: Int
        let bits: Int
        let channels: Int
        let samples: Int
    }

    /// The header facts soxi reports, or nil if soxi rejects the file.
    static func info(_ url: URL) throws -> Info? {
        func field(_ flag: String) throws -> Int? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable ?? "soxi")
            process.arguments = [flag, url.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let rate = try field("-r"), let bits = try field("-b"), let channels = try field("-c"),
              let samples = try field("-s") else { return nil }
        return Info(rate: rate, bits: bits, channels: channels, samples: samples)
    }
}

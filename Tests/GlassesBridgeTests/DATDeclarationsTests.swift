import Foundation
import Testing

/// The stand-in for Meta's SDK declares exactly what `docs/dat-declarations.txt` lists,
/// in DAT's own printed form: the compiler writes the stand-in's interface, so a label,
/// a type, `async`, a typed `throws` or a conformance that drifts from DAT fails here,
/// and so does a public declaration the list does not have.
@Suite(.timeLimit(.minutes(2)))
struct DATDeclarationsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    /// The stand-in's modules and the list's names for their SDK files, in build order.
    static let modules = [
        (name: "MWDATCore", source: "Core"), (name: "MWDATCamera", source: "Camera"), (name: "MWDATSpeech", source: "Speech"),
        (name: "MWDATDisplay", source: "Display"), (name: "MWDATInputs", source: "Inputs"), (name: "MWDATMotion", source: "Motion"),
    ]

    @Test func theStandInDeclaresExactlyTheListedDATDeclarations() throws {
        let listed = try DeclarationList(contentsOf: Self.root.appendingPathComponent("docs/dat-declarations.txt"))
        let interfaces = try StandInInterfaces.compile(modules: Self.modules.map(\.name), root: Self.root)
        for module in Self.modules {
            let declared = Set(InterfaceDeclarations(interface: interfaces[module.name] ?? "").lines)
            let expected = listed.linesOnLinux(source: module.source)
            let missing = expected.subtracting(declared).sorted()
            let unlisted = declared.subtracting(expected).sorted()
            #expect(missing.isEmpty, "\(module.name) lacks DAT's declarations (or declares them with another shape):\n\(missing.joined(separator: "\n"))")
            #expect(unlisted.isEmpty, "\(module.name) declares public API not in docs/dat-declarations.txt (make it package, or list it from DAT's interface):\n\(unlisted.joined(separator: "\n"))")
        }
    }

    @Test func onlyWhatNeedsUIKitOrCoreMediaIsListedAsIOSOnly() throws {
        let listed = try DeclarationList(contentsOf: Self.root.appendingPathComponent("docs/dat-declarations.txt"))
        #expect(!listed.iOSOnly.isEmpty)
        for line in listed.iOSOnly {
            #expect(line.contains("UIKit.") || line.contains("CoreMedia."), "listed as iOS-only but needs neither UIKit nor CoreMedia: \(line)")
        }
    }

    @Test func theComparisonSeesAChangedLabelAndAnUnlistedMember() {
        let interface = """
            @_hasMissingDesignatedInitializers final public class Stream : Swift.Sendable {
              @discardableResult
              final public func capturePhoto(as format: MWDATCamera.PhotoCaptureFormat) -> Swift.Bool
              final public func extra()
              @objc deinit
            }
            extension MWDATCamera.StreamState : Swift.Hashable {}
            extension MWDATCamera.StreamState : Swift.Sendable {}
            """
        let lines = InterfaceDeclarations(interface: interface).lines
        #expect(lines == [
            "final public class Stream : Swift.Sendable",
            "Stream :: @discardableResult final public func capturePhoto(as format: MWDATCamera.PhotoCaptureFormat) -> Swift.Bool",
            "Stream :: final public func extra()",
            "extension MWDATCamera.StreamState : Swift.Sendable {}",
        ])
    }
}

extension DATDeclarationsTests {
    @Test func aDeclarationPrintedOverSeveralLinesAndAnUnlabelledCaseValueCompareAsDATPrintsThem() {
        let interface = """
            public struct InputsConfiguration : Swift.Sendable {
              public init(sources: Swift.Set<MWDATInputs.InputSource> = [
                  .captouch,
                  .neuralBand,
                ], consumeBack: Swift.Bool = true)
            }
            public enum InputEvent : Swift.Sendable {
              case button(_: MWDATInputs.ButtonType, source: MWDATInputs.InputSource, timestampMs: Swift.Int64)
            }
            """
        #expect(InterfaceDeclarations(interface: interface).lines == [
            "public struct InputsConfiguration : Swift.Sendable",
            "InputsConfiguration :: public init(sources: Swift.Set<MWDATInputs.InputSource> = [ .captouch, .neuralBand, ], consumeBack: Swift.Bool = true)",
            "public enum InputEvent : Swift.Sendable",
            "InputEvent :: case button(MWDATInputs.ButtonType, source: MWDATInputs.InputSource, timestampMs: Swift.Int64)",
        ])
    }
}

/// `docs/dat-declarations.txt`: `SOURCE | declaration` lines; `SOURCE, iOS` for what Linux cannot declare.
struct DeclarationList {
    private var bySource: [String: Set<String>] = [:]
    private(set) var iOSOnly: [String] = []

    init(contentsOf url: URL) throws {
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            guard let bar = line.firstIndex(of: "|") else { continue }
            let source = line[..<bar].trimmingCharacters(in: .whitespaces)
            let declaration = line[line.index(after: bar)...].trimmingCharacters(in: .whitespaces)
            if source.hasSuffix(", iOS") {
                iOSOnly.append(declaration)
            } else {
                bySource[source, default: []].insert(declaration)
            }
        }
    }

    func linesOnLinux(source: String) -> Set<String> { bySource[source] ?? [] }
}

/// The stand-in's public interfaces, as the compiler prints them (`-emit-module-interface`).
enum StandInInterfaces {
    struct CompileFailed: Error, CustomStringConvertible {
        let description: String
    }

    static func compile(modules: [String], root: URL) throws -> [String: String] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("dat-stand-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var interfaces: [String: String] = [:]
        for module in modules {
            let folder = root.appendingPathComponent("Sources/Bridge/DATStandIn/\(module)")
            let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            let interface = output.appendingPathComponent("\(module).swiftinterface")
            let arguments = [
                "swiftc", "-parse-as-library", "-swift-version", "6", "-package-name", "GlassesScript", "-enable-library-evolution",
                "-emit-module", "-module-name", module, "-o", output.appendingPathComponent("\(module).swiftmodule").path,
                "-emit-module-interface-path", interface.path, "-I", output.path,
            ] + sources.map { folder.appendingPathComponent($0).path }
            try run(arguments)
            interfaces[module] = try String(contentsOf: interface, encoding: .utf8)
        }
        return interfaces
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: messages, as: UTF8.self).split(separator: "\n").filter { $0.contains("error:") }
            throw CompileFailed(description: "swiftc could not compile the stand-in: \(text.joined(separator: "; "))")
        }
    }
}

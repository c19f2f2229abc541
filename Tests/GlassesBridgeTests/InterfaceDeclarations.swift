/// The declarations of a `.swiftinterface`, one line each, as `docs/dat-declarations.txt`
/// writes them: a top-level declaration as printed, a member as `Container :: member`.
/// Accessor blocks fold into `{ get }`; what the compiler derives for every enum
/// (`==`, hashing, raw values, `allCases`) and what only the Objective-C runtime has
/// (`@objc…`, `_nsErrorDomain`) are left out, and so is `@_hasMissingDesignatedInitializers`
/// (a hint for subclasses; every DAT class here is final), so Meta's iOS interface and the stand-in's
/// Linux one compare line for line. A declaration printed over several lines (a default argument
/// written as a multi-line literal) is joined into one; an enum case's unlabelled associated value
/// is written without the `_:` that Apple's compiler prints where the source wrote it (Linux's
/// compiler drops it). Linux prints Foundation's types from
/// FoundationEssentials, and CGFloat from Foundation; they are written as on Apple's
/// platforms (`Foundation.Data`, `CoreFoundation.CGFloat`).
struct InterfaceDeclarations {
    private(set) var lines: [String] = []

    init(interface text: String) {
        var containers: [String] = []
        var pendingAttributes: [String] = []
        var rawLines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)[...]
        while let raw = rawLines.popFirst() {
            var line = Self.normalised(raw)
            while Self.opensMoreThanItCloses(line), let next = rawLines.popFirst() { line += " " + Self.normalised(next) }
            if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("import ") { continue }
            if line == "}" {
                _ = containers.popLast()
                continue
            }
            if line.hasPrefix("@"), !line.contains(" ") {
                pendingAttributes.append(line)
                continue
            }
            if !pendingAttributes.isEmpty {
                line = (pendingAttributes + [line]).joined(separator: " ")
                pendingAttributes = []
            }
            if line.hasSuffix(" {"), Self.isAccessorOwner(line) {
                var accessors: [String] = []
                while let next = rawLines.popFirst().map(Self.normalised), next != "}" { accessors.append(next) }
                line = String(line.dropLast(2)) + " { " + accessors.joined(separator: " ") + " }"
            }
            var opensContainer = line.hasSuffix(" {")
            if opensContainer, rawLines.first.map(Self.normalised) == "}" {
                // An empty body: an extension that only adds a conformance keeps its `{}`, as printed.
                _ = rawLines.popFirst()
                opensContainer = false
                line = String(line.dropLast(2)) + (line.hasPrefix("extension ") ? " {}" : "")
            }
            let declaration = opensContainer ? String(line.dropLast(2)) : line
            if !Self.isDerived(declaration) {
                lines.append(containers.last.map { "\($0) :: \(declaration)" } ?? declaration)
            }
            if opensContainer { containers.append(Self.containerName(declaration)) }
        }
    }

    /// `Device` for `final public class Device : Swift.Sendable`; `extension MWDATCore.DeviceSession` for an extension.
    static func containerName(_ declaration: String) -> String {
        let words = declaration.split(separator: " ").map(String.init)
        if let at = words.firstIndex(of: "extension"), at + 1 < words.count { return "extension " + words[at + 1] }
        for keyword in ["class", "struct", "enum", "protocol", "actor"] {
            if let at = words.firstIndex(of: keyword), at + 1 < words.count {
                return String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
        }
        return declaration
    }

    private static func normalised(_ raw: some StringProtocol) -> String {
        var line = raw.trimmingCharacters(in: .whitespaces)
        line = line.replacingOccurrences(of: "FoundationEssentials.", with: "Foundation.")
        line = line.replacingOccurrences(of: #"(?<![A-Za-z])Foundation\.CGFloat"#, with: "CoreFoundation.CGFloat", options: .regularExpression)
        while let objc = line.range(of: #"@objc(\([^)]*\))? "#, options: .regularExpression) { line.removeSubrange(objc) }
        line = line.replacingOccurrences(of: "@_hasMissingDesignatedInitializers ", with: "")
        if line.hasPrefix("case ") { line = line.replacingOccurrences(of: "(_: ", with: "(") }
        return line
    }

    private static func opensMoreThanItCloses(_ line: String) -> Bool {
        line.filter { $0 == "(" }.count > line.filter { $0 == ")" }.count
    }

    private static func isAccessorOwner(_ line: String) -> Bool {
        line.contains(" var ") || line.hasPrefix("var ") || line.contains(" subscript")
    }

    private static let derivedConformances = ["Swift.Equatable", "Swift.Hashable", "Swift.RawRepresentable", "Swift.BitwiseCopyable"]
    private static let derivedMembers = [
        "static func == (", "func hash(into hasher: inout Swift.Hasher)", "var hashValue: Swift.Int", "init?(rawValue:",
        "typealias RawValue =", "var rawValue:", "typealias AllCases =", "static var allCases:", "static var _nsErrorDomain:",
    ]

    private static func isDerived(_ declaration: String) -> Bool {
        if declaration == "deinit" { return true }
        if declaration.hasPrefix("extension "), declaration.hasSuffix(" {}") {
            return derivedConformances.contains { declaration.hasSuffix(" : \($0) {}") }
        }
        return derivedMembers.contains { declaration.contains($0) }
    }
}

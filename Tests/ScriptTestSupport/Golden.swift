import Foundation
import Testing

/// Generated text compared with files under `Goldens/`, as swift-argument-parser's
/// `AssertHelp` does for help. When a change is intended, refresh them with
/// `GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden` and review the diff.
public enum Golden {
    /// Tests/GlassesScriptTests/Goldens.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../GlassesScriptTests/Goldens").standardizedFileURL
    public static let refreshCommand = "GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden"
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["GLASSES_UPDATE_GOLDENS"] == "1" }

    /// Checks `actual` against `Goldens/name` (or rewrites it when updating).
    public static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if isUpdating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden \(name); create it with \(refreshCommand)", sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let message = "\(name) differs from its golden (- golden, + actual); if the change is intended, run \(refreshCommand)"
        Issue.record("\(message)\n\(diff(from: expected, to: actual))", sourceLocation: sourceLocation)
    }

    /// Checks that the goldens under `Goldens/subfolder` are exactly `names`
    /// (removing the others when updating), so a file that stops being generated fails too.
    public static func checkSet(_ names: Set<String>, in subfolder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let root = folder.appendingPathComponent(subfolder)
        let existing = Set((FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { !isDirectory(root.appendingPathComponent($0)) })
        if isUpdating {
            for stale in existing.subtracting(names) { try FileManager.default.removeItem(at: root.appendingPathComponent(stale)) }
            return
        }
        let missing = names.subtracting(existing).sorted(), extra = existing.subtracting(names).sorted()
        if !missing.isEmpty || !extra.isEmpty {
            Issue.record(
                "\(subfolder): generated but no golden \(missing), golden but not generated \(extra); run \(refreshCommand)",
                sourceLocation: sourceLocation)
        }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    /// A line diff with two lines of context around each change, numbered by golden line.
    public static func diff(from expected: String, to actual: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var lines: [(mark: Character, text: String, oldLine: Int)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append(("-", old[i], i + 1)); i += 1
            } else if j < new.count, inserted.contains(j) {
                lines.append(("+", new[j], i + 1)); j += 1
            } else {
                lines.append((" ", i < old.count ? old[i] : "", i + 1)); i += 1; j += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        var shown: [String] = []
        var last = -1
        for index in lines.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
            if last == -1 || index != last + 1 { shown.append("@@ golden line \(lines[index].oldLine) @@") }
            shown.append("\(lines[index].mark) \(lines[index].text)")
            last = index
        }
        return shown.joined(separator: "\n")
    }
}

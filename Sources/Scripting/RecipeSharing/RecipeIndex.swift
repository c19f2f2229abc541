#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import MessageText
import RecipeLockFile

/// Recipe indexes: plain JSON files (a path or a URL) listing recipes, their
/// versions, where each is fetched from and the SHA-256 of its tree:
///
///     {"recipes": [{"name": "code-capture", "description": "...",
///                   "versions": [{"version": "1.2.0", "source": "https://.../code-capture-1.2.0.zip", "sha256": "..."}]}]}
///
/// Configured by `GLASSES_RECIPE_INDEX` (whitespace-separated) and the lines of
/// `$XDG_CONFIG_HOME/glasses/recipe-indexes` (else `~/.config/glasses/recipe-indexes`).
public struct RecipeIndex: Sendable {
    public struct Entry: Codable, Sendable {
        public struct Version: Codable, Sendable {
            public let version: String
            public let source: String
            public let sha256: String?

            public init(version: String, source: String, sha256: String?) {
                (self.version, self.source, self.sha256) = (version, source, sha256)
            }
        }

        public let name: String
        public let description: String?
        public let versions: [Version]

        public init(name: String, description: String?, versions: [Version]) {
            (self.name, self.description, self.versions) = (name, description, versions)
        }
    }

    private struct File: Codable { let recipes: [Entry] }

    public let location: String
    public let entries: [Entry]

    public init(location: String, entries: [Entry]) {
        self.location = location
        self.entries = entries
    }

    /// The configured index locations, in order.
    public static func locations(environment: [String: String]) -> [String] {
        var locations = (environment["GLASSES_RECIPE_INDEX"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "") + "/.config"
        if let data = FileManager.default.contents(atPath: config + "/glasses/recipe-indexes") {
            locations += String(decoding: data, as: UTF8.self).split(separator: "\n")
                .map { String($0.drop(while: \.isWhitespace)) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return locations
    }

    /// Reads the index at `location` (a path or an http(s) URL).
    public static func load(_ location: String) throws -> RecipeIndex {
        let data: Data
        if location.hasPrefix("https://") || location.hasPrefix("http://") {
            guard location.hasPrefix("https://") || RecipeSource.isLoopbackHTTP(location) else {
                throw RecipeError("the index \(location): plain http:// is refused except on loopback; use https://")
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("glasses-index-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: file) }
            try RecipeFetcher.download(location, to: file)
            data = FileManager.default.contents(atPath: file) ?? Data()
        } else {
            guard let contents = FileManager.default.contents(atPath: location) else {
                throw RecipeError("the recipe index \(location) cannot be read (GLASSES_RECIPE_INDEX or ~/.config/glasses/recipe-indexes names it)")
            }
            data = contents
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw RecipeError("the recipe index \(location) is malformed: \(Self.describe(error)); it must be {\"recipes\": [{\"name\", \"description\", \"versions\": [{\"version\", \"source\", \"sha256\"}]}]}")
        }
        for (position, entry) in file.recipes.enumerated() {
            if let problem = RecipeName.problem(entry.name) {
                throw RecipeError("the recipe index \(location): recipes[\(position)]: \(problem); fix the index or remove it from GLASSES_RECIPE_INDEX")
            }
            for version in entry.versions where SemanticVersion(version.version) == nil {
                throw RecipeError("the recipe index \(location): '\(entry.name)' lists the version '\(TerminalText.quoted(version.version))', not MAJOR.MINOR.PATCH")
            }
            // An index from the network names only network sources, as the command line may:
            // a local path would copy that folder and run its metadata before any hash is checked.
            if let remote = WebAddress(location) {
                for version in entry.versions {
                    let text = version.source.hasPrefix("git+") ? String(version.source.dropFirst(4)) : version.source
                    guard let address = WebAddress(text), address.problem(startedOnLoopback: remote.isLoopback) == nil else {
                        throw RecipeError("the recipe index \(location): '\(entry.name)' \(TerminalText.quoted(version.version)) has the source '\(TerminalText.quoted(version.source))', which an index fetched over the network may not name: only https:// or git+https:// sources (loopback only from a loopback index); a local path belongs in a local index")
                    }
                }
            }
        }
        return RecipeIndex(location: location, entries: file.recipes)
    }

    /// The entries whose name or description contains `word`, ignoring case.
    public func search(_ word: String) -> [Entry] {
        let needle = word.lowercased()
        return entries.filter { $0.name.lowercased().contains(needle) || ($0.description ?? "").lowercased().contains(needle) }
    }

    /// The highest version of `name` within `range`.
    public func best(_ name: String, within range: VersionRange?) -> Entry.Version? {
        entries.filter { $0.name == name }.flatMap(\.versions)
            .filter { version in range.map { range in SemanticVersion(version.version).map(range.contains) ?? false } ?? true }
            .max { SemanticVersion($0.version)! < SemanticVersion($1.version)! }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "'\(key.stringValue)' is missing at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(path(context.codingPath)) has the wrong type"
        case DecodingError.dataCorrupted:
            "not JSON"
        default:
            "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }.description
    }
}

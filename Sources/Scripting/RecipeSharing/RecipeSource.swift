#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import RecipeLockFile

/// Where `recipe install` and `recipe add` take a recipe from, parsed from what
/// the user typed:
/// - a `NAME.recipe` folder, or a zip from `recipe pack`;
/// - an `https://` URL of a zip (plain `http://` only on loopback);
/// - a git repository: `git+https://...`, `git+file://...` or a local repository's
///   path, with `@REF` (a tag, branch or commit) and `#PATH` (the recipe folder
///   inside, when the repository holds several);
/// - a bare name, with `@RANGE`, found through the recipe indexes.
public struct RecipeSource: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case folder(String)
        case zip(String)
        case url(String)
        case git(repository: String, ref: String?)
        case indexed(name: String, range: String?)
    }

    public let kind: Kind
    /// The recipe folder inside a repository or archive (`#PATH`).
    public let subpath: String?

    public init(kind: Kind, subpath: String? = nil) {
        self.kind = kind
        self.subpath = subpath
    }

    public static let forms = "a NAME.recipe folder, a .zip, an https:// URL of a zip, git+https://HOST/REPO[@REF][#PATH], git+file:///PATH[@REF][#PATH], a local git repository's path[@REF][#PATH], or a recipe name[@RANGE] from an index"

    /// Parses `text`; relative paths are made absolute against `currentDirectory`,
    /// so the lock records a source that means the same from any folder.
    public init(_ text: String, currentDirectory: String) throws(RecipeError) {
        guard !text.isEmpty, !text.contains("\0") else { throw RecipeError("an empty source; give \(Self.forms)") }
        var rest = text
        var subpath: String?
        if let hash = rest.lastIndex(of: "#") {
            subpath = String(rest[rest.index(after: hash)...])
            rest = String(rest[..<hash])
            guard let path = subpath, !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                throw RecipeError("'#\(subpath ?? "")' in \(text) must be a relative path inside the repository or archive, without ..")
            }
        }
        if rest.hasPrefix("git+") {
            let (repository, ref) = Self.splitRef(String(rest.dropFirst(4)))
            guard repository.hasPrefix("https://") || repository.hasPrefix("file://") || Self.isLoopbackHTTP(repository) else {
                throw RecipeError("\(text): a git source is git+https://... or git+file://... (plain http only on loopback)")
            }
            self.init(kind: .git(repository: repository, ref: ref), subpath: subpath)
            return
        }
        if rest.hasPrefix("https://") || rest.hasPrefix("http://") {
            guard !rest.hasPrefix("http://") || Self.isLoopbackHTTP(rest) else {
                throw RecipeError("\(text): plain http:// is refused except on loopback (127.0.0.1, localhost); use https://")
            }
            self.init(kind: .url(rest), subpath: subpath)
            return
        }
        if rest.contains("://") { throw RecipeError("\(text): unknown scheme; give \(Self.forms)") }
        let looksLikePath = rest.contains("/") || rest.hasPrefix(".") || rest.hasSuffix(".zip") || rest.hasSuffix(".recipe")
        guard looksLikePath else {
            let (name, range) = Self.splitRef(rest)
            if let range { _ = try VersionRange(range) }
            self.init(kind: .indexed(name: name, range: range), subpath: nil)
            return
        }
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path }
        var isFolder = false
        if FileManager.default.fileExists(atPath: absolute(rest), isDirectory: &isFolder) {
            let path = absolute(rest)
            if !isFolder {
                guard path.hasSuffix(".zip") else { throw RecipeError("\(text) is a file but not a .zip; give \(Self.forms)") }
                self.init(kind: .zip(path), subpath: subpath)
            } else if Self.isRepository(path) {
                self.init(kind: .git(repository: "file://" + path, ref: nil), subpath: subpath)
            } else {
                self.init(kind: .folder(path), subpath: subpath)
            }
            return
        }
        let (repository, ref) = Self.splitRef(rest)
        if ref != nil, Self.isRepository(absolute(repository)) {
            self.init(kind: .git(repository: "file://" + absolute(repository), ref: ref), subpath: subpath)
            return
        }
        throw RecipeError("\(text): no such file, folder or repository; give \(Self.forms)")
    }

    /// Splits `@REF` off the last path component (a user name in `https://user@host` stays).
    static func splitRef(_ text: String) -> (String, String?) {
        let lastSlash = text.lastIndex(of: "/") ?? text.startIndex
        guard let at = text[lastSlash...].lastIndex(of: "@"), at != text.index(before: text.endIndex) else { return (text, nil) }
        return (String(text[..<at]), String(text[text.index(after: at)...]))
    }

    /// An `http://` URL whose host, as curl reads it, is loopback (127.0.0.1, localhost, [::1]).
    static func isLoopbackHTTP(_ url: String) -> Bool {
        guard let address = WebAddress(url) else { return false }
        return address.scheme == "http" && address.isLoopback
    }

    /// A work tree with `.git`, or a bare repository.
    static func isRepository(_ path: String) -> Bool {
        let files = FileManager.default
        return files.fileExists(atPath: path + "/.git")
            || (files.fileExists(atPath: path + "/HEAD") && files.fileExists(atPath: path + "/objects"))
    }

    /// The text that parses back to this source: what the lock records.
    public var description: String {
        let suffix = subpath.map { "#" + $0 } ?? ""
        switch kind {
        case .folder(let path), .zip(let path), .url(let path): return path + suffix
        case .git(let repository, let ref): return "git+" + repository + (ref.map { "@" + $0 } ?? "") + suffix
        case .indexed(let name, let range): return name + (range.map { "@" + $0 } ?? "")
        }
    }
}

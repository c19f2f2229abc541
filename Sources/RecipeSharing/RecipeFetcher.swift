#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches a source into a scratch folder with git, curl and unzip. Archives are
/// checked before they are unpacked (no absolute paths, no `..`, no links, a size
/// and entry limit); every tree is checked again before it is installed (``RecipeTree``).
public enum RecipeFetcher {
    /// Limits on a download and an archive.
    static let maxDownloadBytes = 32 << 20
    static let maxRedirects = 5
    static let maxEntries = RecipeTree.maxFiles

    /// Fetches `source`; `pin` (a commit, or a URL) replaces its ref when a lock gives one.
    public static func fetch(_ source: RecipeSource, pin: String? = nil) throws -> FetchedSource {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glasses-fetch-\(UUID().uuidString)").path
        FetchWork.watchSignals()
        FetchWork.holding(scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        do {
            let (root, resolved) = try fetch(source, pin: pin, into: scratch)
            return FetchedSource(source: source, root: root, resolved: resolved, scratch: scratch)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            FetchWork.released(scratch)
            throw error
        }
    }

    private static func fetch(_ source: RecipeSource, pin: String?, into scratch: String) throws -> (String, String) {
        switch source.kind {
        case .folder(let path):
            let copy = scratch + "/" + URL(fileURLWithPath: path).lastPathComponent
            // Read first, so a link or device in it is refused rather than copied; a link
            // for the folder itself too, since what it leads to can change after the check.
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw RecipeError("\(path) is a symbolic link; install the folder it points to by its own path")
            }
            _ = try RecipeTree(reading: path)
            do { try FileManager.default.copyItem(atPath: path, toPath: copy) } catch {
                throw RecipeError("cannot copy \(path): \(fileErrorText(error))")
            }
            return (copy, path)
        case .zip(let path):
            return (try unpack(path, into: scratch + "/unpacked", named: path), path)
        case .url(let url):
            let target = pin ?? url
            let archive = scratch + "/download.zip"
            try download(target, to: archive)
            return (try unpack(archive, into: scratch + "/unpacked", named: target), target)
        case .git(let repository, let ref):
            let checkout = scratch + "/checkout"
            return (checkout, try clone(repository, at: pin ?? ref, into: checkout))
        case .indexed(let name, _):
            throw RecipeError("'\(name)' is a name, found through a recipe index (resolve it with RecipeIndex first)")
        }
    }

    /// Clones `repository` and checks out `ref` (its default branch when nil); the commit.
    static func clone(_ repository: String, at ref: String?, into checkout: String) throws -> String {
        let cloned = try Tool.run("git", ["clone", "--quiet", "--no-checkout", "--", repository, checkout])
        guard cloned.status == 0 else { throw FetchFailure("git could not clone \(repository): \(cloned.reason)") }
        let target = ref ?? "HEAD"
        // `^{commit}` accepts a tag, a branch (as origin/NAME too) or a commit, and nothing else.
        var commit: String?
        for candidate in [target, "origin/" + target] {
            let parsed = try Tool.run("git", ["rev-parse", "--verify", "--quiet", candidate + "^{commit}"], in: checkout)
            if parsed.status == 0 { commit = parsed.output.trimmedLine; break }
        }
        guard let commit else {
            let tags = try Tool.run("git", ["tag", "--list"], in: checkout).output.split(separator: "\n").suffix(8)
            let branches = try Tool.run("git", ["branch", "-r", "--format=%(refname:lstrip=3)"], in: checkout).output
                .split(separator: "\n").filter { $0 != "HEAD" }.prefix(8)
            throw RecipeError("\(repository) has no tag, branch or commit '\(target)' (tags: \(tags.isEmpty ? "none" : tags.joined(separator: ", ")); branches: \(branches.joined(separator: ", ")))")
        }
        let checkedOut = try Tool.run("git", ["-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit], in: checkout)
        guard checkedOut.status == 0 else { throw FetchFailure("git could not check out \(commit) of \(repository): \(checkedOut.reason)") }
        try? FileManager.default.removeItem(atPath: checkout + "/.git")
        return commit
    }

    /// Downloads `url` with curl: https only (and http on loopback), a bounded size and
    /// number of redirects. Redirects are followed here, one hop at a time, each checked as
    /// the source was (`--proto-redir` alone checks the scheme, not the host): https
    /// anywhere but loopback, loopback only for a source that started there.
    static func download(_ url: String, to file: String) throws {
        guard let start = WebAddress(url) else { throw RecipeError("\(url): not an https:// URL curl and glasses read alike") }
        var current = url
        for hop in 0...maxRedirects {
            guard let address = WebAddress(current) else {
                throw FetchFailure("\(url) redirected to '\(TerminalText.quoted(current))', which is not an http(s) URL; refused")
            }
            if let problem = address.problem(startedOnLoopback: start.isLoopback) {
                if hop == 0 { throw RecipeError("\(url): \(problem); use https://") }
                throw FetchFailure("\(url) redirected to \(TerminalText.quoted(current)): refused, \(problem); fetch from where it leads by https, or fix the server")
            }
            let result = try Tool.run("curl", [
                "--fail", "--silent", "--show-error", "--max-redirs", "0", "--write-out", "%{http_code} %{redirect_url}",
                "--max-filesize", "\(maxDownloadBytes)", "--proto", "=" + address.scheme,
                "--connect-timeout", "20", "--max-time", "300", "--speed-limit", "1000", "--speed-time", "30", "--output", file, "--", current,
            ])
            switch result.status {
            case 0: break
            case 63: throw FetchFailure("\(url): the download is over \(maxDownloadBytes >> 20) MB, the limit for a recipe archive")
            default: throw FetchFailure("\(url): the download failed: \(result.reason)")
            }
            let written = result.output.split(separator: " ", maxSplits: 1).map(String.init)
            guard let code = written.first.flatMap({ Int($0) }), (300..<400).contains(code) else { return }
            guard written.count == 2, !written[1].isEmpty else {
                throw FetchFailure("\(url): the server answered \(code) with nowhere to go (no Location)")
            }
            current = written[1].trimmedLine
        }
        throw FetchFailure("\(url): more than \(maxRedirects) redirects (a redirect loop?)")
    }

    /// Checks the listing of the zip `archive`, then unpacks it into `folder`.
    static func unpack(_ archive: String, into folder: String, named: String) throws -> String {
        let listing = try Tool.run("unzip", ["-Z", "-l", archive])
        guard listing.status == 0 else {
            throw RecipeError("\(named) is not a zip archive; make one with glasses recipe pack")
        }
        let names = try Tool.run("unzip", ["-Z1", archive]).output.split(separator: "\n").map(String.init)
        guard names.count <= maxEntries else { throw RecipeError("\(named) holds \(names.count) entries, over the limit of \(maxEntries)") }
        for name in names where name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            throw RecipeError("\(named) has the entry '\(name)', which points outside the folder it unpacks into; refused")
        }
        // Long listing: a mode beginning with 'l' is a link, 'c'/'b'/'p'/'s' a device, FIFO or socket.
        for line in listing.output.split(separator: "\n") {
            guard let kind = line.first, "lcbps".contains(kind), line.count > 10 else { continue }
            let entry = line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init) ?? String(line)
            throw RecipeError("\(named) has the entry '\(entry)', a \(kind == "l" ? "symbolic link" : "special file"); a recipe archive holds only plain files and folders")
        }
        var total = 0
        for line in listing.output.split(separator: "\n") where line.first == "-" {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count > 3, let size = Int(fields[3]) { total += size }
        }
        guard total <= RecipeTree.maxBytes else {
            throw RecipeError("\(named) unpacks to \(total) bytes, over the \(RecipeTree.maxBytes >> 20) MB limit for a recipe")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let unpacked = try Tool.run("unzip", ["-q", archive, "-d", folder])
        guard unpacked.status == 0 else { throw RecipeError("\(named): unzip failed: \(unpacked.reason)") }
        return folder
    }
}

extension String {
    var trimmedLine: String { split(separator: "\n").first.map(String.init) ?? "" }
}

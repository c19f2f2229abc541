#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import GlassesScript
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MessageText
import RecipeLockFile

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
        Tool.watchSignals()
        KillOnSignal.holding(scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        do {
            let (root, resolved) = try fetch(source, pin: pin, into: scratch)
            return FetchedSource(source: source, root: root, resolved: resolved, scratch: scratch)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            KillOnSignal.released(scratch)
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
            return (checkout, try clone(repository, at: pin ?? ref, into: checkout, subpath: source.subpath))
        case .indexed(let name, _):
            throw RecipeError("'\(name)' is a name, found through a recipe index (resolve it with RecipeIndex first)")
        }
    }

    /// Clones `repository` and writes out the recipe folders of `ref` (its default branch
    /// when nil); the commit. The clone is watched as it grows and stopped past
    /// ``maxRepositoryBytes``; what is written out is the blobs' own sizes, checked against
    /// the recipe limit before the first byte is written (``checkOut``).
    static func clone(_ repository: String, at ref: String?, into checkout: String, subpath: String? = nil) throws -> String {
        let cloned = try watchedClone(repository, into: checkout)
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
        try checkOut(commit, of: repository, in: checkout, subpath: subpath)
        try? FileManager.default.removeItem(atPath: checkout + "/.git")
        return commit
    }

    /// The most a clone may put on disk (its packed history): four recipes' worth.
    static let maxRepositoryBytes = 4 * RecipeTree.maxBytes

    /// `git clone --no-checkout`, its folder measured every 20 ms while git writes, and git
    /// (its whole process group) killed once the folder is over ``maxRepositoryBytes``: it
    /// can go past by what git writes in 20 ms (a few MB from a network, tens of MB at
    /// local-disk speed from a `file://` repository) before it is stopped and removed.
    static func watchedClone(_ repository: String, into checkout: String) throws -> ChildProcess.Captured {
        struct Watch { var child: pid_t = 0; var done = false; var over: Int? }
        let watch = Locked(Watch())
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while !watch.withLock({ $0.done }) {
                let child = watch.withLock { $0.child }
                if child != 0 {
                    let size = folderBytes(checkout)
                    if size > maxRepositoryBytes {
                        watch.withLock { $0.over = size }
                        kill(-child, SIGKILL)
                        break
                    }
                }
                usleep(20_000)
            }
            finished.signal()
        }
        let cloned: ChildProcess.Captured
        do {
            cloned = try Tool.run("git", ["clone", "--quiet", "--no-checkout", "--", repository, checkout],
                                  started: { child in watch.withLock { $0.child = child } })
        } catch {
            watch.withLock { $0.done = true }
            finished.wait()
            throw error
        }
        watch.withLock { $0.done = true }
        finished.wait()
        if let over = watch.withLock({ $0.over }) {
            throw FetchFailure("\(repository): the clone passed \(maxRepositoryBytes >> 20) MB on disk (stopped at \(over >> 20) MB), the limit for a repository recipes are fetched from; keep recipes in a smaller repository, or publish a zip (glasses recipe pack)")
        }
        return cloned
    }

    /// The bytes of the files under `path` (links and folders not followed).
    static func folderBytes(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        guard info.st_mode & S_IFMT == S_IFDIR else { return info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0 }
        var total = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { total += folderBytes(path + "/" + entry) }
        return total
    }

    /// One file of a commit to write out: its mode, object and size (git's own, from the object).
    struct TreeEntry {
        let mode: String
        let object: String
        let size: Int
        let path: String
    }

    /// Writes out the recipe folders of `commit` from the clone's objects, not with `git
    /// checkout`: what recipes are looked for in (``FetchedSource/recipeFolders()``, and
    /// ``FetchedSource/siblings(of:)``): `#PATH` and the `NAME.recipe` folders beside it, at
    /// the root and in `recipes/`. The rest of the repository is never written. Their sizes,
    /// which git reads from the objects themselves, are summed first and refused over the
    /// recipe limit with nothing written; the blobs are then streamed from `git cat-file
    /// --batch` through a ``BoundedWriter`` all the same. No filters or line-ending
    /// conversion: the files are the commit's bytes.
    static func checkOut(_ commit: String, of repository: String, in checkout: String, subpath: String?) throws {
        let places = ["", "recipes/"] + (subpath.map { path in
            path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        }.map { [$0] } ?? [])
        func wanted(_ path: String) -> Bool {
            if let subpath, path.hasPrefix(subpath + "/") { return true }
            for place in places where path.hasPrefix(place) {
                let rest = path.dropFirst(place.count)
                if let slash = rest.firstIndex(of: "/"), rest[..<slash].hasSuffix(".recipe") { return true }
            }
            return false
        }
        // The listing, streamed and parsed as it comes: only the wanted entries are kept.
        var entries: [TreeEntry] = []
        var pending: [UInt8] = []
        var tooMany = false
        var bad: String?
        let listed = try Tool.stream("git", ["ls-tree", "-r", "-l", "-z", "--full-tree", commit], in: checkout) { chunk in
            pending += chunk
            while let end = pending.firstIndex(of: 0) {
                let record = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                // "MODE TYPE OBJECT SIZE\tPATH"
                guard let tab = record.firstIndex(of: "\t") else { continue }
                let fields = record[..<tab].split(separator: " ", omittingEmptySubsequences: true)
                let path = String(record[record.index(after: tab)...])
                guard fields.count == 4, wanted(path) else { continue }
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                if path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.lowercased() == ".git" }) {
                    bad = "\(repository) has the file '\(TerminalText.quoted(path))', which points outside the folder it is written into; refused"
                    return false
                }
                entries.append(TreeEntry(mode: String(fields[0]), object: String(fields[2]), size: Int(fields[3]) ?? 0, path: path))
                if entries.count > maxEntries {
                    tooMany = true
                    return false
                }
            }
            return pending.count < 1 << 16
        }
        if let bad { throw RecipeError(bad) }
        if tooMany { throw RecipeError("\(repository) at \(commit) holds over \(maxEntries) files in its recipe folders, over the limit of \(maxEntries)") }
        guard listed.status == 0 else { throw FetchFailure("git could not list \(commit) of \(repository): \(listed.reason)") }
        if let link = entries.first(where: { $0.mode == "120000" }) {
            throw RecipeError("\(link.path) in \(repository) is a symbolic link; a recipe holds only plain files and folders (copy what it points to instead)")
        }
        let files = entries.filter { $0.mode.hasPrefix("100") }
        let total = files.reduce(0) { $0 + $1.size }
        guard total <= RecipeTree.maxBytes else {
            throw RecipeError("\(repository) at \(commit): its recipe folders hold \(total) bytes, over the \(RecipeTree.maxBytes >> 20) MB limit for a recipe; nothing was written (a recipe carries code and small resources)")
        }
        // A submodule is an empty folder, as git checks it out.
        for entry in entries where entry.mode == "160000" { try makeFolder(checkout + "/" + entry.path, for: repository) }
        guard !files.isEmpty else { return }
        let wantedObjects = checkout + "/.git/glasses-objects"
        guard FileManager.default.createFile(atPath: wantedObjects, contents: Data(files.map { $0.object + "\n" }.joined().utf8)) else {
            throw RecipeError("cannot write in \(checkout)")
        }
        // `cat-file --batch` prints "OBJECT TYPE SIZE\n", the SIZE bytes, "\n" for each object asked for.
        let writer = BoundedWriter(limit: RecipeTree.maxBytes)
        var index = 0
        var header: [UInt8] = []
        var remaining = -1   // -1: reading a header; 0...: bytes of the current object still to write
        var descriptor: Int32 = -1
        var problem: RecipeError?
        defer { if descriptor >= 0 { close(descriptor) } }
        let streamed = try Tool.stream("git", ["cat-file", "--batch"], input: wantedObjects, in: checkout) { chunk in
            var bytes = chunk[...]
            while !bytes.isEmpty {
                if remaining < 0 {
                    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                        header += bytes
                        guard header.count < 4096 else { problem = RecipeError("\(repository): git cat-file printed an unreadable header"); return false }
                        return true
                    }
                    header += bytes[..<end]
                    bytes = bytes[(end + 1)...]
                    let fields = String(decoding: header, as: UTF8.self).split(separator: " ")
                    header = []
                    guard index < files.count, fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else {
                        problem = RecipeError("\(repository): git could not read the file \(index < files.count ? files[index].path : "?") of \(commit)")
                        return false
                    }
                    do throws(RecipeError) { descriptor = try writer.create(checkout + "/" + files[index].path, executable: files[index].mode == "100755", for: repository) } catch {
                        problem = error
                        return false
                    }
                    remaining = size
                } else if remaining > 0 {
                    let part = bytes.prefix(remaining)
                    guard writer.append(UnsafeRawBufferPointer(rebasing: part), to: descriptor) else { return false }
                    remaining -= part.count
                    bytes = bytes.dropFirst(part.count)
                } else {
                    // The newline after the object's bytes.
                    bytes = bytes.dropFirst()
                    close(descriptor)
                    descriptor = -1
                    index += 1
                    remaining = -1
                }
            }
            return true
        }
        if let problem { throw problem }
        if writer.isOver {
            throw RecipeError("\(repository) at \(commit): its recipe folders are over the \(RecipeTree.maxBytes >> 20) MB limit for a recipe; writing stopped at the limit")
        }
        if let failure = writer.failure { throw RecipeError("\(repository): cannot write the checkout: \(failure)") }
        guard streamed.status == 0, index == files.count else {
            throw FetchFailure("git could not read the files of \(commit) of \(repository): \(streamed.reason)")
        }
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
        // The listing's sizes are the archive's word: each entry is unpacked here, through
        // `unzip -p` and a counter, and writing stops at the limit whatever the headers say.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let writer = BoundedWriter(limit: RecipeTree.maxBytes)
        for name in names {
            let path = folder + "/" + name
            if name.hasSuffix("/") {
                try makeFolder(path, for: named)
                continue
            }
            let unpacked = try writer.fill(path, for: named) { (take) throws(RecipeError) -> Tool.Streamed in
                // unzip reads its arguments after the archive as patterns: the name's own wildcard characters are escaped.
                try Tool.stream("unzip", ["-p", archive, escapedPattern(name)], take: take)
            }
            if writer.isOver {
                throw RecipeError("\(named) unpacks to more than its listing says (\(total) bytes): writing stopped at the \(RecipeTree.maxBytes >> 20) MB limit for a recipe, at '\(name)'; the archive's headers do not match its contents (make it again with glasses recipe pack)")
            }
            guard unpacked.status == 0 else { throw RecipeError("\(named): unzip failed on '\(name)': \(unpacked.reason)") }
        }
        return folder
    }

    /// `name` as an unzip pattern that matches only itself.
    static func escapedPattern(_ name: String) -> String {
        var escaped = ""
        for character in name {
            if "\\*?[]".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    static func makeFolder(_ path: String, for named: String) throws(RecipeError) {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw RecipeError("\(named): cannot make the folder \(path): \(fileErrorText(error))")
        }
    }
}

extension String {
    var trimmedLine: String { split(separator: "\n").first.map(String.init) ?? "" }
}

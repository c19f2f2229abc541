#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// The one rule for the files a script names (photos, frames, recordings,
/// feeds, sounds). Relative writes land in the output folder (`--out`, else the
/// current folder), created on first use so a failed run leaves no empty folder.
/// Outside `trusted`, writes must stay in the output folder and reads in the
/// script's or recipe's folder, the output folder, or a declared resources
/// folder; a path is resolved to say which folder allows it, then opened beneath
/// that folder without following links, so no link can lead outside, even one
/// swapped in between.
public final class PathPolicy {
    /// `--out` as given, or nil for the current folder.
    public let directory: String?
    /// The sandbox whose rule this is.
    public let sandbox: LuaSandbox
    private var confined: Bool { sandbox != .trusted }
    private var readFolders: [String] = []

    public init(directory: String?, sandbox: LuaSandbox) {
        self.directory = directory
        self.sandbox = sandbox
    }

    /// The output folder, absolute.
    public var outputFolder: String {
        PathPolicy.absolute(directory ?? ".", from: FileManager.default.currentDirectoryPath)
    }

    /// Lets scripts read under `folder` (the script's own, a recipe's resources).
    public func allowReading(_ folder: String) {
        let real = PathPolicy.real(PathPolicy.absolute(folder, from: FileManager.default.currentDirectoryPath))
        if !readFolders.contains(real) { readFolders.append(real) }
    }

    /// `path` open for writing (created or emptied), with its folders created; throws
    /// when it leads outside the output folder. Confined, the file is opened beneath the
    /// output folder with no link followed (`BeneathFolder`, in WearablesCore), so a link swapped in
    /// after the check cannot send the write elsewhere.
    public func writing(_ path: String) throws -> ScriptFile {
        try PathWithNUL.refuse(path)
        var given = path
        if let directory, !path.hasPrefix("/") { given = "\(directory)/\(path)" }
        guard confined else {
            try PathPolicy.makeFolder(PathPolicy.folder(of: given), as: PathPolicy.folder(of: given))
            do { return ScriptFile(file: try RegularFile.create(given), path: given) } catch {
                throw PathOpenError(path: given, reason: error.reason)
            }
        }
        let output = PathPolicy.real(outputFolder)
        let resolved = PathPolicy.real(PathPolicy.absolute(given, from: FileManager.default.currentDirectoryPath))
        guard let components = PathPolicy.components(of: resolved, under: output) else {
            throw PathRefusal(resolved: resolved, folders: [output], writing: true)
        }
        try PathPolicy.makeFolder(outputFolder, as: directory ?? ".")
        do { return ScriptFile(file: try BeneathFolder.open(components, under: output, for: .create), path: resolved) } catch {
            // Said as the script and --out put it, not as resolved.
            if error.cannotMakeFolder { throw OutputFolderError(folder: PathPolicy.folder(of: given)) }
            throw PathOpenError(path: path, reason: error.description)
        }
    }

    /// `path` open for reading: a relative path names a file in the output folder when
    /// one exists there (what the script wrote), else one relative to the current
    /// folder, and when neither exists the output folder's (so a missing file is
    /// reported as missing, not as outside). Throws when it leads outside the readable
    /// folders, or is not a regular file; confined, it is opened beneath the folder that
    /// allows it with no link followed. A missing file comes back without a descriptor,
    /// for its reader to say so in its own words (and with its own error code).
    public func reading(_ path: String) throws -> ScriptFile {
        try PathWithNUL.refuse(path)
        var resolved = path
        if !path.hasPrefix("/"), let directory {
            let inOutput = "\(directory)/\(path)"
            let manager = FileManager.default
            if manager.fileExists(atPath: inOutput) || !manager.fileExists(atPath: path) { resolved = inOutput }
        }
        guard confined else {
            do { return ScriptFile(file: try RegularFile.open(resolved), path: resolved) } catch {
                if error.missing { return ScriptFile(file: nil, path: resolved) }
                throw PathOpenError(path: path, reason: error.reason)
            }
        }
        let target = PathPolicy.real(PathPolicy.absolute(resolved, from: FileManager.default.currentDirectoryPath))
        let folders = [PathPolicy.real(outputFolder)] + readFolders
        guard let folder = folders.first(where: { PathPolicy.components(of: target, under: $0) != nil }),
              let components = PathPolicy.components(of: target, under: folder) else {
            throw PathRefusal(resolved: target, folders: folders, writing: false)
        }
        do { return ScriptFile(file: try BeneathFolder.open(components, under: folder, for: .read), path: target) } catch {
            if error.missing { return ScriptFile(file: nil, path: target) }
            throw PathOpenError(path: path, reason: error.description)
        }
    }

    /// Throws when the folder `path` (a recipe's, relative to the current folder) is
    /// outside the readable folders. Decided from the path alone, before anything is
    /// read, so the answer for a folder outside says nothing of whether it exists.
    public func checkReadableFolder(_ path: String) throws {
        try PathWithNUL.refuse(path)
        guard confined else { return }
        let target = PathPolicy.real(PathPolicy.absolute(path, from: FileManager.default.currentDirectoryPath))
        let folders = [PathPolicy.real(outputFolder)] + readFolders
        guard folders.contains(where: { target == $0 || PathPolicy.components(of: target, under: $0) != nil }) else {
            throw PathRefusal(resolved: target, folders: folders, writing: false)
        }
    }

    /// The components of `path` below `folder` (both resolved), or nil when it is not below it.
    static func components(of path: String, under folder: String) -> [String]? {
        guard path.hasPrefix(folder == "/" ? "/" : folder + "/") else { return nil }
        return BeneathFolder.components(String(path.dropFirst(folder == "/" ? 1 : folder.count + 1)))
    }

    /// Creates `folder` and its parents (the user's output folder, or any in trusted);
    /// `said` is how the error names it.
    private static func makeFolder(_ folder: String, as said: String) throws {
        guard !folder.isEmpty else { return }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw OutputFolderError(folder: said)
        }
    }

    /// What precedes the last `/` ("" for none, "/" for the root). Not
    /// NSString's deletingLastPathComponent, which traps on some short strings
    /// in swift-corelibs-foundation (a script named `-`, a photo saved as "-").
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func absolute(_ path: String, from base: String) -> String {
        path.hasPrefix("/") ? path : "\(base)/\(path)"
    }

    /// `path` (absolute) with every symlink and `..` resolved as the kernel
    /// would, component by component: a link is replaced by its target, and
    /// `..` leaves the folder reached so far. Unlike realpath it goes on past
    /// missing components and dangling links, to where a write would land.
    static func real(_ path: String) -> String {
        var resolved = "/"
        // Reversed, so the next component is the cheap last one even in a very long path.
        var pending = path.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        var hops = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                resolved = PathPolicy.folder(of: resolved)
                continue
            }
            let candidate = resolved == "/" ? "/\(component)" : "\(resolved)/\(component)"
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) {
                // A loop of links is cut off: what is left cannot be trusted, so it resolves to the root.
                hops += 1
                if hops > 40 { return "/" }
                if target.hasPrefix("/") { resolved = "/" }
                pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
            } else {
                resolved = candidate
            }
        }
        return resolved
    }
}

/// A path a script may not use in its sandbox, said with what would allow it.
struct PathRefusal: Error, CustomStringConvertible {
    let resolved: String
    let folders: [String]
    let writing: Bool

    var description: String {
        let allowed = writing ? "the output folder \(folders[0])" : "\(folders.joined(separator: ", "))"
        return "\(resolved) is outside \(allowed), where a sandboxed script may \(writing ? "write" : "read"); "
            + "use a path there, choose the output folder with --out DIR, or run with --sandbox trusted"
    }
}

/// A path with a NUL byte: no file name can hold one, and the system would cut the
/// path there, so "ra\0b.png" would quietly become "ra". Refused in every sandbox.
struct PathWithNUL: Error, CustomStringConvertible {
    let path: String

    static func refuse(_ path: String) throws {
        if path.utf8.contains(0) { throw PathWithNUL(path: path) }
    }

    var description: String {
        "the path \"\(path.replacing("\0", with: "\\0"))\" has a NUL byte (\\0), which no file name can hold; remove it"
    }
}

/// A file the rule allowed but the system would not open, said with the script's path.
struct PathOpenError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    var description: String { "cannot open '\(path)': \(reason)" }
}

/// A folder that cannot be made, said in terms of the path rather than Foundation's error domain.
struct OutputFolderError: Error, CustomStringConvertible {
    let folder: String

    var description: String {
        // The nearest part of the path that exists is what stands in the way.
        var blocker = folder
        var isFolder = false
        while !FileManager.default.fileExists(atPath: blocker, isDirectory: &isFolder), blocker.contains("/") {
            blocker = PathPolicy.folder(of: blocker)
        }
        let reason =
            if !FileManager.default.fileExists(atPath: blocker, isDirectory: &isFolder) { "it cannot be created here" }
            else if !isFolder { "'\(blocker)' is a file, not a folder" }
            else { "'\(blocker)' is not writable" }
        return "cannot create the output folder '\(folder)': \(reason) (check --out)"
    }
}

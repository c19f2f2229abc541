#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MessageText

/// The files of a recipe folder and their SHA-256 hashes, read without following
/// links. The tree's hash is the SHA-256 of its manifest, one `HASH  PATH` line per
/// regular file in bytewise path order: the lines `sha256sum` prints, so anyone can
/// recompute it (`find . -type f -printf '%P\n' | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum`).
public struct RecipeTree: Sendable, Equatable {
    /// Relative path → SHA-256 of the file's bytes.
    public let files: [String: String]

    /// A tree larger than this, or with more files, is refused before it is installed.
    public static let maxBytes = 32 << 20
    public static let maxFiles = 2_000

    public var hash: String { SHA256.hex(Array(manifest.utf8)) }

    public var manifest: String {
        files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { "\(files[$0]!)  \($0)\n" }.joined()
    }

    public init(files: [String: String]) { self.files = files }

    /// Reads `folder`. Refuses, naming the entry, a symbolic link, a device, a FIFO
    /// or a socket anywhere in it, and a tree past the size or file-count limits:
    /// what is installed is plain files and folders, whatever its source.
    public init(reading folder: String) throws(RecipeError) {
        var files: [String: String] = [:]
        var bytes = 0
        func walk(_ relative: String) throws(RecipeError) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let entries: [String]
            do { entries = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw RecipeError("cannot read the folder \(path): \(fileErrorText(error))")
            }
            for entry in entries.sorted() {
                let name = relative.isEmpty ? entry : relative + "/" + entry
                var info = stat()
                guard lstat(folder + "/" + name, &info) == 0 else { throw RecipeError("cannot read \(name) in \(folder)") }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    try walk(name)
                case S_IFREG:
                    bytes += Int(info.st_size)
                    guard files.count < Self.maxFiles, bytes <= Self.maxBytes else {
                        throw RecipeError("\(folder) is over the limit for a recipe (\(Self.maxFiles) files, \(Self.maxBytes >> 20) MB); a recipe carries code and small resources")
                    }
                    guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                        throw RecipeError("cannot read \(name) in \(folder)")
                    }
                    files[name] = SHA256.hex(data)
                case S_IFLNK:
                    throw RecipeError("\(name) in \(folder) is a symbolic link; a recipe holds only plain files and folders (copy what it points to instead)")
                default:
                    throw RecipeError("\(name) in \(folder) is not a plain file or folder (a device, FIFO or socket); a recipe holds only plain files and folders")
                }
            }
        }
        try walk("")
        self.files = files
    }

    /// This tree with the file at `path` hashed from `bytes`: what a caller read itself and
    /// will use (a recipe's `init.lua`), so the hash compared is that of the bytes that run.
    public func replacing(_ path: String, withHashOf bytes: [UInt8]) -> RecipeTree {
        var files = files
        files[path] = SHA256.hex(bytes)
        return RecipeTree(files: files)
    }

    /// What differs from `expected`, one line per file: changed, missing or added.
    public func differences(from expected: RecipeTree) -> [String] {
        let paths = Set(files.keys).union(expected.files.keys).sorted()
        return paths.compactMap { path in
            switch (expected.files[path], files[path]) {
            case (let want?, let have?) where want != have: "\(path): changed"
            case (_?, nil): "\(path): missing"
            case (nil, _?): "\(path): added"
            default: nil
            }
        }
    }
}

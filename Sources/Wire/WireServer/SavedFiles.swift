#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking
import WearablesCore
import WearablesWire
import WireServing

/// The files the served consoles (and the recipes they started) saved, by the name
/// the page fetches them under: `GET /v1/files/{name}` serves these and nothing else.
///
/// A name is looked up, never joined onto a folder, so no path a request spells
/// (`..`, an absolute path, an encoded slash) can reach another file; and the file is
/// opened beneath the output folder without following links when served
/// (``BeneathFolder``), so one swapped for a symlink, even between a check and the
/// open, is refused rather than followed out of the output folder.
public final class SavedFiles: Sendable {
    /// The output folder as `glasses serve --out` gave it (nil: the current folder).
    public let folder: String?
    /// The most files remembered; beyond it the oldest are no longer served.
    static let limit = 10_000
    private let state = Locked(Index())

    private struct Index {
        var entries: [String: (path: String, kind: SavedFile.Kind)] = [:]
        /// Names, oldest first.
        var order: [String] = []
    }

    public init(folder: String?) { self.folder = folder }

    /// Records a complete file, returning what the `file_saved` event says of it; nil
    /// when it is not under the output folder (it cannot be, but nothing outside is served).
    func add(_ saved: SavedFile) -> WireSavedFile? {
        let kind = saved.kind
        guard let root = Self.real(folder ?? "."), let real = Self.real(saved.path), real.hasPrefix(root + "/") else { return nil }
        let name = String(real.dropFirst(root.count + 1))
        state.withLock { index in
            if index.entries.updateValue((real, kind), forKey: name) != nil { index.order.removeAll { $0 == name } }
            index.order.append(name)
            if index.order.count > Self.limit { index.entries[index.order.removeFirst()] = nil }
        }
        return WireSavedFile(name: name, kind: kind, bytes: Self.size(of: real))
    }

    /// Everything saved so far, oldest first, with sizes as they are now.
    public var all: [WireSavedFile] {
        let files = state.withLock { index in index.order.compactMap { name in index.entries[name].map { (name, $0) } } }
        return files.map { WireSavedFile(name: $0.0, kind: $0.1.kind, bytes: Self.size(of: $0.1.path)) }
    }

    /// The file to send for `name`, open, reached from the output folder with no link followed.
    public func file(named name: String) throws(ControlError) -> (file: RawFile, kind: SavedFile.Kind) {
        guard let entry = state.withLock({ $0.entries[name] }) else {
            throw ControlError(.notFound, "no_such_file",
                "no saved file named '\(name)': only the photos, frames and recordings this server's consoles saved are served (GET /v1/files lists them)")
        }
        let refusal = ControlError(.forbidden, "outside_output_folder",
            "'\(name)' no longer resolves inside the output folder (moved, deleted or replaced by a link), so it is not served")
        guard let root = Self.real(folder ?? "."), let components = BeneathFolder.components(name) else { throw refusal }
        do { return (try BeneathFolder.open(components, under: root, for: .read), entry.kind) } catch { throw refusal }
    }

    static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

import WearablesModel

/// A file the served world's consoles saved (a photo, a frame, a recording), as a
/// `file_saved` event names it. `name` is its path under the server's output folder
/// (`glasses serve --out`) and the only way to fetch it: `GET /v1/files/{name}`.
public struct WireSavedFile: Codable, Sendable, Equatable {
    public var name: String
    /// What the file holds: `photo`, `frame` or `recording`.
    public var kind: SavedFile.Kind
    /// Its size when it was announced.
    public var bytes: Int

    public init(name: String, kind: SavedFile.Kind, bytes: Int) {
        self.name = name
        self.kind = kind
        self.bytes = bytes
    }
}

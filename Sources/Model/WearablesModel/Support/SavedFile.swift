/// A file a script finished writing under `--out`, as the script layer reports it and
/// the served dashboard announces it (`file_saved`).
///
/// Reported once the file is complete (a recording when it ends, not when it starts),
/// so whoever shows it (the dashboard's gallery) never reads half a file.
public struct SavedFile: Sendable, Equatable {
    /// What the file holds, as the dashboard groups it.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case photo, frame, recording
    }

    /// The file's absolute path, symlinks resolved where the run is confined to `--out`.
    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

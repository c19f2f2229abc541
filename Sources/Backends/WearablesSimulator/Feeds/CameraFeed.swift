import WearablesCore

/// What a simulated camera sees (MockDeviceKit `setCameraFeed`).
public enum CameraFeed {
    /// Synthetic patterns, with their names as the Lua `{pattern=...}` spells them.
    public enum Pattern: String, CaseIterable, Sendable {
        /// A drifting scene with a cut to a new scene every few seconds.
        case moving
        /// One fixed picture.
        case `static`
        /// Fresh random pixels every frame.
        case noise
    }

    /// A synthetic feed whose randomness is fixed by `seed`.
    public static func synthetic(_ pattern: Pattern, seed: UInt64) -> FrameSource {
        SyntheticScene(pattern: pattern, seed: seed)
    }

    /// Extensions played as footage through FFmpeg (compared in lower case).
    public static let footageExtensions = ["mp4", "m4v", "mov", "mkv"]

    /// A feed from a file: a video (looped), `.y4m` or footage (`.mp4`, `.m4v`, `.mov`,
    /// `.mkv`), or a PNG/JPEG still; `path`'s extension says which, and the file is
    /// opened by the name `opening` (the same file, or an open descriptor's name for it).
    public static func file(_ path: String, opening: String? = nil) throws -> FrameSource {
        let name = path.lowercased()
        let opening = opening ?? path
        return try naming(path, openedAs: opening) {
            if name.hasSuffix(".y4m") { return try Y4MVideo(path: opening) }
            if footageExtensions.contains(where: { name.hasSuffix("." + $0) }) { return try FootageVideo(path: opening) }
            return try StillImage(image: ImageCodecs.decode(contentsOf: opening))
        }
    }

    /// Runs `open`, its errors saying `path` where they would say the name it was opened by.
    public static func naming<T>(_ path: String, openedAs opening: String, _ open: () throws -> T) throws -> T {
        do { return try open() } catch let error as ImageCodecError where opening != path {
            throw ImageCodecError(message: error.message.replacing(opening, with: path))
        }
    }
}

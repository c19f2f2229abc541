/// What has been found in one picture of a feed, at one size: kept by a source that
/// shows the same picture again (a looping video file), so a code scan or a face
/// search over a picture already searched costs nothing, not even its decoding.
/// Results are pure functions of the pixels, so a run's outcome does not change.
public final class PictureAnalyses {
    var codes: [DetectedCode]?
    var faces: [DetectedFace]?

    public init() {}
}

/// The analyses of a source's pictures, by picture and size, bounded: past `limit`
/// entries it starts again, which costs a recomputation, never a wrong answer.
public struct PictureAnalysesCache {
    private struct Key: Hashable {
        let picture: Int
        let width: Int
        let height: Int
    }

    private var entries: [Key: PictureAnalyses] = [:]
    private let limit: Int

    public init(limit: Int) { self.limit = limit }

    /// The analyses of picture `picture` (the source's own numbering) at `size`.
    public mutating func analyses(of picture: Int, size: VideoSize) -> PictureAnalyses {
        let key = Key(picture: picture, width: size.width, height: size.height)
        if let found = entries[key] { return found }
        if entries.count >= limit { entries.removeAll() }
        let made = PictureAnalyses()
        entries[key] = made
        return made
    }
}

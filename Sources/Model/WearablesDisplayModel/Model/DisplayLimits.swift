/// What one tree may hold (ours: DAT states no limits; its strings have only a player
/// `invalid_dimensions`). Chosen so the largest allowed tree lays out and renders well
/// within one 30 fps frame (scripts/bench section 16), and so that a runaway script (a tree
/// built in a loop, a file read into a text) gets one clear line instead of a slow send.
public enum DisplayLimits {
    /// Components in one tree. A 600x600 lens holds about 300 of the smallest component
    /// (a 32-px icon) side by side; a scrolling card a few screens of them.
    public static let maxNodes = 1_000
    /// Nesting depth, the root at 1: layout recurses per level, and a task's stack is small.
    public static let maxDepth = 32
    /// UTF-8 bytes of one text's content, button's label, image's URI or video's URL: a few
    /// screens of body text.
    public static let maxTextBytes = 4_096
    /// UTF-8 bytes of all text in one tree.
    public static let maxTotalTextBytes = 65_536
    /// Spacing and each padding edge, in lens pixels: more than the lens is only overflow.
    public static let maxLength = 600.0
    /// flexGrow and flexShrink.
    public static let maxFlexFactor = 1_000.0
    /// Characters of an explicit id.
    public static let maxIdLength = 128
}

/// DAT's `Text`: a run of text that wraps at spaces to the width it gets.
public struct Text: Sendable, Equatable {
    public var content: String
    public var style: TextStyle
    public var color: TextColor

    public init(_ content: String, style: TextStyle = .body, color: TextColor = .primary) {
        self.content = content
        self.style = style
        self.color = color
    }
}

/// DAT's text styles; their sizes are ours (DisplayMetrics).
public enum TextStyle: String, Sendable, CaseIterable {
    case heading, body, meta
}

public enum TextColor: String, Sendable, CaseIterable {
    case primary, secondary
}

/// DAT's `Icon`: one of DAT's named icons.
public struct Icon: Sendable, Equatable {
    public var name: IconName
    public var style: IconStyle

    public init(name: IconName, style: IconStyle = .filled) {
        self.name = name
        self.style = style
    }
}

public enum IconStyle: String, Sendable, CaseIterable {
    case filled, outline
}

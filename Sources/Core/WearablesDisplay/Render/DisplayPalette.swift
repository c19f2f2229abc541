/// The display's colours (ours: DAT's look is not public). The lens is additive, so black
/// is see-through and the background; everything drawn is light on dark.
enum DisplayPalette {
    static let background = DisplayColor(0, 0, 0)
    static let card = DisplayColor(38, 38, 44)
    static let placeholder = DisplayColor(64, 64, 72)
    static let video = DisplayColor(20, 20, 24)

    static func text(_ color: TextColor) -> DisplayColor {
        switch color {
        case .primary: DisplayColor(255, 255, 255)
        case .secondary: DisplayColor(164, 164, 176)
        }
    }

    /// A button's fill (nil: none), and its outline band's width when it has one.
    static func button(_ style: ButtonStyle) -> (fill: DisplayColor, stroke: Double?) {
        switch style {
        case .primary: (DisplayColor(0, 100, 224), nil)
        case .secondary: (DisplayColor(70, 70, 80), nil)
        case .outline: (DisplayColor(220, 220, 230), 2)
        }
    }
}

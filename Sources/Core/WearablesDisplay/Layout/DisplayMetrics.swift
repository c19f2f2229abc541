/// The geometry of the Meta Ray-Ban Display's content, in lens pixels. DAT states none of
/// it (docs/display.md): the viewport comes from a DAT sample's comment, the rest is ours,
/// chosen to read at arm's length on a 600-px square and to keep leaf sizes whole numbers.
public enum DisplayMetrics {
    /// 600 x 600: BirdSpotter's `DatGlassesDisplayRepository.swift` (meta-wearables-dat-ios
    /// @122fd163) calls the canvas 600 by 600 and scales photos to 600 px for it. No SDK file
    /// states a size.
    public static let viewport = DisplayRect(x: 0, y: 0, width: 600, height: 600)

    /// Font size in pixels per text style (ours).
    public static func fontSize(_ style: TextStyle) -> Int {
        switch style {
        case .heading: 28
        case .body: 22
        case .meta: 18
        }
    }

    /// Line height as a multiple of the font size (CSS `line-height: 1.25`).
    public static let lineHeight = 1.25
    /// Headings are bold (DejaVu Sans Bold), body and meta regular.
    public static func isBold(_ style: TextStyle) -> Bool { style == .heading }

    /// A button: a pill of this height, the label in body size, an optional icon before it.
    public static let buttonHeight = 48.0
    public static let buttonPadding = 24.0
    public static let buttonIconSize = 24.0
    public static let buttonIconGap = 8.0
    public static let buttonLabelStyle = TextStyle.body
    /// Between the buttons of a button group.
    public static let buttonGroupSpacing = 12.0

    /// An `Icon` component's square.
    public static let iconSize = 32.0
    /// An `icon`-preset image's square.
    public static let imageIconSize = 48.0
    /// A `fill`-preset image from a URI, whose size is unknown until fetched: 16:9, as the
    /// DisplayAccess sample's demo video (266x150).
    public static let unknownImageHeightPerWidth = 9.0 / 16.0

    public static func cornerRadius(_ radius: CornerRadius) -> Double {
        switch radius {
        case .none: 0
        case .small: 8
        case .medium: 16
        }
    }

    /// A `card` background's corner radius.
    public static let cardCornerRadius = 20.0
}

/// How an icon is drawn: DAT's icon artwork is not public, so each icon is a DejaVu Sans
/// glyph that suggests it (✈ for `airplane`, ⚙ for `gear`), with an outline variant where
/// Unicode has one (☆ for an outline `star`). An icon without a fitting glyph is drawn as the
/// first letter of its name in a ring, so every icon is visible and they stay told apart in
/// snapshots. IconGlyphTests checks that the font has every glyph listed here.
enum IconGlyphs {
    /// (filled, outline) code points; the outline falls back to the filled one.
    static let table: [IconName: (filled: Unicode.Scalar, outline: Unicode.Scalar?)] = [
        .airplane: ("\u{2708}", nil), .arrowDownShallowU: ("\u{2193}", nil), .arrowLeft: ("\u{2190}", nil),
        .arrowRight: ("\u{2192}", nil), .arrowULeft: ("\u{21B6}", nil), .arrowUpShallowU: ("\u{2191}", nil),
        .avatar: ("\u{263B}", "\u{263A}"), .caretDown: ("\u{25BE}", nil), .caretLeft: ("\u{25C2}", nil),
        .caretRight: ("\u{25B8}", nil), .caretUp: ("\u{25B4}", nil), .checkmark: ("\u{2714}", "\u{2713}"),
        .checkmarkCircle: ("\u{2714}", "\u{2713}"), .circle8RaysLarge: ("\u{2600}", nil), .cloud: ("\u{2601}", nil),
        .cloudCrescentMoon: ("\u{263E}", nil), .cloudDotFourRays: ("\u{2601}", nil), .cloudFiveDashes: ("\u{2602}", nil),
        .cloudLightning: ("\u{26A1}", nil), .coffeeCup: ("\u{2615}", nil), .crossBriefcase: ("\u{2695}", nil),
        .envelopeOpen: ("\u{2709}", nil), .exclamationCircle: ("!", nil), .exclamationTriangle: ("\u{26A0}", nil),
        .eye: ("\u{25C9}", nil), .gear: ("\u{2699}", nil), .hashtag: ("#", nil), .heart: ("\u{2665}", "\u{2661}"),
        .house: ("\u{2302}", nil), .metaAi: ("\u{221E}", nil), .mountainSquare: ("\u{25B2}", nil),
        .musicNote: ("\u{266A}", nil), .pencil: ("\u{270E}", nil), .pencilSquare: ("\u{270E}", nil),
        .person: ("\u{263B}", "\u{263A}"), .personCircle: ("\u{263B}", "\u{263A}"), .phone: ("\u{260E}", nil),
        .phoneHandsetArrowDownLeft: ("\u{2706}", nil), .phoneHandsetArrowUpRight: ("\u{2707}", nil), .plus: ("+", nil),
        .plusCircle: ("\u{2295}", nil), .smileyCircle: ("\u{263B}", "\u{263A}"), .star: ("\u{2605}", "\u{2606}"),
        .starCircleTriangleAi: ("\u{2726}", nil), .threeDotsHorizontal: ("\u{22EF}", nil),
        .threeHorizontalLines: ("\u{2630}", nil), .threeHorizontalLinesStackedDescending: ("\u{2630}", nil),
        .triangleLeftVerticalLine: ("\u{21E4}", nil), .triangleRight: ("\u{25B6}", "\u{25B7}"),
        .triangleRightCircle: ("\u{25B6}", "\u{25B7}"), .triangleRightVerticalLine: ("\u{21E5}", nil),
        .twoArrowsClockwise: ("\u{27F3}", nil), .twoLinesParallel: ("\u{2016}", nil),
        .twoSquaresStackedRightDown: ("\u{2750}", nil), .twoTrianglesLeft: ("\u{00AB}", nil),
        .twoTrianglesRight: ("\u{00BB}", nil), .x: ("\u{2715}", nil),
    ]

    /// What to draw for an icon: a glyph, or the name's first letter inside a ring.
    enum Drawing: Equatable {
        case glyph(Unicode.Scalar)
        case letterInRing(Character)
    }

    static func drawing(_ name: IconName, _ style: IconStyle) -> Drawing {
        guard let glyphs = table[name] else { return .letterInRing(Character(name.rawValue.prefix(1).uppercased())) }
        return .glyph(style == .outline ? glyphs.outline ?? glyphs.filled : glyphs.filled)
    }
}

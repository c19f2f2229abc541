public enum IconStyle: Sendable {
    case filled
    case outline
}

public struct Icon: Sendable {
    public let name: IconName
    public let style: IconStyle
    private var flex = FlexModifiers()

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(name: IconName, style: IconStyle = .filled) {
        self.name = name
        self.style = style
    }

    public func flexGrow(_ value: Float) -> Icon { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> Icon { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> Icon { with { $0.flex.alignSelf = value } }
}

extension Icon: ViewComponent {}

/// DAT's 116 icons, in its order.
public enum IconName: String, Sendable {
    case airplane
    case arrowDownShallowU
    case arrowLeft
    case arrowRight
    case arrowULeft
    case arrowUpShallowU
    case avatar
    case avatarOff
    case bedSide
    case bell
    case bellDiagonalRightDot
    case bellOff
    case bikeShare
    case bug
    case bullhorn
    case bus
    case calendar
    case campfire
    case caretDown
    case caretLeft
    case caretRight
    case caretUp
    case carFrontView
    case cart
    case checkmark
    case checkmarkCircle
    case circle8RaysLarge
    case circleHandle
    case clock
    case cloud
    case cloudCrescentMoon
    case cloudDotFourRays
    case cloudFiveDashes
    case cloudHookSwirl
    case cloudLightning
    case cocktailGlass
    case code
    case coffeeCup
    case compassNorthUpRed
    case containerWithLid
    case crossBriefcase
    case dropper
    case envelopeOpen
    case exclamationCircle
    case exclamationTriangle
    case eye
    case forkKnife
    case fourArcsUpFilled
    case fourArcsUpGrayscale
    case fourCornerFrame
    case gear
    case globeWesternHemisphere
    case graduationCap
    case hashtag
    case headphones
    case heart
    case house
    case iCircle
    case lightBulb
    case magicWand
    case metaAi
    case mountainSquare
    case mountainSquareStacked
    case museumBuilding
    case musicNote
    case nineSquaresGrid
    case padlockClosed
    case padlockOpen
    case palette
    case paperAirplane
    case pencil
    case pencilSquare
    case person
    case personCircle
    case phone
    case phoneHandsetArrowDownLeft
    case phoneHandsetArrowUpRight
    case phoneSlash
    case pizzaSlice
    case plus
    case plusCircle
    case shoppingBag
    case slidersHorizontal
    case smartGlasses
    case smileyCircle
    case speakerOff
    case speakerWithOneArc
    case speakerWithThreeArcs
    case speakerWithTwoArcs
    case speechBubble
    case speechBubbleOff
    case stadium
    case star
    case starCircleTriangleAi
    case taxi
    case threeDotsHorizontal
    case threeDotSpeechBubble
    case threeHorizontalLines
    case threeHorizontalLinesStackedDescending
    case threePeopleOverlapping
    case train
    case tree
    case triangleLeftVerticalLine
    case triangleRight
    case triangleRightCircle
    case triangleRightVerticalLine
    case twoArrowsClockwise
    case twoLinesParallel
    case twoSquaresStackedRightDown
    case twoTrianglesLeft
    case twoTrianglesRight
    case videoCamera
    case videoCameraOff
    case wristband
    case wristbandSlash
    case x
}

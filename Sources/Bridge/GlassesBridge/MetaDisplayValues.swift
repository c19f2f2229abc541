#if canImport(MWDATCore)
import MWDATDisplay
import WearablesDisplayModel

// The display's values between the core's tree and DAT's components, case by case (see
// MetaStates.swift): DAT's raw values are not in its interface, so no lookup by name.

extension MWDATDisplay.Direction {
    init(_ core: WearablesDisplayModel.Direction) {
        switch core {
        case .column: self = .column
        case .row: self = .row
        case .columnReverse: self = .columnReverse
        case .rowReverse: self = .rowReverse
        }
    }
}

extension MWDATDisplay.Alignment {
    init(_ core: WearablesDisplayModel.Alignment) {
        switch core {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .stretch: self = .stretch
        }
    }
}

extension MWDATDisplay.Background {
    init(_ core: WearablesDisplayModel.Background) {
        switch core {
        case .none: self = .none
        case .card: self = .card
        }
    }
}

extension MWDATDisplay.TextStyle {
    init(_ core: WearablesDisplayModel.TextStyle) {
        switch core {
        case .heading: self = .heading
        case .body: self = .body
        case .meta: self = .meta
        }
    }
}

extension MWDATDisplay.TextColor {
    init(_ core: WearablesDisplayModel.TextColor) {
        switch core {
        case .primary: self = .primary
        case .secondary: self = .secondary
        }
    }
}

extension MWDATDisplay.ButtonStyle {
    init(_ core: WearablesDisplayModel.ButtonStyle) {
        switch core {
        case .primary: self = .primary
        case .secondary: self = .secondary
        case .outline: self = .outline
        }
    }
}

extension MWDATDisplay.ButtonGroupAlignment {
    init(_ core: WearablesDisplayModel.ButtonGroupAlignment) {
        switch core {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        }
    }
}

extension MWDATDisplay.ImageSize {
    init(_ core: WearablesDisplayModel.ImageSize) {
        switch core {
        case .icon: self = .icon
        case .fill: self = .fill
        }
    }
}

extension MWDATDisplay.CornerRadius {
    init(_ core: WearablesDisplayModel.CornerRadius) {
        switch core {
        case .none: self = .none
        case .small: self = .small
        case .medium: self = .medium
        }
    }
}

extension MWDATDisplay.IconStyle {
    init(_ core: WearablesDisplayModel.IconStyle) {
        switch core {
        case .filled: self = .filled
        case .outline: self = .outline
        }
    }
}

extension MWDATDisplay.VideoCodec {
    init(_ core: WearablesDisplayModel.VideoCodec) {
        switch core {
        case .unknown: self = .unknown
        case .mp4: self = .mp4
        }
    }
}

extension WearablesDisplayModel.DisplayState {
    init(_ meta: MWDATDisplay.DisplayState) {
        switch meta {
        case .starting: self = .starting
        case .started: self = .started
        case .stopping: self = .stopping
        case .stopped: self = .stopped
        }
    }
}

extension WearablesDisplayModel.VideoErrorType {
    init(_ meta: MWDATDisplay.VideoErrorType) {
        switch meta {
        case .unknown: self = .unknown
        case .urlInvalid: self = .urlInvalid
        case .alreadyPlaying: self = .alreadyPlaying
        case .playbackFailed: self = .playbackFailed
        @unknown default: self = .unknown
        }
    }
}

extension WearablesDisplayModel.VideoPlaybackEvent {
    /// `errorType` only for `.error`, as the core keeps it.
    init(_ meta: MWDATDisplay.VideoPlaybackEvent) {
        switch meta.type {
        case .started: self.init(.started)
        case .ended: self.init(.ended)
        case .stopped: self.init(.stopped)
        case .error: self.init(.error, errorType: .init(meta.errorType))
        case .unknown: self.init(.unknown)
        @unknown default: self.init(.unknown)
        }
    }
}

extension WearablesDisplayModel.DisplayError {
    /// DAT's `send` and `clearDisplay` throw untyped; anything but a `DisplayError` keeps its text.
    init(thrown error: any Error) {
        guard let meta = error as? MWDATDisplay.DisplayError else {
            self = .displayError("\(error)")
            return
        }
        switch meta {
        case .deviceDisconnected: self = .deviceDisconnected
        case .invalidVideoURL: self = .invalidVideoURL
        case .displayError(let message): self = .displayError(message)
        @unknown default: self = .displayError(meta.description)
        }
    }
}

extension MWDATDisplay.IconName {
    init(_ core: WearablesDisplayModel.IconName) {
        switch core {
        case .airplane: self = .airplane
        case .arrowDownShallowU: self = .arrowDownShallowU
        case .arrowLeft: self = .arrowLeft
        case .arrowRight: self = .arrowRight
        case .arrowULeft: self = .arrowULeft
        case .arrowUpShallowU: self = .arrowUpShallowU
        case .avatar: self = .avatar
        case .avatarOff: self = .avatarOff
        case .bedSide: self = .bedSide
        case .bell: self = .bell
        case .bellDiagonalRightDot: self = .bellDiagonalRightDot
        case .bellOff: self = .bellOff
        case .bikeShare: self = .bikeShare
        case .bug: self = .bug
        case .bullhorn: self = .bullhorn
        case .bus: self = .bus
        case .calendar: self = .calendar
        case .campfire: self = .campfire
        case .caretDown: self = .caretDown
        case .caretLeft: self = .caretLeft
        case .caretRight: self = .caretRight
        case .caretUp: self = .caretUp
        case .carFrontView: self = .carFrontView
        case .cart: self = .cart
        case .checkmark: self = .checkmark
        case .checkmarkCircle: self = .checkmarkCircle
        case .circle8RaysLarge: self = .circle8RaysLarge
        case .circleHandle: self = .circleHandle
        case .clock: self = .clock
        case .cloud: self = .cloud
        case .cloudCrescentMoon: self = .cloudCrescentMoon
        case .cloudDotFourRays: self = .cloudDotFourRays
        case .cloudFiveDashes: self = .cloudFiveDashes
        case .cloudHookSwirl: self = .cloudHookSwirl
        case .cloudLightning: self = .cloudLightning
        case .cocktailGlass: self = .cocktailGlass
        case .code: self = .code
        case .coffeeCup: self = .coffeeCup
        case .compassNorthUpRed: self = .compassNorthUpRed
        case .containerWithLid: self = .containerWithLid
        case .crossBriefcase: self = .crossBriefcase
        case .dropper: self = .dropper
        case .envelopeOpen: self = .envelopeOpen
        case .exclamationCircle: self = .exclamationCircle
        case .exclamationTriangle: self = .exclamationTriangle
        case .eye: self = .eye
        case .forkKnife: self = .forkKnife
        case .fourArcsUpFilled: self = .fourArcsUpFilled
        case .fourArcsUpGrayscale: self = .fourArcsUpGrayscale
        case .fourCornerFrame: self = .fourCornerFrame
        case .gear: self = .gear
        case .globeWesternHemisphere: self = .globeWesternHemisphere
        case .graduationCap: self = .graduationCap
        case .hashtag: self = .hashtag
        case .headphones: self = .headphones
        case .heart: self = .heart
        case .house: self = .house
        case .iCircle: self = .iCircle
        case .lightBulb: self = .lightBulb
        case .magicWand: self = .magicWand
        case .metaAi: self = .metaAi
        case .mountainSquare: self = .mountainSquare
        case .mountainSquareStacked: self = .mountainSquareStacked
        case .museumBuilding: self = .museumBuilding
        case .musicNote: self = .musicNote
        case .nineSquaresGrid: self = .nineSquaresGrid
        case .padlockClosed: self = .padlockClosed
        case .padlockOpen: self = .padlockOpen
        case .palette: self = .palette
        case .paperAirplane: self = .paperAirplane
        case .pencil: self = .pencil
        case .pencilSquare: self = .pencilSquare
        case .person: self = .person
        case .personCircle: self = .personCircle
        case .phone: self = .phone
        case .phoneHandsetArrowDownLeft: self = .phoneHandsetArrowDownLeft
        case .phoneHandsetArrowUpRight: self = .phoneHandsetArrowUpRight
        case .phoneSlash: self = .phoneSlash
        case .pizzaSlice: self = .pizzaSlice
        case .plus: self = .plus
        case .plusCircle: self = .plusCircle
        case .shoppingBag: self = .shoppingBag
        case .slidersHorizontal: self = .slidersHorizontal
        case .smartGlasses: self = .smartGlasses
        case .smileyCircle: self = .smileyCircle
        case .speakerOff: self = .speakerOff
        case .speakerWithOneArc: self = .speakerWithOneArc
        case .speakerWithThreeArcs: self = .speakerWithThreeArcs
        case .speakerWithTwoArcs: self = .speakerWithTwoArcs
        case .speechBubble: self = .speechBubble
        case .speechBubbleOff: self = .speechBubbleOff
        case .stadium: self = .stadium
        case .star: self = .star
        case .starCircleTriangleAi: self = .starCircleTriangleAi
        case .taxi: self = .taxi
        case .threeDotsHorizontal: self = .threeDotsHorizontal
        case .threeDotSpeechBubble: self = .threeDotSpeechBubble
        case .threeHorizontalLines: self = .threeHorizontalLines
        case .threeHorizontalLinesStackedDescending: self = .threeHorizontalLinesStackedDescending
        case .threePeopleOverlapping: self = .threePeopleOverlapping
        case .train: self = .train
        case .tree: self = .tree
        case .triangleLeftVerticalLine: self = .triangleLeftVerticalLine
        case .triangleRight: self = .triangleRight
        case .triangleRightCircle: self = .triangleRightCircle
        case .triangleRightVerticalLine: self = .triangleRightVerticalLine
        case .twoArrowsClockwise: self = .twoArrowsClockwise
        case .twoLinesParallel: self = .twoLinesParallel
        case .twoSquaresStackedRightDown: self = .twoSquaresStackedRightDown
        case .twoTrianglesLeft: self = .twoTrianglesLeft
        case .twoTrianglesRight: self = .twoTrianglesRight
        case .videoCamera: self = .videoCamera
        case .videoCameraOff: self = .videoCameraOff
        case .wristband: self = .wristband
        case .wristbandSlash: self = .wristbandSlash
        case .x: self = .x
        }
    }
}
#endif

/// DAT 1.0 `MWDATInputs` types: where an input comes from, what it is, and the
/// capability's states and errors. Case names are DAT's Swift cases.

/// Which surface produced an input event (DAT `InputSource`).
public enum InputSource: String, NamedCase {
    case captouch, neuralBand, captureButton, actionButton, neuralBandDrag, unknown

    /// DAT `InputsConfiguration()`'s default sources: every real surface.
    public static let defaultSources: Set<InputSource> = [.captouch, .neuralBand, .captureButton, .actionButton, .neuralBandDrag]
}

/// DAT `NavDirection`.
public enum NavDirection: String, NamedCase { case up, down, left, right }
/// DAT `ButtonType`.
public enum ButtonType: String, NamedCase { case action }
/// DAT `CapturePressType`: by default a photo, start video, stop video on the glasses.
public enum CapturePressType: String, NamedCase { case shortPress, hold, doublePress }
/// DAT `DragAction`.
public enum DragAction: String, NamedCase { case down, move, up }

/// The kinds of DAT `InputEvent` (its cases' names).
public enum InputEventKind: String, NamedCase { case nav, select, back, button, capture, drag }

/// DAT `InputsState`.
public enum InputsState: String, NamedCase { case inactive, activating, active, deactivating }

/// DAT `InputsError`.
public enum InputsError: String, NamedWearablesError {
    case permissionDenied, connectionClosed, activationTimeout, activationFailed, capabilityUnavailable, deviceDisconnected, communicationError

    public var message: String {
        switch self {
        case .permissionDenied: "the app is not approved for Inputs in the Wearables Developer Center; there is no runtime fix"
        case .connectionClosed: "the Inputs capability was closed (removed, or its session ended); add a new one to a started session"
        case .activationTimeout: "the glasses did not activate Inputs in time; remove the capability and add it again"
        case .activationFailed: "the glasses refused to activate Inputs; remove the capability and add it again"
        case .capabilityUnavailable: "these glasses offer no Inputs capability"
        case .deviceDisconnected: "the glasses disconnected; the event stream ended (remove and re-add Inputs once they are back)"
        case .communicationError: "the Inputs channel to the glasses failed; remove the capability and add it again"
        }
    }
}

/// DAT `InputEvent`: one input, with the device's timestamp in ms. DAT's enum has the
/// source and timestamp in every case; here they sit beside the case-specific part.
public struct InputEvent: Sendable, Equatable {
    /// What happened (DAT's cases and their own fields).
    public enum Action: Sendable, Equatable {
        case nav(NavDirection)
        case select
        case back
        case button(ButtonType)
        case capture(CapturePressType)
        case drag(DragAction, x: Float, y: Float, dx: Float, dy: Float)

        public var kind: InputEventKind {
            switch self {
            case .nav: .nav
            case .select: .select
            case .back: .back
            case .button: .button
            case .capture: .capture
            case .drag: .drag
            }
        }

        /// The source an event of this kind always comes from, when DAT's mock fixes it
        /// (`capture` from the capture button, `button` from the action button, `drag` from the Neural Band).
        public var fixedSource: InputSource? {
            switch self {
            case .capture: .captureButton
            case .button: .actionButton
            case .drag: .neuralBandDrag
            case .nav, .select, .back: nil
            }
        }
    }

    public var action: Action
    public var source: InputSource
    /// The device's clock, in ms (DAT `timestampMs`).
    public var timestampMs: Int64

    public init(_ action: Action, source: InputSource, timestampMs: Int64) {
        self.action = action
        self.source = source
        self.timestampMs = timestampMs
    }

    public var kind: InputEventKind { action.kind }
}

/// DAT `InputsConfiguration`: which surfaces the app takes over (a routing request:
/// sources not listed keep their system behaviour) and whether Back is the app's.
public struct InputsConfiguration: Sendable, Equatable {
    public var sources: Set<InputSource>
    public var consumeBack: Bool

    public init(sources: Set<InputSource> = InputSource.defaultSources, consumeBack: Bool = true) {
        self.sources = sources
        self.consumeBack = consumeBack
    }
}

/// What the glasses report about a session's capabilities beyond the camera (DAT 1.0's
/// Inputs, and the ones that follow), as one message so every backend and the wire carry them alike.
public enum CapabilityReport: Sendable, Equatable {
    /// An input event the glasses sent (the model drops it unless an active Inputs asked for its source).
    case input(InputEvent)
    /// The glasses' Inputs channel failed with this error.
    case inputsFailed(InputsError)
    /// Meta AI delivered a voice invocation (`LaunchApp`) with this request id to the app.
    case voiceInvocation(requestID: String)
    /// The glasses' voice channel reported an error (a malformed, incomplete action).
    case voiceError(VoiceInvocationError)
    /// The glasses' recogniser transcribed speech (DAT `transcriptionPublisher`).
    case transcription(TranscriptionResult)
    /// The recogniser failed; listening ends.
    case speechFailed(SpeechError)
    /// The utterance ended (MockSpeechKit `simulateCompletion()`): listening ends *(assumed)*.
    case speechComplete
    /// The recogniser's locale, announced when listening starts.
    case speechLocale(String)
}

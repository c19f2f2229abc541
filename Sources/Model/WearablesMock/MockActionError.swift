/// A mock action's refusal, typed by what went wrong; `message` says what to do instead.
public struct MockActionError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case badRequest = "bad_request"
        case unknownDevice = "unknown_device"
        case unreadableFile = "unreadable_file"
        /// The mock is disabled (`disable`) until a reset enables it.
        case disabled
        /// A companion answer with no held request waiting for it.
        case noRequest = "no_request"
        case metaAINotInstalled = "meta_ai_not_installed"
        /// The action reads a file in this process, which a connection cannot carry.
        case notOverConnection = "not_over_connection"
        /// The connection to a served world is down, so the action was not applied.
        case disconnected
        /// A display click that reached nothing (MockDisplayKit's `sendClick` answering false):
        /// no started display, or no clickable component of that id shown.
        case noTarget = "no_target"
        /// The simulating process lacks what the action needs (the live recogniser's library or model).
        case unavailable
        /// A pair refused because the mock holds as many devices as it can (the `threePairs` field report).
        case tooManyDevices = "too_many_devices"
    }

    public var code: Code
    public var message: String
    /// For `unreadableFile`: why the file could not be used, so a caller can word its own message.
    public var reason: String?

    public init(_ code: Code, _ message: String, reason: String? = nil) {
        self.code = code
        self.message = message
        self.reason = reason
    }

    public static func badRequest(_ message: String) -> MockActionError { MockActionError(.badRequest, message) }

    public var description: String { message }
}

import WearablesModel

/// One "Hey Meta, open the app" the mock sent (MockVoiceInvocationKit), and how the app answered.
public struct MockVoiceRequest: Sendable, Equatable, Codable {
    /// The request id (`sendLaunchAppAction()`'s return value).
    public var id: String
    /// `launch` or `incomplete` (malformed: the app gets an error, not an invocation).
    public var kind: String
    /// `pending`, `success`, `failure` or `timeout` (ours: Meta AI gave up waiting); `none` for an incomplete one.
    public var answer: String
    /// The answer's `actionOutput`, if any.
    public var output: String?

    public init(id: String, kind: String, answer: String, output: String? = nil) {
        self.id = id
        self.kind = kind
        self.answer = answer
        self.output = output
    }
}

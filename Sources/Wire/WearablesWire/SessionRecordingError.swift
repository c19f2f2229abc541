/// Why a session recording cannot be written or replayed at all, worded as the fix.
public struct SessionRecordingError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

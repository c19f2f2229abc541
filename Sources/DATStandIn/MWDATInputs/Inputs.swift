import MWDATCore
import Synchronization

/// The Inputs capability of a started session: it is active once added; the test sends
/// events (`send(_:)`) and fails it (`fail(with:)`), which ends the event stream, as DAT's
/// terminal errors do.
public final class Inputs: Sendable {
    public let events: AsyncStream<InputEvent>
    package let configuration: InputsConfiguration
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let errors = Broadcast<InputsError>()

    init(configuration: InputsConfiguration) {
        self.configuration = configuration
        // DAT keeps the newest 64 events for its one reader.
        (events, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    public var errorPublisher: any Announcer<InputsError> { errors }

    // MARK: The test's hand on the glasses

    package func send(_ event: InputEvent) {
        continuation.yield(event)
    }

    package func fail(with error: InputsError) {
        errors.publish(error)
        continuation.finish()
    }
}

extension Inputs: StandInCapability {
    package func sessionStopped() {
        continuation.finish()
    }
}

extension DeviceSession {
    /// With DAT's rules: nil unless the session is started, one Inputs per session.
    public func addInputs(configuration: InputsConfiguration = InputsConfiguration()) throws(DeviceSessionError) -> Inputs? {
        guard state == .started else { return nil }
        let inputs = Inputs(configuration: configuration)
        try attach(inputs, as: "inputs")
        return inputs
    }
}

import MWDATCore
import Synchronization

/// The Inputs capability of a started session: it is active once added; the test sends
/// events (`send(_:)`) and fails it (`fail(with:)`), which ends the event stream, as DAT's
/// terminal errors do, or drops it to `inactive` without an error (`deactivate()`), as a
/// standalone photo's transfer was seen to do on real glasses (BirdSpotter: fixed by remove
/// and re-add).
public final class Inputs: Sendable {
    public let events: AsyncStream<InputEvent>
    package let configuration: InputsConfiguration
    private let continuation: AsyncStream<InputEvent>.Continuation
    private let errors = Broadcast<InputsError>()
    private let current = Mutex<(state: InputsState, removed: Bool)>((.active, false))

    init(configuration: InputsConfiguration) {
        self.configuration = configuration
        // DAT keeps the newest 64 events for its one reader.
        (events, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    public var errorPublisher: any Announcer<InputsError> { errors }
    public var state: InputsState { current.withLock { $0.state } }

    // MARK: The test's hand on the glasses

    package func send(_ event: InputEvent) {
        continuation.yield(event)
    }

    package func fail(with error: InputsError) {
        errors.publish(error)
        current.withLock { $0.state = .inactive }
        continuation.finish()
    }

    /// The glasses stop routing input to this Inputs, saying nothing: `inactive`, the stream open and silent.
    package func deactivate() {
        current.withLock { $0.state = .inactive }
    }

    /// Whether `removeInputs()` took it off its session.
    package var isRemoved: Bool { current.withLock { $0.removed } }

    func close() {
        current.withLock {
            $0.state = .inactive
            $0.removed = true
        }
        continuation.finish()
    }
}

extension Inputs: StandInCapability {
    package func sessionStopped() {
        current.withLock { $0.state = .inactive }
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

    /// Frees the slot (another Inputs, another configuration, may be added); `capabilityNotFound` when there is none.
    public func removeInputs() throws(DeviceSessionError) {
        guard let inputs = capability("inputs") as? Inputs else { throw .capabilityNotFound }
        detach(inputs, as: "inputs")
        inputs.close()
    }
}

import LuaHost
import WearablesCore
import WearablesMock

/// A run's mock: the world's control and the objects scripts hold.
final class MockContext {
    let control: any MockControl
    private var handles: [DeviceIdentifier: MockGlassesHandle] = [:]

    init(control: any MockControl) { self.control = control }

    func handle(_ state: MockGlassesState) -> MockGlassesHandle {
        if let handle = handles[state.id] {
            handle.last = state
            return handle
        }
        let handle = MockGlassesHandle(state)
        handles[state.id] = handle
        return handle
    }

    /// The glasses `id`'s state now, or nil once unpaired.
    func state(of id: DeviceIdentifier) -> MockGlassesState? { control.state(of: id) }

    /// The glasses' state now, or as last seen once they are unpaired.
    func state(_ handle: MockGlassesHandle) -> MockGlassesState {
        if let state = control.state(of: handle.id) { handle.last = state }
        return handle.last
    }

    /// Applies `action` for the calling task and returns `values` of the affected glasses.
    ///
    /// A mock call waits for the world to apply the action, in both worlds: on the
    /// simulator here the answer is in before the call would yield, so it returns at
    /// once; over a connection the task waits for the reply. Either way it must be
    /// called where a task can wait, so a finalizer or a selector filter gets the same
    /// error here as over a connection. `failure` may word a refusal that comes at once
    /// (a file this process cannot read) as other bindings word it; `recover` turns a refusal
    /// into values instead (a display click that reached nothing answers false).
    func perform(
        _ runtime: ScriptRuntime, _ call: LuaCall, _ name: String, _ action: MockAction,
        failure: (MockActionError) -> any Error = { $0 },
        recover: @escaping (MockActionError) -> [LuaValue]? = { _ in nil },
        _ values: @escaping (MockGlassesState?) -> [LuaValue] = { _ in [] }
    ) throws -> LuaReturn {
        _ = try runtime.task(for: call, waitingIn: name)
        var answer: Result<MockGlassesState?, MockActionError>?
        var resumeLater: ((Result<MockGlassesState?, MockActionError>) -> Void)?
        control.perform(action) { result in
            if let resumeLater { resumeLater(result) } else { answer = result }
        }
        switch answer {
        case .success(let state)?: return .values(values(state))
        case .failure(let error)?:
            if let values = recover(error) { return .values(values) }
            throw failure(error)
        case nil:
            return try runtime.suspend(call, in: name) { resume in
                resumeLater = { result in
                    switch result {
                    case .success(let state): resume(.success(values(state)))
                    case .failure(let error):
                        if let values = recover(error) { return resume(.success(values)) }
                        resume(.failure(error.scriptError))
                    }
                }
                return nil
            }
        }
    }
}

/// A refusal as scripts see it: an error value of domain `mock` with the refusal's code.
extension MockActionError: ScriptErrorConvertible {
    public var scriptError: ScriptError { ScriptError(domain: "mock", code: code.rawValue, message: message) }
}

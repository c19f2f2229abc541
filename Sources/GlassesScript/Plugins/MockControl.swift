import WearablesCore
import WearablesRemote
import WearablesSimulator
import WearablesWire

/// What the `mock` bindings drive: the simulator in this process, or a served
/// simulator over the wire. One binding table serves both, so names, docs and
/// types come from one place.
protocol MockControl: AnyObject {
    /// The simulator in this process, for what only it can do (read files here, the HFP
    /// photo rule); nil over a connection.
    var local: SimulatedWorld? { get }
    /// The glasses as the mock knows them, in pairing order (a mirror over a connection).
    var glasses: [WireMockGlasses] { get }
    func state(of id: String) -> WireMockGlasses?
    /// Applies `action`. Here `done` runs before `perform` returns; over a connection it
    /// runs when the served world's reply comes.
    func perform(_ action: MockAction, done: @escaping (Result<WireMockGlasses?, WireError>) -> Void)
}

/// The simulator here: actions go through `SimulatedWorld.apply`, as the server's do.
final class LocalMockControl: MockControl {
    let world: SimulatedWorld

    init(world: SimulatedWorld) { self.world = world }

    var local: SimulatedWorld? { world }
    var glasses: [WireMockGlasses] { world.kit.glasses.map(WireMockGlasses.init) }
    func state(of id: String) -> WireMockGlasses? { world.kit.glasses(id).map(WireMockGlasses.init) }

    func perform(_ action: MockAction, done: @escaping (Result<WireMockGlasses?, WireError>) -> Void) {
        done(world.apply(action).mapError(\.wireError))
    }
}

/// A served simulator: actions are `mock` commands, state is the backend's mirror.
final class RemoteMockControl: MockControl {
    let backend: RemoteBackend

    init(backend: RemoteBackend) { self.backend = backend }

    var local: SimulatedWorld? { nil }
    var glasses: [WireMockGlasses] { backend.mockGlasses }
    func state(of id: String) -> WireMockGlasses? { backend.mockGlasses.first { $0.id == id } }

    func perform(_ action: MockAction, done: @escaping (Result<WireMockGlasses?, WireError>) -> Void) {
        backend.mock(action, completion: done)
    }
}

/// A pair as scripts hold it (`MockGlasses`): an id whose state is read through the
/// control. One object per id, so a script's glasses compare equal across calls.
final class MockGlassesHandle {
    let id: String
    let model: DeviceType
    let camera: MockCameraHandle
    let microphone: MockMicrophoneHandle
    /// The last state read: unpaired glasses keep reading as they were.
    var last: WireMockGlasses

    init(_ state: WireMockGlasses) {
        id = state.id
        model = state.model
        camera = MockCameraHandle(id: state.id)
        microphone = MockMicrophoneHandle(id: state.id)
        last = state
    }
}

/// `MockCamera`: the camera of the glasses `id`.
final class MockCameraHandle {
    let id: String
    init(id: String) { self.id = id }
}

/// `MockMicrophone`: the microphone of the glasses `id`.
final class MockMicrophoneHandle {
    let id: String
    init(id: String) { self.id = id }
}

/// A run's mock: its control and the objects scripts hold.
final class MockContext {
    let control: MockControl
    /// Where the mock is, for messages.
    let location: String
    private var handles: [String: MockGlassesHandle] = [:]

    init(control: MockControl, location: String) {
        self.control = control
        self.location = location
    }

    func handle(_ state: WireMockGlasses) -> MockGlassesHandle {
        if let handle = handles[state.id] {
            handle.last = state
            return handle
        }
        let handle = MockGlassesHandle(state)
        handles[state.id] = handle
        return handle
    }

    /// The glasses' state now, or as last seen once they are unpaired.
    func state(_ handle: MockGlassesHandle) -> WireMockGlasses {
        if let state = control.state(of: handle.id) { handle.last = state }
        return handle.last
    }

    /// The simulator here, or an error saying that `what` needs one.
    func local(for what: String) throws -> SimulatedWorld {
        guard let world = control.local else {
            throw ScriptError(domain: "mock", code: "notOverConnection",
                              message: "\(what) works only on the simulator in this process; this run is connected to \(location)")
                .luaError
        }
        return world
    }
}

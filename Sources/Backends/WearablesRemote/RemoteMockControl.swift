import WearablesMock
import WearablesWire
import WirePictures

/// A served simulator's controls: actions are `mock` commands, state is the mirror the
/// served world keeps current (hello, replies, `mock_glasses` events).
final class RemoteMockControl: MockControl {
    private unowned let backend: RemoteBackend

    init(backend: RemoteBackend) { self.backend = backend }

    /// The mirror, with what this process knows sooner: a pair playing recorded motion
    /// samples has no pose; voice listening this client changed reads as it left it.
    var paired: [MockGlassesState] {
        backend.mockGlasses.map { glasses in
            var state = glasses.state
            if backend.motionSamples[glasses.id] != nil { state.motionPose = nil }
            if let inFlight = backend.voiceListenInFlight[glasses.id] { state.voiceListening = inFlight.listening }
            return state
        }
    }

    /// An action that has the served world read a file here is refused: it reads its own disk, not this one.
    func perform(_ action: MockAction, done: @escaping (Result<MockGlassesState?, MockActionError>) -> Void) {
        // Recorded samples stay here (RemoteMotionFeed plays them over what the glasses stream);
        // a pose goes to the served world, which streams it and keeps it in the pair's mock state.
        if case .device(let id, .motionFeed(let feed)) = action {
            guard let state = state(of: id) else {
                return done(.failure(MockActionError(.unknownDevice, "no glasses '\(id)' in the served world")))
            }
            guard case .samples = feed else {
                backend.motionSamples[id] = nil
                return backend.mock(action, completion: done)
            }
            backend.motionSamples[id] = (backend.scheduler.now, feed)
            return done(.success(state))
        }
        if let path = action.localFile {
            return done(.failure(MockActionError(.notOverConnection,
                "'\(path)' is a file in this process, which \(backend.url) cannot read; over --connect use a pattern, "
                    + "or run the script without --connect")))
        }
        // The phone is this process, so what the glasses' microphone hears is made here
        // (DeviceListAudioEndpoint), a file included.
        if case .device(let id, .microphoneFeed(let feed)) = action {
            guard state(of: id) != nil else {
                return done(.failure(MockActionError(.unknownDevice, "no glasses '\(id)' in the served world")))
            }
            backend.microphoneFeeds[id] = feed
            // The glasses' live recogniser runs in the served world, so it hears the feed too: a
            // file of this process crosses with the action (its bytes, or that it was missing),
            // and one too long to cross is heard there as silence, never as the feed before it.
            if case .file(_, .held(let file)?) = feed, file.size > UInt64(MockActionFields.maxSoundBytes) {
                return backend.mock(.device(id, .microphoneFeed(.silence)), completion: done)
            }
            return backend.mock(action, completion: done)
        }
        backend.mock(action, completion: done)
    }
}

import MWDATCore
import Synchronization

/// The camera capability of a started session: its `stream` delivers frames and photos
/// during the video, its `photo` standalone photos. Stopping it frees the session's camera
/// slot, so another camera (another configuration) may be added.
public final class Camera: Sendable {
    public let stream: Stream
    public let photo: Photo
    private let session: Mutex<DeviceSession?>

    init(stream: Stream, photo: Photo, session: DeviceSession) {
        self.stream = stream
        self.photo = photo
        self.session = Mutex(session)
    }

    public func stop() {
        stream.stop()
        photo.stop()
        session.withLock { session in defer { session = nil }; return session }?.detach(self, as: "camera")
    }
}

extension Camera: StandInCapability {
    package func sessionStopped() {
        stop()
    }
}

extension DeviceSession {
    /// With DAT's rules for capabilities (`sessionIdle` before `started`, one camera per session).
    public func addCamera(config: StreamConfiguration = StreamConfiguration()) throws(DeviceSessionError) -> Camera? {
        let camera = Camera(stream: Stream(streamConfiguration: config, streamsAtOnce: answersAtOnce), photo: Photo(startsAtOnce: answersAtOnce), session: self)
        try attach(camera, as: "camera")
        return camera
    }
}

import MWDATCore

/// The camera capability of a started session; its `stream` delivers frames and photos.
public final class Camera: Sendable {
    public let stream: Stream

    init(stream: Stream) {
        self.stream = stream
    }

    public func stop() {
        stream.stop()
    }
}

extension Camera: StandInCapability {
    package func sessionStopped() {
        stream.stop()
    }
}

extension DeviceSession {
    /// With DAT's rules for capabilities (`sessionIdle` before `started`, one camera per session).
    public func addCamera(config: StreamConfiguration = StreamConfiguration()) throws(DeviceSessionError) -> Camera? {
        let camera = Camera(stream: Stream(streamConfiguration: config, streamsAtOnce: answersAtOnce))
        try attach(camera, as: "camera")
        return camera
    }
}

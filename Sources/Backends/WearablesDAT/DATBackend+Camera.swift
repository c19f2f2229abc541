import DATInterface
import WearablesCore

/// The camera: `addCamera(config:)` and `stream.start()` for the model's pictures, the
/// stream's `capturePhoto(format:)` for a photo during it, and `Camera.photo` for a photo
/// without one (a bridge's `start_camera` and `capture` reach these).
extension DATBackend {
    /// Frames DAT handed over that the scheduler has not delivered yet, past which DAT's
    /// frames are dropped before they are encoded: the model is behind, and a later frame
    /// serves as well (the bridge drops frames for a client without room the same way).
    static let framesInFlight = 3

    /// DAT sets the camera up as the stream starts, so all there is to check first is that the
    /// session is started (the bridge's `prepare_camera` does the same).
    public func prepareCamera(on identifier: DeviceIdentifier, completion: @escaping (Result<Void, StreamError>) -> Void) {
        guard snapshots.contains(where: { $0.identifier == identifier }) else {
            return finish(completion, .failure(.deviceNotFound(identifier)))
        }
        guard let held = sessions[identifier], held.wasStarted else {
            return finish(completion, .failure(.deviceNotConnected(identifier)))
        }
        finish(completion, .success(()))
    }

    /// `addCamera(config:)` at the settings, then `stream.start()`; each frame DAT publishes is
    /// taken as JPEG on DAT's thread (`DATVideoFrame.jpeg()`) and decoded only if the model reads
    /// it (``DATFrame``). Nil when DAT adds no camera.
    public func startCamera(on identifier: DeviceIdentifier, settings: EffectiveStreamSettings,
                            deliver: @escaping (Double, FrameSource) -> Void) -> CameraFeedHandle? {
        // A session still starting takes a camera too (DAT adds capabilities to a session it
        // made): a wire client may ask for the stream right after asking for the session.
        guard let held = sessions[identifier],
              let config = try? StreamConfiguration(videoCodec: .raw, resolution: settings.resolution, frameRate: settings.frameRate)
        else { return nil }
        stopStream(of: held)
        // The camera standalone photos used gives its slot to the stream's.
        held.photoCamera?.stop()
        held.photoCamera = nil
        let camera: any DATCamera
        do throws(DeviceSessionError) {
            guard let added = try held.session.addCamera(config: config) else { return nil }
            camera = added
        } catch {
            record("camera_refused", ["device": .string(identifier), "code": .string(error.code)])
            return nil
        }
        let stream = HeldStream(serial: nextSerial, camera: camera, deliver: deliver)
        nextSerial += 1
        held.stream = stream
        let serial = stream.serial
        let arrived = onLoop { (backend: DATBackend, frame: DATEncodedFrame) in
            backend.frameArrived(identifier, serial, frame)
        }
        let inFlight = stream.inFlight
        stream.tokens.append(camera.stream.videoFramePublisher.listen { frame in
            guard inFlight.add(1) < Self.framesInFlight, let encoded = frame.jpeg() else {
                inFlight.subtract(1)
                return
            }
            arrived(encoded)
        })
        stream.tokens.append(camera.stream.errorPublisher.listen(onLoop { backend, error in
            backend.streamEnded(identifier, serial, error)
        }))
        stream.tokens.append(camera.stream.statePublisher.listen(onLoop { backend, state in
            if state == .stopped { backend.streamEnded(identifier, serial, nil) }
        }))
        camera.stream.start()
        return CameraFeedHandle { [weak self] in
            guard let self, let held = self.sessions[identifier], held.stream?.serial == serial else { return }
            self.stopStream(of: held)
        }
    }

    private func frameArrived(_ device: DeviceIdentifier, _ serial: Int, _ frame: DATEncodedFrame) {
        guard let stream = sessions[device]?.stream, stream.serial == serial else { return }
        stream.inFlight.subtract(1)
        stream.deliver(scheduler.now, DATFrame(frame))
    }

    /// DAT's stream stopped by itself, with an error or without (the glasses took the camera).
    /// Reported a moment later, as `streamEnded`, unless the session ended meanwhile: then its
    /// `ended` carries the stream's error, as the glasses reported the two together.
    private func streamEnded(_ device: DeviceIdentifier, _ serial: Int, _ error: StreamError?) {
        guard let held = sessions[device], held.stream?.serial == serial, error != .photoCaptureFailed else { return }
        stopStream(of: held)
        held.lastStreamError = error
        let session = held.serial
        scheduler.schedule(after: Self.streamEndSettling) { [weak self] in
            guard let self, let held = self.session(on: device, session), held.lastStreamError == error else { return }
            held.lastStreamError = nil
            self.notify { $0.backend(didInterruptSessionOn: device, with: .streamEnded(error)) }
        }
    }

    /// How long a stream's end waits for its session's (run seconds): DAT publishes the two on
    /// different publishers, whose listeners post separately.
    static let streamEndSettling = 0.05

    func stopStream(of held: HeldSession) {
        guard let stream = held.stream else { return }
        held.stream = nil
        cancel(stream.tokens)
        stream.camera.stop()
    }

    // MARK: Photos

    /// During the model's stream, the stream's `capturePhoto(format:)` (at the stream's size;
    /// its only failure is `photoCaptureFailed`); without one, `Camera.photo` at the size and
    /// quality asked, read as DAT's nearest `PhotoResolution` and `PhotoQuality`.
    public func capturePhoto(on identifier: DeviceIdentifier, format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        guard let held = sessions[identifier], held.wasStarted else { return finish(completion, .failure(.notReady)) }
        let done = onLoop { (backend: DATBackend, result: Result<DATPhotoData, PhotoError>) in
            completion(result.map { Photo(data: $0.data, format: $0.format, width: $0.width, height: $0.height, timestamp: backend.scheduler.now) })
        }
        if let stream = held.stream {
            captureDuring(stream.camera.stream, format: format, done: done)
        } else {
            captureAlone(on: held, size: size, quality: quality, setUp: setUp, progress: progress, done: done)
        }
    }

    /// A client's capture may come while DAT still starts the stream: it is taken once it streams.
    private func captureDuring(_ stream: any DATStream, format: PhotoCaptureFormat,
                               done: @escaping @Sendable (Result<DATPhotoData, PhotoError>) -> Void) {
        let take: @Sendable () -> Void = {
            let once = OneShotListeners()
            once.attach(stream.photoDataPublisher.listen { photo in
                guard once.fire() else { return }
                done(.success(photo))
            })
            once.attach(stream.errorPublisher.listen { error in
                guard error == .photoCaptureFailed, once.fire() else { return }
                done(.failure(.captureFailure))
            })
            if !stream.capturePhoto(format: format), once.fire() { done(.failure(.busy)) }
        }
        guard stream.state == .starting || stream.state == .waitingForDevice else { return take() }
        let started = OneShotListeners()
        started.attach(stream.statePublisher.listen { state in
            guard state == .streaming || state == .stopped, started.fire() else { return }
            if state == .streaming { take() } else { done(.failure(.notReady)) }
        })
        // It may have started between the look and the listening.
        if stream.state == .streaming, started.fire() { take() }
    }

    /// `Camera.photo` of a camera added for it (given up to a later stream): `start()`, at
    /// `started` (the model's `setUp`) `capturePhoto(resolution:quality:)`, each transfer step
    /// as progress, then the photo or DAT's `PhotoError`, case for case; then `stop()`.
    private func captureAlone(on held: HeldSession, size: VideoSize, quality: Int, setUp: @escaping () -> Void,
                              progress: @escaping (PhotoTransferProgress) -> Void,
                              done: @escaping @Sendable (Result<DATPhotoData, PhotoError>) -> Void) {
        guard !held.photoUnderWay else { return done(.failure(.busy)) }
        let camera: any DATCamera
        if let existing = held.photoCamera {
            camera = existing
        } else {
            do throws(DeviceSessionError) {
                guard let added = try held.session.addCamera(config: .default) else { return done(.failure(.notReady)) }
                camera = added
            } catch {
                return done(.failure(.sessionSetupFailed))
            }
            held.photoCamera = camera
        }
        held.photoUnderWay = true
        let (device, serial) = (held.device, held.serial)
        let resolution = PhotoResolution.allCases.first { $0.size.width >= size.width && $0.size.height >= size.height } ?? .full
        let photoQuality = PhotoQuality.allCases.min { abs($0.encoderQuality - quality) < abs($1.encoderQuality - quality) } ?? .medium
        let report = onLoop { (backend: DATBackend, step: StandalonePhotoStep) in
            switch step {
            case .setUp: setUp()
            case .progress(let step): progress(step)
            case .finished:
                guard let held = backend.session(on: device, serial) else { return }
                held.photoUnderWay = false
                backend.restoreAfterPhoto(held)
            }
        }
        let photo = camera.photo
        let outcome = OneShotListeners()
        let finished: @Sendable (Result<DATPhotoData, PhotoError>) -> Void = { result in
            photo.stop()
            report(.finished)
            done(result)
        }
        outcome.attach(photo.transferProgressPublisher.listen { report(.progress($0)) })
        outcome.attach(photo.photoDataPublisher.listen { taken in
            guard outcome.fire() else { return }
            finished(.success(taken))
        })
        outcome.attach(photo.errorPublisher.listen { error in
            guard outcome.fire() else { return }
            finished(.failure(error))
        })
        let started = OneShotListeners()
        started.attach(photo.statePublisher.listen { state in
            guard state == .started, started.fire() else { return }
            report(.setUp)
            photo.capturePhoto(resolution: resolution, quality: photoQuality)
        })
        photo.start()
    }
}

/// What a standalone photo reports on its way, before its outcome.
enum StandalonePhotoStep: Sendable {
    case setUp
    case progress(PhotoTransferProgress)
    case finished
}

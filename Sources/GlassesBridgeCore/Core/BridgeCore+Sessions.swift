import DATInterface
import Locking
import WearablesModel
import WearablesWire
import WireServing

/// Sessions, camera streams and photos: `createSession`, `addCamera(config:)`, the stream's
/// publishers, `capturePhoto(format:)`.
extension BridgeCore {
    func openSession(_ device: DeviceIdentifier, by clientID: Int, reply: @escaping Reply) {
        // One session per device, as on DAT, whoever asks.
        guard sessions[device] == nil else { return reply(.failure(WireError(DeviceSessionError.sessionAlreadyExists))) }
        let session: any DATDeviceSession
        do throws(DeviceSessionError) {
            session = try wearables.createSession(device: device)
        } catch {
            return reply(.failure(WireError(error)))
        }
        let held = BridgeSession(serial: nextSession, owner: clientID, session: session)
        nextSession += 1
        let serial = held.serial
        held.pendingOpen = { result in reply(result.map { .done }.mapError(WireError.init)) }
        sessions[device] = held
        let mailbox = mailbox!
        held.tokens.append(session.errorPublisher.listen { error in
            mailbox.enqueue { core in core.sessionFailed(device, session: serial, error) }
        })
        held.tokens.append(session.statePublisher.listen { state in
            mailbox.enqueue { core in core.sessionState(device, session: serial, state) }
        })
        do throws(DeviceSessionError) {
            try session.start()
        } catch {
            finishOpen(held, .failure(error))
            releaseSession(on: device)
        }
    }

    private func finishOpen(_ held: BridgeSession, _ result: Result<Void, DeviceSessionError>) {
        let pending = held.pendingOpen
        held.pendingOpen = nil
        pending?(result)
    }

    /// The session the bridge holds on `device`, if it is the one numbered `serial`.
    func session(on device: DeviceIdentifier, _ serial: Int) -> BridgeSession? {
        sessions[device].flatMap { $0.serial == serial ? $0 : nil }
    }

    func sessionFailed(_ device: DeviceIdentifier, session serial: Int, _ error: DeviceSessionError) {
        guard let held = session(on: device, serial) else { return }
        if error == .dwaOutOfStuRange {
            return broadcast(.session(device: device, .warning(error)))
        }
        held.lastError = error
    }

    /// DAT's session states as the wire's `session` events: paused/resumed, and `ended`
    /// (with the error DAT published) when a started session stops by itself.
    func sessionState(_ device: DeviceIdentifier, session serial: Int, _ state: SessionState) {
        guard let held = session(on: device, serial) else { return }
        switch state {
        case .started:
            if held.paused {
                held.paused = false
                broadcast(.session(device: device, .resumed))
            }
            held.wasStarted = true
            finishOpen(held, .success(()))
        case .paused:
            guard held.wasStarted, !held.paused else { return }
            held.paused = true
            broadcast(.session(device: device, .paused))
        case .stopped:
            if held.pendingOpen != nil {
                finishOpen(held, .failure(held.lastError ?? .sessionAlreadyStopped))
            } else if held.wasStarted {
                broadcast(.session(device: device, .ended(sessionError: held.lastError, streamError: held.lastStreamError)))
            }
            dropSession(on: device)
        case .idle, .starting, .stopping:
            break
        }
    }

    /// Stops the session the bridge holds on `device` (a client closed it or left).
    func releaseSession(on device: DeviceIdentifier) {
        guard let held = dropSession(on: device) else { return }
        held.session.stop()
    }

    /// Forgets the session on `device`, its listeners and the streams and capabilities on it.
    @discardableResult
    private func dropSession(on device: DeviceIdentifier) -> BridgeSession? {
        guard let held = sessions.removeValue(forKey: device) else { return nil }
        for token in held.tokens + held.speechTokens { Task { await token.cancel() } }
        held.inputs?.forget()
        removeMotion(of: held)
        held.speech?.stop()
        held.photoCamera?.stop()
        if displayOwners[device] != nil {
            displayOwners[device] = nil
            held.display?.stop()
        }
        for (number, stream) in streams where stream.device == device { stopStream(number) }
        finishOpen(held, .failure(.sessionAlreadyStopped))
        return held
    }

    /// `prepare_camera`: DAT sets the camera up as the stream starts, so the bridge can
    /// only say whether a stream may start now: the client's session is started.
    func cameraReadiness(on device: DeviceIdentifier, for clientID: Int) -> Result<WireReplyValue, WireError> {
        guard devices[device] != nil else { return .failure(WireError(StreamError.deviceNotFound(device))) }
        guard let held = sessions[device], held.owner == clientID, held.wasStarted else {
            return .failure(WireError(StreamError.deviceNotConnected(device)))
        }
        return .success(.done)
    }

    func startCamera(_ device: DeviceIdentifier, _ settings: EffectiveStreamSettings, by clientID: Int, reply: @escaping Reply) {
        guard let held = sessions[device], held.owner == clientID, let queue = clients[clientID]?.queue else {
            return reply(.failure(WireError(StreamError.deviceNotConnected(device))))
        }
        let config: StreamConfiguration
        do {
            config = try StreamConfiguration(videoCodec: .raw, resolution: settings.resolution, frameRate: settings.frameRate)
        } catch {
            return reply(.failure(WireError(StreamError.internalError)))
        }
        // The camera standalone photos used gives its slot to the stream's.
        held.photoCamera?.stop()
        held.photoCamera = nil
        let camera: any DATCamera
        do throws(DeviceSessionError) {
            guard let added = try held.session.addCamera(config: config) else {
                return reply(.failure(WireError(StreamError.deviceNotFound(device))))
            }
            camera = added
        } catch {
            return reply(.failure(WireError(error)))
        }
        let number = nextStream
        nextStream += 1
        let stream = BridgeStream(owner: clientID, device: device, camera: camera)
        streams[number] = stream
        let mailbox = mailbox!
        let watchers = previewWatchers
        let index = AtomicValue<Int>(0)
        stream.tokens.append(camera.stream.videoFramePublisher.listen { [clock] frame in
            let frameIndex = index.add(1)
            let timestamp = clock.now()
            let room = queue.hasRoomForFrame
            let watching = watchers.due(stream: number, owner: clientID, at: timestamp)
            guard room || !watching.isEmpty, let jpeg = frame.jpeg() else { return queue.offerFrame(stream: number, nil) }
            let message = BinaryMessage.frame(stream: number, index: frameIndex, timestamp: timestamp,
                                              size: VideoSize(width: jpeg.width, height: jpeg.height), jpeg: jpeg.data).encoded()
            queue.offerFrame(stream: number, room ? message : nil)
            for watcher in watching { watcher.offerFrame(stream: number, message) }
        })
        stream.tokens.append(camera.stream.errorPublisher.listen { error in
            mailbox.enqueue { core in core.streamEnded(number, error) }
        })
        stream.tokens.append(camera.stream.statePublisher.listen { state in
            guard state == .stopped else { return }
            mailbox.enqueue { core in core.streamEnded(number, nil) }
        })
        // DAT sets the camera up as the stream starts (`prepare_camera` could not): the reply
        // waits for `streaming`, so a capture right after it finds the stream ready.
        let ready = OneShotListeners()
        ready.attach(camera.stream.statePublisher.listen { state in
            guard state == .streaming, ready.fire() else { return }
            reply(.success(.stream(number)))
        })
        ready.attach(camera.stream.errorPublisher.listen { error in
            guard ready.fire() else { return }
            reply(.failure(WireError(error)))
        })
        camera.stream.start()
    }

    /// The stream stopped by itself, with an error or without one (the glasses took the
    /// camera). Reported a job later, as `stream_ended`, unless the session ended meanwhile:
    /// then its `ended` event carries the stream's error, as `glasses serve` reports it.
    func streamEnded(_ number: Int, _ error: StreamError?) {
        guard let stream = streams[number], error != .photoCaptureFailed, let held = sessions[stream.device] else { return }
        stopStream(number)
        held.lastStreamError = error
        let (device, serial) = (stream.device, held.serial)
        mailbox.enqueue { core in
            guard let held = core.session(on: device, serial) else { return }
            held.lastStreamError = nil
            core.broadcast(.session(device: device, .streamEnded(error)))
        }
    }

    func stopStream(_ number: Int) {
        guard let stream = streams.removeValue(forKey: number) else { return }
        for token in stream.tokens { Task { await token.cancel() } }
        stream.camera.stop()
    }

    /// `capture`: the client's stream on the device takes the photo (`capturePhoto(format:)`, at
    /// the stream's size); without one, `Camera.photo` does (`captureAlone`). It comes back as a
    /// binary `photo` with the command's id, or a failure (`PhotoError`). A client's `start_camera`
    /// does not wait for its reply, so a capture may come while DAT still starts the stream:
    /// it is taken once the stream streams.
    func capture(on device: DeviceIdentifier, _ request: PhotoRequest, id: Int, by clientID: Int, queue: OutboundQueue) {
        let format = request.format
        guard let stream = streams.values.first(where: { $0.device == device && $0.owner == clientID })?.camera.stream else {
            return captureAlone(on: device, request, id: id, by: clientID, queue: queue)
        }
        let clock = clock
        let take: @Sendable () -> Void = {
            let once = OneShotListeners()
            once.attach(stream.photoDataPublisher.listen { photo in
                guard once.fire() else { return }
                queue.send(.photo(id: id, Photo(data: photo.data, format: photo.format, width: photo.width, height: photo.height,
                                                timestamp: clock.now())))
            })
            once.attach(stream.errorPublisher.listen { error in
                guard error == .photoCaptureFailed, once.fire() else { return }
                queue.send(.reply(id: id, .failure(WireError(PhotoError.captureFailure))))
            })
            if !stream.capturePhoto(format: format), once.fire() {
                queue.send(.reply(id: id, .failure(WireError(PhotoError.busy))))
            }
        }
        guard stream.state == .starting || stream.state == .waitingForDevice else { return take() }
        let started = OneShotListeners()
        started.attach(stream.statePublisher.listen { state in
            guard state == .streaming || state == .stopped, started.fire() else { return }
            if state == .streaming { take() } else { queue.send(.reply(id: id, .failure(WireError(PhotoError.notReady)))) }
        })
        // It may have started between the look and the listening.
        if stream.state == .streaming, started.fire() { take() }
    }
}

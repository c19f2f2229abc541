import DATInterface
import WearablesModel
import WearablesWire
import WireServing

/// What a `capture` command asks for: DAT's stream capture takes only the format; a
/// standalone photo reads the size and quality as DAT's nearest `PhotoResolution` and `PhotoQuality`.
struct PhotoRequest {
    let format: PhotoCaptureFormat
    let size: VideoSize
    let quality: Int

    /// The smallest resolution that holds the asked size (a client names one exactly), else `full`.
    var resolution: PhotoResolution {
        PhotoResolution.allCases.first { $0.size.width >= size.width && $0.size.height >= size.height } ?? .full
    }

    /// The quality whose encoder setting is nearest the asked one (1-100).
    var photoQuality: PhotoQuality {
        PhotoQuality.allCases.min { abs($0.encoderQuality - quality) < abs($1.encoderQuality - quality) } ?? .medium
    }
}

/// Standalone photos (`Camera.photo`): a client that holds a started session but runs no stream
/// on it gets its capture from DAT's Photo, with the transfer's progress as `capture_progress`
/// and DAT's own `PhotoError` cases.
extension BridgeCore {
    func captureAlone(on device: DeviceIdentifier, _ request: PhotoRequest, id: Int, by clientID: Int, queue: OutboundQueue) {
        let fail: @Sendable (PhotoError) -> Void = { queue.send(.reply(id: id, .failure(WireError($0)))) }
        guard let held = sessions[device], held.owner == clientID, held.wasStarted else { return fail(.notReady) }
        guard !held.photoUnderWay else { return fail(.busy) }
        let camera: any DATCamera
        if let existing = held.photoCamera {
            camera = existing
        } else {
            do throws(DeviceSessionError) {
                guard let added = try held.session.addCamera(config: .default) else { return fail(.notReady) }
                camera = added
            } catch {
                return fail(.sessionSetupFailed)
            }
            held.photoCamera = camera
        }
        held.photoUnderWay = true
        let photo = camera.photo
        let (mailbox, serial, clock) = (mailbox!, held.serial, clock)
        let outcome = OneShotListeners()
        let finished: @Sendable () -> Void = {
            photo.stop()
            mailbox.enqueue { core in core.photoFinished(on: device, session: serial) }
        }
        outcome.attach(photo.transferProgressPublisher.listen { step in
            queue.send(.event(.captureProgress(id: id, step)))
        })
        outcome.attach(photo.photoDataPublisher.listen { taken in
            guard outcome.fire() else { return }
            queue.send(.photo(id: id, Photo(data: taken.data, format: taken.format, width: taken.width, height: taken.height,
                                            timestamp: clock.now())))
            finished()
        })
        outcome.attach(photo.errorPublisher.listen { error in
            guard outcome.fire() else { return }
            fail(error)
            finished()
        })
        let started = OneShotListeners()
        started.attach(photo.statePublisher.listen { state in
            guard state == .started, started.fire() else { return }
            photo.capturePhoto(resolution: request.resolution, quality: request.photoQuality)
        })
        photo.start()
    }

    func photoFinished(on device: DeviceIdentifier, session serial: Int) {
        guard let held = session(on: device, serial) else { return }
        held.photoUnderWay = false
        restoreAfterPhoto(held, on: device)
    }

    /// On real glasses a standalone photo's transfer was seen to drop Inputs to `inactive` and to
    /// stop Motion, both without an error (Meta's BirdSpotter sample removes and re-adds the one,
    /// starts the other again). What a client still uses is brought back here: an Inputs that is no
    /// longer active is removed and added again with its configuration (a refusal goes out as
    /// `inputs_error`), a watched Motion that stopped is started again (a failure comes from its
    /// `errorPublisher` as `motion_error`). An end DAT reported with an error went out when it came.
    func restoreAfterPhoto(_ held: BridgeSession, on device: DeviceIdentifier) {
        if let watched = held.inputs, !watched.failed, watched.inputs.state == .inactive {
            let configuration = watched.configuration
            removeInputs(of: held)
            addInputs(configuration, to: held, on: device)
        }
        if let watched = held.motion, !watched.watchers.isEmpty, watched.motion.state == .stopped {
            watched.motion.start()
        }
    }
}

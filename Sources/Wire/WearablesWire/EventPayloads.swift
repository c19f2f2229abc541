import WearablesDisplayModel
import WearablesModel

/// The events' payloads, one struct per `type`: what happened in the served world, sent to
/// every client unless the summary says whom.
enum Events {
    struct Registration: ServerPayload {
        static let type = "registration"
        static let summary = "The app's registration changed (DAT `registrationStateStream`)."
        static let fieldDocs = ["state": "The registration state."]
        var state: Named<RegistrationState>
        init?(_ message: ServerMessage) {
            guard case .event(.registration(let state)) = message else { return nil }
            self.state = Named(state)
        }
        func message() -> ServerMessage { .event(.registration(state.value)) }
    }

    struct DeviceChanged: ServerPayload {
        static let type = "device"
        static let summary = "A device appeared or changed (DAT `devicesStream` and each device's state publishers)."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "info": "The device's fields as in hello's `devices`: `id`, `name`, `type`, `link`, `battery` (absent while off), `charging`, `don`, `hinge`, `thermal`, `compatibility`.",
        ]
        var device: String
        var info: WireDevice
        init?(_ message: ServerMessage) {
            guard case .event(.device(let snapshot)) = message else { return nil }
            device = snapshot.identifier
            info = WireDevice(snapshot)
        }
        func message() -> ServerMessage { .event(.device(info.snapshot)) }
    }

    struct DeviceRemoved: ServerPayload {
        static let type = "device_removed"
        static let summary = "A device is gone (DAT `devicesStream`)."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ message: ServerMessage) {
            guard case .event(.deviceRemoved(let device)) = message else { return nil }
            self.device = device
        }
        func message() -> ServerMessage { .event(.deviceRemoved(device)) }
    }

    struct PermissionChanged: ServerPayload {
        static let type = "permission"
        static let summary = "A permission's status changed."
        static let fieldDocs = ["permission": "The permission.", "status": "Its status."]
        var permission: Named<Permission>
        var status: Named<PermissionStatus>
        init?(_ message: ServerMessage) {
            guard case .event(.permission(let permission, let status)) = message else { return nil }
            self.permission = Named(permission)
            self.status = Named(status)
        }
        func message() -> ServerMessage { .event(.permission(permission.value, status.value)) }
    }

    struct Bandwidth: ServerPayload {
        static let type = "bandwidth"
        static let summary = "The link bandwidth the resolution ladder reads changed."
        static let fieldDocs = ["device": "The glasses' id.", "kbps": "The bandwidth in kbps."]
        var device: String
        var kbps: Double
        init?(_ message: ServerMessage) {
            guard case .event(.bandwidth(let device, let kbps)) = message else { return nil }
            self.device = device
            self.kbps = kbps
        }
        func message() -> ServerMessage { .event(.bandwidth(device: device, kbps: kbps)) }
    }

    struct Session: ServerPayload {
        static let type = "session"
        static let summary = "The device's session paused, resumed, ended, warned, or its stream ended (DAT `DeviceSession` state and `StreamSession` errors)."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "event": "`paused`, `resumed`, `stream_ended`, `ended` or `warning`.",
            "error": "`ended`: the `DeviceSessionError`, if any; `warning`: the non-blocking `DeviceSessionError` (`dwaOutOfStuRange`).",
            "stream_error": "`stream_ended`, `ended`: the `StreamError`, if any (absent on a `stream_ended` without a fault: the assistant took the camera).",
        ]
        var device, event: String
        var error, streamError: WireError?

        enum CodingKeys: String, CodingKey {
            case device, event, error
            case streamError = "stream_error"
        }

        init?(_ message: ServerMessage) {
            guard case .event(.session(let device, let interruption)) = message else { return nil }
            self.device = device
            switch interruption {
            case .paused: event = "paused"
            case .resumed: event = "resumed"
            case .streamEnded(let streamError):
                event = "stream_ended"
                self.streamError = streamError.map(WireError.init)
            case .ended(let sessionError, let streamError):
                event = "ended"
                error = sessionError.map(WireError.init)
                self.streamError = streamError.map(WireError.init)
            case .warning(let sessionError):
                event = "warning"
                error = WireError(sessionError)
            }
        }

        func message() throws(WireDecodingError) -> ServerMessage {
            let interruption: SessionInterruption
            switch event {
            case "paused": interruption = .paused
            case "resumed": interruption = .resumed
            case "stream_ended":
                // No stream_error: the device took the camera without a fault.
                guard let streamError else { return .event(.session(device: device, .streamEnded(nil))) }
                guard let typed = streamError.streamError else { throw WireDecodingError("field 'stream_error': not a StreamError") }
                interruption = .streamEnded(typed)
            case "ended":
                interruption = .ended(sessionError: error?.decode(as: DeviceSessionError.self), streamError: streamError?.streamError)
            case "warning":
                guard let warning = error?.decode(as: DeviceSessionError.self) else { throw WireDecodingError("field 'error': not a DeviceSessionError") }
                interruption = .warning(warning)
            case let other:
                throw WireDecodingError("field 'event': '\(other)' is not one of paused, resumed, stream_ended, ended, warning")
            }
            return .event(.session(device: device, interruption))
        }
    }

    struct Input: ServerPayload {
        static let type = "input"
        static let summary = "The wearer's input on the glasses (DAT 1.0 device events)."
        static let fieldDocs = ["device": "The glasses' id.", "event": "What the wearer did."]
        var device: String
        var event: Named<DeviceInput>
        init?(_ message: ServerMessage) {
            guard case .event(.input(let device, let input)) = message else { return nil }
            self.device = device
            event = Named(input)
        }
        func message() -> ServerMessage { .event(.input(device: device, event.value)) }
    }

    struct InputsEvent: ServerPayload {
        static let type = "input_event"
        static let summary = "An Inputs event (DAT `Inputs.events`); the client's model keeps it only for an active Inputs that asked for its source."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "input": "`{\"kind\":\"capture\",\"source\":\"captureButton\",\"timestamp_ms\":4020,\"press_type\":\"doublePress\"}`: per kind `direction`, `button`, `press_type`, `action`, `x`, `y`, `dx`, `dy`.",
        ]
        var device: String
        var input: WireInputEvent
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .input(let event))) = message else { return nil }
            self.device = device
            input = WireInputEvent(event)
        }
        func message() throws(WireDecodingError) -> ServerMessage { .event(.capability(device: device, .input(try input.event()))) }
    }

    struct InputsFailed: ServerPayload {
        static let type = "inputs_error"
        static let summary = "The glasses' Inputs failed (DAT `Inputs.errorPublisher`), or a bridge got no Inputs for `watch_inputs`."
        static let fieldDocs = ["device": "The glasses' id.", "code": "The `InputsError` case."]
        var device: String
        var code: Named<InputsError>
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .inputsFailed(let error))) = message else { return nil }
            self.device = device
            code = Named(error)
        }
        func message() -> ServerMessage { .event(.capability(device: device, .inputsFailed(code.value))) }
    }

    struct VoiceInvocation: ServerPayload {
        static let type = "voice_invocation"
        static let summary = "Meta AI delivered a `LaunchApp` (DAT `VoiceInvocationsStream.invocationsPublisher`)."
        static let fieldDocs = ["device": "The glasses' id.", "request": "The request's id, for `voice_answer`."]
        var device, request: String
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .voiceInvocation(let request))) = message else { return nil }
            self.device = device
            self.request = request
        }
        func message() -> ServerMessage { .event(.capability(device: device, .voiceInvocation(requestID: request))) }
    }

    struct VoiceFailed: ServerPayload {
        static let type = "voice_error"
        static let summary = "The voice channel failed (DAT `VoiceInvocationsStream.errorPublisher`)."
        static let fieldDocs = ["device": "The glasses' id.", "code": "The `VoiceInvocationError` case."]
        var device: String
        var code: Named<VoiceInvocationError>
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .voiceError(let error))) = message else { return nil }
            self.device = device
            code = Named(error)
        }
        func message() -> ServerMessage { .event(.capability(device: device, .voiceError(code.value))) }
    }

    struct Transcription: ServerPayload {
        static let type = "transcription"
        static let summary = "The glasses' recogniser transcribed speech (DAT `Speech.transcriptionPublisher`, `TranscriptionResult`)."
        static let fieldDocs = [
            "device": "The glasses' id.", "text": "What was heard.", "final": "Whether the utterance is complete.",
            "confidence": "0...1, or -1 when the recogniser gives none.",
        ]
        var device, text: String
        var final: Bool
        var confidence: Float
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .transcription(let result))) = message else { return nil }
            self.device = device
            text = result.text
            final = result.isFinal
            confidence = result.confidence
        }
        func message() -> ServerMessage {
            .event(.capability(device: device, .transcription(TranscriptionResult(text: text, isFinal: final, confidence: confidence))))
        }
    }

    struct SpeechFailed: ServerPayload {
        static let type = "speech_error"
        static let summary = "The recogniser failed; listening ends (DAT `Speech.errorPublisher`)."
        static let fieldDocs = ["device": "The glasses' id.", "code": "The `SpeechError` case."]
        var device: String
        var code: Named<SpeechError>
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .speechFailed(let error))) = message else { return nil }
            self.device = device
            code = Named(error)
        }
        func message() -> ServerMessage { .event(.capability(device: device, .speechFailed(code.value))) }
    }

    struct SpeechComplete: ServerPayload {
        static let type = "speech_complete"
        static let summary = "The utterance ended (`Speech` state `stopped`)."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .speechComplete)) = message else { return nil }
            self.device = device
        }
        func message() -> ServerMessage { .event(.capability(device: device, .speechComplete)) }
    }

    struct SpeechLocale: ServerPayload {
        static let type = "speech_locale"
        static let summary = "The recogniser's locale, announced when listening starts (DAT `Speech.localePublisher`)."
        static let fieldDocs = ["device": "The glasses' id.", "locale": "The locale (`en-US`)."]
        var device, locale: String
        init?(_ message: ServerMessage) {
            guard case .event(.capability(let device, .speechLocale(let locale))) = message else { return nil }
            self.device = device
            self.locale = locale
        }
        func message() -> ServerMessage { .event(.capability(device: device, .speechLocale(locale))) }
    }

    struct Display: ServerPayload {
        static let type = "display"
        static let summary = "What the glasses report to a started display, sent to the client that started it: a tap, a video's event, or that they took it down."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "event": "`tap` (a `Button`'s `onClick`, `FlexBox.onTap`), `video` (`Display.onPlaybackEvent`) or `stopped` (the glasses took the display down: a photo transfer).",
            "component": "`tap`: the component's id.",
            "playback": "`video`: what the video did.",
            "reason": "`video` `error`: the `VideoErrorType`.",
        ]
        var device, event: String
        var component: String?
        var playback: Named<VideoPlaybackEventType>?
        var reason: String?

        init?(_ message: ServerMessage) {
            guard case .event(.display(let device, let displayEvent)) = message else { return nil }
            self.device = device
            switch displayEvent {
            case .tap(let id):
                event = "tap"
                component = id
            case .playback(let playback):
                event = "video"
                self.playback = Named(playback.type)
                reason = playback.errorType?.name
            case .stopped: event = "stopped"
            }
        }

        func message() throws(WireDecodingError) -> ServerMessage {
            switch event {
            case "tap":
                guard let component else { throw WireDecodingError("'display' needs the field 'component'") }
                return .event(.display(device: device, .tap(id: component)))
            case "video":
                guard let playback else { throw WireDecodingError("'display' needs the field 'playback'") }
                return .event(.display(device: device, .playback(VideoPlaybackEvent(playback.value, errorType: reason.flatMap { VideoErrorType(name: $0) }))))
            case "stopped": return .event(.display(device: device, .stopped))
            case let other: throw WireDecodingError("field 'event': '\(other)' is not one of tap, video, stopped")
            }
        }
    }

    struct FramesDropped: ServerPayload {
        static let type = "frames_dropped"
        static let summary = "Frames the server dropped for this client because it read too slowly."
        static let fieldDocs = ["stream": "The stream's number.", "total": "How many it dropped so far."]
        var stream, total: Int
        init?(_ message: ServerMessage) {
            guard case .event(.framesDropped(let stream, let total)) = message else { return nil }
            self.stream = stream
            self.total = total
        }
        func message() -> ServerMessage { .event(.framesDropped(stream: stream, total: total)) }
    }

    struct A2DPPaused: ServerPayload {
        static let type = "a2dp_paused_by_stream"
        static let summary = "The glasses paused the phone's A2DP playback to them as one of this client's streams started on them (ios#256), before its `start_camera` reply: the client, the phone, interrupts its audio session if it plays to them."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ message: ServerMessage) {
            guard case .event(.a2dpPausedByStream(let device)) = message else { return nil }
            self.device = device
        }
        func message() -> ServerMessage { .event(.a2dpPausedByStream(device: device)) }
    }

    struct CaptureStarted: ServerPayload {
        static let type = "capture_started"
        static let summary = "The glasses set up the capture a `capture` asked for (DAT `PhotoState.started`), to its client; a capture refused at once gets none."
        static let fieldDocs = ["id": "The `capture` command's id."]
        var id: Int
        init?(_ message: ServerMessage) {
            guard case .event(.captureStarted(let id)) = message else { return nil }
            self.id = id
        }
        func message() -> ServerMessage { .event(.captureStarted(id: id)) }
    }

    struct CaptureProgress: ServerPayload {
        static let type = "capture_progress"
        static let summary = "A step of a photo's transfer (DAT `Photo.transferProgressPublisher`), to the client that asked for it, before its binary `photo`."
        static let fieldDocs = ["id": "The `capture` command's id.", "bytes": "Bytes received so far.", "total": "The photo's size in bytes."]
        var id, bytes, total: Int
        init?(_ message: ServerMessage) {
            guard case .event(.captureProgress(let id, let progress)) = message else { return nil }
            self.id = id
            bytes = progress.bytesReceived
            total = progress.totalBytes
        }
        func message() -> ServerMessage { .event(.captureProgress(id: id, PhotoTransferProgress(bytesReceived: bytes, totalBytes: total))) }
    }

    struct MockGlasses: ServerPayload {
        static let type = "mock_glasses"
        static let summary = "A simulator's pair changed as its mock sees it: after every mock action, whoever made it, and after device changes."
        static let fieldDocs = ["glasses": "The pair's mock state, as in hello's `mock`; on display glasses `display`: `{\"on\":true,\"playing\":false,\"tree\":{...}}`, what the lens shows."]
        var glasses: WireMockGlasses
        init?(_ message: ServerMessage) {
            guard case .event(.mockGlasses(let glasses)) = message else { return nil }
            self.glasses = glasses
        }
        func message() -> ServerMessage { .event(.mockGlasses(glasses)) }
    }

    struct AudioRouteChanged: ServerPayload {
        static let type = "audio_route"
        static let summary = "The served phone's audio route changed, an interruption (a phone call) began or ended, or its session was activated."
        static let fieldDocs = ["audio": "The route as `audio_route`'s reply gives it, plus `reason`: an `AVAudioSession.RouteChangeReason` name, `interruptionBegan`/`interruptionEnded`, or `activated`/`deactivated`."]
        var audio: WireAudioRoute
        init?(_ message: ServerMessage) {
            guard case .event(.audioRoute(let audio)) = message else { return nil }
            self.audio = audio
        }
        func message() -> ServerMessage { .event(.audioRoute(audio)) }
    }

    struct FileSaved: ServerPayload {
        static let type = "file_saved"
        static let summary = "A console, or a recipe it started, finished writing a file under the server's output folder (`glasses serve --out`); fetch it at `GET /v1/files/{name}`."
        static let fieldDocs = ["file": "`{\"name\":\"interval_0001.jpg\",\"kind\":\"photo\",\"bytes\":48213}` (`kind`: `photo`, `frame` or `recording`)."]
        var file: WireSavedFile
        init?(_ message: ServerMessage) {
            guard case .event(.fileSaved(let file)) = message else { return nil }
            self.file = file
        }
        func message() -> ServerMessage { .event(.fileSaved(file)) }
    }

    struct Holders: ServerPayload {
        static let type = "holders"
        static let summary = "What the clients hold on a device changed: a command, a session's pause, resume or end (which ends its streams, Inputs and Speech), a client leaving."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "holders": "Each client holding something on the device, by number: `client`, `name` (its hello's), `session` (`opening`, `running`, `paused`; absent when it holds none), `streams` (its camera streams that have not ended), `display` (it started the display), `inputs`, `motion`, `speech`, `voice` (it added Inputs on its session, watches the IMU, listens with Speech, has a started voice invocation stream); empty when nobody holds anything.",
        ]
        var device: String
        var holders: [WireHolder]
        init?(_ message: ServerMessage) {
            guard case .event(.holders(let device, let holders)) = message else { return nil }
            self.device = device
            self.holders = holders
        }
        func message() -> ServerMessage { .event(.holders(device: device, holders)) }
    }

    struct MotionSamples: ServerPayload {
        static let type = "motion_samples"
        static let summary = "The IMU samples since the last such event (DAT `Motion.samples`), to the device's watchers only: `ceil(rate / 15)` an event."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "samples": "Oldest first: `{\"timestamp_ns\":4033333333,\"source\":\"glasses\",\"accelerometer\":{\"x\":9.80665,\"y\":0,\"z\":0},\"gyroscope\":{...},\"orientation\":{\"x\":0,\"y\":0,\"z\":0,\"w\":1}}` (units as DAT's: m/s², rad/s, µT; `magnetometer` too when reported; a sensor not reported is absent).",
        ]
        var device: String
        var samples: [WireMotionSample]
        init?(_ message: ServerMessage) {
            guard case .event(.motionSamples(let device, let samples)) = message else { return nil }
            self.device = device
            self.samples = samples.map(WireMotionSample.init)
        }
        func message() throws(WireDecodingError) -> ServerMessage {
            var decoded: [MotionSample] = []
            for sample in samples { decoded.append(try sample.sample()) }
            return .event(.motionSamples(device: device, decoded))
        }
    }

    struct MotionFailed: ServerPayload {
        static let type = "motion_error"
        static let summary = "The glasses' Motion failed (DAT `Motion.errorPublisher`); the watch is over. To the device's watchers only."
        static let fieldDocs = ["device": "The glasses' id.", "code": "The `MotionError` case."]
        var device: String
        var code: Named<MotionError>
        init?(_ message: ServerMessage) {
            guard case .event(.motionError(let device, let error)) = message else { return nil }
            self.device = device
            code = Named(error)
        }
        func message() -> ServerMessage { .event(.motionError(device: device, code.value)) }
    }
}

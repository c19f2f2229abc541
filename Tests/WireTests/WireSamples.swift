import Foundation
import WearablesCore
import WearablesWire

/// One message of every wire type (and every variant a type's fields spell differently),
/// for the byte-for-byte goldens of `WireGoldenTests`.
enum WireSamples {
    static let glasses = "rayBanMeta-1"

    static let device = DeviceSnapshot(
        identifier: glasses, name: "Ray-Ban Meta", type: .rayBanMeta, linkState: .connected, batteryLevel: 80,
        chargingState: .notCharging, donState: .donned, hingeState: .open, thermalLevel: .none)

    static let route = WireAudioRoute(
        inputs: [.init(type: "bluetoothHFP", name: "Ray-Ban Meta", sampleRate: 8000)],
        outputs: [.init(type: "builtInSpeaker", name: "Speaker", sampleRate: 48000)], active: true, interrupted: false)

    /// A script holding a session with a stream, Inputs and Speech, and a client holding capabilities but no session.
    static let holders = [
        WireHolder(client: 3, name: "glasses", session: "running", streams: [2], inputs: true, speech: true),
        WireHolder(client: 4, name: "dashboard", display: true, motion: true, voice: true),
    ]

    static let tree = try! JSONDecoder().decode(WireComponent.self, from: Data(
        #"{"type":"flexbox","props":{"padding":24,"direction":"column"},"children":[{"type":"text","props":{"text":"Hi"}}]}"#.utf8))

    /// Decoded, so the samples need no mock types: every optional field set.
    static let mockGlasses = try! JSONDecoder().decode(WireMockGlasses.self, from: Data(("""
        {"id":"rayBanMeta-1","name":"Ray-Ban Meta","type":"rayBanMeta","link":"connected","charging":"notCharging",
        "don":"donned","hinge":"open","thermal":"none","compatibility":"compatible","battery":80,"powered":true,
        "stuck":false,"bandwidth_kbps":2500,"voice_listening":true,
        "voice_requests":[{"id":"r1","kind":"launch","answer":"success","output":"done"}],"motion_pose":"still",
        "imu":false,"speech_listening":false,"speech_source":"injected","speech_diagnostic":"no model",
        "display":{"on":true,"playing":false,"lens":"dimmed"}}
        """).utf8))

    static let client: [ClientMessage] = [
        .hello(protocolVersion: 2, client: "glasses run demo.lua"),
        .command(id: 1, .register), .command(id: 2, .unregister),
        .command(id: 3, .requestPermission(.microphone)),
        .command(id: 4, .openFirmwareUpdate), .command(id: 5, .openGlassesAppUpdate),
        .command(id: 6, .openSession(device: glasses)), .command(id: 7, .closeSession(device: glasses)),
        .command(id: 8, .prepareCamera(device: glasses)),
        .command(id: 9, .startCamera(device: glasses, settings: EffectiveStreamSettings(resolution: .high, frameRate: 24))),
        .command(id: 10, .stopCamera(stream: 3)),
        .command(id: 11, .capture(device: glasses, format: .heic, size: VideoSize(width: 504, height: 896))),
        .command(id: 12, .capture(device: glasses, format: .jpeg, size: VideoSize(width: 1512, height: 2016), quality: 50, audioOverHFP: true)),
        .command(id: 13, .mock(.device(glasses, .battery(42)))),
        .command(id: 14, .mock(.pair(model: .oakleyMetaHSTN, ready: true, imu: false))),
        .command(id: 15, .mock(.reset(registered: false, permissions: [.camera: .granted], metaAIInstalled: false))),
        .command(id: 16, .mock(.disable)),
        .command(id: 17, .mock(.device(glasses, .input(.drag(.move, x: 0.5, y: 0.25, dx: 1, dy: -1), source: .neuralBandDrag)))),
        .command(id: 18, .mock(.device(glasses, .speech(TranscriptionResult(text: "hello", isFinal: false, confidence: 0.5))))),
        .command(id: 19, .console(code: "for i = 1, 2 do\n  print(i)\nend")), .command(id: 20, .complete(word: "wearables.de")),
        .command(id: 21, .watchPreviews(true)), .command(id: 22, .audioRoute),
        .command(id: 23, .voiceListen(device: glasses, true)),
        .command(id: 24, .voiceAnswer(device: glasses, request: "r1", success: true, output: "opened")),
        .command(id: 25, .voiceAnswer(device: glasses, request: "r2", success: false, output: nil)),
        .command(id: 26, .speechListen(device: glasses, false)),
        .command(id: 27, .watchMotion(device: glasses, rate: .hz24)), .command(id: 28, .watchMotion(device: glasses, rate: nil)),
        .command(id: 29, .watchInputs(device: glasses, configuration: InputsConfiguration(sources: [.neuralBandDrag, .captouch], consumeBack: false))),
        .command(id: 30, .watchInputs(device: glasses, configuration: nil)),
        .command(id: 31, .displayStart(device: glasses)), .command(id: 32, .displaySend(device: glasses, tree: tree)),
        .command(id: 33, .displayClear(device: glasses)), .command(id: 34, .displayStopVideo(device: glasses)),
        .command(id: 35, .displayStop(device: glasses)),
    ]

    static let server: [ServerMessage] = [
        .hello(ServerHello(server: "glasses serve", world: "simulator", speed: 1, time: 12.5, registration: .registered,
                           permissions: [.camera: .granted, .microphone: .denied], devices: [device],
                           bandwidth: [glasses: 2500], mock: [mockGlasses],
                           held: [WireDeviceHolders(device: glasses, holders: holders)], clientID: 4)),
        .hello(ServerHello(server: "glasses bridge", world: "bridge", speed: 1, time: 0, registration: .unavailable,
                           permissions: [:], devices: [], bandwidth: [:])),
        .reply(id: 1, .success(.done)), .reply(id: 2, .success(.permission(.granted))), .reply(id: 3, .success(.stream(7))),
        .reply(id: 4, .success(.mockGlasses(mockGlasses))),
        .reply(id: 5, .success(.console(output: "2\n", errorOutput: "stdin:1: boom\n"))),
        .reply(id: 6, .success(.completions(["wearables.devices", "wearables.session"]))),
        .reply(id: 7, .success(.audioRoute(route))), .reply(id: 8, .success(.taken(true))),
        .reply(id: 9, .failure(WireError(StreamError.deviceNotConnected(glasses)))),
        .error(.protocolError("malformed", "not JSON")),
        .event(.registration(.registered)), .event(.device(device)), .event(.deviceRemoved(glasses)),
        .event(.permission(.camera, .denied)), .event(.bandwidth(device: glasses, kbps: 300.5)),
        .event(.session(device: glasses, .paused)), .event(.session(device: glasses, .resumed)),
        .event(.session(device: glasses, .streamEnded(.thermalHot))), .event(.session(device: glasses, .streamEnded(nil))),
        .event(.session(device: glasses, .ended(sessionError: .batteryCritical, streamError: .deviceNotConnected(glasses)))),
        .event(.session(device: glasses, .warning(.dwaOutOfStuRange))),
        .event(.input(device: glasses, .captureButton)),
        .event(.capability(device: glasses, .input(InputEvent(.capture(.doublePress), source: .captureButton, timestampMs: 4020)))),
        .event(.capability(device: glasses, .input(InputEvent(.drag(.move, x: 0.5, y: 0.25, dx: 1, dy: -1), source: .neuralBandDrag, timestampMs: 5)))),
        .event(.capability(device: glasses, .inputsFailed(.capabilityUnavailable))),
        .event(.capability(device: glasses, .voiceInvocation(requestID: "r1"))),
        .event(.capability(device: glasses, .voiceError(.unknownMessageType))),
        .event(.capability(device: glasses, .transcription(TranscriptionResult(text: "hello", isFinal: true, confidence: 0.75)))),
        .event(.capability(device: glasses, .speechFailed(.startFailed))),
        .event(.capability(device: glasses, .speechComplete)),
        .event(.capability(device: glasses, .speechLocale("en-US"))),
        .event(.display(device: glasses, .tap(id: "ok"))),
        .event(.display(device: glasses, .playback(.init(.error, errorType: .playbackFailed)))),
        .event(.display(device: glasses, .playback(.init(.started)))),
        .event(.display(device: glasses, .stopped)),
        .event(.framesDropped(stream: 2, total: 17)),
        .event(.a2dpPausedByStream(device: glasses)),
        .event(.captureStarted(id: 11)),
        .event(.captureProgress(id: 11, PhotoTransferProgress(bytesReceived: 2048, totalBytes: 20480))),
        .event(.mockGlasses(mockGlasses)),
        .event(.audioRoute(WireAudioRoute(inputs: [], outputs: [], active: false, interrupted: true, reason: "interruptionBegan"))),
        .event(.fileSaved(WireSavedFile(name: "photos/interval_0001.jpg", kind: .photo, bytes: 48213))),
        .event(.motionSamples(device: glasses, [
            MotionSample(timestampNs: 4_033_333_333, accelerometer: Vector3(9.80665, 0, -0.5), gyroscope: Vector3(0, 0.25, 0),
                         magnetometer: Vector3(21.5, -3, 40), orientation: Quaternion(x: 0, y: 0.25, z: 0, w: 0.96875), source: .glasses),
            MotionSample(timestampNs: 4_066_666_667, source: .neuralBand),
        ])),
        .event(.motionError(device: glasses, .sensorUnavailable)),
        .event(.holders(device: glasses, holders)), .event(.holders(device: glasses, [])),
    ]
}

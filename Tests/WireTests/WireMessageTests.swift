import Foundation
import Testing
import WearablesCore
import WearablesWire

/// Every message survives its own encoding: what one peer writes, the other reads
/// back as the same value. And what a peer must refuse, it refuses by name.
@Suite struct WireMessageTests {
    static let device = DeviceSnapshot(
        identifier: "rayBanMeta-1", name: "Ray-Ban Meta", type: .rayBanMeta, linkState: .connected, batteryLevel: 80,
        chargingState: .notCharging, donState: .donned, hingeState: .open, thermalLevel: .none)

    static let route = WireAudioRoute(
        inputs: [.init(type: "builtInMic", name: "iPhone Microphone", sampleRate: 48000)],
        outputs: [.init(type: "builtInSpeaker", name: "Speaker", sampleRate: 48000)], active: false, interrupted: false)

    static let clientMessages: [ClientMessage] = [
        .hello(protocolVersion: 1, client: "test"),
        .command(id: 1, .register), .command(id: 2, .unregister),
        .command(id: 3, .requestPermission(.microphone)),
        .command(id: 4, .openSession(device: "rayBanMeta-1")), .command(id: 5, .closeSession(device: "rayBanMeta-1")),
        .command(id: 6, .prepareCamera(device: "rayBanMeta-1")),
        .command(id: 6, .startCamera(device: "rayBanMeta-1", settings: EffectiveStreamSettings(resolution: .high, frameRate: 24))),
        .command(id: 7, .stopCamera(stream: 3)),
        .command(id: 8, .capture(device: "rayBanMeta-1", format: .heic, size: VideoSize(width: 504, height: 896))),
        .command(id: 9, .mock(.device("rayBanMeta-1", .battery(42)))),
        .command(id: 10, .mock(.device("rayBanMeta-1", .disconnect(seconds: 12.5)))),
        .command(id: 11, .mock(.setPermission(.camera, .denied))),
        .command(id: 12, .mock(.reset(registered: false, permissions: [.camera: .granted], metaAIInstalled: false))),
        .command(id: 13, .mock(.device("rayBanMeta-1", .failNextCapture(.serviceUnavailable)))),
        .command(id: 14, .mock(.device("rayBanMeta-1", .peakPower))),
        .command(id: 15, .mock(.device("rayBanMeta-1", .compatibility(.deviceUpdateRequired)))),
        .command(id: 16, .mock(.permissionRequestResult(.microphone, .connectionError))),
        .command(id: 19, .capture(device: "rayBanMeta-1", format: .jpeg, size: PhotoResolution.large.size, quality: 50)),
        .command(id: 20, .mock(.companionHoldNext(.registration))), .command(id: 21, .mock(.companionAnswer(.unregistration, proceed: false))),
        .command(id: 22, .mock(.companionAnswer(.registration, proceed: true))),
        .command(id: 17, .mock(.disable)), .command(id: 18, .mock(.device("rayBanMeta-1", .updateFirmware))),
        .command(id: 23, .console(code: "for i = 1, 2 do\n  print(i)\nend")), .command(id: 24, .complete(word: "wearables.de")),
        .command(id: 25, .watchPreviews(true)), .command(id: 26, .watchPreviews(false)), .command(id: 27, .audioRoute),
        .command(id: 28, .openFirmwareUpdate), .command(id: 29, .openGlassesAppUpdate),
        .command(id: 30, .watchMotion(device: "rayBanMeta-1", rate: .hz24)), .command(id: 31, .watchMotion(device: "rayBanMeta-1", rate: nil)),
        .command(id: 32, .mock(.pair(model: .oakleyMetaHSTN, ready: true, imu: false))),
        .command(id: 33, .watchInputs(device: "rayBanMeta-1", configuration: InputsConfiguration(sources: [.neuralBandDrag, .captouch], consumeBack: false))),
        .command(id: 34, .watchInputs(device: "rayBanMeta-1", configuration: InputsConfiguration())),
        .command(id: 35, .watchInputs(device: "rayBanMeta-1", configuration: nil)),
    ]

    @Test(arguments: clientMessages)
    func clientMessagesRoundTrip(_ message: ClientMessage) throws {
        #expect(try ClientMessage.decode(message.encoded()) == message)
    }

    static let serverMessages: [ServerMessage] = [
        .reply(id: 1, .success(.done)), .reply(id: 2, .success(.permission(.granted))), .reply(id: 3, .success(.stream(7))),
        .reply(id: 4, .failure(WireError(DeviceSessionError.sessionAlreadyExists))),
        .reply(id: 10, .failure(WireError(NavigationError.metaAINotInstalled))),
        .reply(id: 5, .success(.console(output: "2\n", errorOutput: ""))),
        .reply(id: 6, .success(.console(output: "", errorOutput: "stdin:1: boom\nstack traceback:\n\t[C]: in ?\n"))),
        .reply(id: 7, .success(.completions(["wearables.devices", "wearables.session"]))), .reply(id: 8, .success(.completions([]))),
        .reply(id: 9, .success(.audioRoute(route))), .event(.audioRoute(WireAudioRoute(
            inputs: [.init(type: "bluetoothHFP", name: "Ray-Ban Meta", sampleRate: 8000)], outputs: [], active: true,
            interrupted: false, reason: "categoryChange"))),
        .event(.fileSaved(WireSavedFile(name: "photos/interval_0001.jpg", kind: .photo, bytes: 48213))),
        .event(.fileSaved(WireSavedFile(name: "take.wav", kind: .recording, bytes: 32044))),
        .event(.registration(.registered)), .event(.device(device)), .event(.deviceRemoved("rayBanMeta-1")),
        .event(.permission(.camera, .denied)), .event(.bandwidth(device: "rayBanMeta-1", kbps: 300)),
        .event(.session(device: "rayBanMeta-1", .paused)), .event(.session(device: "rayBanMeta-1", .resumed)),
        .event(.session(device: "rayBanMeta-1", .streamEnded(.thermalHot))), .event(.session(device: "rayBanMeta-1", .streamEnded(nil))),
        .event(.session(device: "rayBanMeta-1", .ended(sessionError: .batteryCritical, streamError: .deviceNotConnected("rayBanMeta-1")))),
        .event(.session(device: "rayBanMeta-1", .warning(.dwaOutOfStuRange))),
        .event(.session(device: "rayBanMeta-1", .ended(sessionError: nil, streamError: nil))),
        .event(.input(device: "rayBanMeta-1", .captureButton)), .event(.input(device: "rayBanMeta-1", .tapAndHold)),
        .event(.framesDropped(stream: 2, total: 17)),
        .event(.captureProgress(id: 9, PhotoTransferProgress(bytesReceived: 2048, totalBytes: 20480))),
        .event(.motionSamples(device: "rayBanMeta-1", [
            MotionSample(timestampNs: 4_033_333_333, accelerometer: Vector3(9.80665, 0, -0.5), gyroscope: Vector3(0, 0.25, 0),
                         magnetometer: Vector3(21.5, -3, 40), orientation: Quaternion(x: 0, y: 0.25, z: 0, w: 0.96875), source: .glasses),
            MotionSample(timestampNs: 4_066_666_667, source: .neuralBand),
        ])),
        .event(.motionError(device: "rayBanMeta-1", .sensorUnavailable)),
        .reply(id: 11, .failure(WireError(MotionError.sensorUnavailable))),
        .error(.protocolError("malformed", "not JSON")),
    ]

    @Test(arguments: serverMessages)
    func serverMessagesRoundTrip(_ message: ServerMessage) throws {
        #expect(try ServerMessage.decode(message.encoded()) == message)
    }

    @Test func binaryMessagesRoundTrip() throws {
        let frame = BinaryMessage.frame(stream: 4, index: 99, timestamp: 12.25, size: VideoSize(width: 360, height: 640),
                                        jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]))
        #expect(try BinaryMessage.decode(frame.encoded()) == frame)
        let photo = BinaryMessage.photo(id: 8, Photo(data: Data([1, 2, 3]), format: .jpeg, width: 3, height: 1, timestamp: 4))
        #expect(try BinaryMessage.decode(photo.encoded()) == photo)
    }

    /// What a peer refuses, with the field or value named, never a crash.
    @Test(arguments: [
        ("{", "not a protocol message"),
        (#"{"type":"capture","id":1,"device":"x","format":"gif","width":1,"height":1}"#, "'gif' is not one of jpeg, heic"),
        (#"{"type":"start_camera","id":1,"device":"x","resolution":"low","fps":99}"#, "field 'fps': 99 is not one of 2, 7, 15, 24, 30"),
        (#"{"type":"capture","id":1,"device":"x","format":"jpeg","width":0,"height":1}"#, "must be 1...8192"),
        (#"{"type":"open_session","id":1}"#, "'open_session' needs the field 'device'"),
        (#"{"type":"launch_rockets","id":1}"#, "unknown message type 'launch_rockets'"),
        (#"{"type":"watch_motion","id":1,"device":"x","rate":"hz100"}"#, "field 'rate': 'hz100' is not one of hz5, hz10, hz15, hz24, hz30, hz60"),
        (#"{"type":"watch_motion","id":1,"device":"x"}"#, "'watch_motion' needs the field 'rate'"),
        (#"{"type":"watch_motion","id":1,"rate":"hz5"}"#, "'watch_motion' needs the field 'device'"),
    ])
    func malformedMessagesAreRefusedByName(_ text: String, _ words: String) {
        #expect(throws: WireDecodingError.self) { try ClientMessage.decode(Data(text.utf8)) }
        do {
            _ = try ClientMessage.decode(Data(text.utf8))
        } catch {
            #expect(error.description.contains(words), "\(error)")
        }
    }

    /// The update destinations cross under the names docs/protocol.md gives them, and their
    /// failure comes back as the DAT case it was.
    @Test func updateDestinationsUseTheDocumentedNames() throws {
        let firmware = try #require(String(data: ClientMessage.command(id: 1, .openFirmwareUpdate).encoded(), encoding: .utf8))
        #expect(firmware.contains(#""type":"open_firmware_update""#), "\(firmware)")
        let app = try #require(String(data: ClientMessage.command(id: 2, .openGlassesAppUpdate).encoded(), encoding: .utf8))
        #expect(app.contains(#""type":"open_glasses_app_update""#), "\(app)")
        let reply = ServerMessage.reply(id: 2, .failure(WireError(NavigationError.notRegistered)))
        guard case .reply(_, .failure(let error)) = try ServerMessage.decode(reply.encoded()) else {
            Issue.record("not a failed reply")
            return
        }
        #expect(error.decode(as: NavigationError.self) == .notRegistered)
    }

    /// A frame whose JPEG fails to decode is drawn at its header's size: no header may ask for
    /// a size that cannot be a picture.
    @Test(arguments: [(0, 640), (360, -1), (1 << 40, 1 << 40), (BinaryMessage.maxDimension + 1, 1)])
    func binaryWithAnImpossibleSizeIsRefused(width: Int, height: Int) throws {
        let frame = BinaryMessage.frame(stream: 1, index: 0, timestamp: 0, size: VideoSize(width: width, height: height), jpeg: Data([0]))
        #expect(throws: WireDecodingError.self) { try BinaryMessage.decode(frame.encoded()) }
    }

    @Test func truncatedBinaryIsRefused() {
        for bytes in [Data(), Data([0, 0]), Data([0, 0, 0, 200, 1, 2])] {
            #expect(throws: WireDecodingError.self) { try BinaryMessage.decode(bytes) }
        }
    }
}

extension WireMessageTests {
    /// `watch_inputs` as docs/protocol.md writes it: the sources in DAT's order, Back's choice; a stop
    /// carries neither; what a client leaves out is DAT's default (every real source, Back consumed).
    @Test func inputsAreAskedForUnderTheDocumentedNamesWithDATsDefaults() throws {
        let asked = ClientMessage.command(id: 3, .watchInputs(device: "g", configuration: InputsConfiguration(sources: [.captureButton, .captouch], consumeBack: false)))
        #expect(String(decoding: asked.encoded(), as: UTF8.self)
            == #"{"consume_back":false,"device":"g","id":3,"sources":["captouch","captureButton"],"type":"watch_inputs","watch":true}"#)
        let stop = String(decoding: ClientMessage.command(id: 4, .watchInputs(device: "g", configuration: nil)).encoded(), as: UTF8.self)
        #expect(stop == #"{"device":"g","id":4,"type":"watch_inputs","watch":false}"#)
        #expect(try ClientMessage.decode(Data(#"{"type":"watch_inputs","id":5,"device":"g"}"#.utf8))
            == .command(id: 5, .watchInputs(device: "g", configuration: InputsConfiguration())))
        #expect(try ClientMessage.decode(Data(#"{"type":"watch_inputs","id":6,"device":"g","sources":[]}"#.utf8))
            == .command(id: 6, .watchInputs(device: "g", configuration: InputsConfiguration(sources: [], consumeBack: true))))
        #expect(throws: WireDecodingError.self) {
            try ClientMessage.decode(Data(#"{"type":"watch_inputs","id":7,"device":"g","sources":["wrist"]}"#.utf8))
        }
    }

    /// `watch_motion` and `motion_samples` as docs/protocol.md writes them: a stop carries no rate,
    /// a sample's sensors are DAT's names in snake_case, and one the glasses did not report is absent.
    @Test func motionCrossesUnderTheDocumentedNames() throws {
        let watch = String(decoding: ClientMessage.command(id: 3, .watchMotion(device: "g", rate: .hz30)).encoded(), as: UTF8.self)
        #expect(watch == #"{"device":"g","id":3,"rate":"hz30","type":"watch_motion","watch":true}"#)
        let stop = String(decoding: ClientMessage.command(id: 4, .watchMotion(device: "g", rate: nil)).encoded(), as: UTF8.self)
        #expect(stop == #"{"device":"g","id":4,"type":"watch_motion","watch":false}"#)
        let event = ServerMessage.event(.motionSamples(device: "g", [MotionSample(timestampNs: 7, accelerometer: Vector3(1, 2, 3), source: .glasses)]))
        #expect(String(decoding: event.encoded(), as: UTF8.self)
            == #"{"device":"g","samples":[{"accelerometer":{"x":1,"y":2,"z":3},"source":"glasses","timestamp_ns":7}],"type":"motion_samples"}"#)
        #expect(throws: WireDecodingError.self) {
            try ServerMessage.decode(Data(#"{"type":"motion_samples","device":"g","samples":[{"timestamp_ns":1,"source":"wrist"}]}"#.utf8))
        }
    }

    /// `holders` and the hello's `held` and `client_id` as docs/protocol.md writes them, read back as they were.
    @Test func holdersCrossUnderTheDocumentedNames() throws {
        let holder = WireHolder(client: 3, name: "glasses", session: "running", streams: [2], inputs: true, speech: true)
        let event = ServerMessage.event(.holders(device: "rayBanMeta-1", [holder]))
        #expect(String(decoding: event.encoded(), as: UTF8.self) == #"{"device":"rayBanMeta-1","holders":[{"client":3,"display":false,"#
            + #""inputs":true,"motion":false,"name":"glasses","session":"running","speech":true,"streams":[2],"voice":false}],"type":"holders"}"#)
        #expect(try ServerMessage.decode(event.encoded()) == event)
        let hello = ServerMessage.hello(ServerHello(
            server: "glasses serve", world: "simulator", speed: 1, time: 0, registration: .registered, permissions: [:], devices: [],
            bandwidth: [:], held: [WireDeviceHolders(device: "rayBanMeta-1", holders: [holder])], clientID: 4))
        let text = String(decoding: hello.encoded(), as: UTF8.self)
        #expect(text.contains(#""client_id":4"#) && text.contains(#""held":[{"device":"rayBanMeta-1","holders":[{"client":3,"#), "\(text)")
        #expect(try ServerMessage.decode(hello.encoded()) == hello)
    }
}

import Testing
import WearablesCore
import WearablesDisplay
import WearablesMock
import WearablesWire
import WirePictures

/// The display's messages (protocol 2) read back as what was written, and a checked tree
/// crosses as its spec and is the same tree on the other side.
@Suite struct DisplayWireTests {
    static let tree = try! DisplayTree(spec: ComponentSpec(
        "flexbox", ["background": .string("card"), "padding": .table(["all": .number(24), "top": .number(8)]), "spacing": .number(12),
                    "tappable": .bool(true), "direction": .string("rowReverse")],
        children: [
            ComponentSpec("text", ["content": .string("Code read ✓"), "style": .string("heading"), "flex_grow": .number(1)]),
            ComponentSpec("button_group", ["alignment": .string("end")], children: [
                ComponentSpec("button", ["label": .string("Save"), "id": .string("save"), "icon": .string("checkmark"),
                                         "action_role": .string("primary"), "align_self": .string("stretch")]),
            ]),
            ComponentSpec("icon", ["name": .string("gear"), "style": .string("outline"), "flex_shrink": .number(0)]),
            ComponentSpec("image", ["uri": .string("https://example.com/a.png"), "corner_radius": .string("small")]),
        ]))

    @Test func aTreeIsTheSameAfterItsSpec() throws {
        #expect(try DisplayTree(spec: ComponentSpec(Self.tree.root)) == Self.tree)
        let video = try DisplayTree(spec: ComponentSpec("video", ["url": .string("https://example.com/v.mp4")]))
        #expect(try DisplayTree(spec: ComponentSpec(video.root)) == video)
    }

    @Test(arguments: [
        WireCommand.displayStart(device: "d"), .displaySend(device: "d", tree: WireComponent(ComponentSpec(tree.root))), .displayClear(device: "d"),
        .displayStopVideo(device: "d"), .displayStop(device: "d"),
        .mock(.device("d", .displayClick("save"))), .mock(.device("d", .displayVideo("error", errorType: "urlInvalid"))),
        .mock(.device("d", .displayPhotoTransferInterrupts(true))), .mock(.device("d", .displayVideoSize(width: 266, height: 150))),
        .mock(.fieldReport(.displaySleep, true)), .mock(.fieldReport(.videoPlayerSize, false)),
        .mock(.device("d", .fieldFault(.displaySleep))), .mock(.device("d", .fieldFault(.backGesture))),
        .mock(.device("d", .fieldFault(.warmReopen))),
    ])
    func commandsRoundTrip(_ command: WireCommand) throws {
        let message = ClientMessage.command(id: 3, command)
        #expect(try ClientMessage.decode(message.encoded()) == message)
    }

    @Test(arguments: [
        DisplayBackendEvent.tap(id: "root.2.1"), .playback(VideoPlaybackEvent(.started)),
        .playback(VideoPlaybackEvent(.error, errorType: .alreadyPlaying)), .stopped,
    ])
    func eventsRoundTrip(_ event: DisplayBackendEvent) throws {
        let message = ServerMessage.event(.display(device: "d", event))
        #expect(try ServerMessage.decode(message.encoded()) == message)
    }

    @Test func displayErrorsCrossWithTheirCase() {
        for error in [DisplayError.deviceDisconnected, .invalidVideoURL, .displayError("root.1: too big")] {
            #expect(DisplayError(WireError(error)) == error)
        }
    }

    @Test func theLensCrossesInTheMockState() throws {
        let device = DeviceSnapshot(identifier: "d", name: "Meta Ray-Ban Display", type: .metaRayBanDisplay, linkState: .connected)
        let state = MockGlassesState(device: device, battery: 80, thermal: .none, powered: true, stuck: false, bandwidthKbps: 2000,
                                     display: MockDisplayState(isOn: true, content: Self.tree, playingVideo: false))
        let message = ServerMessage.event(.mockGlasses(WireMockGlasses(state)))
        guard case .event(.mockGlasses(let wire)) = try ServerMessage.decode(message.encoded()) else { Issue.record("not mock_glasses"); return }
        #expect(wire.state.display == state.display)
        #expect(wire.state.display?.clickable == ["root", "save"])
    }

    /// The lens' light (the displaySleep field report) crosses; awake is said by saying nothing.
    @Test(arguments: MockDisplayState.Lens.allCases)
    func theLensLightCrosses(_ light: MockDisplayState.Lens) throws {
        let device = DeviceSnapshot(identifier: "d", name: "Meta Ray-Ban Display", type: .metaRayBanDisplay, linkState: .connected)
        let state = MockGlassesState(device: device, battery: 80, thermal: .none, powered: true, stuck: false, bandwidthKbps: 2000,
                                     display: MockDisplayState(isOn: true, content: Self.tree, playingVideo: false, lens: light))
        let message = ServerMessage.event(.mockGlasses(WireMockGlasses(state)))
        guard case .event(.mockGlasses(let wire)) = try ServerMessage.decode(message.encoded()) else { Issue.record("not mock_glasses"); return }
        #expect(wire.state.display?.lens == light)
        #expect(wire.display?.lens == (light == .awake ? nil : light.name))
    }

    /// A script's picture crosses as JPEG: the server's tree has the image at the size the
    /// script prepared, its pixels within JPEG's rounding of the script's own.
    @Test func anImagesPixelsCrossAsJPEG() throws {
        var pixels: [UInt8] = []
        for y in 0..<240 { for x in 0..<320 { pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256)] } }
        let prepared = try DisplayPixels.prepared(RGBImage(width: 320, height: 240, pixels: pixels))
        let spec = ComponentSpec("flexbox", [:], children: [ComponentSpec("image", ["pixels": .pixels(prepared)])])
        let sent = try DisplayTree(spec: spec)
        let message = ClientMessage.command(id: 1, .displaySend(device: "d", tree: WireComponent(ComponentSpec(sent.root))))
        guard case .command(_, .displaySend(_, let component)) = try ClientMessage.decode(message.encoded()) else {
            Issue.record("not display_send")
            return
        }
        let wire = component.spec
        guard case .pixels(let received)? = wire.children.first?.properties["pixels"] else {
            Issue.record("the image's pixels did not cross")
            return
        }
        #expect(received.width == prepared.width && received.height == prepared.height)
        let difference = zip(received.pixels, prepared.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        #expect(Double(difference) / Double(prepared.pixels.count) < 3, "mean difference \(Double(difference) / Double(prepared.pixels.count))")
        #expect(try DisplayTree(spec: wire).ids == sent.ids)
    }
}

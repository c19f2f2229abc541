import GlassesBridgeCore
@testable import GlassesBridge
import MWDATDisplay
import Testing
import WearablesCore
import WearablesDisplay

/// A tree sent through the adapter arrives as DAT's components; DAT's own closures tap
/// back with the component's id; state, errors and video events cross as the core's.
@Suite struct MetaDisplayTests {
    static let card = DisplayNode(.flexBox(WearablesDisplay.FlexBox(
        direction: .row, spacing: 8, padding: .init(all: 12), background: .card, tappable: true,
        children: [
            DisplayNode(.text(WearablesDisplay.Text("Bus 42", style: .heading)), flexGrow: 1),
            DisplayNode(.icon(WearablesDisplay.Icon(name: .bus))),
            DisplayNode(.image(WearablesDisplay.Image(uri: "https://example.com/a.png"))),
            DisplayNode(.buttonGroup(WearablesDisplay.ButtonGroup(buttons: [
                DisplayNode(.button(WearablesDisplay.Button(label: "Prev", iconName: .triangleLeftVerticalLine)), id: "prev"),
                DisplayNode(.button(WearablesDisplay.Button(label: "Next", actionRole: .primary)), id: "next"),
            ]))),
        ])), id: "card")

    @Test func aTreeArrivesAsDATsComponentsAndTapsComeBackByID() async throws {
        let (display, glasses) = try Self.startedDisplay()
        let taps = Recorder<String>()
        try await display.send(try DisplayTree(root: Self.card), onTap: taps.listener)

        let root = try #require(glasses.shown as? MWDATDisplay.FlexBox)
        #expect(root.direction == .row)
        #expect(root.spacing == 8)
        #expect(root.background == .card)
        #expect(root.padding?.top == 12)
        #expect(root.children.count == 4)
        let text = try #require(root.children[0] as? MWDATDisplay.Text)
        #expect(text.content == "Bus 42")
        #expect(text.style == .heading)
        #expect(text.flexGrow == 1)
        #expect(try #require(root.children[1] as? MWDATDisplay.Icon).name == .bus)
        #expect(try #require(root.children[2] as? MWDATDisplay.Image).uri == "https://example.com/a.png")
        let group = try #require(root.children[3] as? MWDATDisplay.ButtonGroup)
        #expect(group.buttons.map(\.label) == ["Prev", "Next"])
        #expect(group.buttons[0].iconName == .triangleLeftVerticalLine)
        #expect(group.buttons[1].standInActionRole == .primary)

        group.buttons[1].onClick?()
        root.onClick?()
        group.buttons[0].onClick?()
        #expect(taps.heard == ["next", "card", "prev"])
    }

    @Test func aVideoRootIsDATsPlayerAndItsEventsReachTheHandler() async throws {
        let (display, glasses) = try Self.startedDisplay()
        let events = Recorder<WearablesDisplay.VideoPlaybackEvent>()
        display.setPlaybackHandler(events.listener)
        let video = DisplayNode(.videoPlayer(WearablesDisplay.VideoPlayer(url: "https://example.com/v.mp4")))
        try await display.send(try DisplayTree(root: video), onTap: { _ in })
        let player = try #require(glasses.shown as? MWDATDisplay.VideoPlayer)
        guard case .uri(let url) = player.provider else { return }
        #expect(url == "https://example.com/v.mp4")
        #expect(player.codec == .mp4)

        glasses.play(MWDATDisplay.VideoPlaybackEvent(type: .started))
        glasses.play(MWDATDisplay.VideoPlaybackEvent(type: .error, errorType: .alreadyPlaying))
        await display.sendVideoStop()
        #expect(events.heard == [.init(.started), .init(.error, errorType: .alreadyPlaying)])
        #expect(glasses.videoStops == 1)
    }

    @Test func sendingToADisplayNotStartedFailsWithDATsErrorAndClearEmptiesIt() async throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let display = try session.addDisplay()
        #expect(throws: WearablesCore.DeviceSessionError.capabilityAlreadyActive) { try session.addDisplay() }
        let tree = try DisplayTree(root: Self.card)
        await #expect(throws: WearablesDisplay.DisplayError.displayError("the display is not started")) {
            try await display.send(tree, onTap: { _ in })
        }
        let states = Recorder<WearablesDisplay.DisplayState>()
        _ = display.statePublisher.listen(states.listener)
        display.start()
        let glasses = try #require(display as? MetaDisplay).display
        glasses.reach(.started)
        try await display.send(tree, onTap: { _ in })
        try await display.clearDisplay()
        #expect(glasses.shown == nil)
        display.stop()
        #expect(states.heard == [.starting, .started, .stopping, .stopped])
        #expect(display.state == .stopped)
    }

    /// A display the adapter added to a started session, which the glasses have started.
    static func startedDisplay() throws -> (any DATDisplay, MWDATDisplay.Display) {
        let world = StandInWorld()
        let display = try world.startedSession().addDisplay()
        display.start()
        let glasses = try #require(display as? MetaDisplay).display
        glasses.reach(.started)
        return (display, glasses)
    }
}

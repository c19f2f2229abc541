import Foundation
import Testing
import WearablesDisplay
import WearablesWire
@testable import WearablesServer
@testable import WireServer

/// The display's HTTP controls: what the lens shows, and MockDisplayKit's click.
@Suite(.serialized) struct DisplayRouteTests {
    @Test func theLensReadsAndAClickThatReachesNothingIsNamed() async throws {
        let running = try await RunningServer.start()
        let paired = try await running.authorized(.post, "/v1/devices/pair", json: #"{"model":"metaRayBanDisplay","ready":true}"#)
        #expect(paired.status == 201, "\(paired.body)")
        let id = try #require(try JSONDecoder().decode([String: [String: AnyCodableID]].self, from: Data(paired.body.utf8))["device"]?["id"]?.value)

        let lens = try await running.authorized(.get, "/v1/devices/\(id)/display")
        #expect(lens.status == 200)
        #expect(lens.body.contains(#""on":false"#) && lens.body.contains(#""playing":false"#), "\(lens.body)")
        #expect(!lens.body.contains("boxes"), "nothing shown, nothing laid out: \(lens.body)")

        let click = try await running.authorized(.post, "/v1/devices/display_click", json: #"{"device":"\#(id)","target":"save"}"#)
        #expect(click.status == 400)
        #expect(click.body.contains("no_target") && click.body.contains("no display is started"), "\(click.body)")

        let plain = try await running.authorized(.get, "/v1/devices/rayBanMeta-1/display")
        #expect(plain.status == 404)
        #expect(plain.body.contains("no_display"), "\(plain.body)")
        await running.stop()
    }
}

/// What the lens shows reaches every client whoever changed it: here the kit itself, as a
/// script in the served world's console drives it (no client's display command involved).
@Suite(.serialized) struct DisplayBroadcastTests {
    @Test func anInProcessDisplayReachesClientsAsMockGlasses() async throws {
        let running = try await RunningServer.start()
        let peer = try await running.peer()
        _ = try await peer.hello()
        let paired = try await running.authorized(.post, "/v1/devices/pair", json: #"{"model":"metaRayBanDisplay","ready":true}"#)
        #expect(paired.status == 201, "\(paired.body)")
        let card = try DisplayTree(spec: ComponentSpec("flexbox", children: [ComponentSpec("text", ["content": .string("in process")])]))
        try await running.server.served.perform { world in
            let kit = world.kit
            kit.openSession(on: "metaRayBanDisplay-2") { _ in
                kit.startDisplay(on: "metaRayBanDisplay-2", events: { _ in }) { _ in
                    kit.sendDisplay(card, on: "metaRayBanDisplay-2") { _ in }
                }
            }
        }
        _ = try await peer.next {
            guard case .message(.event(.mockGlasses(let glasses))) = $0, let display = glasses.display else { return false }
            return display.on && display.tree?.children?.first?.props?["content"] == .string("in process")
        }
        // The read gives the engine's layout too: the root is the lens, the text a body line (22 px x 1.25).
        let lens = try await running.authorized(.get, "/v1/devices/metaRayBanDisplay-2/display")
        let boxes = try #require(try JSONDecoder().decode(Reading.self, from: Data(lens.body.utf8)).boxes, "\(lens.body)")
        #expect(boxes.map(\.id) == ["root", "root.1"])
        #expect(boxes.first.map { [$0.x, $0.y, $0.width, $0.height] } == [0, 0, 600, 600])
        #expect(boxes.last.map { [$0.x, $0.y, $0.height] } == [0, 0, 27.5] && (boxes.last?.width ?? 0) > 100, "\(boxes)")
        try await running.server.served.perform { world in world.kit.clearDisplay(on: "metaRayBanDisplay-2") { _ in } }
        _ = try await peer.next {
            guard case .message(.event(.mockGlasses(let glasses))) = $0, let display = glasses.display else { return false }
            return display.on && display.tree == nil
        }
        await peer.close()
        await running.stop()
    }
}

/// `GET /v1/devices/{device}/display`'s layout, as a test reads it.
struct Reading: Decodable {
    struct Box: Decodable { let id: String, x: Double, y: Double, width: Double, height: Double }
    let boxes: [Box]?
}

/// A JSON value read only for its string form (a device object's `id`).
struct AnyCodableID: Decodable {
    let value: String?
    init(from decoder: Decoder) throws {
        value = try? decoder.singleValueContainer().decode(String.self)
    }
}

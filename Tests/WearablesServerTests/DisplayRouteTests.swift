import Foundation
import Testing
@testable import WearablesServer

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

        let click = try await running.authorized(.post, "/v1/devices/display_click", json: #"{"device":"\#(id)","target":"save"}"#)
        #expect(click.status == 400)
        #expect(click.body.contains("no_target") && click.body.contains("no display is started"), "\(click.body)")

        let plain = try await running.authorized(.get, "/v1/devices/rayBanMeta-1/display")
        #expect(plain.status == 404)
        #expect(plain.body.contains("no_display"), "\(plain.body)")
        await running.stop()
    }
}

/// A JSON value read only for its string form (a device object's `id`).
struct AnyCodableID: Decodable {
    let value: String?
    init(from decoder: Decoder) throws {
        value = try? decoder.singleValueContainer().decode(String.self)
    }
}

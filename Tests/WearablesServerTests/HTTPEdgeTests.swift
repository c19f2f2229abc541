import Spelling
import Foundation
import HTTPTypes
import Testing
import WearablesWire
@testable import WearablesServer
@testable import WireServer

/// The HTTP edges of `glasses serve`: a request no route takes, a body with a field
/// missing, misspelt or of the wrong type, and the trace's end record. Every refusal
/// is the JSON error the other routes give (`{"error":{"code":...,"message":...}}`)
/// and names what to fix.
@Suite(.serialized) struct HTTPEdgeTests {
    /// The error's code and message, from a refusal's body.
    func error(_ body: String) throws -> (code: String, message: String) {
        let decoded = try JSONDecoder().decode([String: [String: String]].self, from: Data(body.utf8))
        let error = try #require(decoded["error"], "\(body)")
        return (error["code"] ?? "", error["message"] ?? "")
    }

    @Test func anUnknownRouteIsA404WithTheJSONError() async throws {
        let running = try await RunningServer.start()
        let unknown = try await running.authorized(.get, "/v1/nope")
        #expect(unknown.status == 404)
        #expect(unknown.headers[.contentType] == "application/json")
        #expect(try error(unknown.body) == ("not_found", "no route GET /v1/nope: /v1/openapi.yaml lists the routes"))
        let deeper = try await running.authorized(.post, "/v1/devices/battery/extra", json: "{}")
        #expect(deeper.status == 404)
        #expect(try error(deeper.body).code == "not_found")
        // Without the token nothing says which paths exist.
        let anonymous = try await running.http(.get, "/v1/nope")
        #expect(anonymous.status == 401)
        await running.stop()
    }

    /// `POST /v1/devices/pair` pairs glasses ready to use, as Lua's `mock.pair()` does;
    /// `"ready": false` pairs them out of the box.
    @Test func pairingOverHTTPIsReadyByDefaultAsMockPairIs() async throws {
        let running = try await RunningServer.start()
        let paired = try await running.authorized(.post, "/v1/devices/pair", json: #"{"model":"oakleyMetaHSTN"}"#)
        #expect(paired.status == 201)
        let ready = try #require(try JSONDecoder().decode([String: WireMockGlasses].self, from: Data(paired.body.utf8))["device"])
        #expect(ready.powered && ready.don == "donned" && ready.hinge == "open", "\(paired.body)")
        let boxed = try await running.authorized(.post, "/v1/devices/pair", json: #"{"model":"oakleyMetaHSTN","ready":false}"#)
        let outOfTheBox = try #require(try JSONDecoder().decode([String: WireMockGlasses].self, from: Data(boxed.body.utf8))["device"])
        #expect(!outOfTheBox.powered, "\(boxed.body)")
        await running.stop()
    }

    @Test func aKnownPathWithAnotherMethodIsA405NamingTheMethodsItTakes() async throws {
        let running = try await RunningServer.start()
        let health = try await running.authorized(.post, "/v1/health", json: "{}")
        #expect(health.status == 405)
        #expect(health.headers[.allow] == "GET")
        #expect(try error(health.body) == ("method_not_allowed", "/v1/health takes GET, not POST"))
        // As the router does, the literal route wins over GET /v1/devices/{device}.
        let pair = try await running.authorized(.get, "/v1/devices/pair")
        #expect(pair.status == 405)
        #expect(pair.headers[.allow] == "POST")
        let device = try await running.authorized(.delete, "/v1/devices/rayBanMeta-1")
        #expect(device.status == 405)
        #expect(device.headers[.allow] == "GET")
        let file = try await running.authorized(.post, "/v1/files/a.jpg", json: "{}")
        #expect(file.status == 405)
        #expect(file.headers[.allow] == "GET")
        await running.stop()
    }

    @Test func aMissingFieldIsNamedWithWhatItTakes() async throws {
        let running = try await RunningServer.start()
        let device = try await running.authorized(.post, "/v1/devices/battery", json: #"{"level":42}"#)
        #expect(device.status == 400)
        #expect(try error(device.body) == ("bad_request", "missing field 'device': an id from GET /v1/devices"))
        let level = try await running.authorized(.post, "/v1/devices/battery", json: #"{"device":"rayBanMeta-1"}"#)
        #expect(try error(level.body).message == "missing field 'level'")
        await running.stop()
    }

    @Test func aFieldOfTheWrongTypeIsNamedWithWhatItTakesAndWhatCame() async throws {
        let running = try await RunningServer.start()
        let cases: [(body: String, message: String)] = [
            (#"{"device":"rayBanMeta-1","level":"42"}"#, "field 'level' must be a whole number, got a string"),
            (#"{"device":"rayBanMeta-1","level":4.5}"#, "field 'level' must be a whole number, got a number with a fraction"),
            (#"{"device":7,"level":42}"#, "field 'device' must be a string, got a whole number"),
            (#"{"device":"rayBanMeta-1","seconds":[1]}"#, "field 'seconds' must be a number, got an array"),
            (#"{"registered":"yes"}"#, "field 'registered' must be true or false, got a string"),
            (#"{"permissions":{"camera":1}}"#, "field 'permissions.camera' must be a string, got a whole number"),
            (#"{"permissions":"all"}"#, "field 'permissions' must be an object of strings, got a string"),
        ]
        for (body, message) in cases {
            let path = body.contains("permissions") || body.contains("registered") ? "/v1/reset" : "/v1/devices/battery"
            let refused = try await running.authorized(.post, path, json: body)
            #expect(refused.status == 400, "\(body)")
            #expect(try error(refused.body) == ("bad_request", message), "\(body)")
        }
        let seconds = try await running.authorized(.post, "/v1/devices/disconnect", json: #"{"device":"rayBanMeta-1","seconds":2}"#)
        #expect(seconds.status == 200, "a whole number is a number")
        let nulled = try await running.authorized(.post, "/v1/devices/don", json: #"{"device":"rayBanMeta-1","level":null}"#)
        #expect(nulled.status == 200, "null is as good as leaving a field out")
        await running.stop()
    }

    @Test func anUnknownFieldIsRefusedWithTheFieldItIsCloseTo() async throws {
        let running = try await RunningServer.start()
        let misspelt = try await running.authorized(.post, "/v1/devices/battery", json: #"{"device":"rayBanMeta-1","levle":42}"#)
        #expect(misspelt.status == 400)
        #expect(try error(misspelt.body) == ("bad_request", "unknown field 'levle' (did you mean 'level'?)"))
        let cased = try await running.authorized(.post, "/v1/devices/don", json: #"{"Device":"rayBanMeta-1"}"#)
        #expect(try error(cased.body).message == "unknown field 'Device' (did you mean 'device'?)")
        let unlike = try await running.authorized(.post, "/v1/devices/don", json: #"{"device":"rayBanMeta-1","colour":"red"}"#)
        #expect(try error(unlike.body).message == "unknown field 'colour': /v1/openapi.yaml lists each route's fields")
        // Refused before anything happens: the battery is as it was.
        let state = try await running.authorized(.get, "/v1/devices/rayBanMeta-1")
        #expect(!state.body.contains("\"battery\":42"))
        await running.stop()
    }

    /// Every field of `MockActionFields` is a field a body may carry, with its type known.
    @Test func everyMockActionFieldIsKnown() {
        let fields = Mirror(reflecting: MockActionFields()).children.compactMap(\.label)
        #expect(Set(fields) == Set(ControlBodyFields.known.keys))
    }

    @Test func suggestionsAreSlipsNotOtherWords() {
        let names = ["device", "level", "seconds", "kbps", "permission", "permissions", "state"]
        #expect(NameSuggestion.closest(to: "levle", in: names) == "level")
        #expect(NameSuggestion.closest(to: "devic", in: names) == "device")
        #expect(NameSuggestion.closest(to: "secconds", in: names) == "seconds")
        #expect(NameSuggestion.closest(to: "kpbs", in: names) == "kbps")
        #expect(NameSuggestion.closest(to: "permision", in: names) == "permission")
        #expect(NameSuggestion.closest(to: "colour", in: names) == nil)
        #expect(NameSuggestion.closest(to: "x", in: names) == nil)
    }

    /// The end record has the shape `glasses run` gives its own: reason, exit code, signal.
    @Test func theTraceEndsWithReasonAndCode() async throws {
        let running = try await RunningServer.start()
        await running.stop()
        let last = try #require(running.trace.lines.last)
        #expect(last.contains(#""source":"run","event":"end","values":{"reason":"stopped","code":0}"#), "\(last)")
        #expect(ServeEnding.signal("SIGTERM").traceValues.map(\.0) == ["reason", "code", "signal"])
    }
}

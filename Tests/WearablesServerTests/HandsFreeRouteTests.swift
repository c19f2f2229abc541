import Foundation
import Testing
import WearablesServer
import WireServer

/// The hands-free mock routes the dashboard's panel drives and the OpenAPI document lists:
/// each answers the device's state, and a bad body is refused with what the field takes.
@Suite(.serialized) struct HandsFreeRouteTests {
    @Test func eachRouteAnswersTheDeviceAndBadBodiesAreRefusedWithTheAllowedValues() async throws {
        let running = try await RunningServer.start()
        let device = #""device":"rayBanMeta-1""#
        let accepted = [
            ("input", #"{\#(device),"kind":"capture","press":"doublePress"}"#),
            ("input", #"{\#(device),"kind":"nav","direction":"up","source":"neuralBand"}"#),
            ("input", #"{\#(device),"kind":"drag","drag":"move","x":0.5,"y":0.5,"dx":0.1,"dy":0}"#),
            ("motion_feed", #"{\#(device),"pose":"nodding"}"#),
            ("speech", #"{\#(device),"text":"hello","final":false}"#),
            ("speech_locale", #"{\#(device),"locale":"fr_FR"}"#),
            ("speech_complete", #"{\#(device)}"#),
            ("speech_error", #"{\#(device),"error_code":7}"#),
            ("inputs_fault", #"{\#(device),"code":"communicationError"}"#),
            ("voice_launch", #"{\#(device)}"#),
            ("voice_incomplete", #"{\#(device)}"#),
        ]
        for (route, body) in accepted {
            let response = try await running.authorized(.post, "/v1/devices/\(route)", json: body)
            #expect(response.status == 200, "\(route) \(body): \(response.body)")
            #expect(response.body.contains(#""id":"rayBanMeta-1""#), "\(route): \(response.body)")
        }
        let pose = try await running.authorized(.get, "/v1/devices/rayBanMeta-1")
        #expect(pose.body.contains(#""motion_pose":"nodding""#), "\(pose.body)")

        let refused = [
            ("input", #"{\#(device),"kind":"wave"}"#, "'kind' must be one of nav, select, back, button, capture, drag, got 'wave'"),
            ("input", #"{\#(device),"kind":"capture","press":"triplePress"}"#, "'press' must be one of shortPress, hold, doublePress, got 'triplePress'"),
            ("input", #"{\#(device),"kind":"nav"}"#, "missing field 'direction'"),
            ("input", #"{\#(device),"kind":"nav","direction":"up","sorce":"captouch"}"#, "unknown field 'sorce' (did you mean 'source'?)"),
            ("motion_feed", #"{\#(device),"pose":"shaking"}"#, "'pose' must be one of level, lookingUp, lookingDown, tiltedLeft, tiltedRight, nodding, got 'shaking'"),
            ("speech", #"{\#(device),"text":"hi","confidence":2}"#, "'confidence' must be 0...1 or -1, got 2.0"),
            ("speech", #"{\#(device),"text":7}"#, "'text'"),
            ("inputs_fault", #"{\#(device),"code":"broken"}"#, "'code' must be one of permissionDenied"),
        ]
        for (route, body, message) in refused {
            let response = try await running.authorized(.post, "/v1/devices/\(route)", json: body)
            #expect(response.status == 400, "\(route) \(body): \(response.body)")
            #expect(response.body.contains(message), "\(route) \(body): \(response.body)")
        }
        let nobody = try await running.authorized(.post, "/v1/devices/voice_launch", json: #"{"device":"nope"}"#)
        #expect(nobody.status == 404 && nobody.body.contains("no glasses 'nope'"), "\(nobody.body)")
        await running.stop()
    }
}

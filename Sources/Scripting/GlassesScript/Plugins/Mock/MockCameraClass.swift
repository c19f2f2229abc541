#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesMock

/// `MockCamera`: the camera of the glasses `id`.
final class MockCameraHandle {
    let id: DeviceIdentifier
    /// What decoding the footage fed to this camera holds, charged to the run's
    /// memory cap while that feed plays.
    var feedCharge: LuaMemoryCharge?
    /// What the decoded image `photo(path)` set holds, charged while it is the captured image.
    var photoCharge: LuaMemoryCharge?
    init(id: DeviceIdentifier) { self.id = id }
}

/// `MockCamera`'s methods: what the simulated camera sees and captures.
enum MockCameraClass {
    static func luaClass(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaClass<MockCameraHandle> {
        LuaClass(
            MockCameraHandle.self, name: "MockCamera", doc: "What the simulated camera sees and captures.",
            methods: [
                LuaFunction(
                    name: "feed",
                    parameters: [LuaParameter("source", .union([.string, .record([LuaParameter("pattern", .enum(MockAction.FeedPattern.self))])]))],
                    doc: "Camera feed: a video (.mp4, .mov, .mkv: H.264 or HEVC; .y4m) played in a loop, a PNG/JPEG still, "
                        + "or a synthetic pattern. "
                        + "A path is read in this process, so over --connect only a pattern works."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    if let table = try? call.table(2) {
                        let pattern = try table.enumValue("pattern", as: MockAction.FeedPattern.self)
                        let done = try mock.perform(runtime, call, "feed", .device(camera.id, .cameraFeedPattern(pattern)))
                        camera.feedCharge = nil
                        return done
                    }
                    let path = try call.string(2)
                    let checked = try runtime.reading(path, as: "a camera feed")
                    let charge = try MockDeviceActions.footageCharge(runtime, checked) ?? MockDeviceActions.stillCharge(runtime, checked)
                    let done = try MockDeviceActions.fileAction(runtime, mock, call, "feed", id: camera.id, path: path, checked: checked, as: "a camera feed",
                                              expecting: ".mp4, .mov, .mkv, .y4m, PNG or JPEG") { .cameraFeedPath($0, checked: $1) }
                    camera.feedCharge = charge
                    return done
                },
                LuaFunction(
                    name: "photo",
                    parameters: [LuaParameter("path", .string)],
                    doc: "The image (PNG/JPEG) photo captures return; read in this process, so not over --connect."
                ) { [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let path = try call.string(2)
                    let checked = try runtime.reading(path, as: "the captured photo")
                    let charge = try MockDeviceActions.stillCharge(runtime, checked, as: "the captured photo")
                    let done = try MockDeviceActions.fileAction(runtime, mock, call, "photo", id: camera.id, path: path, checked: checked, as: "the captured photo",
                                              expecting: "PNG or JPEG") { .capturedImage(path: $0, checked: $1) }
                    camera.photoCharge = charge
                    return done
                },
                LuaFunction(name: "fail_next_capture",
                            parameters: [.optional("code", .strings(MockDeviceAction.captureFailures.map(\.rawValue)))],
                            doc: "The next capture fails with this PhotoError (default captureFailure).") {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let code = try call.optionalEnumeration(2, of: MockDeviceAction.captureFailures.map(\.rawValue)) ?? PhotoError.captureFailure.rawValue
                    let failure = PhotoError(rawValue: code) ?? .captureFailure
                    return try mock.perform(runtime, call, "fail_next_capture", .device(camera.id, .failNextCapture(failure)))
                },
                LuaFunction(name: "fail_stream",
                            parameters: [.optional("code", .strings(MockDeviceAction.streamFaults.map(\.code)))],
                            doc: "The camera pipeline fails now: a running stream stops with this StreamError (default internalError); the session lives on.") {
                    [unowned runtime] call in
                    let camera = try call.userdata(1, as: MockCameraHandle.self)
                    let code = try call.optionalEnumeration(2, of: MockDeviceAction.streamFaults.map(\.code)) ?? StreamError.internalError.code
                    let fault = MockDeviceAction.streamFaults.first { $0.code == code } ?? .internalError
                    return try mock.perform(runtime, call, "fail_stream", .device(camera.id, .failStream(fault)))
                },
            ])
    }
}

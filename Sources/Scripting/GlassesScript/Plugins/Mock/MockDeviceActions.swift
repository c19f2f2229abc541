#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesMock

/// What the mock's device classes (`MockGlasses`, `MockCamera`, `MockMicrophone`) share: a
/// method that performs one device action, and the checks and charges of a file a feed reads.
enum MockDeviceActions {
    static func action(
        _ runtime: ScriptRuntime, _ mock: MockContext, _ name: String, _ parameters: [LuaParameter], _ doc: String,
        _ body: @escaping (LuaCall) throws -> MockDeviceAction
    ) -> LuaFunction {
        LuaFunction(name: name, parameters: parameters, doc: doc) { [unowned runtime] call in
            let glasses = try call.userdata(1, as: MockGlassesHandle.self)
            return try mock.perform(runtime, call, name, .device(glasses.id, try body(call)))
        }
    }

    /// A device action that reads a file here: the file is checked against the sandbox
    /// first, and a file the simulator cannot use is worded as any unreadable media is.
    /// Decoding footage holds frames the size of the video, far more than Lua sees:
    /// charged to the memory cap before the feed starts, so a 4K clip under
    /// `--max-memory 64M` is refused with the limit's message instead of growing the process.
    static func footageCharge(_ runtime: ScriptRuntime, _ checked: ScriptFile) throws -> LuaMemoryCharge? {
        let videos = [".mp4", ".mov", ".mkv", ".y4m"]
        guard runtime.state.options.memoryLimit != nil, videos.contains(where: { checked.path.lowercased().hasSuffix($0) }),
              let file = checked.file, let size = try? VideoFileReader.size(of: file.openedPath)
        else { return nil }
        let bytes = VideoFileReader.decodingFootprint(size)
        return try runtime.state.chargeMemory(bytes, for: "a \(size.width)x\(size.height) footage feed (decoding it holds about \(bytes >> 20) MB)")
    }

    /// A still (PNG, JPEG, HEIC) as the camera feed is held decoded, RGB and its luma plane:
    /// its size, read from the header before anything is decoded, is charged to the memory cap
    /// for as long as the feed plays (an 8000x8000 still reached 397 MB under `--max-memory 64M`).
    static func stillCharge(_ runtime: ScriptRuntime, _ checked: ScriptFile, as what: String = "camera feed") throws -> LuaMemoryCharge? {
        guard runtime.state.options.memoryLimit != nil, let file = checked.file,
              let size = ImageCodecs.dimensions(Data(file.read(count: 1 << 20, at: 0))) else { return nil }
        let bytes = size.width.multipliedReportingOverflow(by: size.height).partialValue.multipliedReportingOverflow(by: 4)
        return try runtime.state.chargeMemory(bytes.overflow ? Int.max : bytes.partialValue,
                                              for: "a \(size.width)x\(size.height) still as \(what) (decoded it holds about \(bytes.partialValue >> 20) MB)")
    }

    /// The world reads the file the script's rule allowed through the descriptor checked
    /// here (held by the action), or is told it was missing, and never opens the path, so
    /// a link swapped or made there after the check is never followed; the action keeps
    /// the path for what it says and sends.
    static func fileAction(
        _ runtime: ScriptRuntime, _ mock: MockContext, _ call: LuaCall, _ name: String, id: DeviceIdentifier, path: String,
        checked: ScriptFile, as what: String, expecting kinds: String, _ action: (_ path: String, _ checked: CheckedFile) -> MockDeviceAction
    ) throws -> LuaReturn {
        try mock.perform(runtime, call, name, .device(id, action(checked.path, checked.checked)), failure: { error in
            guard error.code == .unreadableFile, let reason = error.reason else { return error }
            return runtime.mediaReadError(path, as: what, expecting: kinds, reason: reason)
        })
    }
}

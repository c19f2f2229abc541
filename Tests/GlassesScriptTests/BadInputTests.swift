import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import Testing

/// Every registered function, called with arguments of the wrong type, must
/// raise a Lua error, and the host must survive to run the next call.
@Suite struct BadInputTests {
    /// A value of each class, made by the script below, so methods can be called.
    static let instanceScript = """
        local glasses = mock.paired()[1]
        local session = wearables.session()
        session:start()
        local cam = session:camera{ resolution = "low", fps = 15 }
        cam:start()
        local _, err = pcall(wearables.register)
        instances = {
          Device = glasses.device, DeviceSession = session, Camera = cam, Frame = cam:next_frame(),
          Photo = cam:capture(), Selector = wearables.auto_selector(), Error = err,
          Handle = wearables.on("devices", function() end), Task = spawn(function() end),
          Timer = after(1, function() end), MockGlasses = glasses, MockCamera = glasses.camera,
          MockMicrophone = glasses.microphone,
        }
        instances.Inputs = session:inputs{}
        instances.Motion = session:motion{}
        instances.MockInput, instances.MockVoice, instances.MockMotion = glasses.input, glasses.voice, glasses.motion
        instances.VoiceInvocationsStream = wearables.voice_stream()
        instances.VoiceInvocationsStream:start(glasses.device)
        glasses.voice:launch()
        instances.LaunchApp = instances.VoiceInvocationsStream:next_invocation(1)
        mock.permissions.set("microphone", "granted")
        instances.Speech = session:speech()
        instances.MockSpeech = glasses.speech
        instances.FrameRegion = instances.Frame:region(0, 0, 0.5, 0.5)
        instances.PhotoCapture = cam:start_photo{ resolution = "small" }
        instances.PhotoCapture:wait()
        instances.PhotoFeature = cam.photo
        instances.VideoRecorder = cam:record{ path = "probe.mp4", duration = 0.2 }
        local lens = mock.pair("metaRayBanDisplay")
        local displaySession = wearables.session(wearables.specific_selector(lens.device))
        displaySession:start()
        instances.Display = displaySession:display()
        instances.MockDisplay = lens.display
        if audio then
          audio.configure{ category = "playAndRecord", options = { "allowBluetooth" } }
          audio.activate()
          instances.Recorder = audio.record{ path = "probe.wav", duration = 0.2 }
          instances.Recorder:wait()
          instances.Player = audio.play(instances.Recorder.path or "probe.wav")
        end
        """

    static let probeScript = """
        local wrong = coroutine.create(print)   -- a thread: no binding accepts one
        local raised, survived, missing = 0, 0, {}
        local function probe(fn, ...)
          local ok = pcall(fn, ...)
          if not ok then raised = raised + 1 end
          survived = survived + 1
        end
        for _, path in ipairs(functions) do
          local fn = _G
          for part in path:gmatch("[^.]+") do fn = fn[part] end
          probe(fn, wrong, wrong, wrong)
        end
        for _, entry in ipairs(methods) do
          local object = instances[entry.class]
          if object == nil then
            missing[#missing + 1] = entry.class
          else
            local fn = object[entry.name]
            probe(fn, 42)                        -- bad self
            if entry.takes_arguments then probe(fn, object, wrong, wrong, wrong) end
          end
        end
        print(("raised=%d survived=%d missing=%s"):format(raised, survived, table.concat(missing, ",")))
        exit(0)   -- the camera would stream forever for the live handles
        """

    @Test func everyFunctionRejectsWrongArgumentTypes() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runtime = try ScriptRuntime(options: RunOptions())
        let bindings = runtime.state.bindings

        var functions: [String] = []
        for function in bindings.globals where !function.parameters.isEmpty { functions.append(function.name) }
        for module in bindings.modules {
            for function in module.functions where !function.parameters.isEmpty {
                functions.append("\(module.name).\(function.name)")
            }
        }
        var methods: [String] = []
        var expected = functions.count
        for luaClass in bindings.classes where !luaClass.isImplementedInLua {
            // Callable fields too: `cam:photo{}` calls the PhotoFeature in `cam.photo`.
            for method in bindings.methods(of: luaClass) {
                let takes = !method.parameters.isEmpty
                methods.append("{class=\"\(luaClass.name)\", name=\"\(method.name)\", takes_arguments=\(takes)}")
                expected += takes ? 2 : 1
            }
        }
        let script = folder + "/probe.lua"
        let listing = "functions = {" + functions.map { "\"\($0)\"" }.joined(separator: ",") + "}\n"
            + "methods = {" + methods.joined(separator: ",") + "}\n"
        try (listing + Self.instanceScript + "\n" + Self.probeScript).write(toFile: script, atomically: true, encoding: .utf8)

        let result = try await GlassesProcess.run(["run", "--out", folder, script])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(functions.count > 25, "the registry lists the bindings")
        #expect(result.stdout == "raised=\(expected) survived=\(expected) missing=\n", "\(result.stdout)\(result.stderr)")
    }
}

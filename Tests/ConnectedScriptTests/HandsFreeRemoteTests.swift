import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import Testing
import WearablesRemote
import WearablesWire

/// DAT 1.0's hands-free triggers (Inputs, Speech, Motion poses, voice invocations) run unchanged in process
/// and over a connection to a served simulator: the same script, the same outcome.
@Suite(.serialized) struct HandsFreeRemoteTests {
    static let script = """
        local glasses = mock.paired()[1]
        local session = wearables.session()
        session:start()
        local inp = session:inputs{sources = {"captureButton", "captouch"}}
        assert(inp:wait_for("active", 2))
        glasses.input:capture("doublePress")
        glasses.input:nav("up", "neuralBand") -- not asked for
        glasses.input:select()
        local ev = assert(inp:next_input(2))
        assert(ev.type == "capture" and ev.press_type == "doublePress" and ev.source == "captureButton", ev.type)
        local sel = assert(inp:next_input(2))
        assert(sel.type == "select" and sel.source == "captouch", sel.type)
        assert(inp:next_input(0.3) == nil, "the neuralBand nav was not delivered")
        glasses.input:fail("activationFailed")
        local ok, err = pcall(inp.next_input, inp, 2)
        assert(not ok and err.code == "activationFailed", tostring(err))
        session:remove_inputs()

        mock.permissions.set("microphone", "granted")
        local sp = session:speech()
        sp:start()
        local w = 0
        while not glasses.speech.listening and w < 60 do wait(0.1); w = w + 0.1 end
        glasses.speech:partial("say")
        glasses.speech:say("say cheese", {confidence = 0.9})
        local heard = assert(sp:next_final(5))
        assert(heard.text == "say cheese" and heard.final, heard.text)
        assert(not pcall(glasses.speech.say, glasses.speech, string.rep("x", 1024 * 1024)), "1 MB refused")
        session:remove_speech()

        local m = session:motion{rate = 60}
        m:start()
        glasses.motion:feed{pose = "nodding"}
        local nod = 0
        for _ = 1, 120 do nod = math.max(nod, math.abs(m:next_sample(2).gyroscope.y)) end
        assert(nod > 0.5, "a nod: " .. nod)
        session:remove_motion()

        local voice = wearables.voice_stream()
        voice:start(glasses.device)
        local waited = 0
        while not glasses.voice.has_clients and waited < 60 do wait(0.1); waited = waited + 0.1 end
        assert(glasses.voice.has_clients, "the mock sees the app's stream")
        local id = assert(glasses.voice:launch(), "a request id")
        local inv = assert(voice:next_invocation(2))
        assert(inv.id == id and inv.type == "LaunchApp", inv.id)
        assert(inv:succeed("started") == true, "taken")
        local answer, output = glasses.voice:answer(id)
        assert(answer == "success" and output == "started", tostring(answer))
        assert(not pcall(inv.succeed, inv), "answered twice")
        local id2 = glasses.voice:launch()
        assert(voice:next_invocation(2).id == id2)
        wait(15)
        assert(glasses.voice:answer(id2) == "timeout", "never answered: Meta AI timed out")
        voice:stop()
        session:stop()
        print("hands-free ok")
        """

    @Test func inputsAndVoiceRunTheSameInProcessAndOverTheConnection() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hands_free.lua"
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        let here = try ScriptRuntime(options: RunOptions()).run(script: path, arguments: [])
        #expect(here.status == .success, "in process: \(here.report ?? "")")
        let served = try await RemoteMockTests.withServer(world: .ready, speed: 5) { url, token in
            var options = RunOptions()
            options.timeout = 60
            let runtime = try ScriptRuntime(options: options, world: { sink in try RemoteWorld(url: url, token: token, traceSink: sink) })
            return runtime.run(script: path, arguments: [])
        }
        #expect(served.status == .success, "over the connection: \(served.report ?? "")")
    }

    /// A sound file the client feeds is heard by the served glasses' live recogniser too: its
    /// bytes cross with the feed, a missing one crosses as missing, and one too long to cross
    /// is silence there (never the feed before it).
    static let fileFeedScript = """
        local folder = ...
        local glasses = mock.paired()[1]
        mock.permissions.set("microphone", "granted")
        local session = wearables.session()
        session:start()
        local sp = session:speech()
        glasses.speech:set_source("liveDeviceAsr")
        glasses.microphone:feed(folder .. "/said.wav")
        sp:start()
        local heard = assert(sp:next_final(10), "the served recogniser heard the client's file")
        assert(heard.text:find("photo"), heard.text)
        sp:stop()
        glasses.microphone:feed(folder .. "/long.wav")
        sp:start()
        assert(sp:next_transcription(4) == nil, "a file too long to cross is silence there")
        sp:stop()
        glasses.microphone:feed(folder .. "/missing.wav")
        local ok, err = pcall(sp.start, sp)
        assert(not ok and err.code == "unexpectedError", tostring(err))
        assert(glasses.speech.live_diagnostic:find("missing.wav", 1, true), glasses.speech.live_diagnostic)
        session:stop()
        print("file feeds ok")
        """

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng"), "needs espeak-ng: scripts/setup installs it"))
    func aFileTheClientFeedsIsHeardByTheServedRecogniser() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/file_feeds.lua"
        try Self.fileFeedScript.write(toFile: path, atomically: true, encoding: .utf8)
        try Self.speak("take a photo", to: folder + "/said.wav")
        try Self.speak(String(repeating: "one two three four five six seven ", count: 4), to: folder + "/long.wav")
        let long = try FileManager.default.attributesOfItem(atPath: folder + "/long.wav")[.size] as? Int ?? 0
        #expect(long > MockActionFields.maxSoundBytes, "the long file is over the limit: \(long) bytes")
        let served = try await RemoteMockTests.withServer(world: .ready, speed: 2) { url, token in
            var options = RunOptions()
            options.timeout = 60
            let runtime = try ScriptRuntime(options: options, world: { sink in try RemoteWorld(url: url, token: token, traceSink: sink) })
            return runtime.run(script: path, arguments: [folder])
        }
        #expect(served.status == .success, "over the connection: \(served.report ?? "")")
    }

    private static func speak(_ text: String, to path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", "en-us+f2", "-s", "130", "-w", path, text]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

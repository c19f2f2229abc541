import Foundation
import GlassesScript
import ScriptTestSupport
import Testing

/// The REPL core in-process, on the virtual clock: each line runs as a task in
/// the live world and the loop runs until the session asks for the next line.
@Suite struct ReplSessionTests {
    final class Console {
        var standard = ""
        var error = ""
    }

    let runtime: ScriptRuntime
    let session: ReplSession
    let console = Console()

    init() throws {
        runtime = try ScriptRuntime(options: RunOptions())
        let console = console
        session = try ReplSession(
            runtime: runtime, output: ReplOutput(standard: { console.standard += $0 }, error: { console.error += $0 }))
    }

    /// Submits lines and returns what they printed on stdout.
    @discardableResult
    func send(_ lines: String...) -> String {
        let before = console.standard.endIndex
        for line in lines {
            var ready = false
            session.onReady = { [runtime] in
                ready = true
                runtime.scheduler.stop()
            }
            session.submit(line)
            if !ready { runtime.scheduler.run() }
        }
        return String(console.standard[before...])
    }

    @Test func expressionsPrintTheirValues() {
        #expect(send("1 + 1") == "2\n")
        #expect(send("'a\\nb'") == "\"a\\nb\"\n")
        #expect(send("nil, 2, true") == "nil\t2\ttrue\n")
        #expect(send("x = 5") == "")
        #expect(send("x * 2") == "10\n")
        #expect(send("=x") == "5\n")
    }

    @Test func incompleteChunksContinue() {
        #expect(session.prompt == "> ")
        send("function twice(n)")
        #expect(session.prompt == ">> ")
        send("  return n * 2")
        #expect(send("end") == "")
        #expect(session.prompt == "> ")
        #expect(send("twice(21)") == "42\n")
    }

    @Test func errorsShowATracebackAndTheSessionGoesOn() {
        send("local function f() error('boom') end f()")
        #expect(console.error.contains("stdin:1: boom"))
        #expect(console.error.contains("stack traceback:"))
        #expect(!console.error.contains("xpcall"))
        send("1 +")
        send(")")
        #expect(console.error.contains("unexpected symbol near ')'"))
        #expect(send("'still here'") == "\"still here\"\n")
    }

    @Test func tablesPrintNestedSortedWithCycles() {
        #expect(send("{3, 1, b = {c = true}, a = 'x', [10] = 0}") == "{3, 1, [10] = 0, a = \"x\", b = {c = true}}\n")
        #expect(send("local t = {name = 't'}; t.me = t; return t") == "{me = <cycle: root>, name = \"t\"}\n")
        let long = send("{alpha = string.rep('a', 40), beta = string.rep('b', 40)}")
        #expect(long == "{\n  alpha = \"\(String(repeating: "a", count: 40))\",\n  beta = \"\(String(repeating: "b", count: 40))\"\n}\n")
    }

    @Test func userdataPrintTheirOneLineState() {
        #expect(send("wearables.devices()[1]") == "Device rayBanMeta \"Ray-Ban Meta\" connected donned battery 80%\n")
    }

    @Test func waitingCallsRunInTheLiveWorld() {
        #expect(send("wait(2) return now() >= 2") == "true\n")
        send("s = wearables.session()", "s:start()")
        #expect(send("s.state") == "\"started\"\n")
        #expect(send(".world").contains("s = DeviceSession"))
    }

    @Test func helpComesFromTheRegistry() throws {
        let bindings = runtime.state.bindings
        let module = try #require(bindings.modules.first { $0.name == "wearables" })
        let function = try #require(module.functions.first { $0.name == "session" })
        #expect(send(".help wearables.session") == "\(function.signature)\n  \(function.doc)\n")
        let overview = send(".help")
        for module in bindings.modules { #expect(overview.contains(module.name)) }
        #expect(send(".help nosuch").contains("no module, function or class named 'nosuch'"))
        send(".bogus")
        #expect(console.error.contains("unknown command '.bogus'"))
    }

    @Test func completionCoversGlobalsModuleFieldsAndMethods() {
        #expect(session.completions(for: "wearab") == ["wearables"])
        let fields = session.completions(for: "wearables.")
        #expect(fields.contains("wearables.session"))
        #expect(fields.contains("wearables.devices"))
        #expect(session.completions(for: "wearables.se") == ["wearables.session"])
        send("cam = wearables.stream{}")
        let methods = session.completions(for: "cam:")
        #expect(methods.contains("cam:start"))
        #expect(methods.contains("cam:capture"))
        #expect(!methods.contains("cam:state"))
        #expect(session.completions(for: "cam.st").contains("cam.state"))
        #expect(session.completions(for: "nosuch.") == [])
    }

    /// Every way out the REPL offers: its commands, Lua's exits (which stop the
    /// state; the loop then calls `recoverFromStop`) and Ctrl-D.
    @Test(arguments: [(".quit", 0), (".exit", 0), ("exit(4)", 4), ("os.exit(5)", 5), ("os.exit(false)", 1)] as [(String, Int32)])
    func eachWayOutEndsTheSession(line: String, code: Int32) {
        send("x = 1")
        #expect(!session.hasQuit)
        send(line)
        session.recoverFromStop()
        #expect(session.hasQuit, "\(line)")
        #expect(session.exitStatus.code == code, "\(line)")
        #expect(console.error == "", "\(line)")
    }

    /// A file run with `.load` that ends itself with exit() (as under `glasses run`) ends its
    /// chunk; the REPL and its world go on.
    @Test(arguments: ["exit(0)", "exit(3)", "os.exit(0)"])
    func exitInALoadedFileEndsTheChunkNotTheREPL(exit: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("load-\(UUID().uuidString).lua").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "loaded = 1 \(exit) loaded = 2".write(toFile: path, atomically: true, encoding: .utf8)
        send(".load " + path)
        session.recoverFromStop()
        #expect(!session.hasQuit, "\(exit)")
        #expect(console.error.contains("\(path) called exit(\(exit == "exit(3)" ? 3 : 0)), which ended the loaded chunk; the REPL goes on"), "\(console.error)")
        #expect(send("loaded") == "1\n", "the chunk stopped at its exit()")
        #expect(send("wait(1) return 'still here'") == "\"still here\"\n")
        send("exit(4)")
        session.recoverFromStop()
        #expect(session.hasQuit && session.exitStatus.code == 4, "exit() typed at the prompt still leaves")
    }

    /// A loaded file's callback that calls exit() (examples/qr_capture.lua's after its last
    /// photo) ends that callback, not the REPL; a callback typed at the prompt still leaves.
    @Test func exitInALoadedFilesCallbackEndsThatCallbackNotTheREPL() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("load-\(UUID().uuidString).lua").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "after(1, function() fired = 1 exit(0) fired = 2 end)".write(toFile: path, atomically: true, encoding: .utf8)
        send(".load " + path)
        #expect(console.error == "", "the chunk itself ended by returning")
        var ready = false
        session.onReady = { [runtime] in
            ready = true
            runtime.scheduler.stop()
        }
        session.submit("wait(2) return 'waited'")
        runtime.scheduler.run()
        #expect(!ready && runtime.state.stop != nil, "the callback's exit() stopped the loop")
        session.recoverFromStop()
        #expect(!session.hasQuit, "\(console.error)")
        #expect(console.error.contains("\(path):1: exit(0) ended this callback of a loaded file; the REPL goes on"), "\(console.error)")
        if !ready { runtime.scheduler.run() }
        #expect(console.standard.hasSuffix("\"waited\"\n"), "the input waiting meanwhile went on: \(console.standard)")
        #expect(send("fired") == "1\n", "the callback stopped at its exit()")
        send("after(1, function() exit(6) end)", "wait(2)")
        session.recoverFromStop()
        #expect(session.hasQuit && session.exitStatus.code == 6, "a callback typed at the prompt still leaves")
    }

    /// `.world` shows what each pair can do (camera, display, inputs, motion, speech, Hey Meta)
    /// and every capability its session holds, not only sessions and cameras.
    @Test func worldListsEveryCapability() {
        let before = send(".world")
        #expect(before.contains("  can: camera, no display (Meta Ray-Ban Display has one: mock.pair(\"metaRayBanDisplay\")), inputs, motion (pose level), speech (injected, not listening), Hey Meta (no app listens)"), "\(before)")
        #expect(before.contains("  no session"), "\(before)")
        send("s = wearables.session()", "s:start()", "i = s:inputs{}", "m = s:motion{}", "sp = s:speech()", "c = s:camera{}", "wait(1)")
        let after = send(".world")
        #expect(after.contains("  session started: camera stopped, inputs active, motion stopped, speech stopped"), "\(after)")
        for global in ["i = Inputs active", "m = Motion", "sp = Speech stopped", "c = Camera stopped", "s = DeviceSession started"] {
            #expect(after.contains(global), "\(global): \(after)")
        }
        send("g = mock.pair('metaRayBanDisplay')", "d = wearables.session(wearables.specific_selector(g.device))", "d:start()", "disp = d:display()", "disp:start()")
        let display = send(".world")
        #expect(display.contains("  can: camera, display (on, empty), inputs"), "\(display)")
        #expect(display.contains("  session started: display started"), "\(display)")
        #expect(display.contains("disp = Display started"), "\(display)")
    }

    @Test func endOfInputEndsTheSession() {
        send("x = 1")
        session.endOfInput()
        #expect(session.hasQuit)
        #expect(session.exitStatus == .success)
    }

    @Test func traceShowsWorldEvents() {
        send(".trace on")
        #expect(send("mock.paired()[1]:fold()", "wait(1)").contains("trace "))
        send(".trace off")
        #expect(!send("mock.paired()[1]:unfold()", "wait(1)").contains("trace "))
    }
}

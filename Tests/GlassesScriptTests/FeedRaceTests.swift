import Foundation
import LuaHost
import Locking
import ScriptTestSupport
import Testing
import WearablesCore

@testable import GlassesScript

/// The read side of ``PathRaceTests``: a file a script feeds is checked by its rule and
/// then read by the world, the microphone's renderer or the player, some of them later.
/// Each read must be of the file the rule checked, never of whatever the path names by
/// then. A thread swaps the fed files, and a folder above them, with links to files
/// outside (atomically, so the name always names something: the race is the link's) while
/// a script feeds the camera, the microphone and the player over and over; the files outside are unlike the inside ones in what the script sees (a
/// white picture for a black one, a loud 3 s tone for 1 s of silence), and none of that
/// may ever show.
@Suite(.serialized) struct FeedRaceTests {
    /// Feeds of each kind the script makes (each a check and a read, unless refused).
    static let rounds = 300

    /// glibc's `renameat2`, which Swift's Glibc module does not declare: with
    /// `RENAME_EXCHANGE` it swaps two names in one step, a folder with a link included.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 1 << 1

    /// Swaps `folder/feed.png`, `folder/feed.wav` and `folder/d` with links to the same
    /// names in `outside` (made beside them as `NAME.link`), until stopped (or 200,000 swaps).
    private final class Swapper: @unchecked Sendable {
        let folder: String
        let outside: String
        let stop = AtomicValue<Bool>(false)
        let swaps = AtomicValue<Int>(0)
        let done = AtomicValue<Bool>(false)

        private let exchange: RenameAt2

        init(folder: String, outside: String) throws {
            self.folder = folder
            self.outside = outside
            let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2"), "glibc's renameat2")
            exchange = unsafeBitCast(symbol, to: RenameAt2.self)
            for name in ["feed.png", "feed.wav", "d"] {
                #expect(symlink(name == "d" ? outside : outside + "/" + name, folder + "/" + name + ".link") == 0)
            }
        }

        func run() {
            defer { done.store(true) }
            for _ in 0..<200_000 where !stop.load() {
                // Room for the script's thread on a small machine; the swaps still land between its checks and reads.
                sched_yield()
                for name in ["feed.png", "feed.wav", "d"] {
                    let path = folder + "/" + name
                    _ = exchange(AT_FDCWD, path, AT_FDCWD, path + ".link", FeedRaceTests.renameExchange)
                    // Long enough for a read between the check and the open to meet the link.
                    sched_yield()
                    _ = exchange(AT_FDCWD, path, AT_FDCWD, path + ".link", FeedRaceTests.renameExchange)
                }
                swaps.add(1)
            }
        }
    }

    /// Feeds each kind `rounds` times, alternating the file beside the script and the one
    /// in `d/` (the script's folder is its argument), and logs what could only have come
    /// from a file outside.
    static let script = """
        local here = ... .. "/"
        local glasses = mock.paired()[1]
        audio.configure{category = "playAndRecord", options = {"allowBluetooth"}}
        audio.activate()
        local recorder = audio.record{path = "heard.wav"}
        local cam = wearables.stream{resolution = "low", fps = 30}
        cam:start()
        local reads, refusals = 0, 0
        local function feed(f, ...)
          local ok, value = pcall(f, ...)
          if ok then reads = reads + 1 else refusals = refusals + 1 end
          return ok, value
        end
        for i = 1, \(rounds) do
          local folder = i % 2 == 0 and here or here .. "d/"
          if feed(glasses.camera.feed, glasses.camera, folder .. "feed.png") then
            local luma = cam:next_frame():luma()
            if luma > 0.5 then log.error("outside read: a camera frame of luma %.2f", luma) end
          end
          if feed(glasses.microphone.feed, glasses.microphone, folder .. "feed.wav") then
            wait(0.05)
            if recorder.level > 0.05 then log.error("outside read: a microphone level of %.3f", recorder.level) end
            -- The fed file is held open, so its sound never fails to come; if it did, the
            -- next rounds would have no recording to hear with.
            if recorder.state ~= "recording" then
              log.error("the recording ended: %s", tostring(recorder.error))
              recorder = audio.record{path = "heard" .. i .. ".wav"}
            end
          end
          local played, player = feed(audio.play, folder .. "feed.wav")
          if played then
            if player.duration > 2 then log.error("outside read: %.1f s played", player.duration) end
            player:stop()
          end
        end
        log.info("%d reads, %d refused", reads, refusals)
        """

    @Test(arguments: [LuaSandbox.strict, .standard])
    func aSwappedLinkNeverLeadsAFeedToAFileOutside(sandbox: LuaSandbox) async throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/script", outside = root + "/outside", out = root + "/out"
        for made in [folder + "/d", outside, out] { try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true) }
        for inside in [folder, folder + "/d"] {
            try FootageTests.grey("feed.png", 16, in: inside)
            try Self.wav(seconds: 1, amplitude: 0).write(to: URL(fileURLWithPath: inside + "/feed.wav"))
        }
        try FootageTests.grey("feed.png", 240, in: outside)
        try Self.wav(seconds: 3, amplitude: 0.8).write(to: URL(fileURLWithPath: outside + "/feed.wav"))
        try Self.script.write(toFile: folder + "/race.lua", atomically: true, encoding: .utf8)

        let swapper = try Swapper(folder: folder, outside: outside)
        Thread { swapper.run() }.start()
        let status = await Self.run(folder + "/race.lua", in: folder, out: out, sandbox: sandbox) {
            swapper.stop.store(true)
            while !swapper.done.load() { sched_yield() }
        }

        #expect(try status.get() == .success)
        #expect(swapper.swaps.load() > 0)
        let trace = try String(contentsOfFile: out + "/trace.jsonl", encoding: .utf8)
        let tally = try #require(trace.firstMatch(of: /(\d+) reads, (\d+) refused/), "the script ran to its end: \(trace.suffix(2000))")
        #expect(Int(tally.1)! + Int(tally.2)! == 3 * Self.rounds)
        // Most feeds meet the files in place (the swapper leaves each so most of the time): a
        // run that read none would prove nothing.
        #expect(Int(tally.1)! > 0, "no feed was read: \(tally.0)")
        let escapes = trace.split(separator: "\n").filter { $0.contains("outside read") }
        #expect(escapes.isEmpty, "read outside the script's folder: \(escapes.prefix(5))")
        let failures = trace.split(separator: "\n").filter { $0.contains("the recording ended") }
        #expect(failures.isEmpty, "the microphone's fed file failed to play: \(failures.prefix(5))")
    }

    /// Runs `script` (its folder as its argument) with the trace in `out`, then `stopping`
    /// (which ends the thread racing it), on a thread of their own: not one of the
    /// cooperative pool's, which other tests' in-process servers need meanwhile.
    private static func run(
        _ script: String, in folder: String, out: String, sandbox: LuaSandbox, stopping: @escaping @Sendable () -> Void
    ) async -> Result<LuaRunEnd, Error> {
        await withCheckedContinuation { finished in
            Thread {
                var options = RunOptions()
                options.sandbox = sandbox
                options.seed = 1
                options.outputDirectory = out
                options.tracePath = out + "/trace.jsonl"
                let ended = Result { () throws -> LuaRunEnd in
                    let runtime = try ScriptRuntime(options: options)
                    return runtime.close(runtime.run(script: script, arguments: [folder])).status
                }
                stopping()
                finished.resume(returning: ended)
            }.start()
        }
    }

    /// Makes `folder/absent.png` and `folder/absent.wav` links to the files of the same
    /// kind in `outside`, then removes them, over and over until stopped (or 200,000 times):
    /// a name missing at a check may name a file outside by the time it is opened.
    private final class Linker: @unchecked Sendable {
        let links: [(path: String, target: String)]
        let stop = AtomicValue<Bool>(false)
        let made = AtomicValue<Int>(0)
        let done = AtomicValue<Bool>(false)

        init(folder: String, outside: String) {
            links = [(folder + "/absent.png", outside + "/feed.png"), (folder + "/absent.wav", outside + "/feed.wav")]
        }

        func run() {
            defer {
                for link in links { unlink(link.path) }
                done.store(true)
            }
            for _ in 0..<200_000 where !stop.load() {
                for link in links where symlink(link.target, link.path) == 0 { made.add(1) }
                // Long enough for an open between the check and the read to meet the links.
                sched_yield()
                for link in links { unlink(link.path) }
                sched_yield()
            }
        }
    }

    /// Feeds the camera, the microphone and the player names that are missing, or links
    /// to files outside, `rounds` times each. Each feed is refused (missing, or a link
    /// outside) or, for the microphone, accepted and then failing as missing; any picture,
    /// sound or level from the file outside is logged. A fresh recording each round, since
    /// a missing feed ends the last one.
    static let missingScript = """
        local here = ... .. "/"
        local glasses = mock.paired()[1]
        audio.configure{category = "playAndRecord", options = {"allowBluetooth"}}
        audio.activate()
        local cam = wearables.stream{resolution = "low", fps = 30}
        cam:start()
        local accepted, refused, missing = 0, 0, 0
        local function feed(f, ...)
          local ok, value = pcall(f, ...)
          if ok then accepted = accepted + 1 else refused = refused + 1 end
          return ok, value
        end
        for i = 1, \(rounds) do
          if feed(glasses.camera.feed, glasses.camera, here .. "absent.png") then
            log.error("outside read: a camera frame of luma %.2f", cam:next_frame():luma())
          end
          glasses.microphone:feed{silence = true}
          local recorder = audio.record{path = "heard" .. i .. ".wav"}
          if feed(glasses.microphone.feed, glasses.microphone, here .. "absent.wav") then
            wait(0.05)
            if recorder.level > 0.05 then log.error("outside read: a microphone level of %.3f", recorder.level) end
            if recorder.error and recorder.error.code == "feedUnavailable" then missing = missing + 1 end
          end
          recorder:stop()
          local played, player = feed(audio.play, here .. "absent.wav")
          if played then
            log.error("outside read: %.1f s played", player.duration)
            player:stop()
          end
        end
        log.info("%d accepted, %d refused, %d heard missing", accepted, refused, missing)
        """

    @Test(arguments: [LuaSandbox.strict, .standard])
    func aLinkMadeAtAMissingNameNeverLeadsAFeedOutside(sandbox: LuaSandbox) async throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/script", outside = root + "/outside", out = root + "/out"
        for made in [folder, outside, out] { try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true) }
        try FootageTests.grey("feed.png", 240, in: outside)
        try Self.wav(seconds: 3, amplitude: 0.8).write(to: URL(fileURLWithPath: outside + "/feed.wav"))
        try Self.missingScript.write(toFile: folder + "/race.lua", atomically: true, encoding: .utf8)

        let linker = Linker(folder: folder, outside: outside)
        Thread { linker.run() }.start()
        let status = await Self.run(folder + "/race.lua", in: folder, out: out, sandbox: sandbox) {
            linker.stop.store(true)
            while !linker.done.load() { sched_yield() }
        }

        #expect(try status.get() == .success)
        #expect(linker.made.load() > 0)
        let trace = try String(contentsOfFile: out + "/trace.jsonl", encoding: .utf8)
        let tally = try #require(trace.firstMatch(of: /(\d+) accepted, (\d+) refused, (\d+) heard missing/),
                                 "the script ran to its end: \(trace.suffix(2000))")
        #expect(Int(tally.1)! + Int(tally.2)! == 3 * Self.rounds)
        // The microphone takes a feed whose file was missing at the check and hears it as
        // missing when it renders: the window a link could slip through was open.
        #expect(Int(tally.3)! > 0, "no microphone feed was heard missing: \(tally.0)")
        let escapes = trace.split(separator: "\n").filter { $0.contains("outside read") }
        #expect(escapes.isEmpty, "read outside the script's folder: \(escapes.prefix(5))")
    }

    /// `seconds` of a 440 Hz tone at `amplitude` (0: silence), 16 kHz 16-bit mono WAV.
    static func wav(seconds: Int, amplitude: Double) -> Data {
        let rate = 16_000, count = rate * seconds
        var data = Data("RIFF".utf8)
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        le(UInt32(36 + count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        le(UInt32(16)); le(UInt16(1)); le(UInt16(1)); le(UInt32(rate)); le(UInt32(rate * 2)); le(UInt16(2)); le(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        le(UInt32(count * 2))
        for index in 0..<count {
            le(Int16(amplitude * 32_767 * sin(2 * Double.pi * 440 * Double(index) / Double(rate))))
        }
        return data
    }
}

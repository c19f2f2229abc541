import Foundation
import LuaHost
import Locking
import ScriptTestSupport
import Testing
import WearablesCore

@testable import GlassesScript

/// The race a path check followed by an open loses: a link swapped in between (for a
/// parent folder or the last component) sends the write elsewhere. Here a thread swaps
/// both kinds of link, pointing outside --out, for as long as a script writes a thousand
/// files; nothing may land outside.
@Suite(.serialized) struct PathRaceTests {
    /// Swaps `out/d` between a folder and a link to `outside`, and `out/f.jpg` between
    /// nothing and a link to `outside/f.jpg`, until stopped (or 200,000 swaps).
    private final class Swapper: @unchecked Sendable {
        let out: String
        let outside: String
        let stop = AtomicValue<Bool>(false)
        let swaps = AtomicValue<Int>(0)
        let done = AtomicValue<Bool>(false)

        init(out: String, outside: String) {
            self.out = out
            self.outside = outside
        }

        func run() {
            defer { done.store(true) }
            for _ in 0..<200_000 where !stop.load() {
                // Room for the script's thread on a small machine; the swaps still land between its checks and opens.
                sched_yield()
                rename(out + "/d", out + "/d.parked")
                symlink(outside, out + "/d")
                symlink(outside + "/f.jpg", out + "/f.jpg")
                unlink(out + "/d")
                rename(out + "/d.parked", out + "/d")
                unlink(out + "/f.jpg")
                swaps.add(1)
            }
        }
    }

    @Test(arguments: [LuaSandbox.strict, .standard])
    func aSwappedLinkNeverLeadsAWriteOutside(sandbox: LuaSandbox) async throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/out", outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: out + "/d", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let script = root + "/race.lua"
        try """
            local cam = wearables.stream{}
            cam:start()
            local photo = cam:capture("jpeg")
            local saved, refused = 0, 0
            for i = 1, 1000 do
              local ok = pcall(photo.save, photo, i % 2 == 0 and "f.jpg" or ("d/" .. i .. ".jpg"))
              if ok then saved = saved + 1 else refused = refused + 1 end
            end
            print(saved + refused)
            """.write(toFile: script, atomically: true, encoding: .utf8)

        let swapper = Swapper(out: out, outside: outside)
        Thread { swapper.run() }.start()
        // The run, and the wait for the swapper, on a thread of their own: not one of the
        // cooperative pool's, which other tests' in-process servers need meanwhile.
        let status: Result<LuaRunEnd, Error> = await withCheckedContinuation { finished in
            Thread {
                var options = RunOptions()
                options.sandbox = sandbox
                options.outputDirectory = out
                let ended = Result { () throws -> LuaRunEnd in
                    let runtime = try ScriptRuntime(options: options)
                    return runtime.close(runtime.run(script: script, arguments: [])).status
                }
                swapper.stop.store(true)
                while !swapper.done.load() { sched_yield() }
                finished.resume(returning: ended)
            }.start()
        }

        #expect(try status.get() == .success)
        #expect(swapper.swaps.load() > 0)
        let escaped = try FileManager.default.contentsOfDirectory(atPath: outside)
        #expect(escaped.isEmpty, "written outside --out: \(escaped)")
    }

    /// The opener itself: a link for a folder or for the file is refused, not followed.
    @Test func linksBelowTheFolderAreRefused() throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/in", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        symlink(root + "/outside", root + "/in/d")
        symlink(root + "/outside/f", root + "/in/f")
        #expect(throws: BeneathFolderError.self) { try BeneathFolder.open(["d", "x"], under: root + "/in", for: .create) }
        #expect(throws: BeneathFolderError.self) { try BeneathFolder.open(["f"], under: root + "/in", for: .create) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/outside").isEmpty)
        let made = try BeneathFolder.open(["new", "deeper", "x"], under: root + "/in", for: .create)
        #expect(made.write("kept"))
        #expect(try String(contentsOfFile: root + "/in/new/deeper/x", encoding: .utf8) == "kept")
    }

    /// A FIFO is refused once open, without waiting for a writer; a hard link could be
    /// a file from elsewhere, so writing one is refused too.
    @Test func fifosAndHardLinksAreRefused() throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/pipe", 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: root + "/elsewhere", contents: Data("keep".utf8)))
        #expect(link(root + "/elsewhere", root + "/linked") == 0)
        #expect(throws: BeneathFolderError.self) { try BeneathFolder.open(["pipe"], under: root, for: .read) }
        #expect(throws: BeneathFolderError.self) { try BeneathFolder.open(["pipe"], under: root, for: .create) }
        #expect(throws: BeneathFolderError.self) { try BeneathFolder.open(["linked"], under: root, for: .create) }
        #expect(throws: RegularFileError.self) { try RegularFile.open(root + "/pipe") }
        #expect(try String(contentsOfFile: root + "/elsewhere", encoding: .utf8) == "keep")
    }
}

import Foundation
import Locking
import Testing
import WearablesCore
import WearablesServer
import WireServer
import WearablesSimulator
import WearablesWire

/// The gallery's server side: a file a console saved is announced to every client as
/// `file_saved` and served at `/v1/files/{name}`, and nothing else is: not a file the
/// console did not announce, not a path that climbs out, not a link swapped in later.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SavedFileTests {
    /// `save|NAME|TEXT` writes NAME (under the output folder unless absolute) and reports
    /// it as a photo, or as a recording when it ends in .wav.
    final class SavingConsole: WorldConsole, @unchecked Sendable {
        let folder: String
        var onSave: ((SavedFile) -> Void)?
        init(folder: String) { self.folder = folder }
        func evaluate(_ code: String, done: @escaping (String, String) -> Void) {
            let words = code.split(separator: "|", maxSplits: 2).map(String.init)
            let path = words[1].hasPrefix("/") ? words[1] : "\(folder)/\(words[1])"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: path, contents: Data(words[2].utf8))
            onSave?(SavedFile(path: path, kind: path.hasSuffix(".wav") ? .recording : .photo))
            done("saved\n", "")
        }
        func completions(for word: String) -> [String] { [] }
        func close() {}
    }

    /// What the file outside the output folder holds: never in a response.
    static let secret = "the-contents-of-a-file-outside-out"

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "glasses-saved-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func start(_ folder: String) async throws -> RunningServer {
        try await RunningServer.start(console: { _ in SavingConsole(folder: folder) }, out: folder)
    }

    static func save(_ peer: Peer, id: Int, _ name: String, _ text: String) async throws {
        peer.send(.command(id: id, .console(code: "save|\(name)|\(text)")))
        #expect(try await peer.reply(to: id) == .success(.console(output: "saved\n", errorOutput: "")))
    }

    static func saved(_ peer: Peer, _ kind: SavedFile.Kind) async throws -> WireSavedFile? {
        let received = try await peer.next { if case .message(.event(.fileSaved(let file))) = $0 { file.kind == kind } else { false } }
        guard case .message(.event(.fileSaved(let file))) = received else { return nil }
        return file
    }

    @Test func aSavedFileIsAnnouncedToEveryClientAndServedWithItsType() async throws {
        let folder = try Self.folder()
        let running = try await Self.start(folder)
        let saver = try await running.peer(), watcher = try await running.peer()
        _ = try await saver.hello()
        _ = try await watcher.hello()
        try await Self.save(saver, id: 1, "shots/interval 0001.jpg", "jpeg bytes")
        try await Self.save(saver, id: 2, "take.wav", "wav bytes")
        for peer in [saver, watcher] {
            #expect(try await Self.saved(peer, .photo) == WireSavedFile(name: "shots/interval 0001.jpg", kind: .photo, bytes: 10))
            #expect(try await Self.saved(peer, .recording) == WireSavedFile(name: "take.wav", kind: .recording, bytes: 9))
        }
        let list = try await running.authorized(.get, "/v1/files")
        #expect(list.status == 200)
        #expect(list.body.contains(#""name":"shots\/interval 0001.jpg""#) || list.body.contains(#""name":"shots/interval 0001.jpg""#))
        #expect(list.body.contains(#""kind":"recording""#))
        let photo = try await running.authorized(.get, "/v1/files/shots/interval%200001.jpg")
        #expect(photo.status == 200)
        #expect(photo.body == "jpeg bytes")
        let recording = try await running.authorized(.get, "/v1/files/take.wav")
        #expect(recording.body == "wav bytes")
        // The page's <img> and <audio> carry the token in the query; without any, 401.
        #expect(try await running.http(.get, "/v1/files/take.wav?token=\(running.token)").status == 200)
        #expect(try await running.http(.get, "/v1/files/take.wav").status == 401)
        #expect(running.trace.lines.contains { $0.contains(#""event":"file_saved""#) && $0.contains("take.wav") })
        await saver.close()
        await watcher.close()
        await running.stop()
    }

    @Test func onlyAnnouncedFilesAreServedWhateverThePathSpells() async throws {
        let folder = try Self.folder()
        let outside = try Self.folder() + "/secret.txt"
        FileManager.default.createFile(atPath: outside, contents: Data(Self.secret.utf8))
        FileManager.default.createFile(atPath: folder + "/unannounced.jpg", contents: Data("quiet".utf8))
        let running = try await Self.start(folder)
        let peer = try await running.peer()
        _ = try await peer.hello()
        try await Self.save(peer, id: 1, "a.jpg", "announced")
        // A file outside the output folder is neither announced nor served.
        try await Self.save(peer, id: 2, outside, Self.secret)
        for path in ["/v1/files/unannounced.jpg", "/v1/files/../\((outside as NSString).lastPathComponent)",
                     "/v1/files/%2e%2e/secret.txt", "/v1/files/%2Fetc%2Fpasswd", "/v1/files/a.jpg%00.png",
                     "/v1/files/\(outside)"] {
            let refused = try await running.authorized(.get, path)
            #expect(refused.status == 404, "\(path): \(refused.status) \(refused.body)")
            #expect(!refused.body.contains(Self.secret), "\(path) leaked: \(refused.body)")
        }
        let bad = try await running.authorized(.get, "/v1/files/a%zz.jpg")
        #expect(bad.status == 400)
        #expect(bad.body.contains("encodeURIComponent"))
        #expect(!(try await running.authorized(.get, "/v1/files")).body.contains("secret.txt"))
        #expect(try await running.authorized(.get, "/v1/files/a.jpg").body == "announced")
        await peer.close()
        await running.stop()
    }

    @Test func aFileSwappedForALinkAfterItWasSavedIsRefused() async throws {
        let folder = try Self.folder()
        let outside = try Self.folder() + "/secret.txt"
        FileManager.default.createFile(atPath: outside, contents: Data(Self.secret.utf8))
        let running = try await Self.start(folder)
        let peer = try await running.peer()
        _ = try await peer.hello()
        try await Self.save(peer, id: 1, "photo.jpg", "real")
        try FileManager.default.removeItem(atPath: folder + "/photo.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/photo.jpg", withDestinationPath: outside)
        let refused = try await running.authorized(.get, "/v1/files/photo.jpg")
        #expect(refused.status == 403)
        #expect(refused.body.contains("outside_output_folder"))
        #expect(!refused.body.contains(Self.secret))
        await peer.close()
        await running.stop()
    }

    /// The check-then-open race (2 of 400 requests served the outside file
    /// while a process swapped a link): a thread swaps the saved file's folder and the
    /// file itself for links to an outside folder while 400 requests fetch it; no
    /// response may carry the outside file.
    @Test func aLinkSwappedInDuringRequestsIsNeverFollowed() async throws {
        let folder = try Self.folder()
        let outside = try Self.folder()
        try FileManager.default.createDirectory(atPath: outside + "/sub", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: outside + "/sub/photo.jpg", contents: Data(Self.secret.utf8))
        FileManager.default.createFile(atPath: outside + "/photo.jpg", contents: Data(Self.secret.utf8))
        let running = try await Self.start(folder)
        let peer = try await running.peer()
        _ = try await peer.hello()
        try await Self.save(peer, id: 1, "sub/photo.jpg", "real")
        let flags = SwapFlags()
        let thread = Thread {
            defer { flags.stopped.store(true) }
            for _ in 0..<200_000 where flags.swapping.load() {
                // Room for the server's threads on a small machine; the swaps still land between requests' checks and opens.
                sched_yield()
                rename(folder + "/sub", folder + "/sub.parked")
                symlink(outside + "/sub", folder + "/sub")
                unlink(folder + "/sub")
                rename(folder + "/sub.parked", folder + "/sub")
                rename(folder + "/sub/photo.jpg", folder + "/sub/photo.parked")
                symlink(outside + "/photo.jpg", folder + "/sub/photo.jpg")
                unlink(folder + "/sub/photo.jpg")
                rename(folder + "/sub/photo.parked", folder + "/sub/photo.jpg")
            }
        }
        thread.start()
        var leaked = 0
        for _ in 0..<400 where try await running.authorized(.get, "/v1/files/sub/photo.jpg").body.contains(Self.secret) {
            leaked += 1
        }
        flags.swapping.store(false)
        while !flags.stopped.load() { sched_yield() }
        #expect(leaked == 0)
        await peer.close()
        await running.stop()
    }
}

/// Whether the swapping thread should go on, and whether it has stopped.
private final class SwapFlags: Sendable {
    let swapping = AtomicValue<Bool>(true)
    let stopped = AtomicValue<Bool>(false)
}

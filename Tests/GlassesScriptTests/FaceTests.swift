import Foundation
import LuaHost
import ScriptTestSupport
import Testing
import WearablesCore

@testable import GlassesScript

/// `frame:faces()` and the `face-capture` recipe, on camera feeds made here from a
/// photo Debian ships with dlib (libdlib19.1's examples/faces/2008_001009.jpg, two
/// children, face boxes drawn by dlib's authors in training.xml: (145, 79) 76x76 and
/// (125, 214) 90x91), pasted unscaled onto a still the size of the low stream.
@Suite struct FaceTests {
    /// The photo's top on the 360x640 still: its known boxes move down by this much.
    static let top = 80

    /// Writes `face.png` (the children on grey) and `blank.png` (grey) in `folder`.
    static func stills(in folder: String) throws {
        let photo = try ImageCodecs.decode(contentsOf: "/usr/share/doc/libdlib19.1/examples/faces/2008_001009.jpg")
        var canvas = RGBImage(width: 360, height: 640, gray: 128)
        try ImageCodecs.encode(canvas, as: .png).write(to: URL(fileURLWithPath: folder + "/blank.png"))
        for row in 0..<photo.height {
            for column in 0..<photo.width {
                let s = (row * photo.width + column) * 3, d = ((top + row) * canvas.width + column) * 3
                for c in 0..<3 { canvas.pixels[d + c] = photo.pixels[s + c] }
            }
        }
        try ImageCodecs.encode(canvas, as: .png).write(to: URL(fileURLWithPath: folder + "/face.png"))
    }

    @Test func frameFacesFindsBothChildrenWhereTheyAreAndNoneInTheSyntheticScene() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.stills(in: folder)
        let result = try CodeTests.run("""
            local camera = mock.paired()[1].camera
            local cam = wearables.stream{resolution = "low", fps = 15}
            cam:start()
            -- The default moving scene, the static pattern and noise: never a face.
            for _, pattern in ipairs{"moving", "static", "noise"} do
              camera:feed{pattern = pattern}
              for _ = 1, 3 do
                wait(0.5)
                local faces = cam:next_frame():faces()
                assert(#faces == 0, ("%d faces in the %s pattern"):format(#faces, pattern))
              end
            end
            camera:feed("face.png")
            wait(0.5)
            local frame = cam:next_frame()
            local faces = frame:faces()
            assert(#faces == 2, "faces found: " .. #faces)
            assert(faces[1].score >= faces[2].score, "best first")
            local function iou(box, x, y, w, h)
              x, y, w, h = x / 360, (y + \(Self.top)) / 640, w / 360, h / 640
              local iw = math.max(0, math.min(box.x + box.w, x + w) - math.max(box.x, x))
              local ih = math.max(0, math.min(box.y + box.h, y + h) - math.max(box.y, y))
              return iw * ih / (box.w * box.h + w * h - iw * ih)
            end
            for _, known in ipairs{{145, 79, 76, 76}, {125, 214, 90, 91}} do
              local best = 0
              for _, face in ipairs(faces) do best = math.max(best, iou(face.box, table.unpack(known))) end
              assert(best >= 0.5, ("no face over (%d, %d): best IoU %.2f"):format(known[1], known[2], best))
            end
            assert(frame:faces()[1].score == faces[1].score, "asked twice, the same answer")
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
    }

    @Test func faceCaptureTakesAPhotoWhenAFaceComesIntoView() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.stills(in: folder)
        let result = try CodeTests.run("""
            local camera = mock.paired()[1].camera
            camera:feed("blank.png")
            local handle = recipes.run("face-capture", {cooldown = 5})
            wait(3) assert(#handle.photos == 0, "a photo without a face")
            camera:feed("face.png")
            wait(3) assert(#handle.photos == 1, "photos once the face came: " .. #handle.photos)
            wait(10) assert(#handle.photos == 1, "a face that stays is photographed once")
            camera:feed("blank.png")
            wait(1) camera:feed("face.png")
            wait(3) assert(#handle.photos == 2, "photos once it came back: " .. #handle.photos)
            camera:feed("blank.png")
            wait(0.5) camera:feed("face.png")
            wait(1) assert(#handle.photos == 2, "back within the cooldown: no photo yet")
            wait(4) assert(#handle.photos == 3, "still there once the cooldown ended: " .. #handle.photos)
            handle:stop()
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("face_") }.sorted()
        #expect(photos == ["face_0001.jpg", "face_0002.jpg", "face_0003.jpg"])
        // Each photo was taken while the children were in view: the detector finds them in it.
        for photo in photos {
            #expect(try FaceDetector.detect(try ImageCodecs.decode(contentsOf: folder + "/" + photo)).count == 2, "\(photo)")
        }
        #expect(result.trace.contains("[face-capture] face in view at"))
        #expect(result.trace.contains("[face-capture] saved face_0001.jpg"))
    }

    @Test func faceCaptureHonoursItsMinimumSize() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.stills(in: folder)
        // The larger child's face is 90 of the frame's 360 pixels: 0.25 of its width.
        let result = try CodeTests.run("""
            mock.paired()[1].camera:feed("face.png")
            local handle = recipes.run("face-capture", {min_size = 0.3})
            wait(5)
            assert(#handle.photos == 0, "faces narrower than min_size photographed")
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
    }

    /// Without its library, frame:faces() raises an error that says what to build or
    /// install, and the script, which caught it, runs on.
    @Test func aMissingDetectorIsAnErrorNamingTheFixNotACrash() async throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            local cam = wearables.stream{resolution = "low", fps = 15}
            cam:start()
            local frame = cam:next_frame()
            local ok, err = pcall(frame.faces, frame)
            assert(not ok)
            print(err)
            print("luma", frame:luma() > 0)
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/nowhere/libGlassesFaces.so"
        let result = try await GlassesProcess.run(["run", "main.lua"], in: folder, environment: ["GLASSES_FACES_LIBRARY": missing])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains("frame:faces(): finding faces needs libGlassesFaces.so (`swift build` builds it next to the glasses binary; GLASSES_FACES_LIBRARY names another) and dlib (Debian: apt-get install libdlib19.1); tried \(missing) (GLASSES_FACES_LIBRARY): \(missing): cannot open shared object file"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("luma\ttrue\n"), "\(result.stdout)")
    }
}

import Foundation
import Testing

@testable import WearablesCore

/// Faces found by dlib's detector (frame:faces()), on photos from Debian's
/// libdlib19.1 (PASCAL VOC 2011 images that dlib ships for its examples, with the
/// face boxes its authors drew by hand in examples/faces/training.xml), pasted
/// unscaled at known places on canvases made here. Nothing is downloaded.
@Suite struct FaceDetectorTests {
    static let faces = "/usr/share/doc/libdlib19.1/examples/faces/"

    /// Two children, 360x480; training.xml's boxes: (145, 79) 76x76 and (125, 214) 90x91.
    static func children() throws -> RGBImage { try ImageCodecs.decode(contentsOf: faces + "2008_001009.jpg") }

    /// `picture` pasted onto `canvas` with its top left at (x, y).
    static func paste(_ picture: RGBImage, onto canvas: inout RGBImage, x: Int, y: Int) {
        for row in 0..<picture.height where y + row < canvas.height {
            for column in 0..<picture.width where x + column < canvas.width {
                let s = (row * picture.width + column) * 3, d = ((y + row) * canvas.width + x + column) * 3
                for c in 0..<3 { canvas.pixels[d + c] = picture.pixels[s + c] }
            }
        }
    }

    /// Intersection over union of a found face and a known box in pixels of a `canvas`-sized picture.
    static func iou(_ face: DetectedFace, x: Int, y: Int, width: Int, height: Int, canvas: RGBImage) -> Double {
        let cw = Double(canvas.width), ch = Double(canvas.height)
        let bx = Double(x) / cw, by = Double(y) / ch, bw = Double(width) / cw, bh = Double(height) / ch
        let iw = max(0, min(face.x + face.width, bx + bw) - max(face.x, bx))
        let ih = max(0, min(face.y + face.height, by + bh) - max(face.y, by))
        let shared = iw * ih
        return shared / (face.width * face.height + bw * bh - shared)
    }

    @Test func bothChildrenAreFoundWhereTheyAre() throws {
        var canvas = RGBImage(width: 360, height: 640, gray: 128)
        Self.paste(try Self.children(), onto: &canvas, x: 0, y: 80)
        let found = try FaceDetector.detect(canvas)
        #expect(found.count == 2, "\(found)")
        for (x, y, w, h) in [(145, 79 + 80, 76, 76), (125, 214 + 80, 90, 91)] {
            let best = found.map { Self.iou($0, x: x, y: y, width: w, height: h, canvas: canvas) }.max() ?? 0
            #expect(best >= 0.5, "no face over (\(x), \(y)) \(w)x\(h): \(found)")
        }
        #expect(found.allSatisfy { $0.score > 0 })
    }

    @Test func theSameFacesAreFoundElsewhereInALargerFrame() throws {
        var canvas = RGBImage(width: 720, height: 1280, gray: 60)
        Self.paste(try Self.children(), onto: &canvas, x: 300, y: 700)
        let found = try FaceDetector.detect(canvas)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { Self.iou($0, x: 445, y: 779, width: 76, height: 76, canvas: canvas) >= 0.5 }, "\(found)")
        #expect(found.contains { Self.iou($0, x: 425, y: 914, width: 90, height: 91, canvas: canvas) >= 0.5 }, "\(found)")
    }

    @Test func picturesWithoutHumanFacesHaveNone() throws {
        #expect(try FaceDetector.detect(RGBImage(width: 360, height: 640, gray: 128)).isEmpty)
        var noise = RGBImage(width: 360, height: 640, gray: 0)
        var state: UInt64 = 7
        for i in noise.pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        #expect(try FaceDetector.detect(noise).isEmpty)
        // Four dogs looking at the camera (dlib's dogs.jpg): faces, but not human ones.
        let dogs = try ImageCodecs.decode(contentsOf: Self.faces + "dogs.jpg")
        #expect(try FaceDetector.detect(dogs.resized(to: VideoSize(width: 720, height: 732))).isEmpty)
    }

    @Test func malformedPicturesAreErrorsNotCrashes() {
        #expect(throws: ImageCodecError.self) { try FaceDetector.detect(RGBImage(width: 10, height: 10, pixels: [1, 2, 3])) }
        #expect(throws: ImageCodecError.self) { try FaceDetector.detect(RGBImage(width: 0, height: 0, pixels: [])) }
    }
}

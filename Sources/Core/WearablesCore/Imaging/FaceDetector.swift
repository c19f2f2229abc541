#if canImport(CImageCodecs)
import CImageCodecs
#endif

/// A face found in a picture.
public struct DetectedFace: Sendable, Equatable {
    /// The face's box, in 0...1 of the picture from the top left.
    public let x: Double, y: Double, width: Double, height: Double
    /// The detector's confidence: dlib's SVM margin, 0 at its threshold, above 1 a clear face.
    public let score: Double

    public init(x: Double, y: Double, width: Double, height: Double, score: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.score = score
    }
}

/// Finds frontal faces with dlib's HOG detector, in libGlassesFaces, which
/// faces.c opens on first use: only scripts that ask for faces load dlib.
public enum FaceDetector {
    /// Faces of about 80 pixels or more in the full-resolution grey of `image`
    /// (a fifth of the low stream's width, a ninth of the high one's).
    public static func detect(_ image: RGBImage) throws -> [DetectedFace] {
        guard image.isWellFormed else {
            throw ImageCodecError(message: "cannot look for faces in a \(image.width)x\(image.height) image with \(image.pixels.count) bytes")
        }
        #if canImport(CImageCodecs)
        let grey = image.greyPixels()
        var faces: UnsafeMutablePointer<cic_face>?
        var count: Int32 = 0
        var err = [CChar](repeating: 0, count: Int(CIC_FACES_ERROR_CAPACITY))
        let rc = grey.withUnsafeBufferPointer { buffer in
            cic_faces_detect(buffer.baseAddress, Int32(image.width), Int32(image.height), &faces, &count, &err)
        }
        defer { cic_faces_free(faces) }
        guard rc == 0 else {
            throw ImageCodecError(message: String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let faces else { return [] }
        let width = Double(image.width), height = Double(image.height)
        return (0..<Int(count)).map { i in
            let face = faces[i]
            return DetectedFace(x: Double(face.x) / width, y: Double(face.y) / height,
                                width: Double(face.width) / width, height: Double(face.height) / height, score: face.score)
        }
        #else
        throw NativeMedia.unavailable("finding faces", needs: "dlib")
        #endif
    }
}

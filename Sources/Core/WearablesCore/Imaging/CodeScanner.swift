#if canImport(CImageCodecs)
import CImageCodecs
#endif

/// A QR code or barcode found in a picture.
public struct DetectedCode: Sendable, Equatable {
    /// zbar's name for the symbology: "QR-Code", "EAN-13", "CODE-128", ...
    public let type: String
    /// The decoded text.
    public let text: String
    /// The bounding box of the code's location points, in 0...1 of the picture from the top left.
    public let x: Double, y: Double, width: Double, height: Double

    public init(type: String, text: String, x: Double, y: Double, width: Double, height: Double) {
        self.type = type
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Reads QR codes and barcodes with libzbar. The library is opened on first use
/// (see codecs.c), so only scripts that ask for codes need it installed.
public enum CodeScanner {
    /// Scans the full-resolution grey of `image`. Codes need their modules resolved,
    /// which the 36x64 luma plane cannot do, so this renders and reads every pixel.
    public static func scan(_ image: RGBImage) throws -> [DetectedCode] {
        guard image.isWellFormed else {
            throw ImageCodecError(message: "cannot scan a \(image.width)x\(image.height) image with \(image.pixels.count) bytes for codes")
        }
        #if canImport(CImageCodecs)
        let grey = image.greyPixels()
        var codes: UnsafeMutablePointer<cic_code>?
        var count: Int32 = 0
        var err = [CChar](repeating: 0, count: Int(CIC_ERROR_CAPACITY))
        let rc = grey.withUnsafeBufferPointer { buffer in
            cic_codes_scan(buffer.baseAddress, Int32(image.width), Int32(image.height), &codes, &count, &err)
        }
        defer { cic_codes_free(codes, count) }
        guard rc == 0 else {
            throw ImageCodecError(message: String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let codes else { return [] }
        let width = Double(image.width), height = Double(image.height)
        return (0..<Int(count)).map { i in
            let code = codes[i]
            let type = withUnsafeBytes(of: code.type) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let text = code.text.map { String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: code.text_length), as: UTF8.self) } ?? ""
            return DetectedCode(type: type, text: text,
                                x: Double(code.x) / width, y: Double(code.y) / height,
                                width: Double(code.width) / width, height: Double(code.height) / height)
        }
        #else
        throw NativeMedia.unavailable("reading QR codes and barcodes", needs: "libzbar")
        #endif
    }
}

#if canImport(CImageCodecs)
import CImageCodecs
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes and decodes JPEG (libjpeg-turbo), HEIC (libheif/x265) and PNG (libpng).
extension ImageCodecs {
    public static func encode(_ image: RGBImage, as format: Format, quality: Int = defaultQuality) throws -> Data {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 3 else {
            throw ImageCodecError(message: "cannot encode a \(image.width)x\(image.height) image with \(image.pixels.count) bytes")
        }
        switch format {
        case .ppm:
            var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
            data.append(contentsOf: image.pixels)
            return data
        #if canImport(CImageCodecs)
        case .jpeg:
            return try callEncoder { out, size, err in
                cic_jpeg_encode(image.pixels, Int32(image.width), Int32(image.height), Int32(quality), out, size, err)
            }
        case .png:
            return try callEncoder { out, size, err in
                cic_png_encode(image.pixels, Int32(image.width), Int32(image.height), out, size, err)
            }
        case .heic:
            return try callEncoder { out, size, err in
                cic_heif_encode(image.pixels, Int32(image.width), Int32(image.height), Int32(quality), out, size, err)
            }
        #else
        case .jpeg, .png, .heic:
            throw NativeMedia.unavailable("\(format) encoding", needs: "libjpeg-turbo, libpng and libheif")
        #endif
        }
    }

    /// Decodes JPEG, PNG or HEIC bytes (sniffed from the header) to RGB.
    public static func decode(_ data: Data) throws -> RGBImage {
        let bytes = [UInt8](data)
        guard let format = sniff(bytes) else {
            throw ImageCodecError(message: "unrecognised image data: expected JPEG, PNG or HEIC")
        }
        return try decode(bytes, as: format)
    }

    public static func decode(contentsOf path: String) throws -> RGBImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageCodecError(message: "cannot read image file \(path)")
        }
        do { return try decode(data) } catch let error as ImageCodecError {
            throw ImageCodecError(message: "\(path): \(error.message)")
        }
    }

    /// Recognises a format from its magic bytes.
    public static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.count >= 12, bytes[4...7].elementsEqual(Array("ftyp".utf8)) { return .heic }
        if bytes.starts(with: Array("P6".utf8)) { return .ppm }
        return nil
    }

    /// The width and height `data`'s header declares (JPEG, PNG, HEIC or PPM), read without
    /// decoding; nil when the header cannot be read (decoding then says why).
    public static func dimensions(_ data: Data) -> (width: Int, height: Int)? {
        // The first MiB holds the header of any image but one with more metadata before it.
        if let size = dimensions([UInt8](data.prefix(1 << 20))) { return size }
        return data.count > 1 << 20 ? dimensions([UInt8](data)) : nil
    }

    private static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let format = sniff(bytes) else { return nil }
        if format == .ppm { return try? PPM.header(bytes).size }
        #if canImport(CImageCodecs)
        var width: Int32 = 0, height: Int32 = 0
        var err = [CChar](repeating: 0, count: Int(CIC_ERROR_CAPACITY))
        let rc = bytes.withUnsafeBufferPointer { cic_image_dimensions($0.baseAddress, $0.count, &width, &height, &err) }
        return rc == 0 ? (Int(width), Int(height)) : nil
        #else
        return nil
        #endif
    }

    static func decode(_ bytes: [UInt8], as format: Format) throws -> RGBImage {
        // The header first: an image over the pixel limit is refused before it is decoded.
        if let size = dimensions(bytes), let refusal = pixelLimitError(width: size.width, height: size.height) { throw refusal }
        switch format {
        #if canImport(CImageCodecs)
        case .jpeg: return try callDecoder(bytes, cic_jpeg_decode)
        case .png: return try callDecoder(bytes, cic_png_decode)
        case .heic: return try callDecoder(bytes, cic_heif_decode)
        #else
        case .jpeg, .png, .heic: throw NativeMedia.unavailable("\(format) decoding", needs: "libjpeg-turbo, libpng and libheif")
        #endif
        case .ppm: return try PPM.decode(bytes)
        }
    }

    #if canImport(CImageCodecs)

    private typealias Decoder = (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                 UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?) -> Int32

    private static func callDecoder(_ bytes: [UInt8], _ decoder: Decoder) throws -> RGBImage {
        var out: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var err = [CChar](repeating: 0, count: Int(CIC_ERROR_CAPACITY))
        let rc = bytes.withUnsafeBufferPointer { buffer in
            decoder(buffer.baseAddress, buffer.count, &out, &width, &height, &err)
        }
        defer { cic_free(out) }
        guard rc == 0, let out else { throw ImageCodecError(message: message(err)) }
        let count = Int(width) * Int(height) * 3
        return RGBImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: out, count: count)))
    }

    private static func callEncoder(
        _ encoder: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var err = [CChar](repeating: 0, count: Int(CIC_ERROR_CAPACITY))
        let rc = encoder(&out, &size, &err)
        defer { cic_free(out) }
        guard rc == 0, let out else { throw ImageCodecError(message: message(err)) }
        return Data(bytes: out, count: size)
    }

    private static func message(_ err: [CChar]) -> String {
        String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #endif
}

/// Binary PPM (P6), the simplest lossless dump of a frame.
enum PPM {
    /// What a P6 header declares (at most 6 digits a field), and where the pixels start.
    static func header(_ bytes: [UInt8]) throws -> (size: (width: Int, height: Int), maxValue: Int, start: Int) {
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0, digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
                value = value * 10 + Int(bytes[index] - 0x30); index += 1; digits += 1
            }
            guard digits > 0 else { throw ImageCodecError(message: "PPM decode: malformed header") }
            fields.append(value)
        }
        return ((fields[0], fields[1]), fields[2], index + 1)
    }

    static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        let (size, maxValue, index) = try header(bytes)
        let (width, height) = size
        if let refusal = ImageCodecs.pixelLimitError(width: width, height: height) { throw refusal }
        let count = width * height * 3
        guard maxValue == 255, width > 0, height > 0, bytes.count - index >= count else {
            throw ImageCodecError(message: "PPM decode: only 8-bit P6 files of the stated size are supported")
        }
        return RGBImage(width: width, height: height, pixels: Array(bytes[index..<(index + count)]))
    }
}

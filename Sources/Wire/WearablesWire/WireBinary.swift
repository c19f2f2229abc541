#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesModel

/// A binary message: pixels or a photo. Layout: a 4-byte big-endian length N,
/// N bytes of a JSON header, then the payload (JPEG for frames, the photo's
/// encoded bytes for photos). The header says which.
public enum BinaryMessage: Sendable, Equatable {
    /// The largest side of a frame or photo a header may give (full photos are 3024x4032).
    public static let maxDimension = 16384

    /// One camera frame of stream `stream`, JPEG-encoded at `size`.
    case frame(stream: Int, index: Int, timestamp: Double, size: VideoSize, jpeg: Data)
    /// The photo a `capture` command (`id`) asked for.
    case photo(id: Int, Photo)

    public func encoded() -> Data {
        var header = Header(type: "frame")
        let payload: Data
        switch self {
        case .frame(let stream, let index, let timestamp, let size, let jpeg):
            header.stream = stream
            header.index = index
            header.timestamp = timestamp
            header.width = size.width
            header.height = size.height
            header.encoding = "jpeg"
            payload = jpeg
        case .photo(let id, let photo):
            header.type = "photo"
            header.id = id
            header.format = photo.format.name
            header.timestamp = photo.timestamp
            header.width = photo.width
            header.height = photo.height
            payload = photo.data
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(header)) ?? Data()
        var data = Data(capacity: 4 + json.count + payload.count)
        withUnsafeBytes(of: UInt32(json.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(json)
        data.append(payload)
        return data
    }

    public static func decode(_ data: Data) throws(WireDecodingError) -> BinaryMessage {
        let bytes = [UInt8](data.prefix(4))
        guard bytes.count == 4 else { throw WireDecodingError("a binary message starts with a 4-byte header length") }
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard length <= data.count - 4 else {
            throw WireDecodingError("binary header length \(length) runs past the message (\(data.count) bytes)")
        }
        let start = data.startIndex + 4
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data[start..<start + length])
        } catch {
            throw WireDecodingError("binary header is not a JSON object with a string 'type'")
        }
        let payload = Data(data[(start + length)...])
        func require<T>(_ value: T?, _ field: String) throws(WireDecodingError) -> T {
            guard let value else { throw WireDecodingError("binary '\(header.type)' needs the header field '\(field)'") }
            return value
        }
        let size = VideoSize(width: try require(header.width, "width"), height: try require(header.height, "height"))
        // A picture is made at this size when its JPEG does not decode: a peer's header cannot ask for any size.
        guard (1...Self.maxDimension).contains(size.width), (1...Self.maxDimension).contains(size.height) else {
            throw WireDecodingError("binary '\(header.type)': \(size.width)x\(size.height) is not a picture size (1 to \(Self.maxDimension) a side)")
        }
        switch header.type {
        case "frame":
            return .frame(stream: try require(header.stream, "stream"), index: try require(header.index, "index"),
                          timestamp: try require(header.timestamp, "timestamp"), size: size, jpeg: payload)
        case "photo":
            let name = try require(header.format, "format")
            guard let format = PhotoCaptureFormat(name: name) else { throw WireDecodingError("unknown photo format '\(name)'") }
            return .photo(id: try require(header.id, "id"), Photo(
                data: payload, format: format, width: size.width, height: size.height,
                timestamp: try require(header.timestamp, "timestamp")))
        default:
            throw WireDecodingError("unknown binary message type '\(header.type)' (frame, photo)")
        }
    }

    struct Header: Codable {
        var type: String
        var id: Int?
        var stream: Int?
        var index: Int?
        var timestamp: Double?
        var width: Int?
        var height: Int?
        var encoding: String?
        var format: String?
    }
}

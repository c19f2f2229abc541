import HTTPTypes
import Hummingbird
import WearablesCore
import WearablesWire
import WireServing
import WireServer

/// The saved files the dashboard's gallery shows: `GET /v1/files` lists them and
/// `GET /v1/files/{name}` sends one. Behind the same token and Host/Origin checks as
/// every route; only names ``SavedFiles`` announced are served.
struct FileRoutes: Sendable {
    let files: SavedFiles

    func add(to router: some RouterMethods<BasicRequestContext>) {
        let files = files
        router.get("/v1/files") { _, _ in JSONBody.response(["files": files.all]) }
        router.get("/v1/files/**") { _, context in
            let name = try Self.name(context.parameters.getCatchAll())
            let file = try files.file(named: name)
            // Streamed from the thread pool in chunks: a long recording neither blocks the
            // event loop nor sits whole in memory. Read by the open descriptor's name, so it
            // is the file that was checked; the body holds the descriptor until it is sent.
            let opened = file.file
            let chunks: ResponseBody
            do { chunks = try await FileIO().loadFile(path: opened.openedPath, context: context) } catch {
                throw ControlError(.notFound, "no_such_file", "'\(name)' was saved but can no longer be read")
            }
            let body = ResponseBody(contentLength: chunks.contentLength) { writer in
                try await chunks.write(writer)
                withExtendedLifetime(opened) {}
            }
            return Response(
                status: .ok,
                headers: [.contentType: Self.contentType(of: name), .cacheControl: "no-store",
                          HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                body: body)
        }
    }

    /// The name the path's segments spell, percent-decoded (the page encodes each segment).
    static func name(_ segments: [Substring]) throws(ControlError) -> String {
        var bytes: [UInt8] = []
        for (number, segment) in segments.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: "/")) }
            var utf8 = segment.utf8[...]
            while let byte = utf8.popFirst() {
                guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
                let digits = utf8.prefix(2)
                guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                    throw .badRequest("'\(segments.joined(separator: "/"))' has a bad percent escape: encode each name segment with encodeURIComponent")
                }
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// By extension, for what the consoles write: photos, frames and recordings.
    static func contentType(of name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return switch ext {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "heic": "image/heic"
        case "ppm": "image/x-portable-pixmap"
        case "wav": "audio/wav"
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }
}

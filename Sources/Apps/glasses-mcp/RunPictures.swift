import Foundation
import MCP

/// The pictures a run wrote into its output folder (photos, frames, lens snapshots), as MCP
/// image content for the assistant to see: JPEG and PNG files, told by their first bytes,
/// in path order, bounded in count and bytes. What is left out is named in the text.
struct RunPictures {
    /// The most pictures returned *(ours)*: a lens snapshot is about 10 KB, a low photo 30 KB,
    /// a full one up to 1 MB; an answer carries them base64, a third larger.
    static let maxCount = 6
    static let maxTotalBytes = 2 << 20

    var images: [Tool.Content] = []
    var notes: [String] = []

    init(folder: String) {
        var leftOut: [String] = []
        var total = 0
        for path in Self.files(under: folder) {
            let name = String(path.dropFirst(folder.count + 1))
            let lowered = name.lowercased()
            guard [".jpg", ".jpeg", ".png"].contains(where: { lowered.hasSuffix($0) }) else { continue }
            guard let data = FileManager.default.contents(atPath: path), let type = Self.imageType(data) else {
                notes.append("\(name) is not a JPEG or PNG file, so it is not shown")
                continue
            }
            guard images.count < Self.maxCount, total + data.count <= Self.maxTotalBytes else {
                leftOut.append("\(name) (\(data.count) bytes)")
                continue
            }
            total += data.count
            images.append(.image(data: data.base64EncodedString(), mimeType: type, annotations: nil, _meta: nil))
            notes.append("picture \(images.count): \(name) (\(type), \(data.count) bytes)")
        }
        if !leftOut.isEmpty {
            notes.append("\(leftOut.count) more pictures left out (at most \(Self.maxCount) pictures and \(Self.maxTotalBytes >> 20) MiB an answer; "
                + "save fewer or smaller ones to see them): \(leftOut.joined(separator: ", "))")
        }
    }

    /// Every regular file under `folder`, sorted by path.
    private static func files(under folder: String) -> [String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { folder + "/" + $0 }.filter { path in
            (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        }
    }

    private static func imageType(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        return nil
    }
}

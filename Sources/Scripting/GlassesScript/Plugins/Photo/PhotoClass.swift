import LuaHost
import WearablesCore

/// `Photo`: a captured still, as encoded bytes (JPEG or HEIC).
final class ScriptPhoto {
    let photo: Photo

    init(_ photo: Photo) {
        self.photo = photo
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<ScriptPhoto> {
        LuaClass(
            ScriptPhoto.self, name: "Photo", doc: "A captured photo.",
            methods: [
                .method("save", .string("path"), returns: [.string], doc: "Write the photo file; returns the path written.") {
                    [unowned runtime] photo, path, _ in
                    try runtime.writeFile(path, what: .photo) { photo.photo.data }
                },
                .method("bytes", returns: [.string], doc: "The encoded file bytes.") { photo, _ in
                    .value(.bytes([UInt8](photo.photo.data)))
                },
            ],
            fields: [
                LuaField(name: "format", type: .strings(PhotoCaptureFormat.allNames), doc: "The encoding.") { .string($0.photo.format.name) },
                LuaField(name: "width", type: .integer, doc: "Width in pixels.") { .integer(Int64($0.photo.width)) },
                LuaField(name: "height", type: .integer, doc: "Height in pixels.") { .integer(Int64($0.photo.height)) },
                LuaField(name: "size", type: .integer, doc: "Size of the encoded file in bytes.") { .integer(Int64($0.photo.size)) },
                LuaField(name: "timestamp", type: .number, doc: "Run time of the capture.") { .number($0.photo.timestamp) },
            ],
            describe: { "Photo \($0.photo.format.name) \($0.photo.width)x\($0.photo.height) \($0.photo.size) bytes" },
            memoryCost: { 256 + $0.photo.size })
    }
}

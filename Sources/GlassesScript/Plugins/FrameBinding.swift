import FoundationEssentials
import LuaHost
import WearablesCore

/// `Frame`: one video frame. Frames handed to `"frame"` callbacks are borrowed
/// (like DAT's shared sample buffer) and are invalidated when the callback
/// returns; `frame:copy()` and `cam:next_frame()` give frames the script keeps.
final class FrameBinding {
    let frame: VideoFrame

    init(_ frame: VideoFrame) {
        self.frame = frame
    }

    /// What `frame:codes()` lists: one entry per code found.
    static let codeType = LuaType.record([
        LuaParameter("type", .string), LuaParameter("text", .string),
        LuaParameter("box", .record([LuaParameter("x", .number), LuaParameter("y", .number),
                                     LuaParameter("w", .number), LuaParameter("h", .number)])),
    ])

    /// What `frame:faces()` lists: one entry per face found.
    static let faceType = LuaType.record([
        LuaParameter("box", .record([LuaParameter("x", .number), LuaParameter("y", .number),
                                     LuaParameter("w", .number), LuaParameter("h", .number)])),
        LuaParameter("score", .number),
    ])

    static let expiredMessage =
        "frame is no longer valid: frames passed to a \"frame\" callback live only during the callback (keep one with frame:copy())"

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<FrameBinding> {
        LuaClass(
            FrameBinding.self, name: "Frame", doc: "A video frame with cheap luma statistics.",
            methods: [
                LuaFunction(name: "luma", returns: [.number], doc: "Mean brightness, 0..1.") { call in
                    .value(.number(try call.userdata(1, as: FrameBinding.self).frame.lumaMean))
                },
                LuaFunction(
                    name: "diff",
                    parameters: [LuaParameter("other", .named("Frame"))],
                    returns: [.number],
                    doc: "Mean absolute luma difference to another frame, 0..1."
                ) { call in
                    let frame = try call.userdata(1, as: FrameBinding.self).frame
                    let other = try call.userdata(2, as: FrameBinding.self).frame
                    return .value(.number(frame.difference(to: other)))
                },
                LuaFunction(name: "sharpness", returns: [.number], doc: "Edge energy; higher is sharper.") { call in
                    .value(.number(try call.userdata(1, as: FrameBinding.self).frame.sharpness))
                },
                LuaFunction(name: "copy", returns: [.named("Frame")], doc: "A frame that stays valid after the callback.") { call in
                    .value(.object(FrameBinding(try call.userdata(1, as: FrameBinding.self).frame)))
                },
                LuaFunction(
                    name: "save",
                    parameters: [LuaParameter("path", .string)],
                    returns: [.string],
                    doc: "Write the frame as .png, .jpg or .ppm (by extension); returns the path written."
                ) { [unowned runtime] call in
                    let frame = try call.userdata(1, as: FrameBinding.self).frame
                    let path = try call.string(2)
                    let allowed = ["png", "jpg", "jpeg", "ppm"]
                    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
                    guard allowed.contains(ext) else {
                        throw LuaArgumentError(argument: 2, message: "unsupported extension '.\(ext)' (expected .png, .jpg or .ppm)")
                    }
                    return try runtime.writeFile(path, what: .frame) { try frame.save(to: $0) }
                },
                LuaFunction(
                    name: "codes",
                    returns: [.array(FrameBinding.codeType)],
                    doc: "QR codes and barcodes in the picture (libzbar, opened on first use); boxes in 0..1 from the top left. Renders and scans the full frame, once per frame."
                ) { call in
                    let frame = try call.userdata(1, as: FrameBinding.self).frame
                    let codes: [DetectedCode]
                    do {
                        codes = try frame.codes()
                    } catch {
                        throw LuaError("frame:codes(): \(error)")
                    }
                    return .value(.array(codes.map { code in
                        .table([
                            "type": .string(code.type), "text": .string(code.text),
                            "box": .table(["x": .number(code.x), "y": .number(code.y), "w": .number(code.width), "h": .number(code.height)]),
                        ])
                    }))
                },
                LuaFunction(
                    name: "faces",
                    returns: [.array(FrameBinding.faceType)],
                    doc: "Frontal faces of about 80 pixels or more (dlib's HOG detector, loaded on first use), best first; boxes in 0..1 from the top left, score 0 at the detector's threshold, above 1 a clear face. Renders and searches the full frame, once per frame."
                ) { call in
                    let frame = try call.userdata(1, as: FrameBinding.self).frame
                    let faces: [DetectedFace]
                    do {
                        faces = try frame.faces()
                    } catch {
                        throw LuaError("frame:faces(): \(error)")
                    }
                    return .value(.array(faces.sorted { $0.score > $1.score }.map { face in
                        .table([
                            "box": .table(["x": .number(face.x), "y": .number(face.y), "w": .number(face.width), "h": .number(face.height)]),
                            "score": .number(face.score),
                        ])
                    }))
                },
            ] + FrameRegionBinding.frameMethods(),
            fields: [
                LuaField(name: "width", type: .integer, doc: "Width in pixels.") { .integer(Int64($0.frame.width)) },
                LuaField(name: "height", type: .integer, doc: "Height in pixels.") { .integer(Int64($0.frame.height)) },
                LuaField(name: "index", type: .integer, doc: "Position in the stream, from 0.") { .integer(Int64($0.frame.index)) },
                LuaField(name: "timestamp", type: .number, doc: "Run time the frame was captured at.") { .number($0.frame.timestamp) },
            ],
            describe: { "Frame #\($0.frame.index) \($0.frame.width)x\($0.frame.height) at \(ScriptRuntime.format($0.frame.timestamp)) s" },
            // The object and the luma plane it caches once read (pixels are rendered on demand, never kept).
            memoryCost: { _ in 256 + LumaPlane.width * LumaPlane.height * MemoryLayout<Float>.size })
    }
}

/// `Photo`: a captured still, as encoded bytes (JPEG or HEIC).
final class PhotoBinding {
    let photo: Photo

    init(_ photo: Photo) {
        self.photo = photo
    }

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<PhotoBinding> {
        LuaClass(
            PhotoBinding.self, name: "Photo", doc: "A captured photo.",
            methods: [
                LuaFunction(name: "save", parameters: [LuaParameter("path", .string)], returns: [.string], doc: "Write the photo file; returns the path written.") {
                    [unowned runtime] call in
                    let photo = try call.userdata(1, as: PhotoBinding.self).photo
                    return try runtime.writeFile(try call.string(2), what: .photo) { try photo.save(to: $0) }
                },
                LuaFunction(name: "bytes", returns: [.string], doc: "The encoded file bytes.") { call in
                    let data = try call.userdata(1, as: PhotoBinding.self).photo.data
                    return .value(.bytes([UInt8](data)))
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

/// Frames and photos, the values cameras hand out.
struct CameraPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        try runtime.state.register(FrameBinding.luaClass(runtime))
        try runtime.state.register(FrameRegionBinding.luaClass())
        try runtime.state.register(PhotoBinding.luaClass(runtime))
    }
}

extension ScriptRuntime {
    /// Writes an output file under `--out`, turning failures into a script error
    /// that names the path, and traces it.
    func writeFile(_ path: String, what: SavedFile.Kind, _ write: (String) throws -> Void) throws -> LuaReturn {
        let resolved: String
        do {
            resolved = try currentPaths.writable(path)
            try write(resolved)
        } catch {
            throw LuaError("cannot save \(what.rawValue) to '\(path)': \(error)")
        }
        trace.record(source: "script", event: "save", values: ["what": .string(what.rawValue), "path": .string(path)])
        onSave?(SavedFile(path: resolved, kind: what))
        return .value(.string(resolved))
    }
}

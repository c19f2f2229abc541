#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// `Frame`: one video frame. Frames handed to `"frame"` callbacks are borrowed
/// (like DAT's shared sample buffer) and are invalidated when the callback
/// returns; `frame:copy()` and `cam:next_frame()` give frames the script keeps.
final class ScriptFrame {
    let frame: VideoFrame

    init(_ frame: VideoFrame) {
        self.frame = frame
    }

    /// A box in 0..1 of the picture, from the top left.
    static let boxType = LuaType.record([
        LuaParameter("x", .number), LuaParameter("y", .number), LuaParameter("w", .number), LuaParameter("h", .number),
    ])

    /// What `frame:codes()` lists: one entry per code found.
    static let codeType = LuaType.record([LuaParameter("type", .string), LuaParameter("text", .string), LuaParameter("box", boxType)])

    /// What `frame:faces()` lists: one entry per face found.
    static let faceType = LuaType.record([LuaParameter("box", boxType), LuaParameter("score", .number)])

    static let expiredMessage =
        "frame is no longer valid: frames passed to a \"frame\" callback live only during the callback (keep one with frame:copy())"

    static func luaClass(_ runtime: ScriptRuntime) -> LuaClass<ScriptFrame> {
        let other = LuaArgument.object("other", ScriptFrame.self, className: "Frame")
        return LuaClass(
            ScriptFrame.self, name: "Frame", doc: "A video frame with cheap luma statistics.",
            methods: [
                .method("luma", returns: [.number], doc: "Mean brightness, 0..1.") { frame, _ in .value(.number(frame.frame.lumaMean)) },
                .method(
                    "diff", other, returns: [.number], doc: "Mean absolute luma difference to another frame, 0..1."
                ) { frame, other, _ in
                    .value(.number(frame.frame.difference(to: other.frame)))
                },
                .method("sharpness", returns: [.number], doc: "Edge energy; higher is sharper.") { frame, _ in
                    .value(.number(frame.frame.sharpness))
                },
                .method("copy", returns: [.named("Frame")], doc: "A frame that stays valid after the callback.") { frame, _ in
                    .value(.object(ScriptFrame(frame.frame)))
                },
                .method(
                    "save", .string("path"), returns: [.string],
                    doc: "Write the frame as .png, .jpg or .ppm (by extension); returns the path written."
                ) { [unowned runtime] frame, path, _ in
                    let allowed = ["png", "jpg", "jpeg", "ppm"]
                    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
                    guard allowed.contains(ext) else {
                        throw LuaArgumentError(argument: 2, message: "unsupported extension '.\(ext)' (expected .png, .jpg or .ppm)")
                    }
                    return try runtime.writeFile(path, what: .frame) { try frame.frame.encoded(for: path) }
                },
                .method(
                    "codes", returns: [.array(codeType)],
                    doc: "QR codes and barcodes in the picture (libzbar, opened on first use); boxes in 0..1 from the top left. Renders and scans the full frame, once per frame."
                ) { frame, _ in
                    let codes: [DetectedCode]
                    do { codes = try frame.frame.codes() } catch { throw LuaError("frame:codes(): \(error)") }
                    return .value(.array(codes.map { code in
                        .table(["type": .string(code.type), "text": .string(code.text), "box": box(code.x, code.y, code.width, code.height)])
                    }))
                },
                .method(
                    "faces", returns: [.array(faceType)],
                    doc: "Frontal faces of about 80 pixels or more (dlib's HOG detector, loaded on first use), best first; boxes in 0..1 from the top left, score 0 at the detector's threshold, above 1 a clear face. Renders and searches the full frame, once per frame."
                ) { frame, _ in
                    let faces: [DetectedFace]
                    do { faces = try frame.frame.faces() } catch { throw LuaError("frame:faces(): \(error)") }
                    return .value(.array(faces.sorted { $0.score > $1.score }.map { face in
                        .table(["box": box(face.x, face.y, face.width, face.height), "score": .number(face.score)])
                    }))
                },
            ] + ScriptFrameRegion.frameMethods(),
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

    private static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> LuaValue {
        .table(["x": .number(x), "y": .number(y), "w": .number(w), "h": .number(h)])
    }
}

/// What a build without the native media libraries says when a script needs one of them.
///
/// The picture, video and sound coding the simulator uses (libjpeg-turbo, libpng, libheif,
/// libzbar, dlib, FFmpeg, libsndfile, libsoxr, PocketSphinx, FreeType) is C that builds for Linux
/// and macOS only. It is compiled in with the package's NativeMedia trait (a default) and never
/// for iOS, where an app gets its pictures encoded by DAT; the code that calls it stays, behind
/// `canImport`, and answers with this error instead (docs/ios-bridge.md, "Portable").
public enum NativeMedia {
    /// Whether this build has the native libraries.
    public static var isAvailable: Bool {
        #if canImport(CImageCodecs)
        true
        #else
        false
        #endif
    }

    /// The error for `what` in a build without `needs`.
    public static func unavailable(_ what: String, needs libraries: String) -> ImageCodecError {
        ImageCodecError(message: "\(what) needs \(libraries), which this build leaves out (they are built only for Linux and macOS, with the package's NativeMedia trait)")
    }
}

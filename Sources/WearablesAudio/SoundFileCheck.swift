/// Whether a file is sound the audio layer can play or feed to a microphone, asked
/// when a script names it: a microphone renders its feed later, and a file that is
/// not sound must be refused at the call, in the caller's words, not at some later block.
public enum SoundFileCheck {
    /// Throws why `path` (opened by the name `opening` when given, an open descriptor's
    /// name for the checked file) is not a readable sound file.
    public static func check(_ path: String, opening: String? = nil) throws(AudioError) {
        _ = try SoundFileReader(path: path, opening: opening)
    }
}

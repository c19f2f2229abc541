/// Where a microphone's samples come from (rendered by the audio layer at the rate
/// of the input port that hears it; not routed here).
public enum MicrophoneFeed: Sendable, Equatable {
    case silence
    /// A sine tone; `amplitude` is 0..1 of full scale.
    case tone(hertz: Double, amplitude: Double = 0.5)
    /// White noise drawn from the run's seeded generator.
    case noise(amplitude: Double = 0.5)
    /// A sound file (any rate and channel count libsndfile reads), looped, mixed to mono.
    /// `checked`: the file as a script's path rule or the world found it at the call, held
    /// open for as long as the feed plays or found missing, so the renderer, which starts
    /// reading later, never opens `path` and so never follows a link made there since.
    /// nil for a feed given by path alone (the user's own code, tests).
    case file(path: String, checked: CheckedFile? = nil)
    /// Text spoken by espeak-ng, then `spokenPause` of silence, looped like a file: the wearer
    /// saying it over and over *(ours)*.
    case speech(text: String)

    /// The longest text `speech` says *(ours)*: about twenty minutes of speech; longer is refused in one line.
    public static let maxSpokenTextBytes = 16 * 1024
    /// The silence after each time `speech` is said, long enough for a recogniser to hear the utterance end.
    public static let spokenPause = 1.0
}

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

    /// The longest text `speech` says *(ours)*; longer is refused in one line.
    public static let maxSpokenTextBytes = 16 * 1024
    /// The longest speech `speech` makes *(ours)*: a text that takes longer to say is refused
    /// at the feed, in one line. Text length alone cannot bound it ("9999999999 " is eight
    /// seconds of numbers; 16 KiB of them was 3.7 hours, 894 MB of samples, synthesised on the
    /// world's thread), so espeak-ng is stopped as soon as its speech passes this length.
    public static let maxSpokenSeconds = 60.0
    /// The silence after each time `speech` is said, long enough for a recogniser to hear the utterance end.
    public static let spokenPause = 1.0
}

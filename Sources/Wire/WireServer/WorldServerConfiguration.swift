import WearablesWire
import WearablesWorld

/// What a ``WorldWireServer`` says of itself and what it adds to the world it serves:
/// `glasses serve` names the simulator and gives it a Lua console; the phone's bridge names
/// DAT and gives the phone's audio route.
public struct WorldServerConfiguration: Sendable {
    /// Where a client's `audio_route` comes from.
    public enum AudioRoute: Sendable {
        /// The world's own phone (a simulated world's `AudioSession`).
        case world
        /// The phone this process runs on (iOS `AVAudioSession`, through the app).
        case phone(any PhoneAudioRoute)
        /// None: `audio_route` is refused with this reason.
        case unavailable(String)
    }

    /// The hello's `server` and `world` ("simulator", "dat").
    public var name: String
    public var worldKind: String
    /// Codes the pictures that cross: display images, mock state, frames that did not arrive as JPEG.
    public var pictures: any WirePictureCoding
    public var audioRoute: AudioRoute
    /// Makes each client's Lua console; nil: `console` is refused with ``noConsole``.
    public var makeConsole: WorldConsole.Factory?
    public var noConsole: String
    public var savedFiles: SavedFiles

    public init(name: String, worldKind: String, pictures: any WirePictureCoding, audioRoute: AudioRoute,
                makeConsole: WorldConsole.Factory? = nil,
                noConsole: String = "this server has no Lua console: serve the world with `glasses serve`, which provides one",
                savedFiles: SavedFiles = SavedFiles(folder: nil)) {
        self.name = name
        self.worldKind = worldKind
        self.pictures = pictures
        self.audioRoute = audioRoute
        self.makeConsole = makeConsole
        self.noConsole = noConsole
        self.savedFiles = savedFiles
    }
}

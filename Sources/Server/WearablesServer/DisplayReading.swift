import WearablesDisplay
import WearablesMock
import WearablesWire
import WirePictures

/// `GET /v1/devices/{device}/display`: the lens as data, and where the Swift layout engine
/// puts each component shown, so a test can assert positions (the dashboard's page checks
/// the lens it draws against these boxes).
struct DisplayReading: Encodable, Sendable {
    /// A component's frame on the 600 x 600 lens, in lens pixels.
    struct Box: Encodable, Sendable {
        let id: String
        let x, y, width, height: Double
    }

    let display: WireMockDisplay
    /// Pre-order, the root first; absent when nothing is shown, or when DejaVu Sans or
    /// FreeType is missing (`layoutError` then says which).
    let boxes: [Box]?
    let layoutError: String?

    /// Laid out on the world's thread: the fonts' FreeType faces are not shared across threads.
    init(_ state: MockDisplayState) {
        display = WireMockDisplay(state)
        guard let tree = state.content else {
            (boxes, layoutError) = (nil, nil)
            return
        }
        do {
            let layout = DisplayLayout(tree, measuring: try DisplaySnapshot.fonts())
            boxes = layout.boxes.map { Box(id: $0.id, x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
            layoutError = nil
        } catch {
            (boxes, layoutError) = (nil, "\(error)")
        }
    }
}

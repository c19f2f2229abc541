import WearablesDisplay
import WearablesMock
import WearablesWire

// The wire forms of display trees and mock states with their pictures coded by libjpeg:
// what `glasses serve`, its clients and tools use, where the codecs are at hand.

extension WireComponent {
    public init(_ spec: ComponentSpec) { self.init(spec, pictures: JPEGWirePictures()) }
    public var spec: ComponentSpec { spec(pictures: JPEGWirePictures()) }
    public func tree() throws(DisplayTreeError) -> DisplayTree { try tree(pictures: JPEGWirePictures()) }
}

extension WireMockDisplay {
    public init(_ state: MockDisplayState) { self.init(state, pictures: JPEGWirePictures()) }
    public var state: MockDisplayState { state(pictures: JPEGWirePictures()) }
}

extension WireMockGlasses {
    public init(_ state: MockGlassesState) { self.init(state, pictures: JPEGWirePictures()) }
    public var state: MockGlassesState { state(pictures: JPEGWirePictures()) }
}

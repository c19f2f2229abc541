import FoundationEssentials

/// A frame from the stream. DAT's carries a `CMSampleBuffer` and makes a `UIImage`;
/// Linux has neither, so the stand-in's carries the JPEG bytes and size a test made,
/// which is what the adapter makes of a frame on iOS. The adapter reads them through the `StandIn`
/// SPI (`@_spi(StandIn) import`): it is not in this package's `package` scope (Package.swift's
/// `packageAccess: false`), and SPI stays out of the public interface DATDeclarationsTests compares.
public struct VideoFrame: Sendable {
    @_spi(StandIn) public let standInJPEG: Data
    @_spi(StandIn) public let standInWidth: Int
    @_spi(StandIn) public let standInHeight: Int

    package init(jpeg: Data, width: Int, height: Int) {
        self.standInJPEG = jpeg
        self.standInWidth = width
        self.standInHeight = height
    }
}

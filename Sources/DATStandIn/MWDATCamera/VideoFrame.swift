import FoundationEssentials

/// A frame from the stream. DAT's carries a `CMSampleBuffer` and makes a `UIImage`;
/// Linux has neither, so the stand-in's carries the JPEG bytes and size a test made,
/// which is what the adapter makes of a frame on iOS.
public struct VideoFrame: Sendable {
    package let standInJPEG: Data
    package let standInWidth: Int
    package let standInHeight: Int

    package init(jpeg: Data, width: Int, height: Int) {
        self.standInJPEG = jpeg
        self.standInWidth = width
        self.standInHeight = height
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesModel

/// DAT 1.0 `Camera` (MWDATCamera): what `addCamera(config:)` returns; its `stream` runs the
/// video, its `photo` takes standalone photos.
public protocol DATCamera: Sendable {
    /// `stream`
    var stream: any DATStream { get }
    /// `photo`
    var photo: any DATPhoto { get }
    /// `stop()`
    func stop()
}

/// DAT 1.0 `Stream` (MWDATCamera; `StreamSession` before 1.0): video frames, photos during
/// the stream, its state and its errors.
public protocol DATStream: AnyObject, Sendable {
    /// `streamConfiguration`
    var streamConfiguration: StreamConfiguration { get }
    /// `state`
    var state: StreamState { get }
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<StreamState> { get }
    /// `videoFramePublisher`
    var videoFramePublisher: any DATAnnouncer<any DATVideoFrame> { get }
    /// `photoDataPublisher`
    var photoDataPublisher: any DATAnnouncer<DATPhotoData> { get }
    /// `errorPublisher`: the stream stopped with this error; the session lives on.
    var errorPublisher: any DATAnnouncer<StreamError> { get }
    /// `start()`
    func start()
    /// `stop()`
    func stop()
    /// `capturePhoto(format:) -> Bool`: false when no photo can be taken now (no active
    /// stream, a capture in progress); the photo comes on `photoDataPublisher`.
    @discardableResult
    func capturePhoto(format: PhotoCaptureFormat) -> Bool
}

/// DAT 1.0 `Photo` (MWDATCamera, `Camera.photo`, experimental): a standalone photo at its own
/// resolution and quality, taken with the stream stopped. Every refusal and failure comes on
/// `errorPublisher` (a capture before `started` is `notReady`, one under way `busy`).
public protocol DATPhoto: AnyObject, Sendable {
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<PhotoState> { get }
    /// `photoDataPublisher` (DAT's `PhotoCaptureData`, its format read from the bytes).
    var photoDataPublisher: any DATAnnouncer<DATPhotoData> { get }
    /// `errorPublisher`
    var errorPublisher: any DATAnnouncer<PhotoError> { get }
    /// `transferProgressPublisher`: the photo crossing from the glasses, up to the whole.
    var transferProgressPublisher: any DATAnnouncer<PhotoTransferProgress> { get }
    /// `start()`
    func start()
    /// `stop()`
    func stop()
    /// `capturePhoto(resolution:quality:)`: fire and forget; the outcome comes on the publishers.
    func capturePhoto(resolution: PhotoResolution, quality: PhotoQuality)
}

/// DAT 1.0 `VideoFrame` (a `CMSampleBuffer`), as the bridge needs it: JPEG bytes. On iOS
/// the adapter makes them with `makeUIImage()` and `jpegData(compressionQuality:)`. The bridge
/// asks only for frames some client has room for, so a frame nobody reads is never encoded.
public protocol DATVideoFrame: Sendable {
    /// The frame as a JPEG, or nil when it cannot be encoded (the frame is then dropped).
    func jpeg() -> DATEncodedFrame?
}

/// A frame's JPEG bytes and its size in pixels.
public struct DATEncodedFrame: Sendable, Equatable {
    public var data: Data
    public var width: Int
    public var height: Int
    public init(data: Data, width: Int, height: Int) {
        self.data = data
        self.width = width
        self.height = height
    }
}

/// DAT 1.0 `PhotoData` (`data`, `format`: a photo during the stream) or `PhotoCaptureData`
/// (`imageData`: a standalone photo), with the picture's size, which the wire's photo header
/// carries (on iOS, from the decoded `UIImage`; 0 when unknown).
public struct DATPhotoData: Sendable, Equatable {
    public var data: Data
    public var format: PhotoCaptureFormat
    public var width: Int
    public var height: Int
    public init(data: Data, format: PhotoCaptureFormat, width: Int, height: Int) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }
}

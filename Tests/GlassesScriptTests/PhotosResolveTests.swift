import Testing
import WearablesCore

@testable import GlassesScript

/// `photos_resolve` on a trace where a capture never ends: the model always ends one (a photo
/// or its 10 s timeout), so only records fed by hand show that the check fails when it must.
@Suite struct PhotosResolveTests {
    /// Feeds `records` to the check and runs each verification it asked for; what it answered.
    func problems(_ records: [TraceRecord]) -> [String] {
        let check = PhotosResolve()
        var verifications: [() -> String?] = []
        var found = records.compactMap { record in
            check.observe(record) { _, verify in verifications.append(verify) }
        }
        found += verifications.compactMap { $0() }
        return found
    }

    func record(_ time: Double, _ source: String, _ event: String, _ values: [(String, TraceValue)] = []) -> TraceRecord {
        TraceRecord(time: time, source: source, event: event, values: values)
    }

    @Test func aCaptureWithNeitherPhotoNorErrorFails() {
        let found = problems([record(3, "camera1", "capture")])
        #expect(found == ["the capture camera1 accepted at 3.000 s had neither a photo nor a PhotoError 15 s later"], "\(found)")
    }

    @Test func aPhotoOrAPhotoErrorResolvesItButAnotherErrorDoesNot() {
        #expect(problems([record(3, "camera1", "capture"), record(4, "camera1", "photo")]).isEmpty)
        #expect(problems([record(3, "camera1", "capture"), record(13, "camera1", "error", [("domain", .string("PhotoError"))])]).isEmpty)
        #expect(problems([record(3, "camera1", "capture"), record(4, "camera1", "error", [("domain", .string("StreamError"))])]).count == 1)
    }

    @Test func aPhotoOfAnotherCameraResolvesNothing() {
        #expect(problems([record(3, "camera1", "capture"), record(4, "camera2", "photo")]).count == 1)
    }
}

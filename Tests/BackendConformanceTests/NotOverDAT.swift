import Testing

extension BackendConformance {
    /// What DAT 1.0 cannot carry, and why: the DAT backend in process and the bridge over the
    /// wire leave out the same checks, and must pass every other.
    static let notOverDAT: [String: String] = [
        "a revoked permission reaches the model":
            "DAT announces no permission change by itself (an app re-checks after handleUrl): the backend hears only its own requests' answers, and the bridge sends none",
        "bandwidth changes drive the camera's ladder":
            "DAT does not expose the link's bandwidth: the backend reports it as unknown (infinity), and the bridge sends none",
        "the wearer's inputs reach the device's listeners":
            "DAT 1.0 has no device-level input events (`Device` has state listeners only); its Inputs capability reaches the model instead (over the wire, as input_event)",
        "a capture while the glasses take their own photo is serviceUnavailable":
            "a capture during a stream is DAT's Stream.capturePhoto(format:), which fails only as StreamError.photoCaptureFailed; PhotoError.serviceUnavailable comes from Camera.photo, which DAT takes with the stream stopped",
        "a standalone photo has its own size, apart from the stream's":
            "during a stream DAT captures with Stream.capturePhoto(format:), at the stream's size; Camera.photo's own resolution needs the stream stopped",
    ]

    /// Every check DAT carries.
    static var overDAT: [String] { checks.map(\.name).filter { notOverDAT[$0] == nil } }
}

@Suite struct NotOverDATTests {
    @Test func theChecksLeftOutAreChecksThatExist() {
        let names = Set(BackendConformance.checks.map(\.name))
        #expect(Set(BackendConformance.notOverDAT.keys).subtracting(names).isEmpty)
        #expect(BackendConformance.overDAT.count == names.count - BackendConformance.notOverDAT.count)
    }
}

import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// A capture accepted and still in flight when something happens to its stream
/// ends in exactly one outcome: a photo, or for the waiter its PhotoError and on the
/// stream's error channel (StreamErrors only) `photoCaptureFailed`.
@Suite struct InFlightCaptureTests {
    enum Interruption: String, CaseIterable, Sendable {
        case appStopsStream, appStopsSession, tap
        case fold, powerOff, shortDrop, longDrop, thermalSevere, thermalCritical, thermalEmergency,
             batteryLow, batteryCritical, doffLong, permissionRevoked, unpair

        /// `nil`: the photo still arrives.
        var expected: PhotoError? {
            switch self {
            case .appStopsStream, .appStopsSession: .notReady
            case .tap, .doffLong: nil
            case .fold, .powerOff, .shortDrop, .longDrop, .unpair: .deviceDisconnected
            case .thermalSevere, .thermalCritical, .thermalEmergency, .batteryLow, .batteryCritical: .deviceHealthCritical
            case .permissionRevoked: .permissionDenied
            }
        }

        func apply(to world: SimulatedWorld, session: DeviceSession, camera: CameraStream) {
            let pair = world.pair
            switch self {
            case .appStopsStream: camera.stop()
            case .appStopsSession: session.stop()
            case .tap: pair.tap()
            case .fold: pair.fold()
            case .powerOff: pair.powerOff()
            case .shortDrop: pair.disconnect(for: 3)
            case .longDrop: pair.disconnect(for: 20)
            case .thermalSevere: pair.setThermalLevel(.severe)
            case .thermalCritical: pair.setThermalLevel(.critical)
            case .thermalEmergency: pair.setThermalLevel(.emergency)
            case .batteryLow: pair.setBatteryLevel(8)
            case .batteryCritical: pair.setBatteryLevel(3)
            case .doffLong: pair.doff()
            case .permissionRevoked: world.kit.permissions.set(.camera, .denied)
            case .unpair: pair.unpair()
            }
        }
    }

    @Test(arguments: Interruption.allCases) func inFlightCaptureGetsExactlyOneOutcome(_ interruption: Interruption) throws {
        let world = SimulatedWorld.ready()
        let (session, camera) = try world.streamingCamera(config(.low, 15))
        let photos = Recorder<Photo>()
        photos.token = camera.addPhotoListener { photos.append($0) }
        let failures = Recorder<StreamError>()
        failures.token = camera.addErrorListener { if $0 == .photoCaptureFailed { failures.append($0) } }
        let waiter = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: waiter.handler)
        #expect(camera.isCapturing)
        interruption.apply(to: world, session: session, camera: camera)
        world.scheduler.run(for: 40)
        #expect(photos.values.count + failures.values.count == 1)
        if let expected = interruption.expected {
            #expect(failures.values == [.photoCaptureFailed])
            #expect(waiter.error == expected)
        } else {
            #expect(photos.values.count == 1)
            #expect(waiter.value != nil)
        }
        #expect(!camera.isCapturing)
    }

    @Test func theDevicesLateAnswerToAnAbandonedCaptureIsIgnored() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 15))
        let errors = world.errors(of: camera)
        let photos = Recorder<Photo>()
        photos.token = camera.addPhotoListener { photos.append($0) }
        #expect(camera.capturePhoto(format: .jpeg))
        camera.stop()
        world.scheduler.run(for: CameraStream.captureTimeout + 1)
        #expect(errors.values == ["StreamError.photoCaptureFailed"])
        #expect(photos.values.isEmpty)
    }
}

import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// Each fault, applied to a low@15 stream on a started session, ends in its documented state and error.
@Suite struct FaultTests {
    enum Fault: String, CaseIterable, Sendable {
        case fold, powerOff, shortDrop, longDrop, thermalSevere, thermalCritical, thermalEmergency,
             batteryLow, batteryCritical, doffBriefly, doffLong, permissionRevoked, unpair

        var expectedSession: SessionState {
            switch self {
            case .shortDrop, .thermalSevere, .batteryLow, .permissionRevoked: .started
            case .doffBriefly: .paused
            default: .stopped
            }
        }

        var expectedCamera: StreamState {
            switch self {
            case .shortDrop: .streaming
            default: .stopped
            }
        }

        var expectedStreamError: String? {
            switch self {
            case .fold, .doffBriefly, .doffLong: "hingesClosed"  // a doff, as DAT 0.9+ reports it
            case .powerOff, .longDrop: "deviceNotConnected"
            case .thermalSevere, .thermalCritical, .thermalEmergency: "thermalHot"
            case .batteryLow, .batteryCritical: "batteryLow"
            case .permissionRevoked: "permissionDenied"
            case .unpair: "deviceNotFound"
            case .shortDrop: nil
            }
        }

        var expectedSessionError: DeviceSessionError? {
            switch self {
            case .thermalCritical: .thermalCritical
            case .thermalEmergency: .thermalEmergency
            case .batteryCritical: .batteryCritical
            case .doffLong: .unexpectedError  // DAT's "Session ended by device"
            default: nil
            }
        }

        func apply(to world: SimulatedWorld) {
            let pair = world.pair
            switch self {
            case .fold: pair.fold()
            case .powerOff: pair.powerOff()
            case .shortDrop: pair.disconnect(for: 3)
            case .longDrop: pair.disconnect(for: 20)
            case .thermalSevere: pair.setThermalLevel(.severe)
            case .thermalCritical: pair.setThermalLevel(.critical)
            case .thermalEmergency: pair.setThermalLevel(.emergency)
            case .batteryLow: pair.setBatteryLevel(8)
            case .batteryCritical: pair.setBatteryLevel(3)
            case .doffBriefly, .doffLong: pair.doff()
            case .permissionRevoked: world.kit.permissions.set(.camera, .denied)
            case .unpair: pair.unpair()
            }
        }

        var observation: Double { self == .doffBriefly ? 10 : 40 }
    }

    @Test(arguments: Fault.allCases) func faultEndsInDocumentedState(_ fault: Fault) throws {
        let world = SimulatedWorld.ready()
        let (session, camera) = try world.streamingCamera(config(.low, 15))
        let streamErrors = world.errors(of: camera)
        let sessionErrors = Recorder<DeviceSessionError>()
        sessionErrors.token = session.addErrorListener { sessionErrors.append($0) }
        fault.apply(to: world)
        world.scheduler.run(for: fault.observation)
        #expect(session.state == fault.expectedSession)
        #expect(camera.state == fault.expectedCamera)
        #expect(streamErrors.values == (fault.expectedStreamError.map { ["StreamError.\($0)"] } ?? []))
        #expect(sessionErrors.values == (fault.expectedSessionError.map { [$0] } ?? []))
    }

    @Test func deviceNotConnectedNamesTheDevice() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 15))
        var received: StreamError?
        let token = camera.addErrorListener { received = $0 }
        world.pair.powerOff()
        world.scheduler.run(for: 1)
        #expect(received == .deviceNotConnected(world.pair.identifier))
        #expect(received?.description == "StreamError.deviceNotConnected: device \(world.pair.identifier) is not connected; power it on, unfold it and keep it in range")
        token.cancel()
    }

    @Test func registrationFailureIsReported() throws {
        let world = SimulatedWorld.empty()
        try world.kit.companion.failNext(.registration, code: "unknown")
        let outcome = Outcome<Void, RegistrationError>()
        world.wearables.startRegistration(completion: outcome.handler)
        world.scheduler.run(for: 5)
        #expect(outcome.error == .unknown)
        #expect(world.wearables.registrationState == .available)
    }
}

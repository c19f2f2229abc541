import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct RegistrationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let registered: Bool
        let installed: Bool
        let failure: String?
        let unregister: Bool
        let expectedStates: [RegistrationState]
        let expectedError: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "register succeeds", registered: false, installed: true, failure: nil, unregister: false,
             expectedStates: [.available, .registering, .registered], expectedError: nil),
        Case(name: "network failure returns to available", registered: false, installed: true,
             failure: "networkUnavailable", unregister: false,
             expectedStates: [.available, .registering, .available], expectedError: "RegistrationError.networkUnavailable"),
        Case(name: "already registered", registered: true, installed: true, failure: nil, unregister: false,
             expectedStates: [.registered], expectedError: "RegistrationError.alreadyRegistered"),
        Case(name: "companion app missing", registered: false, installed: false, failure: nil, unregister: false,
             expectedStates: [.unavailable], expectedError: "RegistrationError.metaAINotInstalled"),
        Case(name: "unregister succeeds", registered: true, installed: true, failure: nil, unregister: true,
             expectedStates: [.registered, .available], expectedError: nil),
        Case(name: "unregister when not registered", registered: false, installed: true, failure: nil, unregister: true,
             expectedStates: [.available], expectedError: "UnregistrationError.alreadyUnregistered"),
    ]

    @Test(arguments: cases) func registrationFlows(_ c: Case) throws {
        let world = SimulatedWorld.empty()
        let kit = world.kit, wearables = world.wearables
        kit.reset(registered: c.registered, companionInstalled: c.installed)
        if let failure = c.failure { try kit.companion.failNext(.registration, code: failure) }
        let states = Recorder<RegistrationState>()
        states.token = wearables.addRegistrationStateListener { states.append($0) }
        var error: String?
        if c.unregister {
            wearables.startUnregistration { if case .failure(let e) = $0 { error = e.description } }
        } else {
            wearables.startRegistration { if case .failure(let e) = $0 { error = e.description } }
        }
        kit.scheduler.run(for: 5)
        #expect(states.values == c.expectedStates)
        #expect(error?.hasPrefix(c.expectedError ?? "none") ?? (c.expectedError == nil))
    }

    @Test func failNextRejectsUnknownCodesWithTheValidList() {
        let kit = SimulatedWorld.empty().kit
        #expect(throws: SimulatorError.invalidValue("registration failure", "oops", RegistrationError.allNames + [CompanionApp.noAnswer])) {
            try kit.companion.failNext(.registration, code: "oops")
        }
    }
}

@Suite struct PermissionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let answer: MockPermissions.RequestResult
        let ready: Bool
        let twice: Bool
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "granted", answer: .granted, ready: true, twice: false, expected: "granted"),
        Case(name: "denied", answer: .denied, ready: true, twice: false, expected: "denied"),
        Case(name: "never answered", answer: .timeout, ready: true, twice: false, expected: "PermissionError.requestTimeout"),
        Case(name: "asked twice", answer: .granted, ready: true, twice: true, expected: "PermissionError.requestInProgress,granted"),
        Case(name: "no device", answer: .granted, ready: false, twice: false, expected: "PermissionError.noDevice"),
    ]

    @Test(arguments: cases) func requestOutcomes(_ c: Case) {
        let world = c.ready ? SimulatedWorld.ready() : SimulatedWorld.empty()
        world.kit.permissions.set(.microphone, .denied)
        world.kit.permissions.setRequestResult(.microphone, c.answer)
        var outcomes: [String] = []
        let record: (Result<PermissionStatus, PermissionError>) -> Void = {
            switch $0 {
            case .success(let status): outcomes.append(status.name)
            case .failure(let error): outcomes.append("\(error.domain).\(error.code)")
            }
        }
        world.wearables.requestPermission(.microphone, completion: record)
        if c.twice { world.wearables.requestPermission(.microphone, completion: record) }
        world.scheduler.run(for: Wearables.permissionRequestTimeout + 1)
        #expect(outcomes.joined(separator: ",") == c.expected)
        let expectedStatus: PermissionStatus = c.expected.hasSuffix("granted") ? .granted : .denied
        #expect(world.wearables.checkPermissionStatus(.microphone) == expectedStatus)
    }

    @Test func noConnectedDeviceIsReported() {
        let world = SimulatedWorld.ready()
        world.pair.fold()
        let outcome = Outcome<PermissionStatus, PermissionError>()
        world.wearables.requestPermission(.camera, completion: outcome.handler)
        world.scheduler.run(for: 2)
        #expect(outcome.error == .noDeviceWithConnection)
    }

    @Test func grantedWhenAnyLinkedDeviceApproved() {
        let world = SimulatedWorld.ready()
        world.kit.permissions.set(.camera, .denied)
        let second = world.kit.pairGlasses(model: .oakleyMetaHSTN)
        world.wearables.requestPermission(.camera) { _ in }
        world.scheduler.run(for: 3)
        #expect(world.wearables.checkPermissionStatus(.camera) == .granted)
        world.pair.unpair()
        #expect(world.wearables.checkPermissionStatus(.camera) == .denied, "only the unpaired pair approved")
        _ = second
    }
}

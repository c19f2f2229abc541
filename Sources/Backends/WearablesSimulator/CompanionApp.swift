import WearablesCore

/// The simulated Meta AI app: answers registration, unregistration and permission
/// requests after `responseDelay`, with scripted failures (`failNext`).
public final class CompanionApp {
    /// The flows the app runs, named as the Lua `mock.companion.fail_next(flow, code)` spells them.
    public enum Flow: String, CaseIterable, Sendable { case registration, unregistration }

    /// How long the user takes in the companion app.
    public static let responseDelay: Double = 1.0

    public let isInstalled: Bool
    public internal(set) var isRegistered: Bool
    private var nextRegistrationFailure: RegistrationError?
    private var nextUnregistrationFailure: UnregistrationError?
    /// The flows whose next run never comes back (the user leaves the Meta AI app).
    private var unanswered: Set<Flow> = []
    /// The flows whose next run waits for the user's answer (`answer`).
    private var held: Set<Flow> = []
    /// The requests the user has not answered yet: each resumes its flow.
    private var waiting: [Flow: (Bool) -> Void] = [:]
    /// The code `failNext` takes for a flow that never answers.
    public static let noAnswer = "timeout"
    /// How long a request the app shows waits for the user before it expires, when the
    /// `requestExpiry` field report is on (third party: "a Meta AI registration request expires after five minutes").
    public static let requestLifetime: Double = 300
    /// Counts held requests, so an expiry meant for an earlier one leaves a newer one alone.
    private var requestNumber = 0
    private var waitingNumber: [Flow: Int] = [:]
    /// The flows whose last request expired unanswered (for the refusal's message).
    public private(set) var expired: Set<Flow> = []

    init(registered: Bool, installed: Bool) {
        isRegistered = registered
        isInstalled = installed
    }

    var registrationState: RegistrationState {
        guard isInstalled else { return .unavailable }
        return isRegistered ? .registered : .available
    }

    /// Makes the next `flow` fail with `code` (a RegistrationError or UnregistrationError case name),
    /// or never answer (`timeout`). Throws when `code` is neither, listing the valid names.
    public func failNext(_ flow: Flow, code: String) throws {
        if code == Self.noAnswer {
            unanswered.insert(flow)
            return
        }
        switch flow {
        case .registration:
            guard let error = RegistrationError(name: code) else {
                throw SimulatorError.invalidValue("registration failure", code, RegistrationError.allNames + [Self.noAnswer])
            }
            nextRegistrationFailure = error
        case .unregistration:
            guard let error = UnregistrationError(name: code) else {
                throw SimulatorError.invalidValue("unregistration failure", code, UnregistrationError.allNames + [Self.noAnswer])
            }
            nextUnregistrationFailure = error
        }
    }

    /// Makes the next `flow` wait, showing its request, until the user answers it.
    public func holdNext(_ flow: Flow) { held.insert(flow) }

    /// Answers the request `flow` shows: continue (`proceed`) or cancel; false when no
    /// request of that flow is waiting.
    public func answer(_ flow: Flow, proceed: Bool) -> Bool {
        guard let resume = waiting.removeValue(forKey: flow) else { return false }
        waitingNumber[flow] = nil
        resume(proceed)
        return true
    }

    /// Holds this run of `flow` if asked to: `resume` runs with the user's answer.
    func hold(_ flow: Flow, until resume: @escaping (Bool) -> Void) -> Bool {
        guard held.remove(flow) != nil else { return false }
        waiting[flow] = resume
        requestNumber += 1
        waitingNumber[flow] = requestNumber
        expired.remove(flow)
        return true
    }

    /// The number of the request `flow` shows now, if one waits.
    func waitingRequest(_ flow: Flow) -> Int? { waiting[flow] == nil ? nil : waitingNumber[flow] }

    /// The request `number` of `flow` expires, if it still waits: it is withdrawn unanswered,
    /// so its flow never comes back (the app's model has given up on it by then). True when it expired.
    func expire(_ flow: Flow, number: Int) -> Bool {
        guard waitingNumber[flow] == number, waiting.removeValue(forKey: flow) != nil else { return false }
        waitingNumber[flow] = nil
        expired.insert(flow)
        return true
    }

    /// Whether this run of `flow` never answers; true once per `failNext(flow, code: "timeout")`.
    func takeNoAnswer(_ flow: Flow) -> Bool { unanswered.remove(flow) != nil }

    func takeRegistrationFailure() -> RegistrationError? {
        defer { nextRegistrationFailure = nil }
        return nextRegistrationFailure
    }

    func takeUnregistrationFailure() -> UnregistrationError? {
        defer { nextUnregistrationFailure = nil }
        return nextUnregistrationFailure
    }
}

/// A bad value passed to a simulator control; the message lists what is accepted.
public enum SimulatorError: Error, CustomStringConvertible, Equatable {
    case invalidValue(String, String, [String])
    case unknownGlasses(DeviceIdentifier)

    public var description: String {
        switch self {
        case .invalidValue(let what, let value, let valid):
            "invalid \(what) '\(value)'; valid values: \(valid.joined(separator: ", "))"
        case .unknownGlasses(let id):
            "no simulated glasses with identifier \(id); they may have been unpaired"
        }
    }
}

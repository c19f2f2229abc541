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
        resume(proceed)
        return true
    }

    /// Holds this run of `flow` if asked to: `resume` runs with the user's answer.
    func hold(_ flow: Flow, until resume: @escaping (Bool) -> Void) -> Bool {
        guard held.remove(flow) != nil else { return false }
        waiting[flow] = resume
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

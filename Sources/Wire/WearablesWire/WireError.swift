import WearablesModel

/// An error as it crosses the wire: DAT's domain and code, and our message.
/// `device` carries the identifier of errors that name one (`StreamError.deviceNotConnected`).
public struct WireError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    public var domain: String
    public var code: String
    public var message: String
    public var device: String?

    public init(domain: String, code: String, message: String, device: String? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
        self.device = device
    }

    public init(_ error: any WearablesError) {
        self.init(domain: error.domain, code: error.code, message: error.message,
                  device: (error as? StreamError)?.deviceIdentifier)
    }

    public var description: String { "\(domain).\(code): \(message)" }

    /// Errors of the protocol itself (domain "protocol").
    public static func protocolError(_ code: String, _ message: String) -> WireError {
        WireError(domain: "protocol", code: code, message: message)
    }

    /// The typed DAT error this wire error names, when it is one of `E`'s cases.
    public func decode<E: NamedWearablesError>(as type: E.Type) -> E? {
        domain == String(describing: E.self) ? E(name: code) : nil
    }

    /// The `StreamError` this names, with its device when the case carries one.
    public var streamError: StreamError? {
        guard domain == "StreamError" else { return nil }
        switch code {
        case "internalError": return .internalError
        case "deviceNotFound": return .deviceNotFound(device ?? "")
        case "deviceNotConnected": return .deviceNotConnected(device ?? "")
        case "timeout": return .timeout
        case "videoStreamingError": return .videoStreamingError
        case "audioStreamingError": return .audioStreamingError
        case "permissionDenied": return .permissionDenied
        case "hingesClosed": return .hingesClosed
        case "thermalHot": return .thermalHot
        case "batteryLow": return .batteryLow
        case "peakPowerLimit": return .peakPowerLimit
        case "photoCaptureFailed": return .photoCaptureFailed
        default: return nil
        }
    }
}

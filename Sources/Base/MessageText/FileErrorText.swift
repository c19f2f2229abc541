#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation's error as a person would say it ("No such file or
/// directory"), from the POSIX error underneath; FoundationEssentials'
/// errors print as raw `CocoaError(code:userInfo:)` structures.
public func fileErrorText(_ error: Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo["NSUnderlyingError"] as? Error {
        return fileErrorText(underlying)
    }
    return String(describing: error)
}

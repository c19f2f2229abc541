import Foundation
import GlassesBridge
import MWDATCore

/// Meta's SDK once `Wearables.configure()` has run: the only way this app reaches
/// `Wearables.shared`, so nothing can touch it before DAT is configured. The one file of
/// the app that imports MWDATCore (its value types share names with the bridge's).
public struct ConfiguredWearables: Sendable {
    /// The bridge's world over `Wearables.shared`.
    public let wearables: MetaWearables

    private init() {
        wearables = MetaWearables(MWDATCore.Wearables.shared)
    }

    /// Configures DAT, once, first thing at launch (the App's `init`). Its `WearablesError` says
    /// what is wrong, most often the Info.plist (the `MWDAT` dictionary, the URL scheme); a second
    /// call (`alreadyConfigured`) finds DAT configured, which is all that is needed.
    @MainActor
    public static func configure() -> Result<ConfiguredWearables, ConfigurationFailure> {
        do throws(MWDATCore.WearablesError) {
            try MWDATCore.Wearables.configure()
        } catch .alreadyConfigured {
            return .success(ConfiguredWearables())
        } catch {
            return .failure(ConfigurationFailure(error))
        }
        return .success(ConfiguredWearables())
    }

    /// The Meta AI app's callback after registration or a permission prompt (`handleUrl`):
    /// true when it was DAT's.
    public func handle(_ url: URL) async throws(MWDATCore.WearablesHandleURLError) -> Bool {
        try await MWDATCore.Wearables.shared.handleUrl(url)
    }
}

/// Why `Wearables.configure()` failed, as the app shows it.
public struct ConfigurationFailure: Error, Sendable, CustomStringConvertible {
    public let error: MWDATCore.WearablesError

    init(_ error: MWDATCore.WearablesError) {
        self.error = error
    }

    public var description: String {
        let fix = switch error {
        case .missingInfoDictionary, .missingBundleIdentifier, .missingAppName, .missingAppVersion, .missingBuildNumber,
             .configurationError:
            "Check the app's Info.plist: the MWDAT dictionary (AppLinkURLScheme, MetaAppID), the URL scheme, the bundle's name and versions (examples/BridgeApp/Info.plist, docs/ios-bridge.md)."
        case .alreadyConfigured, .internalError:
            "Quit the app and open it again; if it stays, report it with the SDK's version."
        @unknown default:
            "A later SDK's error: see its release notes."
        }
        return "Meta's SDK did not start (Wearables.configure(): \(error.description)). \(fix)"
    }
}

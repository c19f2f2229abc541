/// `Wearables.shared`: in the stand-in, one `StandInWearables` for the process.
public enum Wearables {
    public static var shared: any WearablesInterface { standIn }

    /// What `shared` is, for a test that drives the process-wide instance.
    package static let standIn = StandInWearables()
}

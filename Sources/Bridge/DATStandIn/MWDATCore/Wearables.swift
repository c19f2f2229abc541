/// `Wearables.shared`: in the stand-in, one `StandInWearables` for the process.
public enum Wearables {
    public static var shared: any WearablesInterface { standIn }

    /// Tests make their own `StandInWearables`, so they can run side by side.
    private static let standIn = StandInWearables()
}

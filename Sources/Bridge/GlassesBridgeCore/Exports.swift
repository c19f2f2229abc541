// The DAT-shaped protocol the core serves over (DATWearables, DATDeviceSession, ...) lives in
// DATInterface, which the DAT backend (WearablesDAT) implements the model over too; the core
// re-exports it, so an adapter or a fake conforms with `import GlassesBridgeCore` alone.
@_exported import DATInterface
// The phone's audio route an app hands the bridge is the one server's (WireServer).
@_exported import protocol WireServer.PhoneAudioRoute

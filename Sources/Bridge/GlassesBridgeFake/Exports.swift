// DAT played by the simulator (FakeWearables and its capabilities) lives in DATFake, which needs
// no server: `glasses run --dat-fake` runs the DAT backend over it in process. This target adds
// what only the bridge needs (the phone's audio route over the served world) and re-exports it.
@_exported import DATFake

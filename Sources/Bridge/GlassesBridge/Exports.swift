// The app writes `import GlassesBridge` alone: `start(token:relay:)` extends the core's
// `GlassesBridge`, and `RunningBridge` hands the core's bridge back, so the core is part of
// this module's interface.
@_exported import GlassesBridgeCore

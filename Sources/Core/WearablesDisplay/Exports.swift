// The display's component tree, its check and its errors live in WearablesDisplayModel, portable
// Swift the bridge builds on; here are its layout, rendering (FreeType) and the session capability.
@_exported import WearablesDisplayModel

// The Lua C API under one module name, whichever Lua the build selected (Package.swift, `luaLibrary`):
// Debian's liblua5.4 (CLuaSystem) on Linux by default, Lua 5.4.4 built from source (CLuaSource) on
// Apple platforms and on Linux with the VendoredLua trait. LuaHost imports CLua, never either of them.
// Only a selected one is a dependency, so only it can be imported. SwiftPM defines each enabled
// trait as a compilation condition. Both traits (`--enable-all-traits`, as the DocC plugin builds)
// select the source one: its objects are linked statically, so they are the Lua every call reaches.
// Neither is a mistake said here.
#if os(Linux) && !SystemLua && !VendoredLua
#error("Lua: neither the SystemLua nor the VendoredLua trait is enabled; keep the defaults or pass --traits VendoredLua")
#endif
#if os(Linux) && !VendoredLua
@_exported import CLuaSystem
#else
@_exported import CLuaSource
#endif

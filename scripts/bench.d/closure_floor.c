/* The floor for any binding that keeps per-function state in a C closure's
 * upvalue (as LuaHost's trampoline does): math.abs's work, done by a C closure
 * that also fetches its upvalue. Loaded with package.loadlib by callbench. */
#include <lauxlib.h>
#include <lua.h>
#include <math.h>

static int closure_abs(lua_State *L) {
    if (lua_touserdata(L, lua_upvalueindex(1)) == NULL) return luaL_error(L, "no upvalue");
    lua_pushnumber(L, fabs(luaL_checknumber(L, 1)));
    return 1;
}

int luaopen_closure_floor(lua_State *L) {
    static const char tag = 0;
    lua_pushlightuserdata(L, (void *)&tag);
    lua_pushcclosure(L, closure_abs, 1);
    return 1;
}

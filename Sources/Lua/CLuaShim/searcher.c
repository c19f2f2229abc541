#include "CLuaShim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>

/* The strict profile's Lua-file searcher for `require`. Lua's own resolves a path
 * (following links) and opens it: a link beside the script could lead to a module
 * anywhere. This one walks each `FOLDER/pattern` of package.path from a descriptor of
 * FOLDER, one component at a time with O_NOFOLLOW, so nothing below FOLDER may be a
 * link, and reads the module through the descriptor it opened. */

#define GS_MODULE_MAX (16 << 20)

/* Opens `relative` under `folder` without following links: a descriptor, or -1 with
 * errno (ELOOP/ENOTDIR for a link, ENOENT for nothing, EINVAL for ".." or not a file). */
static int open_beneath(const char *folder, const char *relative) {
    int current = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (current < 0) return -1;
    char *copy = strdup(relative);
    if (!copy) { close(current); errno = ENOMEM; return -1; }
    char *save = NULL;
    char *part = strtok_r(copy, "/", &save);
    int result = -1;
    while (part) {
        char *next = strtok_r(NULL, "/", &save);
        if (strcmp(part, "..") == 0) { errno = EINVAL; break; }
        if (strcmp(part, ".") == 0) { part = next; continue; }
        if (next) {
            int child = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (child < 0) break;
            close(current);
            current = child;
        } else {
            int file = openat(current, part, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
            struct stat info;
            if (file >= 0 && (fstat(file, &info) != 0 || !S_ISREG(info.st_mode))) { close(file); file = -1; errno = EINVAL; }
            result = file;
        }
        part = next;
    }
    int saved = errno;
    close(current);
    free(copy);
    errno = saved;
    return result;
}

/* Loads the module read from `fd` as `chunkname`; returns lua_load's status. */
static int load_descriptor(lua_State *L, int fd, const char *chunkname) {
    luaL_Buffer buffer;
    luaL_buffinit(L, &buffer);
    size_t total = 0;
    for (;;) {
        char *space = luaL_prepbuffsize(&buffer, 65536);
        ssize_t got = read(fd, space, 65536);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        luaL_addsize(&buffer, (size_t)got);
        total += (size_t)got;
        if (total > GS_MODULE_MAX) { close(fd); return luaL_error(L, "module file '%s' is over 16 MB", chunkname + 1); }
    }
    close(fd);
    luaL_pushresult(&buffer);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}

/* searchers[2]: (name) -> loader, path | message. Upvalue 1: the package table (its
 * `path` is read at each search); upvalue 2: the _ENV a module loaded is given, or nil
 * for the state's globals. */
static int gs_confined_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    const char *path = lua_tostring(L, -1);
    if (!path) return luaL_error(L, "package.path must be a string");
    lua_pushliteral(L, "");
    int triedIndex = lua_gettop(L);
    lua_pushstring(L, name);
    luaL_gsub(L, lua_tostring(L, -1), ".", "/");
    int nameIndex = lua_gettop(L);
    const char *template = path;
    while (*template) {
        const char *end = strchr(template, ';');
        size_t length = end ? (size_t)(end - template) : strlen(template);
        lua_pushlstring(L, template, length);
        const char *entry = lua_tostring(L, -1);
        const char *mark = strchr(entry, '?');
        const char *slash = NULL;
        for (const char *p = entry; mark && p < mark; p++) if (*p == '/') slash = p;
        if (length > 0 && mark && slash) {
            lua_pushlstring(L, entry, (size_t)(slash - entry));
            const char *folder = lua_tostring(L, -1);
            const char *relative = luaL_gsub(L, slash + 1, "?", lua_tostring(L, nameIndex));
            const char *full = lua_pushfstring(L, "%s/%s", folder, relative);
            int fd = open_beneath(folder, relative);
            if (fd >= 0) {
                const char *chunkname = lua_pushfstring(L, "@%s", full);
                if (load_descriptor(L, fd, chunkname) != LUA_OK)
                    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, full, lua_tostring(L, -1));
                if (lua_istable(L, lua_upvalueindex(2))) {
                    lua_pushvalue(L, lua_upvalueindex(2));
                    lua_setupvalue(L, -2, 1);
                }
                lua_pushstring(L, full);
                return 2;
            }
            if (errno == ELOOP || errno == ENOTDIR)
                return luaL_error(L, "module '%s': '%s' passes through a symbolic link, which a strict script's modules may not; "
                                     "copy the module beside the script", name, full);
            lua_pushfstring(L, "%s\n\tno file '%s'", lua_tostring(L, triedIndex), full);
            lua_replace(L, triedIndex);
            lua_pop(L, 4);
        } else {
            lua_pop(L, 1);
        }
        if (!end) break;
        template = end + 1;
    }
    lua_pushvalue(L, triedIndex);
    return 1;
}

static int p_use_confined_searcher(lua_State *L) {
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchers");
    lua_pushvalue(L, -2);
    lua_pushnil(L);
    lua_pushcclosure(L, gs_confined_searcher, 2);
    lua_rawseti(L, -2, 2);
    return 0;
}

/* (package, env) -> the confined searcher over package.path, loading modules with env
 * as their _ENV: a strict recipe's `require` inside a wider state. */
static int make_confined_searcher(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    lua_pushcclosure(L, gs_confined_searcher, 2);
    return 1;
}

void gs_push_confined_searcher_maker(lua_State *L) {
    lua_pushcfunction(L, make_confined_searcher);
}

int gs_use_confined_searcher(lua_State *L) {
    lua_pushcfunction(L, p_use_confined_searcher);
    return lua_pcall(L, 0, 0, 0);
}

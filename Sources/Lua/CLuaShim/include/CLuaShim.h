#ifndef CLUASHIM_H
#define CLUASHIM_H

/*
 * The only code allowed to raise a Lua error (longjmp). Swift calls Lua through
 * the protected helpers below (each runs under lua_pcall and returns a status),
 * and Swift callbacks return a status to gs_trampoline, which raises in C.
 */

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>
#include <stdint.h>

/* What a Swift callback returns to the trampoline: >= 0 is a result count. */
enum {
    GS_RAISE = -1,          /* raise the value on top of the stack as is */
    GS_RAISE_WHERE = -2,    /* message on top: prefix "chunk:line: " like luaL_error */
    GS_RAISE_ARGUMENT = -3, /* message on top: luaL_argerror(arg, message) */
    GS_RAISE_TYPE = -4,     /* expected type name on top: luaL_typeerror(arg, name) */
    GS_SUSPEND = -5,        /* yield the calling task; the host resumes it later */
};

/* Why a host task gave its thread back without finishing (gs_take_suspended). */
enum {
    GS_SUSPENDED_WAIT = 1,  /* a host function suspended it; the host resumes it on the event */
    GS_SUSPENDED_SLICE = 2, /* its time slice ended; resume it with no values to go on */
};

/* Why a run was stopped from outside the script's control flow. */
enum {
    GS_STOP_NONE = 0,
    GS_STOP_EXIT = 1,      /* os.exit or the host's exit: exit code in gs_exit_code */
    GS_STOP_LIMIT = 2,     /* instruction budget or wall-time budget */
    GS_STOP_INTERRUPT = 3, /* gs_request_stop from another thread (Ctrl-C) */
};

typedef struct gs_control gs_control;

/* The Swift entry points, defined in LuaHost as `@c` functions and linked
 * directly: no function pointers to install before the first state. */

/* The Swift side of every registered function: `function` is the box the
 * closure's gs_function holds; `settled` is nonzero when the trampoline found the
 * arguments fit the function's gs_checks, which then say all there is to check;
 * on a raise status, `*argument` names the argument for argument errors.
 * Never raises. */
int gs_swift_dispatch(lua_State *L, void *function, int settled, int *argument);
/* Releases one retain of a userdata's box (called from __gc). */
void gs_swift_release(void *box);

/* State lifecycle. A state gets a counting allocator (cap 0 = no cap),
 * a panic handler and a warning handler (off until "@on", as in lua.c). */
lua_State *gs_newstate(size_t memory_cap, void *host);
/* lua_close: pending finalizers run, and host functions called from them raise.
 * The control block outlives the state while someone retains it. */
void gs_close(lua_State *L);
void *gs_host(lua_State *L);
void gs_set_host(lua_State *L, void *host);
gs_control *gs_control_of(lua_State *L);

/* Memory accounting. The host charges what a script makes it hold (photos,
 * copied frames, timers, sessions) against the same cap as Lua's allocations:
 * gs_memory_charge returns 0 (and marks the cap hit) when that would pass it. */
size_t gs_memory_used(gs_control *control);
size_t gs_memory_external(gs_control *control);
int gs_memory_charge(gs_control *control, size_t bytes);
void gs_memory_credit(gs_control *control, size_t bytes);
/* A full garbage collection (finalizers report errors as warnings; never raises). */
void gs_collect(lua_State *L);
size_t gs_memory_cap(lua_State *L);
int gs_memory_cap_hit(gs_control *control);

/* Limits and stops. The instruction budget arms a count hook (inherited by new
 * coroutines); the timeout starts a watchdog thread that arms a hook only when
 * time runs out. Stops yield the script back to the host, or raise where the
 * script cannot yield, and keep doing so until the host sees them. */
void gs_set_instruction_budget(lua_State *L, long long budget);
int gs_start_watchdog(lua_State *L, double seconds, const char *name);
/* Time slices (0 turns them off): a host task that runs `seconds` without
 * waiting is yielded by a count hook (checked every GS_SLICE_CHECK_INSTRUCTIONS),
 * from whatever user coroutine it is in, where every level can yield; its
 * resume then reports GS_SUSPENDED_SLICE. Lets the host run other events
 * between slices of a long computation (a served world's console). */
void gs_set_time_slice(lua_State *L, double seconds);
#define GS_SLICE_CHECK_INSTRUCTIONS 1000
/* How long the watchdog waits for a stop it requested before it ends the process. */
#define GS_STOP_GRACE_SECONDS 1
/* Called on the watchdog's (or a hard stop's) thread when the script did not
 * stop within the grace period, with the stop that was not honoured (reason,
 * its code as gs_request_stop was given it, and what to report): flush what
 * must survive and report; the process then exits with the status it returns.
 * Must be safe to call while the Lua thread still runs. Without one, the
 * message goes to stderr and the status is 3 for a limit, 128 + code for an
 * interrupt (as shells report a signal), the code for an exit. */
typedef int (*gs_emergency_handler)(void *context, int reason, int code, const char *message);
void gs_set_emergency_handler(lua_State *L, gs_emergency_handler handler, void *context);
void gs_request_stop(gs_control *control, int reason, int exit_code, const char *message);
/* gs_request_stop, made a promise as the timeout is: if Lua code still runs
 * `seconds` from now (where no hook reaches: a pattern match, a long host call,
 * a finalizer), a thread of its own calls the emergency handler with this stop
 * and ends the process. Armed once per state; later calls only request the
 * stop. For a signal that must end the process (`glasses run`'s SIGINT and
 * SIGTERM). Returns whether a hard stop is armed. */
int gs_request_stop_within(gs_control *control, int reason, int exit_code, const char *message, double seconds);
int gs_stop_reason(gs_control *control);
/* Forgets a stop so the state can run code again (the REPL after Ctrl-C). */
void gs_clear_stop(gs_control *control);
int gs_exit_code(gs_control *control);
/* Whether the exit stop came from os.exit(code, true), which closes the state first. */
int gs_exit_closes(gs_control *control);
const char *gs_stop_message(gs_control *control);
void gs_control_retain(gs_control *control);
void gs_control_release(gs_control *control);

/* Host tasks: threads the host created and resumes; Lua code cannot resume them. */
void gs_mark_task(lua_State *thread);
int gs_is_task(lua_State *thread);
/* The task a host call made on `thread` can suspend: the thread itself, or the
 * task under the script's coroutines it runs in, when every level between can
 * yield; NULL otherwise (the main thread, a metamethod called from C, ...). */
lua_State *gs_waiting_task(lua_State *thread);
/* 1 when a host call made on `thread` runs inside a task but cannot suspend it,
 * because a C function between them (table.sort, string.gsub) cannot be yielded across. */
int gs_task_unyieldable(lua_State *thread);
/* "file:line" of the Lua code that called the running C function into `buffer`;
 * 0 when that caller is not Lua. Allocates nothing, so it cannot raise. */
int gs_caller_line(lua_State *L, char *buffer, size_t size);
/* Resumes a host task, tracking the running coroutine for interrupts. */
int gs_resume(lua_State *L, lua_State *thread, int nargs, int *nresults);
/* Closes a task that will not be resumed again, running its pending to-be-closed
 * variables as coroutine.close does; on error the error value is pushed on L. */
int gs_close_task(lua_State *L, lua_State *thread);
int gs_close_failed_task(lua_State *L, lua_State *thread);
/* Why the last resume yielded (GS_SUSPENDED_WAIT from the trampoline, _SLICE
 * from the hook), 0 for a plain yield; cleared on read. */
int gs_take_suspended(lua_State *L);
/* Pushes the marker that makes a suspended call raise the value pushed after it:
 * a string prefixed with the caller's position, or (with_position 0) as is. */
void gs_push_raise_marker(lua_State *L, int with_position);

/* Library setup: the full standard library with coroutine.resume/wrap and
 * os.exit replaced by stop-aware versions. */
int gs_openlibs(lua_State *L);
/* Makes require's Lua-file searcher open modules beneath the folders of
 * package.path without following links (the strict profile). */
int gs_use_confined_searcher(lua_State *L);
/* Pushes a function (package, env) -> that searcher over package.path, giving the
 * modules it loads env as _ENV (strict code in a wider state). Allocates nothing. */
void gs_push_confined_searcher_maker(lua_State *L);
/* math.randomseed(seed), before the sandbox may hide it. */
int gs_randomseed(lua_State *L, lua_Integer seed);

/* Protected helpers: each returns LUA_OK or an error status with the error
 * value on top of L's stack. */
int gs_pushlstring(lua_State *L, const char *s, size_t len);
int gs_newtable(lua_State *L, int narray, int nrecord);
int gs_rawseti(lua_State *L, int table, lua_Integer i);            /* pops value */
int gs_rawsetfield(lua_State *L, int table, const char *key);     /* pops value */
int gs_getfield(lua_State *L, int table, const char *key);        /* pushes t[key] */
int gs_setfield(lua_State *L, int table, const char *key);        /* pops value */
int gs_getglobal(lua_State *L, const char *name);
int gs_setglobal(lua_State *L, const char *name);                 /* pops value */
int gs_tostring(lua_State *L, int index);                         /* pushes string */
int gs_ref(lua_State *L, int *ref);                               /* pops value */
int gs_unref(lua_State *L, int ref);
/* What the trampoline checks of one parameter before entering Swift, made at
 * registration from its LuaParameter. A value that fails a check is not an error
 * yet: Swift then checks the whole call and words the message. */
enum {
    GS_CHECK_ANY = 0,     /* anything fits */
    GS_CHECK_TYPE = 1,    /* fits when lua_type is `type` */
    GS_CHECK_INTEGER = 2, /* fits when lua_isinteger */
    GS_CHECK_SWIFT = 3,   /* only Swift can tell (an enum, a record, a class) */
};
typedef struct {
    int kind;     /* GS_CHECK_* */
    int type;     /* LUA_T* for GS_CHECK_TYPE */
    int optional; /* nil and no value fit too */
    int ranged;   /* the number must also lie in low...high */
    double low, high;
} gs_check;
/* A registered function as its trampoline sees it: the Swift box, and `count`
 * checks for arguments offset+1... (offset 1 for a method's object); `complete`
 * says that when they pass, nothing is left for Swift to check (no rule, no
 * parameter only Swift can tell). Made once per function (NULL when out of
 * memory); the box owns it and frees it with gs_function_free once the state is closed. */
typedef struct gs_function gs_function;
gs_function *gs_function_new(void *box, int offset, const gs_check *checks, int count, int complete);
void gs_function_free(gs_function *function);
/* A closure over `function`; `name` (e.g. "wearables.session") names it in
 * argument errors when Lua cannot (a call through pcall or a local). */
int gs_pushfunction(lua_State *L, gs_function *function, const char *name);
int gs_newobject(lua_State *L, void *box, int metatable_ref);
/* Pops a methods table; creates the metatable for a userdata class whose
 * unknown keys go to the Swift `fields` function (may be NULL). */
int gs_newclass(lua_State *L, const char *name, void *fields, int *ref);
int gs_rawsetp(lua_State *L, int table, const void *key);         /* pops value */
int gs_newweaktable(lua_State *L, const char *mode);
int gs_newthread(lua_State *L, lua_State **thread);               /* pushes thread */
int gs_loadbuffer(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode);
int gs_loadfile(lua_State *L, const char *filename, const char *mode);
/* Calls the function below nargs arguments; on error the value on top is
 * the message with a traceback (lua.c's message handler). */
int gs_pcall_traceback(lua_State *L, int nargs, int nresults);
/* Pushes a message for the error value at index (strings as is, __tostring,
 * else "(error object is a X value)"), followed by thread's traceback. */
int gs_error_report(lua_State *L, int index, lua_State *thread, int with_traceback);

/* Our userdata: the box pointer, or NULL for any other value. Never raises. */
void *gs_tobox(lua_State *L, int index);

/* The C streams Lua's print and io.write use, so host output interleaves with them. */
void gs_write_stderr(const char *text);
void gs_flush_stdout(void);

/* Thin wrappers for the lua.h macros Swift cannot import. */
static inline int gs_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int gs_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void gs_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline lua_Number gs_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline lua_Integer gs_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
/* The same, with the flag returned beside the value: no out-pointer into the
 * caller's frame, so LuaCall's inlinable reads need no stack protector. */
typedef struct { lua_Number value; int isnum; } gs_number_read;
typedef struct { lua_Integer value; int isnum; } gs_integer_read;
static inline gs_number_read gs_readnumber(lua_State *L, int i) {
    gs_number_read r;
    r.value = lua_tonumberx(L, i, &r.isnum);
    return r;
}
static inline gs_integer_read gs_readinteger(lua_State *L, int i) {
    gs_integer_read r;
    r.value = lua_tointegerx(L, i, &r.isnum);
    return r;
}
/* Only for values of type string: no conversion, so no allocation. */
static inline const char *gs_tostringview(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }

#endif

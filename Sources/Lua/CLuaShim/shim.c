#include "CLuaShim.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Per-state control block, the allocator's userdata (so reachable from any
 * thread of the state). Reference counted: interrupt handles on other threads
 * may outlive the state. */
struct gs_control {
    atomic_int refs;
    void *host;
    /* memory: Lua's own allocations plus what the host charges for objects a
     * script holds (photos, frames, timers, sessions), against one cap */
    size_t used, external, cap;
    int cap_hit;
    /* set for lua_close: host functions are refused from the finalizers it runs */
    int closing;
    /* warnings, as lauxlib's default handler */
    int warn_on, warn_continued;
    /* stops */
    pthread_mutex_t lock;
    lua_State *main;                   /* NULL once closed */
    _Atomic(lua_State *) running;      /* coroutine running now, for async stops */
    atomic_int in_lua;                 /* > 0 while the host has called into Lua */
    atomic_int stop;
    int exit_code;
    int exit_closes;                   /* os.exit(code, true): close the state, as lua5.4 does */
    char message[256];
    long long budget, executed;
    int hook_interval;
    int suspended;                     /* GS_SUSPENDED_WAIT or _SLICE until the host reads it */
    /* time slices: 0, or how long a host task runs before the hook yields it */
    long long slice_ns, slice_start_ns;
    /* watchdog */
    pthread_t watchdog;
    int has_watchdog, watchdog_cancelled;
    pthread_cond_t wake;
    struct timespec deadline;
    double timeout;
    char timeout_name[64];             /* " (--timeout)": how the embedder's user sets it, or "" */
    /* what the watchdog does when a stop it requested is not honoured in time */
    gs_emergency_handler emergency;
    void *emergency_context;
    /* hard stop (gs_request_stop_within): a detached thread that ends the
     * process if Lua still runs at hard_deadline; the stop it was armed with */
    int has_hard_stop;
    struct timespec hard_deadline;
    int hard_reason, hard_code;
    char hard_message[256];
};

static const char gs_box_tag = 0;       /* first word of every host userdata */
static const char gs_raise_marker = 0;  /* resume value: raise what follows */
static const char gs_reraise_marker = 0; /* resume value: raise what follows as is */

/* A host userdata's block. The tag is an address no Lua code can write into a
 * userdata, so a foreign userdata (an io file given our metatable through the
 * debug library) is never taken for a Swift box, whatever its metatable. */
typedef struct {
    const void *tag;
    void *box;
} gs_payload;

static gs_payload *gs_payload_at(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(gs_payload)) return NULL;
    gs_payload *payload = (gs_payload *)lua_touserdata(L, index);
    return payload->tag == &gs_box_tag ? payload : NULL;
}
static const char gs_task_tag = 0;      /* extraspace of host tasks */
static const char gs_overflow_key = 0;  /* preallocated "stack overflow" message */
static const char gs_traceback_key = 0; /* traceback left by the message handler */

/* States in lua_close now, process-wide. Every host call checks for a closing
 * state; reading this plain counter first keeps that check off the state's
 * allocator data (a call into liblua) except while some state is closing. */
static atomic_int gs_states_closing;

gs_control *gs_control_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (gs_control *)ud;
}

void *gs_host(lua_State *L) { return gs_control_of(L)->host; }

static int gs_is_closing(lua_State *L) {
    return atomic_load_explicit(&gs_states_closing, memory_order_relaxed) != 0 && gs_control_of(L)->closing;
}
void gs_set_host(lua_State *L, void *host) { gs_control_of(L)->host = host; }

/* ---- allocator, panic, warnings ------------------------------------------ */

static void *gs_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    gs_control *c = (gs_control *)ud;
    if (ptr == NULL) osize = 0; /* osize then encodes the object type */
    if (nsize == 0) {
        free(ptr);
        c->used -= osize;
        return NULL;
    }
    if (c->cap != 0 && nsize > osize && c->used + c->external - osize + nsize > c->cap) {
        c->cap_hit = 1;
        return NULL; /* Lua collects garbage, retries, then raises "not enough memory" */
    }
    void *p = realloc(ptr, nsize);
    if (p != NULL) c->used = c->used - osize + nsize;
    return p;
}

static int gs_panic(lua_State *L) {
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error object is not a string";
    fprintf(stderr, "PANIC: unprotected error in call to Lua API (%s)\n", msg);
    fflush(stderr);
    return 0; /* Lua aborts */
}

static void gs_warn(void *ud, const char *msg, int tocont) {
    gs_control *c = (gs_control *)ud;
    if (!c->warn_continued && msg[0] == '@') {
        if (strcmp(msg, "@off") == 0) c->warn_on = 0;
        else if (strcmp(msg, "@on") == 0) c->warn_on = 1;
        return;
    }
    if (c->warn_on) {
        if (!c->warn_continued) fputs("Lua warning: ", stderr);
        fputs(msg, stderr);
        if (!tocont) fputs("\n", stderr);
        fflush(stderr);
    }
    c->warn_continued = tocont;
}

void gs_control_retain(gs_control *c) { atomic_fetch_add(&c->refs, 1); }

void gs_control_release(gs_control *c) {
    if (atomic_fetch_sub(&c->refs, 1) == 1) {
        pthread_mutex_destroy(&c->lock);
        pthread_cond_destroy(&c->wake);
        free(c);
    }
}

lua_State *gs_newstate(size_t memory_cap, void *host) {
    gs_control *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    atomic_init(&c->refs, 1);
    atomic_init(&c->stop, GS_STOP_NONE);
    atomic_init(&c->running, NULL);
    atomic_init(&c->in_lua, 0);
    c->host = host;
    c->cap = memory_cap;
    pthread_mutex_init(&c->lock, NULL);
#ifdef __APPLE__
    pthread_cond_init(&c->wake, NULL); /* gs_watchdog_wait waits relative to the monotonic clock */
#else
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&c->wake, &attr);
    pthread_condattr_destroy(&attr);
#endif

    lua_State *L = lua_newstate(gs_alloc, c);
    if (L == NULL) {
        gs_control_release(c);
        return NULL;
    }
    *(void **)lua_getextraspace(L) = NULL; /* new threads copy the main thread's */
    lua_atpanic(L, gs_panic);
    lua_setwarnf(L, gs_warn, c);
    c->main = L;
    return L;
}

void gs_close(lua_State *L) {
    gs_control *c = gs_control_of(L);
    pthread_mutex_lock(&c->lock);
    atomic_store(&c->running, NULL);
    pthread_mutex_unlock(&c->lock);
    /* The watchdog stays armed through lua_close: finalizers run there, with
     * hooks off, and only the watchdog's hard stop can end a looping one. */
    c->closing = 1;
    atomic_fetch_add(&gs_states_closing, 1);
    atomic_fetch_add(&c->in_lua, 1);
    lua_close(L);
    atomic_fetch_sub(&c->in_lua, 1);
    atomic_fetch_sub(&gs_states_closing, 1);
    pthread_mutex_lock(&c->lock);
    c->main = NULL;
    c->watchdog_cancelled = 1;
    pthread_cond_broadcast(&c->wake); /* the watchdog and a hard stop may both wait */
    pthread_mutex_unlock(&c->lock);
    if (c->has_watchdog) pthread_join(c->watchdog, NULL);
    gs_control_release(c);
}

size_t gs_memory_used(gs_control *c) { return c->used; }
size_t gs_memory_external(gs_control *c) { return c->external; }

int gs_memory_charge(gs_control *c, size_t bytes) {
    if (c->cap != 0 && c->used + c->external + bytes > c->cap) {
        c->cap_hit = 1;
        return 0;
    }
    c->external += bytes;
    return 1;
}

void gs_collect(lua_State *L) {
    gs_control *c = gs_control_of(L);
    atomic_fetch_add(&c->in_lua, 1); /* finalizers run here */
    lua_gc(L, LUA_GCCOLLECT);
    atomic_fetch_sub(&c->in_lua, 1);
}

void gs_memory_credit(gs_control *c, size_t bytes) {
    c->external -= bytes < c->external ? bytes : c->external;
}
size_t gs_memory_cap(lua_State *L) { return gs_control_of(L)->cap; }
int gs_memory_cap_hit(gs_control *c) { return c->cap_hit; }

/* ---- stops: budget, watchdog, interrupt, exit ----------------------------- */

static void gs_hook(lua_State *L, lua_Debug *ar);

/* Makes the stop stick: yields to the host where possible, else raises; the
 * count-1 hook repeats this after any pcall that catches the error. */
static int gs_enforce_stop(lua_State *L) {
    gs_control *c = gs_control_of(L);
    lua_sethook(L, gs_hook, LUA_MASKCOUNT, 1);
    if (lua_isyieldable(L)) return lua_yield(L, 0);
    return luaL_error(L, "%s", c->message);
}

/* Counts the hook's interval against the instruction budget; requests the stop
 * and returns 1 once the budget is spent. */
static int gs_budget_spent(gs_control *c) {
    if (c->budget <= 0) return 0;
    c->executed += c->hook_interval;
    if (c->executed <= c->budget) return 0;
    char msg[128];
    snprintf(msg, sizeof msg, "instruction budget of %lld instructions exceeded", c->budget);
    gs_request_stop(c, GS_STOP_LIMIT, 0, msg);
    return 1;
}

static long long gs_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Whether the running host task has had its time slice (gs_set_time_slice). */
static int gs_slice_spent(gs_control *c) {
    return c->slice_ns > 0 && gs_monotonic_ns() - c->slice_start_ns >= c->slice_ns;
}

static void gs_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    gs_control *c = gs_control_of(L);
    if (atomic_load(&c->stop) == GS_STOP_NONE && !gs_budget_spent(c)) {
        /* A count hook may yield (with no values): the host task, every level
         * between included, gives the thread back, and the host resumes it once
         * the world's other events had their turn. Where a level cannot yield
         * (a C call such as table.sort's comparator) the slice runs on. */
        if (gs_slice_spent(c) && gs_waiting_task(L) != NULL) {
            c->suspended = GS_SUSPENDED_SLICE;
            lua_yield(L, 0);
        }
        return;
    }
    gs_enforce_stop(L);
}

static void gs_request_stop_locked(gs_control *c, int reason, int exit_code, const char *message) {
    if (atomic_load(&c->stop) != GS_STOP_NONE) return; /* the first stop wins */
    c->exit_code = exit_code;
    snprintf(c->message, sizeof c->message, "%s", message);
    atomic_store(&c->stop, reason);
    lua_State *running = atomic_load(&c->running);
    lua_State *target = running != NULL ? running : c->main;
    if (target != NULL) lua_sethook(target, gs_hook, LUA_MASKCOUNT, 1);
}

void gs_request_stop(gs_control *c, int reason, int exit_code, const char *message) {
    pthread_mutex_lock(&c->lock);
    gs_request_stop_locked(c, reason, exit_code, message);
    pthread_mutex_unlock(&c->lock);
}

void gs_clear_stop(gs_control *c) {
    pthread_mutex_lock(&c->lock);
    atomic_store(&c->stop, GS_STOP_NONE);
    c->message[0] = 0;
    c->executed = 0;
    if (c->main != NULL) {
        if (c->budget > 0) lua_sethook(c->main, gs_hook, LUA_MASKCOUNT, c->hook_interval);
        else lua_sethook(c->main, NULL, 0, 0);
    }
    pthread_mutex_unlock(&c->lock);
}

int gs_stop_reason(gs_control *c) { return atomic_load(&c->stop); }
int gs_exit_code(gs_control *c) { return c->exit_code; }
int gs_exit_closes(gs_control *c) { return c->exit_closes; }
const char *gs_stop_message(gs_control *c) { return c->message; }

void gs_set_instruction_budget(lua_State *L, long long budget) {
    gs_control *c = gs_control_of(L);
    c->budget = budget;
    c->executed = 0;
    c->hook_interval = budget < 1000 ? (int)(budget > 0 ? budget : 1) : 1000;
    if (budget > 0) lua_sethook(c->main, gs_hook, LUA_MASKCOUNT, c->hook_interval);
}

void gs_set_time_slice(lua_State *L, double seconds) {
    gs_control *c = gs_control_of(L);
    c->slice_ns = seconds > 0 ? (long long)(seconds * 1e9) : 0;
}

static void gs_add_seconds(struct timespec *t, double seconds) {
    double whole = (double)(long long)seconds;
    t->tv_sec += (time_t)whole;
    t->tv_nsec += (long)((seconds - whole) * 1e9);
    if (t->tv_nsec >= 1000000000L) {
        t->tv_sec += 1;
        t->tv_nsec -= 1000000000L;
    }
}

/* Waits until the deadline or cancellation; returns whether the deadline came. */
static int gs_watchdog_wait(gs_control *c, const struct timespec *deadline) {
    int rc = 0;
    while (!c->watchdog_cancelled && rc != ETIMEDOUT) {
#ifdef __APPLE__
        /* Darwin's condition variables cannot wait on CLOCK_MONOTONIC: wait the time left. */
        struct timespec now, left;
        clock_gettime(CLOCK_MONOTONIC, &now);
        left.tv_sec = deadline->tv_sec - now.tv_sec;
        left.tv_nsec = deadline->tv_nsec - now.tv_nsec;
        if (left.tv_nsec < 0) left.tv_sec -= 1, left.tv_nsec += 1000000000L;
        if (left.tv_sec < 0) { rc = ETIMEDOUT; break; }
        rc = pthread_cond_timedwait_relative_np(&c->wake, &c->lock, &left);
#else
        rc = pthread_cond_timedwait(&c->wake, &c->lock, deadline);
#endif
    }
    return !c->watchdog_cancelled;
}

static int gs_default_emergency(void *context, int reason, int code, const char *message) {
    (void)context;
    fflush(stdout);
    fprintf(stderr, "lua: %s\n", message);
    fflush(stderr);
    switch (reason) {
    case GS_STOP_EXIT: return code;
    case GS_STOP_INTERRUPT: return 128 + code; /* as shells report a signal */
    default: return 3;
    }
}

/* Ends the process from a thread other than Lua's: the stop (reason, code,
 * message) was not honoured within the grace period. Called with c->lock
 * held; never returns. */
static void gs_end_process_locked(gs_control *c, int reason, int code, const char *message) {
    char final[400];
    snprintf(final, sizeof final,
             "%s, and the script did not stop within %d s "
             "(it was in a finalizer, a pattern match, a long host call or other code no hook can interrupt); run ended",
             message, GS_STOP_GRACE_SECONDS);
    gs_emergency_handler handler = c->emergency != NULL ? c->emergency : gs_default_emergency;
    void *context = c->emergency_context;
    pthread_mutex_unlock(&c->lock);
    _exit(handler(context, reason, code, final));
}

/* The timeout is a promise: a cooperative stop first (the hook), and when the
 * script is where no hook runs (a finalizer, a long pattern match, a host
 * loop that never returns to Lua) the run is ended from this thread. */
static void *gs_watchdog_main(void *arg) {
    gs_control *c = (gs_control *)arg;
    pthread_mutex_lock(&c->lock);
    if (gs_watchdog_wait(c, &c->deadline)) {
        char msg[160];
        snprintf(msg, sizeof msg, "time limit of %g s%s exceeded", c->timeout, c->timeout_name);
        gs_request_stop_locked(c, GS_STOP_LIMIT, 0, msg);
        struct timespec grace = c->deadline;
        gs_add_seconds(&grace, GS_STOP_GRACE_SECONDS);
        /* Back in the host by then: the stop took effect, and the host ends the run. */
        if (gs_watchdog_wait(c, &grace) && atomic_load(&c->in_lua) > 0) gs_end_process_locked(c, GS_STOP_LIMIT, 0, msg);
    }
    pthread_mutex_unlock(&c->lock);
    gs_control_release(c);
    return NULL;
}

/* The same promise for a stop asked from outside (a signal): if Lua still runs
 * at the deadline, the process ends with the stop this thread was armed with. */
static void *gs_hard_stop_main(void *arg) {
    gs_control *c = (gs_control *)arg;
    pthread_mutex_lock(&c->lock);
    if (gs_watchdog_wait(c, &c->hard_deadline) && atomic_load(&c->in_lua) > 0)
        gs_end_process_locked(c, c->hard_reason, c->hard_code, c->hard_message);
    pthread_mutex_unlock(&c->lock);
    gs_control_release(c);
    return NULL;
}

int gs_request_stop_within(gs_control *c, int reason, int exit_code, const char *message, double seconds) {
    pthread_mutex_lock(&c->lock);
    gs_request_stop_locked(c, reason, exit_code, message);
    /* Armed once; a state already closed runs no Lua to end. */
    if (c->has_hard_stop || c->main == NULL || c->watchdog_cancelled) {
        pthread_mutex_unlock(&c->lock);
        return c->has_hard_stop;
    }
    c->hard_reason = reason;
    c->hard_code = exit_code;
    snprintf(c->hard_message, sizeof c->hard_message, "%s", message);
    clock_gettime(CLOCK_MONOTONIC, &c->hard_deadline);
    gs_add_seconds(&c->hard_deadline, seconds > 0 ? seconds : 0);
    gs_control_retain(c);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int started = pthread_create(&thread, &attr, gs_hard_stop_main, c) == 0;
    pthread_attr_destroy(&attr);
    if (started) c->has_hard_stop = 1;
    pthread_mutex_unlock(&c->lock);
    if (!started) gs_control_release(c);
    return started;
}

void gs_set_emergency_handler(lua_State *L, gs_emergency_handler handler, void *context) {
    gs_control *c = gs_control_of(L);
    pthread_mutex_lock(&c->lock);
    c->emergency = handler;
    c->emergency_context = context;
    pthread_mutex_unlock(&c->lock);
}

int gs_start_watchdog(lua_State *L, double seconds, const char *name) {
    gs_control *c = gs_control_of(L);
    if (c->has_watchdog) return 0;
    c->timeout = seconds;
    snprintf(c->timeout_name, sizeof c->timeout_name, "%s", name != NULL ? name : "");
    if (!(seconds > 0)) { /* spent already: stop now, not when a thread gets round to it */
        char msg[128];
        snprintf(msg, sizeof msg, "timeout: the script ran longer than 0 seconds%s", c->timeout_name);
        gs_request_stop(c, GS_STOP_LIMIT, 0, msg);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &c->deadline);
    gs_add_seconds(&c->deadline, seconds);
    gs_control_retain(c);
    if (pthread_create(&c->watchdog, NULL, gs_watchdog_main, c) != 0) {
        gs_control_release(c);
        return 0;
    }
    c->has_watchdog = 1;
    return 1;
}

static int gs_os_exit(lua_State *L) {
    int code;
    if (lua_isboolean(L, 1)) code = lua_toboolean(L, 1) ? EXIT_SUCCESS : EXIT_FAILURE;
    else {
        lua_Integer requested = luaL_optinteger(L, 1, EXIT_SUCCESS);
        /* A process exit status is 0..255; anything else would be truncated, so 256 would read as success. */
        luaL_argcheck(L, requested >= 0 && requested <= 255, 1, "exit code must be an integer from 0 to 255");
        code = (int)requested;
    }
    char msg[64];
    snprintf(msg, sizeof msg, "os.exit(%d) ended the script", code);
    gs_control *c = gs_control_of(L);
    pthread_mutex_lock(&c->lock);
    if (atomic_load(&c->stop) == GS_STOP_NONE) c->exit_closes = lua_toboolean(L, 2);
    gs_request_stop_locked(c, GS_STOP_EXIT, code, msg);
    pthread_mutex_unlock(&c->lock);
    return gs_enforce_stop(L);
}

/* ---- coroutines ------------------------------------------------------------ */

void gs_mark_task(lua_State *thread) { *(const void **)lua_getextraspace(thread) = &gs_task_tag; }
int gs_is_task(lua_State *thread) { return *(const void **)lua_getextraspace(thread) == &gs_task_tag; }

int gs_take_suspended(lua_State *L) {
    gs_control *c = gs_control_of(L);
    int s = c->suspended;
    c->suspended = 0;
    return s;
}

void gs_push_raise_marker(lua_State *L, int with_position) {
    lua_pushlightuserdata(L, (void *)(with_position ? &gs_raise_marker : &gs_reraise_marker));
}

/* With time slices on, every thread a host task runs gets the count hook that
 * ends its slice (a coroutine made before slicing, or by a callback, included);
 * a pending stop's every-instruction hook is left in place. */
static void gs_arm_slice_hook(gs_control *c, lua_State *co) {
    if (c->slice_ns <= 0) return;
    pthread_mutex_lock(&c->lock);
    if (atomic_load(&c->stop) == GS_STOP_NONE)
        lua_sethook(co, gs_hook, LUA_MASKCOUNT, c->budget > 0 ? c->hook_interval : GS_SLICE_CHECK_INSTRUCTIONS);
    pthread_mutex_unlock(&c->lock);
}

/* Makes `next` the running thread under the lock the watchdog holds while it
 * reads `running` to hook it: a stop requested around the swap reaches `next`
 * too, instead of a thread that just stopped running. */
static lua_State *gs_swap_running(gs_control *c, lua_State *next) {
    pthread_mutex_lock(&c->lock);
    lua_State *previous = atomic_exchange(&c->running, next);
    if (next != NULL && atomic_load(&c->stop) != GS_STOP_NONE) lua_sethook(next, gs_hook, LUA_MASKCOUNT, 1);
    pthread_mutex_unlock(&c->lock);
    return previous;
}

static int gs_tracked_resume(lua_State *from, lua_State *co, int nargs, int *nresults) {
    gs_control *c = gs_control_of(from);
    gs_arm_slice_hook(c, co);
    lua_State *previous = gs_swap_running(c, co);
    atomic_fetch_add(&c->in_lua, 1);
    int status = lua_resume(co, from, nargs, nresults);
    atomic_fetch_sub(&c->in_lua, 1);
    gs_swap_running(c, previous);
    return status;
}

int gs_resume(lua_State *L, lua_State *thread, int nargs, int *nresults) {
    gs_control *c = gs_control_of(L);
    if (c->slice_ns > 0) c->slice_start_ns = gs_monotonic_ns();
    return gs_tracked_resume(L, thread, nargs, nresults);
}

/* Closes one thread's pending to-be-closed variables and marks it dead. */
static int gs_close_one(gs_control *c, lua_State *L, lua_State *thread) {
    lua_State *previous = gs_swap_running(c, thread);
    atomic_fetch_add(&c->in_lua, 1);
#if LUA_VERSION_RELEASE_NUM >= 50406
    int status = lua_closethread(thread, L);
#else
    int status = lua_resetthread(thread);
#endif
    atomic_fetch_sub(&c->in_lua, 1);
    gs_swap_running(c, previous);
    return status;
}

static lua_State *gs_parked_child(lua_State *L, lua_State *parent);
static void gs_forget_parked_child(lua_State *L, lua_State *parent);
#define GS_EXTRA(t) (*(const void **)lua_getextraspace(t))
/* More nested resumes than Lua's C stack allows (LUAI_MAXCCALLS, 200). */
#define GS_MAX_NESTING 256

/* A task waiting two coroutines deep holds to-be-closed variables at every
 * level: they close innermost first, as the unwinding of an error would close
 * them. A handler's error does not stop the outer levels from closing; the
 * last one raised is the one reported (as within one thread). */
int gs_close_task(lua_State *L, lua_State *thread) {
    gs_control *c = gs_control_of(L);
    lua_State *chain[GS_MAX_NESTING];
    int depth = 0;
    int walkable = lua_checkstack(L, 4);
    for (lua_State *t = thread; t != NULL && depth < GS_MAX_NESTING; t = walkable ? gs_parked_child(L, t) : NULL) chain[depth++] = t;
    int failed = LUA_OK;
    for (int level = depth - 1; level >= 0; level--) {
        lua_State *t = chain[level];
        if (walkable) gs_forget_parked_child(L, t);
        int status = gs_close_one(c, L, t);
        if (level > 0) GS_EXTRA(t) = NULL; /* dead now, no longer "normal" */
        if (status != LUA_OK) {
            if (failed != LUA_OK) lua_pop(L, 1);
            lua_xmove(t, L, 1);
            failed = status;
        }
    }
    return failed;
}

/* Closes a task that ended with an error (or a stop): its pending to-be-closed
 * variables run with that error, as they would if it had unwound a protected
 * call. LUA_OK when they ran without raising; otherwise the status, with the
 * error a handler raised (which replaces the task's) on L's top. */
int gs_close_failed_task(lua_State *L, lua_State *thread) {
    if (!lua_checkstack(L, 3) || !lua_checkstack(thread, 1)) return LUA_OK;
    lua_pushvalue(thread, -1);
    lua_xmove(thread, L, 1);
    int status = gs_close_task(L, thread);
    if (status == LUA_OK || lua_rawequal(L, -1, -2)) {
        lua_pop(L, status == LUA_OK ? 1 : 2);
        return LUA_OK;
    }
    lua_remove(L, -2);
    return status;
}

/* ---- user coroutines under host tasks ----------------------------------------
 *
 * A host function that waits (wait, cam:next_frame) suspends its task: the
 * task's thread yields to the host, which resumes it when the event comes.
 * When the call is made inside the script's own coroutines (a generator over
 * frames), the wait must suspend the whole task and later continue exactly
 * there, while coroutine.status/running/isyieldable keep telling the truth.
 *
 * Two designs were weighed. OpenResty's flat trampoline makes every
 * coroutine.resume a yield to the host, which then resumes the child itself:
 * one level per wait, but every coroutine's status is then a fiction the host
 * must maintain (a resumer appears "suspended" to Lua while it should be
 * "normal"). cqueues propagates a tagged yield instead: coroutine.resume (our
 * own, below) sees that its child yielded for the host, yields its own thread
 * the same way, and when resumed resumes the child with the values. Costs grow
 * with nesting depth (one resume per level, and generators are rarely deep),
 * but Lua's own statuses stay true at every level. We use propagation.
 *
 * A thread's extra space says what it is: &gs_task_tag for a host task;
 * &gs_parked_tag for a coroutine whose child waits for the host (Lua sees it
 * as "normal": it is in the middle of a resume); the resuming thread while a
 * user coroutine runs (so a host call can find its task); NULL otherwise. */

static const char gs_parked_tag = 0;
/* registry: a parked thread's address -> the coroutine it resumed, which waits
 * with it; so closing a task can reach every level (gs_close_task). */
static const char gs_parked_children_key = 0;

static lua_State *gs_parked_child(lua_State *L, lua_State *parent) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_parked_children_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return NULL;
    }
    lua_rawgetp(L, -1, parent);
    lua_State *child = lua_tothread(L, -1);
    lua_pop(L, 2);
    return child;
}

/* Assigning nil to a key present allocates nothing, so this cannot raise. */
static void gs_forget_parked_child(lua_State *L, lua_State *parent) {
    if (!lua_checkstack(L, 2)) return;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_parked_children_key) == LUA_TTABLE) {
        lua_pushnil(L);
        lua_rawsetp(L, -2, parent);
    }
    lua_pop(L, 1);
}

/* Walks from `L` up through the script's coroutines to the host task they run
 * in: that task's thread, or NULL when there is none; *blocked says whether a
 * level on the way cannot yield (a C call such as table.sort stands between). */
static lua_State *gs_task_of(lua_State *L, int *blocked) {
    *blocked = 0;
    for (int depth = 0; L != NULL && depth < GS_MAX_NESTING; depth++) {
        if (!lua_isyieldable(L)) *blocked = 1;
        const void *extra = GS_EXTRA(L);
        if (extra == &gs_task_tag) return L;
        if (extra == NULL || extra == &gs_parked_tag) return NULL;
        L = (lua_State *)extra;
    }
    return NULL;
}

lua_State *gs_waiting_task(lua_State *L) {
    int blocked;
    lua_State *task = gs_task_of(L, &blocked);
    return blocked ? NULL : task;
}

int gs_task_unyieldable(lua_State *L) {
    int blocked;
    return gs_task_of(L, &blocked) != NULL && blocked;
}

static int gs_resume_child(lua_State *L, lua_State *co, int narg, int wrap);

/* Continues a resume whose child waited for the host: the values the host
 * resumed this thread with go to the child, where its host call returns them. */
static int gs_resume_child_k(lua_State *L, int status, lua_KContext wrap) {
    (void)status;
    lua_State *co = lua_tothread(L, wrap ? lua_upvalueindex(1) : 1);
    gs_forget_parked_child(L, L);
    return gs_resume_child(L, co, lua_gettop(L) - (wrap ? 0 : 1), (int)wrap);
}

/* lcorolib's auxresume and its callers' result handling, plus tracking, stop
 * propagation and host waits propagated upward. */
static int gs_resume_child(lua_State *L, lua_State *co, int narg, int wrap) {
    gs_control *c = gs_control_of(L);
    int nres;
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        goto failed;
    }
    lua_xmove(L, co, narg);
    GS_EXTRA(co) = L;
    int status = gs_tracked_resume(L, co, narg, &nres);
    GS_EXTRA(co) = NULL;
    if (atomic_load(&c->stop) != GS_STOP_NONE) return gs_enforce_stop(L);
    if (status == LUA_YIELD && c->suspended) {
        /* The child waits for the host, or its time slice ended
         * (gs_waiting_task checked that every level can yield): this thread
         * waits with it. */
        lua_pop(co, nres);
        if (lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_parked_children_key) == LUA_TTABLE) {
            lua_pushvalue(L, wrap ? lua_upvalueindex(1) : 1);
            lua_rawsetp(L, -2, L);
        }
        lua_pop(L, 1);
        GS_EXTRA(co) = &gs_parked_tag;
        return lua_yieldk(L, 0, (lua_KContext)wrap, gs_resume_child_k);
    }
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            goto failed;
        }
        lua_xmove(co, L, nres);
        if (wrap) return nres;
        lua_pushboolean(L, 1);
        lua_insert(L, -(nres + 1));
        return nres + 1;
    }
    lua_xmove(co, L, 1);
    if (wrap) {
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {
#if LUA_VERSION_RELEASE_NUM >= 50406
            stat = lua_closethread(co, L);
#else
            stat = lua_resetthread(co);
#endif
            lua_pop(L, 1);
            lua_xmove(co, L, 1);
        }
        if (stat != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
failed:
    if (wrap) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* Only the host resumes a task, and only the resume a parked coroutine waits in may continue it. */
static const char *gs_unresumable(lua_State *co) {
    if (GS_EXTRA(co) == &gs_task_tag) return "cannot resume a host task with coroutine.resume";
    if (GS_EXTRA(co) == &gs_parked_tag) return "cannot resume non-suspended coroutine";
    return NULL;
}

static int gs_coresume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    const char *refusal = gs_unresumable(co);
    if (refusal != NULL) {
        lua_pushboolean(L, 0);
        lua_pushstring(L, refusal);
        return 2;
    }
    return gs_resume_child(L, co, lua_gettop(L) - 1, 0);
}

static int gs_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    const char *refusal = gs_unresumable(co);
    if (refusal != NULL) return luaL_error(L, "%s", refusal);
    return gs_resume_child(L, co, lua_gettop(L), 1);
}

static int gs_cowrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, gs_auxwrap, 1);
    return 1;
}

/* To the script a host task is what the main thread is to lua5.4: the main
 * chunk (and each spawned function or callback) is not a coroutine. */
static int gs_corunning(lua_State *L) {
    int ismain = lua_pushthread(L);
    lua_pushboolean(L, ismain || GS_EXTRA(L) == &gs_task_tag);
    return 2;
}

static lua_State *gs_optco(lua_State *L) {
    if (lua_isnone(L, 1)) return L;
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    return co;
}

static int gs_coisyieldable(lua_State *L) {
    lua_State *co = gs_optco(L);
    lua_pushboolean(L, lua_isyieldable(co) && GS_EXTRA(co) != &gs_task_tag);
    return 1;
}

static int gs_coyield(lua_State *L) {
    if (GS_EXTRA(L) == &gs_task_tag) { /* lua5.4's words for the main thread, without a position */
        lua_pushliteral(L, "attempt to yield from outside a coroutine");
        return lua_error(L);
    }
    return lua_yield(L, lua_gettop(L));
}

/* lcorolib's auxstatus; a parked coroutine is in the middle of a resume. */
static int gs_costatus(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    const char *status;
    if (L == co) status = "running";
    else if (GS_EXTRA(co) == &gs_parked_tag) status = "normal";
    else {
        lua_Debug ar;
        switch (lua_status(co)) {
        case LUA_YIELD: status = "suspended"; break;
        case LUA_OK:
            if (lua_getstack(co, 0, &ar)) status = "normal";
            else status = lua_gettop(co) == 0 ? "dead" : "suspended";
            break;
        default: status = "dead"; break;
        }
    }
    lua_pushstring(L, status);
    return 1;
}

/* coroutine.close, refusing what only the host may end. */
static int gs_coclose(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    if (GS_EXTRA(co) == &gs_parked_tag) return luaL_error(L, "cannot close a normal coroutine");
    /* A waiting task belongs to the host; one that resumed us is "normal" and Lua refuses it itself. */
    if (GS_EXTRA(co) == &gs_task_tag && lua_status(co) == LUA_YIELD)
        return luaL_error(L, "cannot close a host task (cancel it with task:cancel())");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The coroutine functions that must know about host tasks (close, which
 * wraps the original, is set on its own). */
static const luaL_Reg gs_coroutine_functions[] = {
    {"resume", gs_coresume},   {"wrap", gs_cowrap},    {"running", gs_corunning}, {"isyieldable", gs_coisyieldable},
    {"yield", gs_coyield},     {"status", gs_costatus}, {NULL, NULL},
};

static int p_openlibs(lua_State *L) {
    luaL_openlibs(L);
    lua_getglobal(L, "coroutine");
    luaL_setfuncs(L, gs_coroutine_functions, 0);
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, gs_coclose, 1);
    lua_setfield(L, -2, "close");
    lua_getglobal(L, "os");
    lua_pushcfunction(L, gs_os_exit);
    lua_setfield(L, -2, "exit");
    lua_pushliteral(L, "stack overflow (too many values for the Lua stack)");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &gs_overflow_key);
    lua_newtable(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &gs_parked_children_key);
    return 0;
}

/* ---- protected helpers ------------------------------------------------------ */

static int gs_protect(lua_State *L, lua_CFunction f, int nargs, int nresults) {
    if (!lua_checkstack(L, nresults + 3)) {
        lua_settop(L, -nargs - 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_overflow_key);
        return LUA_ERRERR;
    }
    lua_pushcfunction(L, f);
    lua_insert(L, -nargs - 1);
    return lua_pcall(L, nargs, nresults, 0);
}

int gs_openlibs(lua_State *L) { return gs_protect(L, p_openlibs, 0, 0); }

static int p_randomseed(lua_State *L) { /* seed */
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    return 0;
}
int gs_randomseed(lua_State *L, lua_Integer seed) {
    lua_pushinteger(L, seed);
    return gs_protect(L, p_randomseed, 1, 0);
}

static int p_pushlstring(lua_State *L) {
    lua_pushlstring(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2));
    return 1;
}
int gs_pushlstring(lua_State *L, const char *s, size_t len) {
    if (!lua_checkstack(L, 2)) return gs_protect(L, p_pushlstring, 0, 1);
    lua_pushlightuserdata(L, (void *)s);
    lua_pushinteger(L, (lua_Integer)len);
    return gs_protect(L, p_pushlstring, 2, 1);
}

static int p_newtable(lua_State *L) {
    lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
    return 1;
}
int gs_newtable(lua_State *L, int narray, int nrecord) {
    lua_pushinteger(L, narray);
    lua_pushinteger(L, nrecord);
    return gs_protect(L, p_newtable, 2, 1);
}

static int p_rawseti(lua_State *L) { /* table, value, index */
    lua_pushvalue(L, 2);
    lua_rawseti(L, 1, lua_tointeger(L, 3));
    return 0;
}
int gs_rawseti(lua_State *L, int table, lua_Integer i) {
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    lua_pushinteger(L, i);
    return gs_protect(L, p_rawseti, 3, 0);
}

static int p_rawsetfield(lua_State *L) { /* table, value, key */
    lua_pushstring(L, (const char *)lua_touserdata(L, 3));
    lua_pushvalue(L, 2);
    lua_rawset(L, 1);
    return 0;
}
int gs_rawsetfield(lua_State *L, int table, const char *key) {
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    lua_pushlightuserdata(L, (void *)key);
    return gs_protect(L, p_rawsetfield, 3, 0);
}

static int p_getfield(lua_State *L) {
    lua_getfield(L, 1, (const char *)lua_touserdata(L, 2));
    return 1;
}
int gs_getfield(lua_State *L, int table, const char *key) {
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_pushlightuserdata(L, (void *)key);
    return gs_protect(L, p_getfield, 2, 1);
}

static int p_setfield(lua_State *L) { /* table, value, key */
    lua_pushvalue(L, 2);
    lua_setfield(L, 1, (const char *)lua_touserdata(L, 3));
    return 0;
}
int gs_setfield(lua_State *L, int table, const char *key) {
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    lua_pushlightuserdata(L, (void *)key);
    return gs_protect(L, p_setfield, 3, 0);
}

static int p_getglobal(lua_State *L) {
    lua_getglobal(L, (const char *)lua_touserdata(L, 1));
    return 1;
}
int gs_getglobal(lua_State *L, const char *name) {
    lua_pushlightuserdata(L, (void *)name);
    return gs_protect(L, p_getglobal, 1, 1);
}

static int p_setglobal(lua_State *L) { /* value, name */
    lua_pushvalue(L, 1);
    lua_setglobal(L, (const char *)lua_touserdata(L, 2));
    return 0;
}
int gs_setglobal(lua_State *L, const char *name) {
    lua_pushlightuserdata(L, (void *)name);
    return gs_protect(L, p_setglobal, 2, 0);
}

static int p_tostring(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}
int gs_tostring(lua_State *L, int index) {
    lua_pushvalue(L, index);
    return gs_protect(L, p_tostring, 1, 1);
}

static int p_ref(lua_State *L) {
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}
int gs_ref(lua_State *L, int *ref) {
    int status = gs_protect(L, p_ref, 1, 1);
    if (status == LUA_OK) {
        *ref = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return status;
}

static int p_unref(lua_State *L) {
    luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 1));
    return 0;
}
int gs_unref(lua_State *L, int ref) {
    lua_pushinteger(L, ref);
    return gs_protect(L, p_unref, 1, 0);
}

/* One gs_check as the trampoline runs it: the Lua types that fit as a mask
 * (bit type + 1, so LUA_TNONE is bit 0), and what a number must also be. */
enum { GS_FIT_INTEGER = 1, GS_FIT_RANGED = 2 };
typedef struct {
    unsigned types;
    int number; /* GS_FIT_* for a number that fits the mask */
    double low, high;
} gs_fit;

struct gs_function {
    void *box;
    int first, last; /* the arguments checked: first..<last */
    int complete;
    gs_fit fits[];
};

gs_function *gs_function_new(void *box, int offset, const gs_check *checks, int count, int complete) {
    if (count < 0) count = 0;
    gs_function *f = (gs_function *)malloc(sizeof(gs_function) + (size_t)count * sizeof(gs_fit));
    if (f == NULL) return NULL;
    f->box = box;
    f->first = offset + 1;
    f->last = offset + 1 + count;
    f->complete = complete;
    for (int i = 0; i < count; i++) {
        const gs_check *check = &checks[i];
        gs_fit *fit = &f->fits[i];
        fit->types = 0;
        fit->number = check->ranged ? GS_FIT_RANGED : 0;
        fit->low = check->low;
        fit->high = check->high;
        switch (check->kind) {
        case GS_CHECK_ANY: fit->types = ~0u; break;
        case GS_CHECK_TYPE:
            if (check->type >= LUA_TNONE && check->type < LUA_NUMTYPES) fit->types = 1u << (check->type + 1);
            break;
        case GS_CHECK_INTEGER:
            fit->types = 1u << (LUA_TNUMBER + 1);
            fit->number |= GS_FIT_INTEGER;
            break;
        default: f->complete = 0; break;
        }
        if (check->optional) fit->types |= 1u << (LUA_TNONE + 1) | 1u << (LUA_TNIL + 1);
    }
    return f;
}

void gs_function_free(gs_function *function) { free(function); }

static int gs_trampoline(lua_State *L);
static int p_pushfunction(lua_State *L) { /* function, name (a C string as light userdata) */
    lua_pushstring(L, (const char *)lua_touserdata(L, 2));
    lua_replace(L, 2);
    lua_pushcclosure(L, gs_trampoline, 2);
    return 1;
}
int gs_pushfunction(lua_State *L, gs_function *function, const char *name) {
    lua_pushlightuserdata(L, function);
    lua_pushlightuserdata(L, (void *)name);
    return gs_protect(L, p_pushfunction, 2, 1);
}

static int p_newobject(lua_State *L) { /* box, metatable ref */
    gs_payload *payload = (gs_payload *)lua_newuserdatauv(L, sizeof(gs_payload), 0);
    payload->tag = &gs_box_tag;
    payload->box = lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, lua_tointeger(L, 2));
    lua_setmetatable(L, -2);
    return 1;
}
int gs_newobject(lua_State *L, void *box, int metatable_ref) {
    lua_pushlightuserdata(L, box);
    lua_pushinteger(L, metatable_ref);
    return gs_protect(L, p_newobject, 2, 1);
}

static int gs_gc(lua_State *L) {
    gs_payload *payload = gs_payload_at(L, 1);
    if (payload != NULL && payload->box != NULL) {
        void *box = payload->box;
        payload->box = NULL; /* a resurrected userdata must not reach the released box */
        gs_swift_release(box);
    }
    return 0;
}

static inline int gs_call_swift(lua_State *L, void *function, int settled);

/* lua_close runs the remaining finalizers after the host has let go of the
 * run (the world is closed, the trace flushed), so they may use only Lua. The
 * position is the script's: C functions (pcall) and the host's Lua wrappers
 * (log's; LuaState.load names host chunks "=...", so their source is "@=...")
 * are passed over. */
static int gs_refuse_while_closing(lua_State *L, const char *what) {
    lua_Debug ar;
    const char *where = "";
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strncmp(ar.source, "@=", 2) != 0) {
            where = lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            break;
        }
    }
    lua_pushfstring(L, "%s%s cannot be used while the run is ending (in a __gc finalizer run as the Lua state closes)",
                    where, what);
    return lua_error(L);
}

/* __index: methods from a table (fast path), then the class's field getter. */
static int gs_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    void *fields = lua_touserdata(L, lua_upvalueindex(2));
    if (fields == NULL) return 0;
    if (gs_is_closing(L)) {
        const char *name = luaL_getmetafield(L, 1, "__name") == LUA_TSTRING ? lua_tostring(L, -1) : "host object";
        return gs_refuse_while_closing(L, lua_pushfstring(L, "a %s's fields", name));
    }
    return gs_call_swift(L, fields, 0);
}

static int p_newclass(lua_State *L) { /* methods, name, fields */
    lua_createtable(L, 0, 6);
    lua_pushstring(L, (const char *)lua_touserdata(L, 2));
    lua_setfield(L, -2, "__name");
    /* Sealed: getmetatable shows only the class name, so a script can neither
     * call __gc on a foreign value nor copy the metatable's entries elsewhere. */
    lua_createtable(L, 0, 1);
    lua_pushstring(L, (const char *)lua_touserdata(L, 2));
    lua_setfield(L, -2, "__name");
    lua_setfield(L, -2, "__metatable");
    lua_pushcfunction(L, gs_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_pushcclosure(L, gs_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, -1);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 2;
}
int gs_newclass(lua_State *L, const char *name, void *fields, int *ref) {
    lua_pushlightuserdata(L, (void *)name);
    lua_pushlightuserdata(L, fields);
    int status = gs_protect(L, p_newclass, 3, 2);
    if (status == LUA_OK) {
        *ref = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return status;
}

static int p_rawsetp(lua_State *L) { /* table, value, key */
    lua_pushvalue(L, 2);
    lua_rawsetp(L, 1, lua_touserdata(L, 3));
    return 0;
}
int gs_rawsetp(lua_State *L, int table, const void *key) {
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    lua_pushlightuserdata(L, (void *)key);
    return gs_protect(L, p_rawsetp, 3, 0);
}

static int p_newweaktable(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, (const char *)lua_touserdata(L, 1));
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    return 1;
}
int gs_newweaktable(lua_State *L, const char *mode) {
    lua_pushlightuserdata(L, (void *)mode);
    return gs_protect(L, p_newweaktable, 1, 1);
}

static int p_newthread(lua_State *L) {
    lua_newthread(L);
    return 1;
}
int gs_newthread(lua_State *L, lua_State **thread) {
    int status = gs_protect(L, p_newthread, 0, 1);
    if (status == LUA_OK) *thread = lua_tothread(L, -1);
    return status;
}

static int p_loadbuffer(lua_State *L) { /* buffer, size, chunkname, mode */
    const char *mode = (const char *)lua_touserdata(L, 4);
    int status = luaL_loadbufferx(L, (const char *)lua_touserdata(L, 1), (size_t)lua_tointeger(L, 2),
                                  (const char *)lua_touserdata(L, 3), mode);
    lua_pushinteger(L, status);
    return 2;
}
int gs_loadbuffer(lua_State *L, const char *buffer, size_t size, const char *chunkname, const char *mode) {
    lua_pushlightuserdata(L, (void *)buffer);
    lua_pushinteger(L, (lua_Integer)size);
    lua_pushlightuserdata(L, (void *)chunkname);
    lua_pushlightuserdata(L, (void *)mode);
    int status = gs_protect(L, p_loadbuffer, 4, 2);
    if (status != LUA_OK) return status;
    status = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return status;
}

static int p_loadfile(lua_State *L) { /* filename, mode */
    int status = luaL_loadfilex(L, (const char *)lua_touserdata(L, 1), (const char *)lua_touserdata(L, 2));
    lua_pushinteger(L, status);
    return 2;
}
int gs_loadfile(lua_State *L, const char *filename, const char *mode) {
    lua_pushlightuserdata(L, (void *)filename);
    lua_pushlightuserdata(L, (void *)mode);
    int status = gs_protect(L, p_loadfile, 2, 2);
    if (status != LUA_OK) return status;
    status = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return status;
}

/* Keeps the error value as is (error tables survive) and stores the traceback. */
static int gs_message_handler(lua_State *L) {
    luaL_traceback(L, L, NULL, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &gs_traceback_key);
    lua_settop(L, 1);
    return 1;
}

int gs_pcall_traceback(lua_State *L, int nargs, int nresults) {
    if (!lua_checkstack(L, nresults + 3)) {
        lua_settop(L, -nargs - 2);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_overflow_key);
        lua_pushnil(L);
        return LUA_ERRERR;
    }
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, gs_message_handler);
    lua_insert(L, base);
    gs_control *c = gs_control_of(L);
    atomic_fetch_add(&c->in_lua, 1);
    int status = lua_pcall(L, nargs, nresults, base);
    atomic_fetch_sub(&c->in_lua, 1);
    lua_remove(L, base);
    if (status != LUA_OK) {
        if (status == LUA_ERRRUN) {
            lua_rawgetp(L, LUA_REGISTRYINDEX, &gs_traceback_key);
            lua_pushnil(L);
            lua_rawsetp(L, LUA_REGISTRYINDEX, &gs_traceback_key); /* existing key: no allocation */
        } else {
            lua_pushnil(L);
        }
    }
    return status;
}

static int p_error_report(lua_State *L) { /* value, thread-or-nil, with_traceback */
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        lua_pushvalue(L, 1);
        lua_tostring(L, -1);
    } else if (!(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    } else {
        /* An error object that describes itself (a DAT error raised by a waiting call)
         * carries no position as a string error does: the report starts with the
         * script's line where it was raised, found on the failed thread's stack (host
         * chunks passed over). Other values keep lua5.4's words. */
        lua_State *failed = lua_tothread(L, 2);
        lua_Debug ar;
        for (int level = 0; failed != NULL && lua_getstack(failed, level, &ar); level++) {
            if (lua_getinfo(failed, "Sl", &ar) && ar.currentline > 0 && strncmp(ar.source, "@=", 2) != 0) {
                lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
                lua_insert(L, -2);
                lua_concat(L, 2);
                break;
            }
        }
    }
    lua_State *thread = lua_tothread(L, 2);
    if (thread != NULL && lua_toboolean(L, 3)) luaL_traceback(L, thread, NULL, 0);
    else lua_pushnil(L);
    return 2;
}
int gs_error_report(lua_State *L, int index, lua_State *thread, int with_traceback) {
    index = lua_absindex(L, index);
    lua_pushvalue(L, index);
    if (thread != NULL) lua_pushthread(thread), lua_xmove(thread, L, 1);
    else lua_pushnil(L);
    lua_pushboolean(L, with_traceback);
    return gs_protect(L, p_error_report, 3, 2);
}

void *gs_tobox(lua_State *L, int index) {
    gs_payload *payload = gs_payload_at(L, index);
    return payload != NULL ? payload->box : NULL;
}

/* ---- the trampoline: the only place Swift results turn into raises ---------- */

static int gs_resume_continuation(lua_State *L, int status, lua_KContext base) {
    (void)status;
    int first = (int)base + 1;
    int n = lua_gettop(L) - (int)base;
    if (n >= 2 && lua_touserdata(L, first) == &gs_reraise_marker) {
        lua_pushvalue(L, first + 1);
        return lua_error(L);
    }
    if (n >= 2 && lua_touserdata(L, first) == &gs_raise_marker) {
        if (lua_type(L, first + 1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_pushvalue(L, first + 1);
            lua_concat(L, 2);
        } else {
            lua_pushvalue(L, first + 1);
        }
        return lua_error(L);
    }
    return n;
}

/* 1 when the running function is argument 1's __call: Lua put the called object
 * before the arguments the script wrote (`cam:photo{}` calls `cam.photo`), so errors
 * number those arguments one lower, as the script sees them. */
static int gs_called_through_metamethod(lua_State *L) {
    lua_Debug ar;
    int through = 0;
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "f", &ar)) {
        if (luaL_getmetafield(L, 1, "__call") != LUA_TNIL) {
            through = lua_rawequal(L, -1, -2);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return through;
}

/* luaL_argerror, except that where Lua knows no name for the function (called
 * through pcall or a local) the message uses the name it was registered under,
 * kept in the trampoline's second upvalue, instead of '?'. */
static int gs_argerror(lua_State *L, int argument, const char *message) {
    lua_Debug ar;
    argument -= gs_called_through_metamethod(L);
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name == NULL &&
        lua_type(L, lua_upvalueindex(2)) == LUA_TSTRING)
        return luaL_error(L, "bad argument #%d to '%s' (%s)", argument, lua_tostring(L, lua_upvalueindex(2)), message);
    return luaL_argerror(L, argument, message);
}

/* luaL_typeerror with gs_argerror's naming. The expected type's message now sits
 * above the arguments, so the host tells a missing argument by passing its
 * number negated (it looked before pushing). */
static int gs_typeerror(lua_State *L, int argument, const char *expected) {
    const char *actual = "no value";
    if (argument < 0) {
        argument = -argument;
    } else {
        actual = luaL_typename(L, argument);
        if (luaL_getmetafield(L, argument, "__name") == LUA_TSTRING) actual = lua_tostring(L, -1);
        else if (lua_type(L, argument) == LUA_TLIGHTUSERDATA) actual = "light userdata";
    }
    return gs_argerror(L, argument, lua_pushfstring(L, "%s expected, got %s", expected, actual));
}

/* What a status below 0 from Swift means: a raise or a suspension. Out of line,
 * so the common path (results pushed) stays a call and a return. */
static __attribute__((noinline)) int gs_swift_status(lua_State *L, int n, int argument) {
    switch (n) {
    case GS_RAISE_WHERE:
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    case GS_RAISE_ARGUMENT:
        return gs_argerror(L, argument, lua_tostring(L, -1));
    case GS_RAISE_TYPE:
        return gs_typeerror(L, argument, lua_tostring(L, -1));
    case GS_SUSPEND:
        gs_control_of(L)->suspended = GS_SUSPENDED_WAIT;
        return lua_yieldk(L, 0, (lua_KContext)lua_gettop(L), gs_resume_continuation);
    default:
        return lua_error(L);
    }
}

static inline __attribute__((always_inline)) int gs_call_swift(lua_State *L, void *function, int settled) {
    int argument = 0;
    int n = gs_swift_dispatch(L, function, settled, &argument);
    if (__builtin_expect(n >= 0, 1)) return n;
    return gs_swift_status(L, n, argument);
}

/* Whether a number that fits a parameter's types also fits what it says of numbers. */
static __attribute__((noinline)) int gs_number_fits(lua_State *L, int index, const gs_fit *fit) {
    if ((fit->number & GS_FIT_INTEGER) && !lua_isinteger(L, index)) return 0;
    if (fit->number & GS_FIT_RANGED) {
        lua_Number value = lua_tonumberx(L, index, NULL);
        if (!(value >= fit->low && value <= fit->high)) return 0;
    }
    return 1;
}

/* Whether the arguments pass every check of `f`, so that Swift need not look at
 * them. Never raises, and reads without conversion: a value that fails here may
 * still fit (a string for a number, 3.0 for an integer), which Swift decides. */
static inline int gs_arguments_fit(lua_State *L, const gs_function *f) {
    if (!f->complete) return 0;
    const gs_fit *fit = f->fits;
    for (int index = f->first; index < f->last; index++, fit++) {
        int type = lua_type(L, index);
        if (!((fit->types >> (type + 1)) & 1u)) return 0;
        if (__builtin_expect(fit->number != 0, 0) && type == LUA_TNUMBER && !gs_number_fits(L, index, fit)) return 0;
    }
    return 1;
}

static __attribute__((noinline, cold)) int gs_trampoline_closing(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    return gs_refuse_while_closing(L, name != NULL ? lua_pushfstring(L, "'%s'", name) : "a host function");
}

static int gs_trampoline(lua_State *L) {
    if (__builtin_expect(gs_is_closing(L), 0)) return gs_trampoline_closing(L);
    const gs_function *f = (const gs_function *)lua_touserdata(L, lua_upvalueindex(1));
    if (f == NULL) return gs_call_swift(L, NULL, 0);
    return gs_call_swift(L, f->box, gs_arguments_fit(L, f));
}

int gs_caller_line(lua_State *L, char *buffer, size_t size) {
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) return 0;
    snprintf(buffer, size, "%s:%d", ar.short_src, ar.currentline);
    return 1;
}

void gs_write_stderr(const char *text) {
    fputs(text, stderr);
    fflush(stderr);
}

void gs_flush_stdout(void) { fflush(stdout); }

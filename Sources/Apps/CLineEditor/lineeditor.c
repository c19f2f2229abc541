#include "CLineEditor.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include <editline/readline.h>

#ifdef __APPLE__
#define GS_EDIT_LIBRARY "libedit.3.dylib"
#else
#define GS_EDIT_LIBRARY "libedit.so.2"
#endif

/* Every function and variable used, resolved by name; the types come from the header. */
#define GS_EDIT_SYMBOLS(X) \
    X(readline) X(add_history) X(read_history) X(write_history) X(stifle_history) \
    X(rl_forced_update_display) X(rl_resize_terminal) X(rl_attempted_completion_function) X(rl_completer_word_break_characters) \
    X(rl_completion_append_character) X(rl_attempted_completion_over) X(rl_outstream) X(rl_getc_function) \
    X(rl_catch_signals)

#define GS_EDIT_FIELD(name) __typeof__(name) *name;
static struct { GS_EDIT_SYMBOLS(GS_EDIT_FIELD) } libedit;
static char libedit_error[512];
static pthread_once_t libedit_once = PTHREAD_ONCE_INIT;

static void gs_edit_load(void) {
    void *library = dlopen(GS_EDIT_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(libedit_error, sizeof libedit_error,
                 "line editing needs libedit (Debian: apt install libedit2; macOS has it): %s", dlerror());
        return;
    }
#define GS_EDIT_RESOLVE(name) \
    if (!(libedit.name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(libedit_error, sizeof libedit_error, "%s has no %s; install a newer libedit", GS_EDIT_LIBRARY, #name); \
        return; \
    }
    GS_EDIT_SYMBOLS(GS_EDIT_RESOLVE)
#undef GS_EDIT_RESOLVE
}

int gs_edit_open(char *error, size_t capacity) {
    pthread_once(&libedit_once, gs_edit_load);
    if (!libedit_error[0]) return 0;
    if (error && capacity) snprintf(error, capacity, "%s", libedit_error);
    return -1;
}

char *gs_edit_readline(const char *prompt) { return libedit.readline(prompt); }
void gs_edit_add_history(const char *line) { libedit.add_history(line); }
int gs_edit_read_history(const char *path) { return libedit.read_history(path); }
int gs_edit_write_history(const char *path) { return libedit.write_history(path); }
void gs_edit_stifle_history(int entries) { libedit.stifle_history(entries); }

void gs_edit_configure(gs_edit_completion_fn *complete) {
    static char breaks[] = " \t\n\"\\'`@$><=;|&{(,+-*/%^#~[]";
    *libedit.rl_attempted_completion_function = complete;
    *libedit.rl_completer_word_break_characters = breaks;
    *libedit.rl_completion_append_character = 0;
}

void gs_edit_no_default_completion(void) { *libedit.rl_attempted_completion_over = 1; }

void gs_edit_use_terminal(FILE *out, int (*getc)(FILE *)) {
    *libedit.rl_outstream = out;
    *libedit.rl_getc_function = getc;
    *libedit.rl_catch_signals = 0;
}

void gs_edit_redisplay(void) { libedit.rl_forced_update_display(); }
void gs_edit_resize(void) { libedit.rl_resize_terminal(); }

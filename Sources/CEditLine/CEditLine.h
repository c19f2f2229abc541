// libedit's readline interface, for the REPL's line editing and history.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

// Setters for libedit's globals, so Swift never touches C mutable state directly.
static inline void gs_edit_configure(rl_completion_func_t *complete) {
    static char breaks[] = " \t\n\"\\'`@$><=;|&{(,+-*/%^#~[]";
    rl_attempted_completion_function = complete;
    rl_completer_word_break_characters = breaks;
    rl_completion_append_character = 0;
}

// Routes libedit's input through `getc` and its drawing to `out`, and leaves
// signals to the host (libedit's own handlers would race with the host's).
// Must run before anything initialises libedit (readline, read_history).
static inline void gs_edit_use_terminal(FILE *out, int (*getc)(FILE *)) {
    rl_outstream = out;
    rl_getc_function = getc;
    rl_catch_signals = 0;
}

// Tells readline not to fall back to file name completion.
static inline void gs_edit_no_default_completion(void) { rl_attempted_completion_over = 1; }

// Draws the prompt and the line being edited again, after other output.
static inline void gs_edit_redisplay(void) { rl_forced_update_display(); }

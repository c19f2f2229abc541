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

// Tells readline not to fall back to file name completion.
static inline void gs_edit_no_default_completion(void) { rl_attempted_completion_over = 1; }

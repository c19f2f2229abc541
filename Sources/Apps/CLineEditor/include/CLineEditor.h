#ifndef CLINEEDITOR_H
#define CLINEEDITOR_H

/* The REPL's line editor: libedit's readline interface, opened with dlopen the
 * first time a REPL needs it. Linking libedit (and with it libtinfo, libbsd and
 * libmd) would cost every `glasses run` most of a millisecond of start-up. */

#include <stddef.h>
#include <stdio.h>

/* Opens libedit; 0 on success, else -1 with the reason and the fix in `error`. */
int gs_edit_open(char *error, size_t capacity);

/* After a successful gs_edit_open only. */

/* readline(3): the edited line without its newline (free it), NULL at end of input. */
char *gs_edit_readline(const char *prompt);
void gs_edit_add_history(const char *line);
int gs_edit_read_history(const char *path);
int gs_edit_write_history(const char *path);
void gs_edit_stifle_history(int entries);

/* Completion: `complete(word, start, end)` returns a malloc'd, NULL-terminated
 * list (readline's: the common prefix first, then the candidates) or NULL. */
typedef char **gs_edit_completion_fn(const char *word, int start, int end);
void gs_edit_configure(gs_edit_completion_fn *complete);
/* Inside `complete`: do not fall back to file name completion. */
void gs_edit_no_default_completion(void);

/* Routes input through `getc` and drawing to `out`, and leaves signals to the
 * host (libedit's own handlers would race with the host's). Call before
 * anything initialises libedit (any other gs_edit_ call but gs_edit_open). */
void gs_edit_use_terminal(FILE *out, int (*getc)(FILE *));

/* Draws the prompt and the line being edited again, after other output. */
void gs_edit_redisplay(void);
/* Reads the terminal's size again (after SIGWINCH, which the host handles). */
void gs_edit_resize(void);

#endif

#ifndef CTERMINAL_H
#define CTERMINAL_H

/* Terminal plumbing for the REPL that Swift must not do itself: signal handlers
 * (only async-signal-safe C may run there) and C stdio's global streams. */

/* Installs a handler for each of `signals` that writes the signal's number (one
 * byte) to a pipe, and returns the pipe's read end, which a thread can block
 * on; -1 with errno set on failure. Call once. The handlers restart
 * interrupted system calls (SA_RESTART). */
int gs_term_signal_pipe(const int *signals, int count);

/* Line-buffers C's stdout, as it is on a terminal, after it was pointed at a pipe. */
void gs_term_line_buffer_stdout(void);

#endif

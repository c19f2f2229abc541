#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int signal_pipe_write = -1;

static void gs_term_on_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    /* Non-blocking: a full pipe (thousands of unread signals) drops the byte
     * rather than blocking inside the handler. */
    (void)!write(signal_pipe_write, &byte, 1);
    errno = saved;
}

int gs_term_signal_pipe(const int *signals, int count) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFL, O_NONBLOCK);
    signal_pipe_write = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = gs_term_on_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) {
            int saved = errno;
            close(fds[0]);
            close(fds[1]);
            signal_pipe_write = -1;
            errno = saved;
            return -1;
        }
    }
    return fds[0];
}

void gs_term_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

#include "CSpeechLibraries.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- Test speech from the espeak-ng program (Debian: espeak-ng), run once per text.
 * Not the library: libespeak-ng's voice carries state from one text to the next (the same
 * text gives different samples call after call) and does not start again cleanly after
 * espeak_Terminate, while a fresh process gives the same samples for the same text, every
 * time. The text is one argv element: no shell sees it. */

/* The voice PocketSphinx's en-us model hears best of those tried (espeak-ng's default `en` at
 * 175 words a minute it mostly mishears): American English, female variant 2, 130 words a minute, 50 ms between
 * words. */
static const char *const csl_espeak_arguments[] = {"espeak-ng", "--stdout", "-v", "en-us+f2", "-s", "130", "-g", "5", "--", NULL};
enum { CSL_ARGUMENT_COUNT = sizeof csl_espeak_arguments / sizeof *csl_espeak_arguments - 1 };
/* espeak-ng writes a canonical 44-byte RIFF header, 16-bit mono at this rate. */
enum { CSL_WAV_HEADER = 44, CSL_ESPEAK_RATE = 22050 };

extern char **environ;

static int csl_synthesis_failed(char *err, const char *message, const char *detail) {
    snprintf(err, CSL_ERROR_CAPACITY, "%s%s", message, detail ? detail : "");
    return -1;
}

int csl_synthesize(const char *text, double max_seconds, int16_t **samples, size_t *count, int *rate, char *err) {
    /* The most output kept: the header and max_seconds of samples. */
    double limit_bytes = CSL_WAV_HEADER + (max_seconds > 0 ? max_seconds : 0) * CSL_ESPEAK_RATE * 2.0;
    size_t limit = limit_bytes < (double)(SIZE_MAX / 4) ? (size_t)limit_bytes : SIZE_MAX / 4;
    int output[2];
    if (pipe(output) != 0) return csl_synthesis_failed(err, "cannot start espeak-ng: ", strerror(errno));
    const char *arguments[CSL_ARGUMENT_COUNT + 2];
    memcpy(arguments, csl_espeak_arguments, sizeof(char *) * CSL_ARGUMENT_COUNT);
    arguments[CSL_ARGUMENT_COUNT] = text;
    arguments[CSL_ARGUMENT_COUNT + 1] = NULL;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, output[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t child;
    int spawned = posix_spawnp(&child, "espeak-ng", &actions, NULL, (char *const *)arguments, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(output[1]);
    if (spawned != 0) {
        close(output[0]);
        return csl_synthesis_failed(err, "synthesised speech needs the espeak-ng program (Debian: apt-get install espeak-ng): ", strerror(spawned));
    }
    unsigned char *bytes = NULL;
    size_t length = 0, capacity = 0;
    int read_failed = 0, too_long = 0;
    for (;;) {
        if (length == capacity) {
            capacity = capacity ? capacity * 2 : 1 << 16;
            unsigned char *grown = realloc(bytes, capacity);
            if (!grown) { read_failed = 1; break; }
            bytes = grown;
        }
        ssize_t got = read(output[0], bytes + length, capacity - length);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) { read_failed = got < 0; break; }
        length += (size_t)got;
        if (length > limit) { too_long = 1; break; }
    }
    close(output[0]);
    if (too_long) kill(child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (too_long) {
        free(bytes);
        return CSL_SPEECH_TOO_LONG;
    }
    if (read_failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || length < CSL_WAV_HEADER) {
        free(bytes);
        return csl_synthesis_failed(err, "espeak-ng could not synthesise the text", NULL);
    }
    size_t frames = (length - CSL_WAV_HEADER) / 2;
    int16_t *pcm = malloc(frames ? frames * sizeof *pcm : 1);
    if (!pcm) {
        free(bytes);
        return csl_synthesis_failed(err, "out of memory for the synthesised speech", NULL);
    }
    memcpy(pcm, bytes + CSL_WAV_HEADER, frames * sizeof *pcm);
    free(bytes);
    *samples = pcm;
    *count = frames;
    *rate = CSL_ESPEAK_RATE;
    return 0;
}

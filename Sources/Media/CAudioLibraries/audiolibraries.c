#include "CAudioLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#ifdef __APPLE__
#define GS_SNDFILE_LIBRARY "libsndfile.1.dylib"
#define GS_SOXR_LIBRARY "libsoxr.0.dylib"
#else
#define GS_SNDFILE_LIBRARY "libsndfile.so.1"
#define GS_SOXR_LIBRARY "libsoxr.so.0"
#endif

#define GS_SNDFILE_SYMBOLS(X) \
    X(sf_open) X(sf_close) X(sf_strerror) X(sf_write_short) X(sf_readf_float) X(sf_seek) X(sf_command)
#define GS_SOXR_SYMBOLS(X) X(soxr_create) X(soxr_delete) X(soxr_process)

#define GS_FIELD(name) __typeof__(name) *name;
static struct { GS_SNDFILE_SYMBOLS(GS_FIELD) } sndfile;
static struct { GS_SOXR_SYMBOLS(GS_FIELD) } soxr;
static char sndfile_problem[512], soxr_problem[512];
static pthread_once_t sndfile_once = PTHREAD_ONCE_INIT, soxr_once = PTHREAD_ONCE_INIT;

/* Opens `library`; on failure writes why into `error` and returns NULL. */
static void *gs_open(const char *library, const char *package, char *error, size_t capacity) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        snprintf(error, capacity, "audio needs %s (Debian: apt install %s): %s", library, package, dlerror());
    return handle;
}

#define GS_RESOLVE(table, handle, library, error, name) \
    if (!(table.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        snprintf(error, sizeof error, "%s has no %s; install a newer version", library, #name); \
        return; \
    }

static void gs_open_sndfile(void) {
    void *handle = gs_open(GS_SNDFILE_LIBRARY, "libsndfile1", sndfile_problem, sizeof sndfile_problem);
    if (!handle) return;
#define GS_RESOLVE_SNDFILE(name) GS_RESOLVE(sndfile, handle, GS_SNDFILE_LIBRARY, sndfile_problem, name)
    GS_SNDFILE_SYMBOLS(GS_RESOLVE_SNDFILE)
}

static void gs_open_soxr(void) {
    void *handle = gs_open(GS_SOXR_LIBRARY, "libsoxr0", soxr_problem, sizeof soxr_problem);
    if (!handle) return;
#define GS_RESOLVE_SOXR(name) GS_RESOLVE(soxr, handle, GS_SOXR_LIBRARY, soxr_problem, name)
    GS_SOXR_SYMBOLS(GS_RESOLVE_SOXR)
}

static int gs_sndfile_ready(void) {
    pthread_once(&sndfile_once, gs_open_sndfile);
    return sndfile_problem[0] == 0;
}

SNDFILE *gs_sf_open(const char *path, int mode, SF_INFO *info) {
    return gs_sndfile_ready() ? sndfile.sf_open(path, mode, info) : NULL;
}

const char *gs_sf_strerror(SNDFILE *file) {
    return gs_sndfile_ready() ? sndfile.sf_strerror(file) : sndfile_problem;
}

/* The rest take a file, which only an opened library can have given. */
int gs_sf_close(SNDFILE *file) { return sndfile.sf_close(file); }
sf_count_t gs_sf_write_short(SNDFILE *file, const short *samples, sf_count_t count) {
    return sndfile.sf_write_short(file, samples, count);
}
sf_count_t gs_sf_readf_float(SNDFILE *file, float *frames, sf_count_t count) {
    return sndfile.sf_readf_float(file, frames, count);
}
sf_count_t gs_sf_seek(SNDFILE *file, sf_count_t frames, int whence) { return sndfile.sf_seek(file, frames, whence); }
int gs_sf_command(SNDFILE *file, int command, void *data, int size) {
    return sndfile.sf_command(file, command, data, size);
}

soxr_t gs_soxr_create(double input_rate, double output_rate, unsigned channels, soxr_error_t *error) {
    pthread_once(&soxr_once, gs_open_soxr);
    if (soxr_problem[0]) {
        if (error) *error = soxr_problem;
        return NULL;
    }
    return soxr.soxr_create(input_rate, output_rate, channels, error, NULL, NULL, NULL);
}

void gs_soxr_delete(soxr_t resampler) { soxr.soxr_delete(resampler); }

soxr_error_t gs_soxr_process(soxr_t resampler, soxr_in_t input, size_t input_frames, size_t *input_done,
                             soxr_out_t output, size_t output_frames, size_t *output_done) {
    return soxr.soxr_process(resampler, input, input_frames, input_done, output, output_frames, output_done);
}

#ifndef CAUDIOLIBRARIES_H
#define CAUDIOLIBRARIES_H

/* libsndfile (audio files) and libsoxr (resampling), opened with dlopen the
 * first time audio is read, written or resampled. Linking them would load
 * libsndfile's codec stack (FLAC, Vorbis, Opus, MPEG) and OpenMP into every
 * `glasses run`, a millisecond of start-up for scripts that never touch audio.
 *
 * The headers give the types; call only the gs_ functions below, which behave
 * like the functions they are named after. When a library cannot be opened,
 * gs_sf_open returns NULL and gs_sf_strerror(NULL) says why and how to fix it;
 * gs_soxr_create returns NULL with the reason in *error. */

#include <sndfile.h>
#include <soxr.h>

SNDFILE *gs_sf_open(const char *path, int mode, SF_INFO *info);
int gs_sf_close(SNDFILE *file);
const char *gs_sf_strerror(SNDFILE *file);
sf_count_t gs_sf_write_short(SNDFILE *file, const short *samples, sf_count_t count);
sf_count_t gs_sf_readf_float(SNDFILE *file, float *frames, sf_count_t count);
sf_count_t gs_sf_seek(SNDFILE *file, sf_count_t frames, int whence);
int gs_sf_command(SNDFILE *file, int command, void *data, int size);

soxr_t gs_soxr_create(double input_rate, double output_rate, unsigned channels, soxr_error_t *error);
void gs_soxr_delete(soxr_t resampler);
soxr_error_t gs_soxr_process(soxr_t resampler, soxr_in_t input, size_t input_frames, size_t *input_done,
                             soxr_out_t output, size_t output_frames, size_t *output_done);

#endif

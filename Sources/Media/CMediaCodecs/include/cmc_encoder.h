#ifndef CMC_ENCODER_H
#define CMC_ENCODER_H

/* Recording a camera stream to a fragmented MP4 (or MOV) file with FFmpeg's own
 * LGPL encoders: MPEG-4 Part 2 (`mpeg4`) for video, AAC (`aac`) for audio. The
 * file is written as fragments that each start at a keyframe, after a header
 * (`moov`) that needs nothing from the end, so a file cut short (a crash, a
 * killed process) still plays up to its last complete fragment. Output is
 * bit-exact: the same frames and samples give the same bytes. Each function
 * reports failure through its return value and `error`; none can longjmp. */

#include <stddef.h>
#include <stdint.h>

typedef struct cmc_encoder cmc_encoder;

typedef struct {
    /* "mp4" or "mov". */
    const char *container;
    /* The video's size; every frame is scaled to it. Even numbers (4:2:0). */
    int width, height;
    /* The frame rate the recording starts at (the container's nominal rate). */
    int frame_rate;
    /* Video timestamps count 1/ticks_per_second seconds (at most 65535: MPEG-4 Part 2's limit). */
    int ticks_per_second;
    /* MPEG-4 quantiser, 2 (best) to 31: constant quality, so size follows the picture. */
    int quantiser;
    /* Mono audio samples per second; 0 records video only. */
    int audio_rate;
} cmc_encoder_settings;

/* Opens FFmpeg (on first use), creates `path` and writes the file's header. */
cmc_encoder *cmc_encoder_open(const char *path, const cmc_encoder_settings *settings, char *error, size_t capacity);

/* Encodes one packed RGB24 frame of any size (scaled to the recording's) at
 * `pts` ticks, shown for `duration` ticks; `keyframe` forces an intra frame,
 * which starts a new fragment. Timestamps must increase. */
int cmc_encoder_video(cmc_encoder *encoder, const uint8_t *rgb, int width, int height,
                      int64_t pts, int64_t duration, int keyframe, char *error, size_t capacity);

/* Appends `count` mono samples (-1...1) right after the previous ones. */
int cmc_encoder_audio(cmc_encoder *encoder, const float *samples, size_t count, char *error, size_t capacity);

/* Drains the encoders, writes the last fragment and closes the file; frees
 * `encoder` whatever happens. Returns -1 (with `error`) if the file could not
 * be completed; what was written before stays playable. */
int cmc_encoder_close(cmc_encoder *encoder, char *error, size_t capacity);

#endif

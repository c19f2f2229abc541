#ifndef CMC_DECODER_H
#define CMC_DECODER_H

/* Footage as a camera feed: the video of an MP4, MOV or MKV file, played in a
 * loop on the run's clock. Opening a file reads its packets once (no decoding)
 * to learn every frame's presentation time, so which frame is shown at a time
 * is a pure function of that time, known before any frame is decoded. Frames
 * are then decoded on demand, sequentially, seeking only backwards (a loop, a
 * jump) or far forwards; the same times give the same pixels. A decoder is not
 * thread-safe: one thread owns it. */

#include <stddef.h>
#include <stdint.h>

typedef struct cmc_decoder cmc_decoder;

/* What cmc_decoder_open learnt about the video. */
typedef struct {
    int width, height;
    /* Frames, in presentation order. */
    int frame_count;
    /* Seconds one pass of the loop lasts: from the first frame's time to the end of the last frame. */
    double duration;
    /* FFmpeg's name for the codec, e.g. "h264", "hevc". */
    char codec[32];
} cmc_video_info;

/* Opens the best video stream of `path` (MP4/MOV or Matroska only; no network
 * protocols, no references to other files) and decodes its first frame, so a
 * file that cannot be played fails here. On failure returns NULL and writes
 * into `error` what is wrong and what to do about it. */
cmc_decoder *cmc_decoder_open(const char *path, cmc_video_info *info, char *error, size_t capacity);

/* The size of the best video stream of `path` from its container's parameters,
 * without opening a decoder (cheap for any resolution): 0, or -1 with `error` written. */
int cmc_video_probe(const char *path, int *width, int *height, char *error, size_t capacity);

/* The frame shown at `seconds` of run time: the last frame whose presentation
 * time is at or before `seconds` modulo the duration, to within one tick of the
 * container's time base (negative times show the first). */
int cmc_decoder_frame_at(const cmc_decoder *decoder, double seconds);

/* The presentation time of frame `index`, in seconds from the first frame. */
double cmc_decoder_frame_time(const cmc_decoder *decoder, int index);

/* Writes frame `index` scaled to width x height into `out`: one full-range
 * 8-bit luma byte per pixel (nearest sample), or packed RGB24 (bilinear).
 * Return 0, or -1 with the reason in `error`. */
int cmc_decoder_gray(cmc_decoder *decoder, int index, uint8_t *out, int width, int height, char *error, size_t capacity);
int cmc_decoder_rgb(cmc_decoder *decoder, int index, uint8_t *out, int width, int height, char *error, size_t capacity);

void cmc_decoder_close(cmc_decoder *decoder);

#endif

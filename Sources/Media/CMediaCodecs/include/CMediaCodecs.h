#ifndef CMEDIACODECS_H
#define CMEDIACODECS_H

/* Video files through FFmpeg's libraries (libavformat, libavcodec, libavutil,
 * libswscale). Nothing here is linked: each library is opened with dlopen the
 * first time a script asks for footage or a recording, so `glasses run` starts
 * as fast without them and a machine without FFmpeg still runs every other
 * script. Each function reports failure through its return value and a message
 * buffer; none can longjmp. */

#include <stddef.h>

/* Which library cmc_open_library opens. */
typedef enum {
    CMC_LIBAVUTIL,
    CMC_LIBAVCODEC,
    CMC_LIBAVFORMAT,
    CMC_LIBSWSCALE,
} cmc_library;

/* Opens one of FFmpeg's libraries, at the major version the headers we were
 * built with name (dlopen's reference count makes repeated calls cheap). On
 * failure it returns NULL and writes into `error` what to install. */
void *cmc_open_library(cmc_library which, char *error, size_t capacity);

#include "cmc_decoder.h"
#include "cmc_encoder.h"

#endif

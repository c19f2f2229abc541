#include "CMediaCodecs.h"
#include "cmc_fail.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

#include <libavcodec/version.h>
#include <libavformat/version.h>
#include <libavutil/version.h>
#include <libswscale/version.h>

#define CMC_STRINGIFY_(x) #x
#define CMC_STRINGIFY(x) CMC_STRINGIFY_(x)

#if defined(__APPLE__)
#define CMC_SONAME(name, major) "lib" name "." CMC_STRINGIFY(major) ".dylib"
#else
#define CMC_SONAME(name, major) "lib" name ".so." CMC_STRINGIFY(major)
#endif

void *cmc_open_library(cmc_library which, char *error, size_t capacity) {
    const char *soname = NULL;
    switch (which) {
    case CMC_LIBAVUTIL: soname = CMC_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR); break;
    case CMC_LIBAVCODEC: soname = CMC_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR); break;
    case CMC_LIBAVFORMAT: soname = CMC_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR); break;
    case CMC_LIBSWSCALE: soname = CMC_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR); break;
    }
    void *library = soname ? dlopen(soname, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!library && error && capacity > 0) {
        snprintf(error, capacity,
                 "video files need FFmpeg's libraries (Debian: apt-get install libavformat59 libavcodec59 "
                 "libswscale6; Homebrew: brew install ffmpeg): %s", dlerror());
    }
    return library;
}

int cmc_fail(char *error, size_t capacity, const char *format, ...) {
    if (error && capacity > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(error, capacity, format, args);
        va_end(args);
    }
    return -1;
}

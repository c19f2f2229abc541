/* ---- Faces (libGlassesFaces, opened on first use) -------------------------
 * The detector is dlib's, behind the C interface of the CFaceDetector target,
 * built as its own shared library. dlib (with BLAS and LAPACK) is a C++ stack
 * the glasses binary must not load at start, so this opens the library with
 * dlopen the first time a script asks a frame for faces, as codecs.c does for
 * libheif and libzbar. */

#include "CImageCodecs.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __APPLE__
#define CIC_FACES_LIBRARY "libGlassesFaces.dylib"
#else
#define CIC_FACES_LIBRARY "libGlassesFaces.so"
#endif
/* Must match CFaceDetector.h: this file declares the library's interface rather
 * than including it, so the binary has no build dependency on dlib. */
#define CIC_FACES_ABI_VERSION 1
#define CIC_FACES_LIBRARY_ERROR_CAPACITY 512

static struct {
    int (*abi_version)(void);
    int (*detect)(const uint8_t *grey, int width, int height, cic_face **faces, int *count, char *err);
    void (*free)(cic_face *faces);
} libfaces;
static char libfaces_error[CIC_FACES_ERROR_CAPACITY];
static pthread_once_t libfaces_once = PTHREAD_ONCE_INIT;

/* Where to look: $GLASSES_FACES_LIBRARY alone when set; otherwise beside the
 * running executable (where `swift build` puts it, for the binary and the test
 * runner alike), then the dynamic loader's own search path. */
static void *cic_faces_load(char *tried, size_t capacity) {
    const char *override = getenv("GLASSES_FACES_LIBRARY");
    if (override && *override) {
        snprintf(tried, capacity, "%s (GLASSES_FACES_LIBRARY)", override);
        return dlopen(override, RTLD_NOW | RTLD_LOCAL);
    }
    char beside[PATH_MAX] = "";
#ifdef __linux__
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            snprintf(beside, sizeof beside, "%s/%s", exe, CIC_FACES_LIBRARY);
        }
    }
#endif
    if (beside[0]) {
        void *library = dlopen(beside, RTLD_NOW | RTLD_LOCAL);
        /* Present but unloadable (dlib missing): that is the error to report. */
        if (library || access(beside, F_OK) == 0) {
            snprintf(tried, capacity, "%s", beside);
            return library;
        }
    }
    snprintf(tried, capacity, "%s%s%s (the loader's search path)", beside, beside[0] ? ", " : "", CIC_FACES_LIBRARY);
    return dlopen(CIC_FACES_LIBRARY, RTLD_NOW | RTLD_LOCAL);
}

static void cic_faces_open(void) {
    char tried[PATH_MAX + 128];
    void *library = cic_faces_load(tried, sizeof tried);
    if (!library) {
        snprintf(libfaces_error, sizeof libfaces_error,
                 "finding faces needs %s (`swift build` builds it next to the glasses binary; "
                 "GLASSES_FACES_LIBRARY names another) and dlib (Debian: apt-get install libdlib19.1); tried %s: %s",
                 CIC_FACES_LIBRARY, tried, dlerror());
        return;
    }
    libfaces.abi_version = (int (*)(void))dlsym(library, "cfd_abi_version");
    libfaces.detect = (int (*)(const uint8_t *, int, int, cic_face **, int *, char *))dlsym(library, "cfd_detect");
    libfaces.free = (void (*)(cic_face *))dlsym(library, "cfd_free");
    if (!libfaces.abi_version || !libfaces.detect || !libfaces.free || libfaces.abi_version() != CIC_FACES_ABI_VERSION)
        snprintf(libfaces_error, sizeof libfaces_error,
                 "%s is not the face detector this glasses binary was built with (rebuild both with `swift build`)", tried);
}

void cic_faces_free(cic_face *faces) {
    if (faces) libfaces.free(faces);
}

int cic_faces_detect(const uint8_t *grey, int width, int height, cic_face **faces, int *count, char *err) {
    *faces = NULL;
    *count = 0;
    pthread_once(&libfaces_once, cic_faces_open);
    if (libfaces_error[0]) {
        snprintf(err, CIC_FACES_ERROR_CAPACITY, "%s", libfaces_error);
        return -1;
    }
    char detail[CIC_FACES_LIBRARY_ERROR_CAPACITY] = "";
    if (libfaces.detect(grey, width, height, faces, count, detail) != 0) {
        snprintf(err, CIC_FACES_ERROR_CAPACITY, "%s", detail);
        return -1;
    }
    return 0;
}

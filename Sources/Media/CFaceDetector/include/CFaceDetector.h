#ifndef CFACEDETECTOR_H
#define CFACEDETECTOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// libGlassesFaces: dlib's HOG frontal-face detector behind a C interface that
/// never throws. The glasses binary does not link it: CImageCodecs' faces.c
/// opens it with dlopen on first use, and declares the same layout (checked
/// through cfd_abi_version).
#define CFD_ABI_VERSION 1
#define CFD_ERROR_CAPACITY 512

/// One face: its box in pixels from the top left, and dlib's detection
/// confidence (the SVM margin: 0 at the detector's threshold, above 1 a clear face).
typedef struct {
    int x, y, width, height;
    double score;
} cfd_face;

int cfd_abi_version(void);
/// Finds the frontal faces of about 80 pixels or more in an 8-bit grey image
/// (row-major, no padding). Returns 0 with `*faces` holding `*count` entries
/// (NULL when none; release with cfd_free), or -1 with a message in `err`
/// (CFD_ERROR_CAPACITY bytes).
int cfd_detect(const uint8_t *grey, int width, int height, cfd_face **faces, int *count, char *err);
void cfd_free(cfd_face *faces);

#ifdef __cplusplus
}
#endif

#endif

#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// Image codecs for the wearables core, as plain C functions that never abort
/// and never longjmp past their own frame. Pixels are packed 8-bit RGB, row-major,
/// no padding. Every function returns 0 on success or -1 with a message in `err`.
/// Buffers returned through `out` are malloc'ed; release them with cic_free.

#define CIC_ERROR_CAPACITY 256

int cic_jpeg_encode(const uint8_t *rgb, int width, int height, int quality,
                    uint8_t **out, size_t *out_size, char *err);
int cic_jpeg_decode(const uint8_t *data, size_t size,
                    uint8_t **rgb, int *width, int *height, char *err);

int cic_png_encode(const uint8_t *rgb, int width, int height,
                   uint8_t **out, size_t *out_size, char *err);
int cic_png_decode(const uint8_t *data, size_t size,
                   uint8_t **rgb, int *width, int *height, char *err);

int cic_heif_encode(const uint8_t *rgb, int width, int height, int quality,
                    uint8_t **out, size_t *out_size, char *err);
int cic_heif_decode(const uint8_t *data, size_t size,
                    uint8_t **rgb, int *width, int *height, char *err);

/// The width and height a JPEG, PNG or HEIC header declares, read without decoding a pixel,
/// so a caller can refuse or charge an image before its pixels are allocated.
int cic_image_dimensions(const uint8_t *data, size_t size, int *width, int *height, char *err);

void cic_free(void *buffer);

/// One code zbar found: its symbology's name ("QR-Code", "EAN-13", ...), its text
/// (malloc'ed, NUL-terminated, `text_length` bytes without the NUL) and the bounding
/// box of its location points, in pixels.
typedef struct {
    char type[32];
    char *text;
    size_t text_length;
    int x, y, width, height;
} cic_code;

/// Scans an 8-bit grey image (row-major, no padding) for QR codes and barcodes
/// with libzbar, opened on first use. On success `*codes` holds `*count` entries
/// (NULL when none); release them with cic_codes_free.
int cic_codes_scan(const uint8_t *grey, int width, int height,
                   cic_code **codes, int *count, char *err);
void cic_codes_free(cic_code *codes, int count);

/// One face: its box in pixels and the detector's confidence (dlib's SVM margin:
/// 0 at its threshold, above 1 a clear face). The layout of CFaceDetector's cfd_face.
typedef struct {
    int x, y, width, height;
    double score;
} cic_face;

/// Error messages from face detection name paths, so they get more room.
#define CIC_FACES_ERROR_CAPACITY 1536

/// Finds frontal faces in an 8-bit grey image (row-major, no padding) with
/// libGlassesFaces (dlib), opened on first use (faces.c). On success `*faces` holds
/// `*count` entries (NULL when none); release them with cic_faces_free. `err` holds
/// CIC_FACES_ERROR_CAPACITY bytes.
int cic_faces_detect(const uint8_t *grey, int width, int height,
                     cic_face **faces, int *count, char *err);
void cic_faces_free(cic_face *faces);

#endif

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

void cic_free(void *buffer);

#endif

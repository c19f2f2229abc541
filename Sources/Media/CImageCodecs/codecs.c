#include "CImageCodecs.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <libheif/heif.h>
#include <png.h>

static int fail(char *err, const char *what, const char *detail) {
    if (err) snprintf(err, CIC_ERROR_CAPACITY, "%s: %s", what, detail ? detail : "unknown error");
    return -1;
}

static int valid_size(int width, int height) {
    return width > 0 && height > 0 && width <= 16384 && height <= 16384;
}

void cic_free(void *buffer) { free(buffer); }

/* ---- JPEG (libjpeg-turbo) ------------------------------------------------
 * libjpeg's default error handler calls exit(); this manager records the
 * message and longjmps back into the same C function instead. */

struct cic_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cic_jpeg_error_exit(j_common_ptr cinfo) {
    struct cic_jpeg_error *e = (struct cic_jpeg_error *)cinfo->err;
    e->base.format_message(cinfo, e->message);
    longjmp(e->jump, 1);
}

static void cic_jpeg_silence(j_common_ptr cinfo) { (void)cinfo; }

int cic_jpeg_encode(const uint8_t *rgb, int width, int height, int quality,
                    uint8_t **out, size_t *out_size, char *err) {
    if (!rgb || !out || !out_size || !valid_size(width, height))
        return fail(err, "JPEG encode", "invalid image size");
    struct jpeg_compress_struct cinfo;
    struct cic_jpeg_error jerr;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = cic_jpeg_error_exit;
    jerr.base.output_message = cic_jpeg_silence;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return fail(err, "JPEG encode", jerr.message);
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = size;
    return 0;
}

int cic_jpeg_decode(const uint8_t *data, size_t size,
                    uint8_t **rgb, int *width, int *height, char *err) {
    if (!data || size == 0 || !rgb || !width || !height)
        return fail(err, "JPEG decode", "empty input");
    struct jpeg_decompress_struct cinfo;
    struct cic_jpeg_error jerr;
    uint8_t *volatile pixels = NULL;
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = cic_jpeg_error_exit;
    jerr.base.output_message = cic_jpeg_silence;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return fail(err, "JPEG decode", jerr.message);
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    if (!valid_size((int)cinfo.output_width, (int)cinfo.output_height) || cinfo.output_components != 3) {
        jpeg_destroy_decompress(&cinfo);
        return fail(err, "JPEG decode", "unsupported image size or layout");
    }
    size_t stride = (size_t)cinfo.output_width * 3;
    pixels = malloc(stride * cinfo.output_height);
    if (!pixels) {
        jpeg_destroy_decompress(&cinfo);
        return fail(err, "JPEG decode", "out of memory");
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.output_scanline * stride);
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    *width = (int)cinfo.output_width;
    *height = (int)cinfo.output_height;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    *rgb = pixels;
    return 0;
}

/* ---- PNG (libpng simplified API; it contains its own setjmp handling) ---- */

int cic_png_encode(const uint8_t *rgb, int width, int height,
                   uint8_t **out, size_t *out_size, char *err) {
    if (!rgb || !out || !out_size || !valid_size(width, height))
        return fail(err, "PNG encode", "invalid image size");
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgb, 0, NULL))
        return fail(err, "PNG encode", image.message);
    uint8_t *buffer = malloc(size);
    if (!buffer) return fail(err, "PNG encode", "out of memory");
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgb, 0, NULL)) {
        free(buffer);
        return fail(err, "PNG encode", image.message);
    }
    *out = buffer;
    *out_size = size;
    return 0;
}

int cic_png_decode(const uint8_t *data, size_t size,
                   uint8_t **rgb, int *width, int *height, char *err) {
    if (!data || size == 0 || !rgb || !width || !height)
        return fail(err, "PNG decode", "empty input");
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size))
        return fail(err, "PNG decode", image.message);
    if (!valid_size((int)image.width, (int)image.height)) {
        png_image_free(&image);
        return fail(err, "PNG decode", "unsupported image size");
    }
    image.format = PNG_FORMAT_RGB;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels) {
        png_image_free(&image);
        return fail(err, "PNG decode", "out of memory");
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        return fail(err, "PNG decode", image.message);
    }
    *width = (int)image.width;
    *height = (int)image.height;
    *rgb = pixels;
    return 0;
}

/* ---- HEIC (libheif with its HEVC encoder) --------------------------------
 * libheif is opened on first use instead of linked: linking loads its whole
 * codec stack (libde265, x265, aom, dav1d) into every run, and libde265's
 * initialisers alone cost milliseconds of start-up for the many scripts that
 * never touch HEIC. The types come from the header; the functions from dlsym. */

#ifdef __APPLE__
#define CIC_HEIF_LIBRARY "libheif.1.dylib"
#else
#define CIC_HEIF_LIBRARY "libheif.so.1"
#endif

#define CIC_HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) X(heif_context_free) X(heif_context_get_encoder_for_format) \
    X(heif_encoder_set_lossy_quality) X(heif_encoder_set_parameter_string) X(heif_encoder_release) X(heif_image_create) \
    X(heif_image_add_plane) X(heif_image_get_plane) X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) X(heif_image_get_height) X(heif_image_release) \
    X(heif_context_encode_image) X(heif_context_write) X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) X(heif_decode_image) X(heif_image_handle_release) \
    X(heif_image_handle_get_width) X(heif_image_handle_get_height)

#define CIC_HEIF_FIELD(name) __typeof__(name) *name;
static struct { CIC_HEIF_FUNCTIONS(CIC_HEIF_FIELD) } libheif;
static char libheif_error[CIC_ERROR_CAPACITY];
static pthread_once_t libheif_once = PTHREAD_ONCE_INIT;

static void cic_heif_open(void) {
    void *library = dlopen(CIC_HEIF_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(libheif_error, sizeof libheif_error,
                 "HEIC needs libheif (Debian: apt install libheif1; Homebrew: brew install libheif): %s", dlerror());
        return;
    }
#define CIC_HEIF_RESOLVE(name) \
    if (!(libheif.name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(libheif_error, sizeof libheif_error, "HEIC needs a newer libheif: %s has no %s", CIC_HEIF_LIBRARY, #name); \
        return; \
    }
    CIC_HEIF_FUNCTIONS(CIC_HEIF_RESOLVE)
#undef CIC_HEIF_RESOLVE
}

/* Opens libheif once; on failure says why in `err`. */
static int cic_heif_ready(const char *what, char *err) {
    pthread_once(&libheif_once, cic_heif_open);
    if (libheif_error[0]) return fail(err, what, libheif_error);
    return 0;
}

static struct heif_error cic_heif_write(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    struct { uint8_t *bytes; size_t size; } *sink = userdata;
    struct heif_error result = { heif_error_Ok, heif_suberror_Unspecified, "" };
    sink->bytes = malloc(size ? size : 1);
    if (!sink->bytes) {
        result.code = heif_error_Memory_allocation_error;
        result.message = "out of memory";
        return result;
    }
    memcpy(sink->bytes, data, size);
    sink->size = size;
    return result;
}

int cic_heif_encode(const uint8_t *rgb, int width, int height, int quality,
                    uint8_t **out, size_t *out_size, char *err) {
    if (!rgb || !out || !out_size || !valid_size(width, height))
        return fail(err, "HEIC encode", "invalid image size");
    if (cic_heif_ready("HEIC encode", err) != 0) return -1;
    int rc = -1;
    struct heif_context *ctx = libheif.heif_context_alloc();
    if (!ctx) return fail(err, "HEIC encode", "out of memory");
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_error e = libheif.heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder);
    if (e.code != heif_error_Ok) { fail(err, "HEIC encode", e.message); goto done; }
    libheif.heif_encoder_set_lossy_quality(encoder, quality < 1 ? 1 : (quality > 100 ? 100 : quality));
    /* The simulated glasses stand in for a hardware encoder: x265's default preset takes
       about 1.5 s of CPU for a 960x1280 still, which on a served world's wall clock is 30 s
       of run time at --speed 20. "ultrafast" is several times quicker; an encoder without
       the parameter keeps its default. */
    (void)libheif.heif_encoder_set_parameter_string(encoder, "preset", "ultrafast");
    e = libheif.heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
    if (e.code != heif_error_Ok) { fail(err, "HEIC encode", e.message); goto done; }
    e = libheif.heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
    if (e.code != heif_error_Ok) { fail(err, "HEIC encode", e.message); goto done; }
    int stride = 0;
    uint8_t *plane = libheif.heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++)
        memcpy(plane + (size_t)y * (size_t)stride, rgb + (size_t)y * (size_t)width * 3, (size_t)width * 3);
    e = libheif.heif_context_encode_image(ctx, image, encoder, NULL, NULL);
    if (e.code != heif_error_Ok) { fail(err, "HEIC encode", e.message); goto done; }
    struct { uint8_t *bytes; size_t size; } sink = { NULL, 0 };
    struct heif_writer writer = { 1, cic_heif_write };
    e = libheif.heif_context_write(ctx, &writer, &sink);
    if (e.code != heif_error_Ok) { free(sink.bytes); fail(err, "HEIC encode", e.message); goto done; }
    *out = sink.bytes;
    *out_size = sink.size;
    rc = 0;
done:
    if (image) libheif.heif_image_release(image);
    if (encoder) libheif.heif_encoder_release(encoder);
    libheif.heif_context_free(ctx);
    return rc;
}

int cic_heif_decode(const uint8_t *data, size_t size,
                    uint8_t **rgb, int *width, int *height, char *err) {
    if (!data || size == 0 || !rgb || !width || !height)
        return fail(err, "HEIC decode", "empty input");
    if (cic_heif_ready("HEIC decode", err) != 0) return -1;
    int rc = -1;
    struct heif_context *ctx = libheif.heif_context_alloc();
    if (!ctx) return fail(err, "HEIC decode", "out of memory");
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    struct heif_error e = libheif.heif_context_read_from_memory_without_copy(ctx, data, size, NULL);
    if (e.code != heif_error_Ok) { fail(err, "HEIC decode", e.message); goto done; }
    e = libheif.heif_context_get_primary_image_handle(ctx, &handle);
    if (e.code != heif_error_Ok) { fail(err, "HEIC decode", e.message); goto done; }
    e = libheif.heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL);
    if (e.code != heif_error_Ok) { fail(err, "HEIC decode", e.message); goto done; }
    int w = libheif.heif_image_get_width(image, heif_channel_interleaved);
    int h = libheif.heif_image_get_height(image, heif_channel_interleaved);
    if (!valid_size(w, h)) { fail(err, "HEIC decode", "unsupported image size"); goto done; }
    int stride = 0;
    const uint8_t *plane = libheif.heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    uint8_t *pixels = malloc((size_t)w * (size_t)h * 3);
    if (!pixels) { fail(err, "HEIC decode", "out of memory"); goto done; }
    for (int y = 0; y < h; y++)
        memcpy(pixels + (size_t)y * (size_t)w * 3, plane + (size_t)y * (size_t)stride, (size_t)w * 3);
    *rgb = pixels;
    *width = w;
    *height = h;
    rc = 0;
done:
    if (image) libheif.heif_image_release(image);
    if (handle) libheif.heif_image_handle_release(handle);
    libheif.heif_context_free(ctx);
    return rc;
}

/* ---- Dimensions from the header alone ---------------------------------- */

static int cic_jpeg_dimensions(const uint8_t *data, size_t size, int *width, int *height, char *err) {
    struct jpeg_decompress_struct cinfo;
    struct cic_jpeg_error jerr;
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = cic_jpeg_error_exit;
    jerr.base.output_message = cic_jpeg_silence;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return fail(err, "JPEG header", jerr.message);
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

static int cic_png_dimensions(const uint8_t *data, size_t size, int *width, int *height, char *err) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size))
        return fail(err, "PNG header", image.message);
    *width = image.width > 0x7fffffff ? 0x7fffffff : (int)image.width;
    *height = image.height > 0x7fffffff ? 0x7fffffff : (int)image.height;
    png_image_free(&image);
    return 0;
}

static int cic_heif_dimensions(const uint8_t *data, size_t size, int *width, int *height, char *err) {
    if (cic_heif_ready("HEIC header", err) != 0) return -1;
    int rc = -1;
    struct heif_context *ctx = libheif.heif_context_alloc();
    if (!ctx) return fail(err, "HEIC header", "out of memory");
    struct heif_image_handle *handle = NULL;
    struct heif_error e = libheif.heif_context_read_from_memory_without_copy(ctx, data, size, NULL);
    if (e.code != heif_error_Ok) { fail(err, "HEIC header", e.message); goto done; }
    e = libheif.heif_context_get_primary_image_handle(ctx, &handle);
    if (e.code != heif_error_Ok) { fail(err, "HEIC header", e.message); goto done; }
    *width = libheif.heif_image_handle_get_width(handle);
    *height = libheif.heif_image_handle_get_height(handle);
    rc = 0;
done:
    if (handle) libheif.heif_image_handle_release(handle);
    libheif.heif_context_free(ctx);
    return rc;
}

int cic_image_dimensions(const uint8_t *data, size_t size, int *width, int *height, char *err) {
    if (!data || size < 12 || !width || !height) return fail(err, "image header", "too short to be an image");
    if (data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return cic_jpeg_dimensions(data, size, width, height, err);
    if (data[0] == 0x89 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G') return cic_png_dimensions(data, size, width, height, err);
    if (memcmp(data + 4, "ftyp", 4) == 0) return cic_heif_dimensions(data, size, width, height, err);
    return fail(err, "image header", "expected JPEG, PNG or HEIC");
}

/* ---- QR codes and barcodes (libzbar, opened on first use) -----------------
 * Like libheif, libzbar is opened with dlopen the first time a script asks a
 * frame for its codes, so runs that never do pay nothing at start-up and a
 * machine without it still runs everything else. */

#include <zbar.h>

#ifdef __APPLE__
#define CIC_ZBAR_LIBRARY "libzbar.0.dylib"
#else
#define CIC_ZBAR_LIBRARY "libzbar.so.0"
#endif

#define CIC_ZBAR_FUNCTIONS(X) \
    X(zbar_image_scanner_create) X(zbar_image_scanner_destroy) X(zbar_image_create) \
    X(zbar_image_destroy) X(zbar_image_set_format) X(zbar_image_set_size) X(zbar_image_set_data) \
    X(zbar_scan_image) X(zbar_image_first_symbol) X(zbar_symbol_next) X(zbar_symbol_get_type) \
    X(zbar_get_symbol_name) X(zbar_symbol_get_data) X(zbar_symbol_get_data_length) \
    X(zbar_symbol_get_loc_size) X(zbar_symbol_get_loc_x) X(zbar_symbol_get_loc_y)

#define CIC_ZBAR_FIELD(name) __typeof__(name) *name;
static struct { CIC_ZBAR_FUNCTIONS(CIC_ZBAR_FIELD) } libzbar;
static char libzbar_error[CIC_ERROR_CAPACITY];
static pthread_once_t libzbar_once = PTHREAD_ONCE_INIT;

static void cic_zbar_open(void) {
    void *library = dlopen(CIC_ZBAR_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(libzbar_error, sizeof libzbar_error,
                 "reading codes needs libzbar (Debian: apt-get install libzbar0; Homebrew: brew install zbar): %s", dlerror());
        return;
    }
#define CIC_ZBAR_RESOLVE(name) \
    if (!(libzbar.name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(libzbar_error, sizeof libzbar_error, "reading codes needs a newer libzbar: %s has no %s", CIC_ZBAR_LIBRARY, #name); \
        return; \
    }
    CIC_ZBAR_FUNCTIONS(CIC_ZBAR_RESOLVE)
#undef CIC_ZBAR_RESOLVE
}

void cic_codes_free(cic_code *codes, int count) {
    if (!codes) return;
    for (int i = 0; i < count; i++) free(codes[i].text);
    free(codes);
}

int cic_codes_scan(const uint8_t *grey, int width, int height,
                   cic_code **codes, int *count, char *err) {
    if (!grey || !codes || !count || !valid_size(width, height))
        return fail(err, "code scan", "invalid image size");
    *codes = NULL;
    *count = 0;
    pthread_once(&libzbar_once, cic_zbar_open);
    if (libzbar_error[0]) return fail(err, "code scan", libzbar_error);

    zbar_image_scanner_t *scanner = libzbar.zbar_image_scanner_create();
    zbar_image_t *image = libzbar.zbar_image_create();
    if (!scanner || !image) {
        if (scanner) libzbar.zbar_image_scanner_destroy(scanner);
        if (image) libzbar.zbar_image_destroy(image);
        return fail(err, "code scan", "out of memory");
    }
    libzbar.zbar_image_set_format(image, zbar_fourcc('Y', '8', '0', '0'));
    libzbar.zbar_image_set_size(image, (unsigned)width, (unsigned)height);
    /* Borrowed pixels: no cleanup handler, the caller owns them past the scan. */
    libzbar.zbar_image_set_data(image, grey, (unsigned long)width * (unsigned long)height, NULL);
    int found = libzbar.zbar_scan_image(scanner, image);
    int result = 0;
    if (found < 0) {
        result = fail(err, "code scan", "libzbar could not scan the image");
    } else if (found > 0) {
        cic_code *list = calloc((size_t)found, sizeof *list);
        int n = 0;
        if (!list) result = fail(err, "code scan", "out of memory");
        for (const zbar_symbol_t *symbol = libzbar.zbar_image_first_symbol(image);
             list && symbol && n < found; symbol = libzbar.zbar_symbol_next(symbol)) {
            cic_code *code = &list[n];
            const char *name = libzbar.zbar_get_symbol_name(libzbar.zbar_symbol_get_type(symbol));
            snprintf(code->type, sizeof code->type, "%s", name ? name : "unknown");
            unsigned length = libzbar.zbar_symbol_get_data_length(symbol);
            const char *data = libzbar.zbar_symbol_get_data(symbol);
            code->text = malloc((size_t)length + 1);
            if (!code->text) {
                cic_codes_free(list, n);
                list = NULL;
                result = fail(err, "code scan", "out of memory");
                break;
            }
            if (length && data) memcpy(code->text, data, length);
            code->text[length] = 0;
            code->text_length = length;
            int min_x = width, min_y = height, max_x = -1, max_y = -1;
            unsigned points = libzbar.zbar_symbol_get_loc_size(symbol);
            for (unsigned p = 0; p < points; p++) {
                int px = libzbar.zbar_symbol_get_loc_x(symbol, p), py = libzbar.zbar_symbol_get_loc_y(symbol, p);
                if (px < min_x) min_x = px;
                if (py < min_y) min_y = py;
                if (px > max_x) max_x = px;
                if (py > max_y) max_y = py;
            }
            if (max_x < min_x || max_y < min_y) { min_x = min_y = 0; max_x = max_y = -1; }
            code->x = min_x;
            code->y = min_y;
            code->width = max_x - min_x + 1;
            code->height = max_y - min_y + 1;
            n++;
        }
        if (list) {
            *codes = list;
            *count = n;
        }
    }
    libzbar.zbar_image_destroy(image);
    libzbar.zbar_image_scanner_destroy(scanner);
    return result;
}

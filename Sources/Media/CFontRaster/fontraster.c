#include "CFontRaster.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H

/* ---- FreeType's functions, resolved on first use --------------------------------
 * The types come from the headers (libfreetype-dev); the functions from dlsym. */

#define CFR_FUNCTIONS(X) \
    X(FT_Init_FreeType) X(FT_Done_FreeType) X(FT_New_Face) X(FT_Done_Face) X(FT_Get_Char_Index) \
    X(FT_Get_Advance) X(FT_Set_Char_Size) X(FT_Set_Transform) X(FT_Load_Glyph)

#define CFR_FIELD(name) __typeof__(name) *name;
static struct { CFR_FUNCTIONS(CFR_FIELD) } ft;
static char ft_error[CFR_ERROR_CAPACITY];
static pthread_once_t ft_once = PTHREAD_ONCE_INIT;

#if defined(__APPLE__)
#define CFR_SONAME "libfreetype.6.dylib"
#else
#define CFR_SONAME "libfreetype.so.6"
#endif

static void cfr_library_open(void) {
    void *library = dlopen(CFR_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(ft_error, sizeof ft_error,
                 "the display's text needs FreeType (Debian: apt-get install libfreetype6; Homebrew: brew install freetype): %s",
                 dlerror());
        return;
    }
#define CFR_RESOLVE(name) \
    if (!(ft.name = (__typeof__(name) *)dlsym(library, #name))) { \
        snprintf(ft_error, sizeof ft_error, "the display's text needs a newer FreeType: it has no %s", #name); \
        return; \
    }
    CFR_FUNCTIONS(CFR_RESOLVE)
#undef CFR_RESOLVE
}

static int cfr_fail(char *err, const char *message, const char *detail) {
    if (err) snprintf(err, CFR_ERROR_CAPACITY, "%s%s", message, detail ? detail : "");
    return -1;
}

struct cfr_face {
    FT_Library library;
    FT_Face face;
    int pixel_size; /* the size last set on the face, 0 for none */
};

int cfr_face_open(const char *path, cfr_face **out, char *err) {
    pthread_once(&ft_once, cfr_library_open);
    if (ft_error[0]) return cfr_fail(err, ft_error, NULL);
    cfr_face *face = calloc(1, sizeof *face);
    if (!face) return cfr_fail(err, "out of memory opening ", path);
    if (ft.FT_Init_FreeType(&face->library)) {
        free(face);
        return cfr_fail(err, "FreeType did not start", NULL);
    }
    if (ft.FT_New_Face(face->library, path, 0, &face->face)) {
        ft.FT_Done_FreeType(face->library);
        free(face);
        return cfr_fail(err, "cannot open the font ", path);
    }
    *out = face;
    return 0;
}

void cfr_face_close(cfr_face *face) {
    if (!face) return;
    ft.FT_Done_Face(face->face);
    ft.FT_Done_FreeType(face->library);
    free(face);
}

void cfr_face_get_metrics(const cfr_face *face, cfr_face_metrics *metrics) {
    metrics->units_per_em = face->face->units_per_EM;
    metrics->ascender = face->face->ascender;
    metrics->descender = face->face->descender;
}

int cfr_has_glyph(cfr_face *face, uint32_t codepoint) {
    return ft.FT_Get_Char_Index(face->face, codepoint) != 0;
}

int cfr_advances(cfr_face *face, const uint32_t *codepoints, size_t count, int32_t *advances, char *err) {
    for (size_t i = 0; i < count; i++) {
        FT_Fixed advance = 0;
        FT_UInt glyph = ft.FT_Get_Char_Index(face->face, codepoints[i]);
        if (ft.FT_Get_Advance(face->face, glyph, FT_LOAD_NO_SCALE, &advance))
            return cfr_fail(err, "FreeType could not measure a glyph", NULL);
        advances[i] = (int32_t)advance;
    }
    return 0;
}

/* Blends one 8-bit coverage bitmap into the canvas at (left, top), clipped. */
static void cfr_blend(const FT_Bitmap *bitmap, int left, int top, uint8_t *canvas, int width,
                      int clip_x0, int clip_y0, int clip_x1, int clip_y1, const uint8_t colour[3]) {
    for (unsigned row = 0; row < bitmap->rows; row++) {
        int y = top + (int)row;
        if (y < clip_y0 || y >= clip_y1) continue;
        const uint8_t *coverage = bitmap->buffer + (ptrdiff_t)row * bitmap->pitch;
        for (unsigned column = 0; column < bitmap->width; column++) {
            int x = left + (int)column;
            unsigned alpha = coverage[column];
            if (x < clip_x0 || x >= clip_x1 || alpha == 0) continue;
            uint8_t *pixel = canvas + ((size_t)y * (size_t)width + (size_t)x) * 3;
            for (int c = 0; c < 3; c++)
                pixel[c] = (uint8_t)((colour[c] * alpha + pixel[c] * (255 - alpha) + 127) / 255);
        }
    }
}

int cfr_draw(cfr_face *face, int pixel_size, const uint32_t *codepoints, size_t count,
             double x, double baseline, uint8_t *canvas, int width, int height,
             int clip_x0, int clip_y0, int clip_x1, int clip_y1,
             uint8_t red, uint8_t green, uint8_t blue, char *err) {
    if (clip_x0 < 0) clip_x0 = 0;
    if (clip_y0 < 0) clip_y0 = 0;
    if (clip_x1 > width) clip_x1 = width;
    if (clip_y1 > height) clip_y1 = height;
    if (face->pixel_size != pixel_size) {
        if (ft.FT_Set_Char_Size(face->face, 0, (FT_F26Dot6)pixel_size * 64, 72, 72))
            return cfr_fail(err, "FreeType refused a text size", NULL);
        face->pixel_size = pixel_size;
    }
    const uint8_t colour[3] = {red, green, blue};
    const double scale = (double)pixel_size / face->face->units_per_EM;
    double pen = x;
    for (size_t i = 0; i < count; i++) {
        FT_UInt glyph = ft.FT_Get_Char_Index(face->face, codepoints[i]);
        /* The whole pixel goes to the bitmap's position, the fraction to FreeType,
         * so the glyph lands at the layout's subpixel pen position. */
        double whole = floor(pen);
        FT_Vector delta = {(FT_Pos)lround((pen - whole) * 64), (FT_Pos)lround((baseline - floor(baseline)) * -64)};
        ft.FT_Set_Transform(face->face, NULL, &delta);
        if (ft.FT_Load_Glyph(face->face, glyph, FT_LOAD_RENDER | FT_LOAD_NO_HINTING))
            return cfr_fail(err, "FreeType could not draw a glyph", NULL);
        FT_GlyphSlot slot = face->face->glyph;
        if (slot->bitmap.pixel_mode == FT_PIXEL_MODE_GRAY)
            cfr_blend(&slot->bitmap, (int)whole + slot->bitmap_left, (int)floor(baseline) - slot->bitmap_top,
                      canvas, width, clip_x0, clip_y0, clip_x1, clip_y1, colour);
        FT_Fixed advance = 0;
        ft.FT_Get_Advance(face->face, glyph, FT_LOAD_NO_SCALE, &advance);
        pen += (double)advance * scale;
    }
    ft.FT_Set_Transform(face->face, NULL, NULL);
    return 0;
}

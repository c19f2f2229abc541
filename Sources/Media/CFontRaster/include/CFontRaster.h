#ifndef CFONTRASTER_H
#define CFONTRASTER_H

#include <stddef.h>
#include <stdint.h>

/// Glyph metrics and rasterisation with FreeType, for the glasses' display: the
/// layout measures text with cfr_advances and the renderer draws it with cfr_draw,
/// from the same face and the same unhinted advances, so what the layout measured is
/// what the renderer draws. FreeType is opened with dlopen on first use (nothing is
/// linked), so a run that never shows a display never loads it.
///
/// A face is not thread-safe: callers serialise the calls on one face. Every function
/// returns 0 on success or -1 with a message in `err` (CFR_ERROR_CAPACITY bytes).

#define CFR_ERROR_CAPACITY 256

typedef struct cfr_face cfr_face;

/// A face's design metrics, in font units (FreeType's `units_per_EM`, `ascender`,
/// `descender`; the descender is negative).
typedef struct {
    int units_per_em;
    int ascender;
    int descender;
} cfr_face_metrics;

int cfr_face_open(const char *path, cfr_face **face, char *err);
void cfr_face_close(cfr_face *face);
void cfr_face_get_metrics(const cfr_face *face, cfr_face_metrics *metrics);

/// Whether the face has a glyph of its own for `codepoint` (not .notdef).
int cfr_has_glyph(cfr_face *face, uint32_t codepoint);

/// The unhinted horizontal advance of each code point, in font units (a missing
/// glyph advances as .notdef does). No kerning: the CSS side sets `font-kerning: none`.
int cfr_advances(cfr_face *face, const uint32_t *codepoints, size_t count, int32_t *advances, char *err);

/// Draws code points with their unhinted advances, starting at pen position `x` on
/// the baseline `baseline` (pixels, fractional: glyphs are placed at subpixel offsets),
/// blending `rgb` colour into a packed RGB canvas, inside the clip rectangle
/// [clip_x0, clip_x1) x [clip_y0, clip_y1).
int cfr_draw(cfr_face *face, int pixel_size, const uint32_t *codepoints, size_t count,
             double x, double baseline, uint8_t *canvas, int width, int height,
             int clip_x0, int clip_y0, int clip_x1, int clip_y1,
             uint8_t red, uint8_t green, uint8_t blue, char *err);

#endif

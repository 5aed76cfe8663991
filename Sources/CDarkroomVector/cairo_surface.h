#ifndef CDARKROOM_VECTOR_CAIRO_H
#define CDARKROOM_VECTOR_CAIRO_H

// What the SVG and PDF shims share: the part of glib's and cairo's C API they call,
// as those headers (glib 2.x, cairo 1.x) declare it — the headers are not included,
// as finding glib's through pkg-config brings a flag SwiftPM warns about — and the
// drawing surface over a caller's buffer.

#include <stddef.h>
#include <stdint.h>

typedef int gboolean;
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} GError;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

void g_object_unref(void *object);
void g_error_free(GError *error);
void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);

/// `text` into `message`, cut to `capacity`.
void CDarkroomVector_message(char *message, size_t capacity, const char *text);

/// A cairo context over `pixels` (`width` × `height`, zeroed), with a point p mapped
/// to the pixel `p * scale + (dx, dy)`; NULL when cairo cannot make one.
cairo_t *CDarkroomVector_begin(uint8_t *pixels, int width, int height, double scale, double dx, double dy);

/// Ends drawing with `cr`, then turns cairo's native-endian ARGB words in `pixels`
/// into premultiplied RGBA bytes. Returns whether cairo drew without an error.
int CDarkroomVector_end(cairo_t *cr, uint8_t *pixels, int width, int height);

#endif

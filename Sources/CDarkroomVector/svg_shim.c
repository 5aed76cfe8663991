#include "CDarkroomVector.h"
#include "cairo_surface.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The part of librsvg's C API this file calls, as its headers (librsvg 2.52 and
// later) declare it (cairo_surface.h says why the headers are not included).
typedef struct _RsvgHandle RsvgHandle;
typedef struct {
  double x, y, width, height;
} RsvgRectangle;
typedef struct {
  double length;
  int unit;
} RsvgLength;

RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t data_len, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_has_sub(RsvgHandle *handle, const char *id);
gboolean rsvg_handle_get_geometry_for_layer(RsvgHandle *handle, const char *id, const RsvgRectangle *viewport,
                                            RsvgRectangle *out_ink_rect, RsvgRectangle *out_logical_rect,
                                            GError **error);
gboolean rsvg_handle_render_layer(RsvgHandle *handle, cairo_t *cr, const char *id, const RsvgRectangle *viewport,
                                  GError **error);

struct CDarkroomSVG_document {
  RsvgHandle *handle;
  double width;
  double height;
};

static int fail(GError *error, char *message, size_t capacity, const char *fallback) {
  CDarkroomVector_message(message, capacity, error != NULL && error->message != NULL ? error->message : fallback);
  if (error != NULL) g_error_free(error);
  return CDarkroomVector_corrupt;
}

// "#id", the form librsvg names elements by; NULL stays NULL (the whole document).
static char *element(const char *id) {
  if (id == NULL) return NULL;
  size_t length = strlen(id);
  char *name = malloc(length + 2);
  if (name == NULL) return NULL;
  name[0] = '#';
  memcpy(name + 1, id, length + 1);
  return name;
}

int CDarkroomSVG_open(const uint8_t *data, size_t size, CDarkroomSVG_document **out, char *message,
                      size_t capacity) {
  *out = NULL;
  GError *error = NULL;
  // No base URI: librsvg then loads no external file the document names.
  RsvgHandle *handle = rsvg_handle_new_from_data(data, size, &error);
  if (handle == NULL) return fail(error, message, capacity, "not an SVG document");
  CDarkroomSVG_document *document = calloc(1, sizeof *document);
  if (document == NULL) {
    g_object_unref(handle);
    return CDarkroomVector_noMemory;
  }
  document->handle = handle;
  double width = 0, height = 0;
  if (rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
    document->width = width;
    document->height = height;
  } else {
    // Sizes in percent: the viewBox's, as the document's user units.
    gboolean has_width, has_height, has_viewbox;
    RsvgLength w, h;
    RsvgRectangle viewbox;
    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
    if (has_viewbox) {
      document->width = viewbox.width;
      document->height = viewbox.height;
    }
  }
  *out = document;
  return CDarkroomVector_ok;
}

void CDarkroomSVG_size(const CDarkroomSVG_document *document, double *width, double *height) {
  *width = document->width;
  *height = document->height;
}

int CDarkroomSVG_has(const CDarkroomSVG_document *document, const char *id) {
  char *name = element(id);
  if (name == NULL) return 0;
  int has = rsvg_handle_has_sub(document->handle, name) ? 1 : 0;
  free(name);
  return has;
}

int CDarkroomSVG_bounds(const CDarkroomSVG_document *document, const char *id, double box[8], char *message,
                        size_t capacity) {
  char *name = element(id);
  if (id != NULL && name == NULL) return CDarkroomVector_noMemory;
  if (name != NULL && !rsvg_handle_has_sub(document->handle, name)) {
    free(name);
    return CDarkroomVector_missing;
  }
  RsvgRectangle viewport = {0, 0, document->width, document->height};
  RsvgRectangle ink, logical;
  GError *error = NULL;
  gboolean done = rsvg_handle_get_geometry_for_layer(document->handle, name, &viewport, &ink, &logical, &error);
  free(name);
  if (!done) return fail(error, message, capacity, "its geometry cannot be measured");
  box[0] = ink.x;
  box[1] = ink.y;
  box[2] = ink.width;
  box[3] = ink.height;
  box[4] = logical.x;
  box[5] = logical.y;
  box[6] = logical.width;
  box[7] = logical.height;
  return CDarkroomVector_ok;
}

int CDarkroomSVG_draw(const CDarkroomSVG_document *document, const char *id, double scale, double dx, double dy,
                      uint8_t *pixels, int width, int height, char *message, size_t capacity) {
  char *name = element(id);
  if (id != NULL && name == NULL) return CDarkroomVector_noMemory;
  if (name != NULL && !rsvg_handle_has_sub(document->handle, name)) {
    free(name);
    return CDarkroomVector_missing;
  }
  cairo_t *cr = CDarkroomVector_begin(pixels, width, height, scale, dx, dy);
  if (cr == NULL) {
    free(name);
    return CDarkroomVector_noMemory;
  }
  RsvgRectangle viewport = {0, 0, document->width, document->height};
  GError *error = NULL;
  gboolean done = rsvg_handle_render_layer(document->handle, cr, name, &viewport, &error);
  free(name);
  int drawn = CDarkroomVector_end(cr, pixels, width, height);
  if (!done) return fail(error, message, capacity, "it cannot be drawn");
  if (!drawn) {
    CDarkroomVector_message(message, capacity, "cairo could not draw it");
    return CDarkroomVector_corrupt;
  }
  return CDarkroomVector_ok;
}

void CDarkroomSVG_close(CDarkroomSVG_document *document) {
  if (document == NULL) return;
  g_object_unref(document->handle);
  free(document);
}

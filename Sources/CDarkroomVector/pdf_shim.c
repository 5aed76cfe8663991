#include "CDarkroomVector.h"
#include "cairo_surface.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The part of poppler-glib's C API this file calls, as its headers (poppler 0.82 and
// later) declare it (cairo_surface.h says why the headers are not included).
typedef struct _GBytes GBytes;
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;

GBytes *g_bytes_new(const void *data, size_t size);
void g_bytes_unref(GBytes *bytes);
PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error);
int poppler_document_get_n_pages(PopplerDocument *document);
PopplerPage *poppler_document_get_page(PopplerDocument *document, int index);
void poppler_page_get_size(PopplerPage *page, double *width, double *height);
void poppler_page_render(PopplerPage *page, cairo_t *cairo);

struct CDarkroomPDF_document {
  PopplerDocument *document;
  PopplerPage *page;
  double width;
  double height;
};

int CDarkroomPDF_open(const uint8_t *data, size_t size, CDarkroomPDF_document **out, char *message,
                      size_t capacity) {
  *out = NULL;
  GBytes *bytes = g_bytes_new(data, size);
  if (bytes == NULL) return CDarkroomVector_noMemory;
  GError *error = NULL;
  PopplerDocument *document = poppler_document_new_from_bytes(bytes, NULL, &error);
  g_bytes_unref(bytes);
  if (document == NULL) {
    CDarkroomVector_message(message, capacity, error != NULL && error->message != NULL ? error->message : "not a PDF document");
    if (error != NULL) g_error_free(error);
    return CDarkroomVector_corrupt;
  }
  PopplerPage *page = poppler_document_get_n_pages(document) > 0 ? poppler_document_get_page(document, 0) : NULL;
  if (page == NULL) {
    g_object_unref(document);
    CDarkroomVector_message(message, capacity, "the PDF has no page");
    return CDarkroomVector_corrupt;
  }
  CDarkroomPDF_document *opened = calloc(1, sizeof *opened);
  if (opened == NULL) {
    g_object_unref(page);
    g_object_unref(document);
    return CDarkroomVector_noMemory;
  }
  opened->document = document;
  opened->page = page;
  poppler_page_get_size(page, &opened->width, &opened->height);
  *out = opened;
  return CDarkroomVector_ok;
}

void CDarkroomPDF_size(const CDarkroomPDF_document *document, double *width, double *height) {
  *width = document->width;
  *height = document->height;
}

int CDarkroomPDF_draw(const CDarkroomPDF_document *document, double scale, double dx, double dy, uint8_t *pixels,
                      int width, int height, char *message, size_t capacity) {
  cairo_t *cr = CDarkroomVector_begin(pixels, width, height, scale, dx, dy);
  if (cr == NULL) return CDarkroomVector_noMemory;
  poppler_page_render(document->page, cr);
  if (!CDarkroomVector_end(cr, pixels, width, height)) {
    CDarkroomVector_message(message, capacity, "the page cannot be drawn");
    return CDarkroomVector_corrupt;
  }
  return CDarkroomVector_ok;
}

void CDarkroomPDF_close(CDarkroomPDF_document *document) {
  if (document == NULL) return;
  g_object_unref(document->page);
  g_object_unref(document->document);
  free(document);
}


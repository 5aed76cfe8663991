#include "cairo_surface.h"

#include <stdio.h>
#include <string.h>

enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

int cairo_format_stride_for_width(int format, int width);
cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, int format, int width, int height,
                                                     int stride);
int cairo_surface_status(cairo_surface_t *surface);
int cairo_status(cairo_t *cr);
cairo_surface_t *cairo_get_target(cairo_t *cr);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);

void CDarkroomVector_message(char *message, size_t capacity, const char *text) {
  if (message == NULL || capacity == 0) return;
  snprintf(message, capacity, "%s", text);
}

cairo_t *CDarkroomVector_begin(uint8_t *pixels, int width, int height, double scale, double dx, double dy) {
  int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
  // Rows of whole pixels, with nothing between them: the buffer's layout.
  if (stride != width * 4) return NULL;
  cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    return NULL;
  }
  cairo_t *cr = cairo_create(surface);
  // The context holds the surface now.
  cairo_surface_destroy(surface);
  cairo_translate(cr, dx, dy);
  cairo_scale(cr, scale, scale);
  return cr;
}

int CDarkroomVector_end(cairo_t *cr, uint8_t *pixels, int width, int height) {
  int drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
  cairo_surface_flush(cairo_get_target(cr));
  cairo_destroy(cr);
  for (size_t i = 0; i < (size_t)width * (size_t)height; i++) {
    uint32_t word;
    memcpy(&word, pixels + i * 4, 4);
    pixels[i * 4 + 0] = (uint8_t)(word >> 16);
    pixels[i * 4 + 1] = (uint8_t)(word >> 8);
    pixels[i * 4 + 2] = (uint8_t)word;
    pixels[i * 4 + 3] = (uint8_t)(word >> 24);
  }
  return drawn;
}

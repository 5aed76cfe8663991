#ifndef CDARKROOM_VECTOR_H
#define CDARKROOM_VECTOR_H

// Darkroom's only door to librsvg and poppler, and the cairo surfaces they draw on:
// SVG files (a project's symbols and vector image sets) and PDF pages (vector image
// sets) parsed, measured and drawn into a buffer the caller owns.
//
// Both report errors through GError and hand out GObject references; those stay in
// these files. Swift sees opaque documents, plain numbers, buffers and messages.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by the SVG and PDF functions below.
enum {
  CDarkroomVector_ok = 0,
  /// The library rejected the data or could not draw it; see the message.
  CDarkroomVector_corrupt = 1,
  /// The document has no element with the id asked for.
  CDarkroomVector_missing = 2,
  /// An allocation failed.
  CDarkroomVector_noMemory = 3,
  /// The library did not finish drawing in the time it was given.
  CDarkroomVector_timeout = 4,
};

/// A parsed SVG document.
typedef struct CDarkroomSVG_document CDarkroomSVG_document;

/// Parses `size` bytes of SVG. External files (images, stylesheets) it names are
/// not read. On success `*out` must be closed with CDarkroomSVG_close.
int CDarkroomSVG_open(const uint8_t *data, size_t size, CDarkroomSVG_document **out, char *message,
                      size_t capacity);

/// The document's own size, in its user units (its width and height, else its
/// viewBox's); zero when it states none.
void CDarkroomSVG_size(const CDarkroomSVG_document *document, double *width, double *height);

/// Whether the document has an element with `id` (without the `#`).
int CDarkroomSVG_has(const CDarkroomSVG_document *document, const char *id);

/// The boxes of element `id` (NULL: the whole document), in the document's user
/// units after every transform around it, each as x, y, width, height: what it
/// inks (strokes included) in box[0…3], its geometry in box[4…7]. Use the geometry
/// for a line: librsvg 2.54 joins a line's ink box with the origin.
int CDarkroomSVG_bounds(const CDarkroomSVG_document *document, const char *id, double box[8], char *message,
                        size_t capacity);

/// Draws element `id` (NULL: the whole document) into `pixels`, `width` × `height`
/// premultiplied RGBA8 pixels (zeroed by the caller), mapping a user-unit point p
/// to the pixel `p * scale + (dx, dy)`.
int CDarkroomSVG_draw(const CDarkroomSVG_document *document, const char *id, double scale, double dx, double dy,
                      uint8_t *pixels, int width, int height, char *message, size_t capacity);

/// Releases a document.
void CDarkroomSVG_close(CDarkroomSVG_document *document);



/// A parsed PDF, its first page opened.
typedef struct CDarkroomPDF_document CDarkroomPDF_document;

/// Parses `size` bytes of PDF (copied) and opens its first page. On success `*out`
/// must be closed with CDarkroomPDF_close.
int CDarkroomPDF_open(const uint8_t *data, size_t size, CDarkroomPDF_document **out, char *message,
                      size_t capacity);

/// The first page's size in points.
void CDarkroomPDF_size(const CDarkroomPDF_document *document, double *width, double *height);

/// Draws the first page into `pixels`, `width` × `height` premultiplied RGBA8
/// pixels (zeroed by the caller), mapping a point p of the page to the pixel
/// `p * scale + (dx, dy)`, and waits at most `seconds` for poppler, which cannot be
/// stopped while it draws: past that, CDarkroomVector_timeout, and the drawing goes
/// on in a thread of its own, into a buffer of its own, until it ends (or the process
/// does); the document then refuses to draw again, since poppler's page is not to be
/// drawn by two threads at once.
int CDarkroomPDF_draw(CDarkroomPDF_document *document, double scale, double dx, double dy, uint8_t *pixels,
                      int width, int height, double seconds, char *message, size_t capacity);

/// Releases a document.
void CDarkroomPDF_close(CDarkroomPDF_document *document);


#ifdef __cplusplus
}
#endif

#endif

#ifndef CDARKROOM_WEBP_H
#define CDARKROOM_WEBP_H

// Darkroom's only door to libwebp: lossy WebP for the report's thumbnails, which
// are read by a reviewer in a browser (every current browser shows WebP) and are
// half the bytes of a 256-colour PNG of the same picture.
//
// libwebp's encoder takes a configuration struct, a picture it allocates and a
// writer callback; this shim owns all three, fixes every setting (one thread, so the
// same pixels always give the same bytes) and hands back a malloc'd buffer. Swift
// sees a status code, a buffer and its length. It could go if Swift called
// WebPEncodeRGBA directly, whose defaults are not all fixed by its arguments.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes of the encoder.
enum {
  CDarkroomWebP_ok = 0,
  /// The size is not one WebP holds (1 to 16383 pixels a side).
  CDarkroomWebP_badSize = 1,
  /// libwebp refused the settings or failed to encode; the code is libwebp's.
  CDarkroomWebP_failed = 2,
  /// An allocation failed.
  CDarkroomWebP_noMemory = 3,
};

/// Encodes straight-alpha RGBA8 rows (`width * 4` bytes each) as lossy WebP at
/// `quality` (0…100). On success `*output` is a buffer of `*size` bytes that the
/// caller frees with CDarkroomWebP_free.
int CDarkroomWebP_encode(const uint8_t *rgba, int width, int height, float quality, uint8_t **output, size_t *size);

/// Frees a buffer CDarkroomWebP_encode returned.
void CDarkroomWebP_free(uint8_t *buffer);

#ifdef __cplusplus
}
#endif

#endif

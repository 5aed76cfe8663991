#ifndef CDARKROOM_PNG_H
#define CDARKROOM_PNG_H

// Darkroom's only door to libpng.
//
// libpng reports errors by longjmp-ing out of whatever called it. A longjmp that
// crosses a Swift frame is undefined behaviour, so every png_* call lives in this
// file's functions, each of which owns its setjmp, and returns a status code with
// a message instead. Swift sees plain buffers and an int; it never sees a png_struct
// or a jmp_buf. This shim can go only if libpng grows an error-code API.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by every function below.
enum {
  CDarkroomPNG_ok = 0,
  /// libpng rejected the data (corrupt, truncated, unsupported); see the message.
  CDarkroomPNG_corrupt = 1,
  /// The image is larger than the limits the caller gave.
  CDarkroomPNG_tooLarge = 2,
  /// An allocation failed.
  CDarkroomPNG_noMemory = 3,
};

/// Limits applied while decoding, before any pixel memory is allocated.
typedef struct {
  uint32_t max_width;
  uint32_t max_height;
  uint64_t max_pixels;
  /// Upper bound for any single ancillary chunk libpng buffers (zTXt, iCCP, …).
  uint64_t max_chunk_bytes;
} CDarkroomPNG_limits;

/// A decoded image: straight-alpha RGBA8, rows tightly packed. `pixels` is owned by
/// the caller afterwards and released with CDarkroomPNG_free.
typedef struct {
  uint8_t *pixels;
  uint32_t width;
  uint32_t height;
  /// The value of the first tEXt chunk whose key matched `text_key`, NUL-terminated,
  /// or NULL. Released with CDarkroomPNG_free.
  char *text_value;
} CDarkroomPNG_image;

/// Decodes any PNG (every colour type, bit depth, tRNS and interlacing) to RGBA8.
/// No gamma or colour-space transform is applied, so the result is the same on
/// every machine. `text_key` may be NULL.
int CDarkroomPNG_decode(const uint8_t *data, size_t size,
                        CDarkroomPNG_limits limits, const char *text_key,
                        CDarkroomPNG_image *out, char *message,
                        size_t message_capacity);

/// Encodes straight-alpha RGBA8 with fixed settings (8-bit, RGB when every pixel
/// is opaque, RGBA otherwise, no interlacing, fixed filter and zlib level, no tIME),
/// so equal pixels give equal bytes with the same zlib. `text_key`/`text_value`
/// add one tEXt chunk when both are non-NULL. `*out` is released with
/// CDarkroomPNG_free.
int CDarkroomPNG_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                        const char *text_key, const char *text_value,
                        uint8_t **out, size_t *out_size, char *message,
                        size_t message_capacity);

/// Releases memory returned by this module.
void CDarkroomPNG_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif

#ifndef CDARKROOM_JPEG_H
#define CDARKROOM_JPEG_H

// Darkroom's only door to libjpeg (libjpeg-turbo).
//
// libjpeg reports a fatal error by calling error_exit, which must not return: the
// shim longjmps back to its own setjmp, never across a Swift frame. Every jpeg_*
// call lives in this file's one function, which returns a status code with a
// message. Swift sees a byte buffer and an int, never a jpeg_decompress_struct or a
// jmp_buf. The shim can go only if libjpeg grows an error-code API (libjpeg-turbo's
// TurboJPEG API has one, but Debian ships it without the limits set here).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by the function below.
enum {
  CDarkroomJPEG_ok = 0,
  /// libjpeg rejected the data (corrupt, truncated, unsupported), or warned that
  /// it was damaged; see the message.
  CDarkroomJPEG_corrupt = 1,
  /// The image is larger than the limits the caller gave.
  CDarkroomJPEG_tooLarge = 2,
  /// An allocation failed, or libjpeg's working memory would pass its limit.
  CDarkroomJPEG_noMemory = 3,
};

/// Limits checked after the header is read and before any pixel memory is
/// allocated.
typedef struct {
  uint32_t max_width;
  uint32_t max_height;
  uint64_t max_pixels;
  /// The most working memory libjpeg may use besides the output (a progressive
  /// file keeps every coefficient of the image until its last scan).
  uint64_t max_working_bytes;
  /// The most scans a progressive file may have: each scan costs a pass over the
  /// whole image, so a file of a few kilobytes with millions of tiny scans would
  /// otherwise take hours.
  uint32_t max_scans;
} CDarkroomJPEG_limits;

/// Decodes a baseline or progressive JPEG (greyscale, YCbCr, RGB, CMYK or YCCK) to
/// straight RGBA8 with opaque alpha, `*width * 4` bytes a row, into `*out`, released
/// with CDarkroomJPEG_free. The accurate integer IDCT and libjpeg's default
/// upsampling are used: libjpeg-turbo's SIMD code gives exactly the bytes of its C
/// code for them, so the result is the same on every machine with this library.
/// No colour profile or EXIF orientation is applied. A warning about damaged data
/// (a truncated file, a bad Huffman code) is an error here: libjpeg would go on and
/// fill the rest of the image with grey.
int CDarkroomJPEG_decode(const uint8_t *data, size_t size,
                         CDarkroomJPEG_limits limits, uint8_t **out,
                         uint32_t *width, uint32_t *height, char *message,
                         size_t message_capacity);

/// Releases memory returned by this module.
void CDarkroomJPEG_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif

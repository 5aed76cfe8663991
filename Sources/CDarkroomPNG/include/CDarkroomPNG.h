#ifndef CDARKROOM_PNG_H
#define CDARKROOM_PNG_H

// Darkroom's only door to libpng, and to the zlib calls PNG files need beside it
// (inflating a zTXt chunk's text, checking chunk CRCs).
//
// libpng reports errors by longjmp-ing out of whatever called it. A longjmp that
// crosses a Swift frame is undefined behaviour, so every png_* call lives in this
// file's functions, each of which owns its setjmp, and returns a status code with
// a message instead. Swift sees plain buffers and an int; it never sees a png_struct
// or a jmp_buf. This shim can go only if libpng grows an error-code API.
//
// Only decoding is left here: Darkroom writes PNG files itself, with libdeflate
// (Codec/PNGWriter.swift), and reads those and most others with it
// (Codec/PNGReader.swift); libpng reads the rest — other bit depths, interlacing,
// transparent keys — and explains damaged files.

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

/// A PNG being decoded: opened (header read, limits checked), then read into a
/// buffer the caller owns, then closed. Splitting the decode lets the caller
/// allocate the pixels itself, so they are written once and never copied.
typedef struct CDarkroomPNG_decoder CDarkroomPNG_decoder;

/// Reads the header and checks the limits. On success `*out` must be closed with
/// CDarkroomPNG_decoder_close. `data` must stay valid until then.
int CDarkroomPNG_decoder_open(const uint8_t *data, size_t size,
                              CDarkroomPNG_limits limits,
                              CDarkroomPNG_decoder **out, uint32_t *width,
                              uint32_t *height, char *message,
                              size_t message_capacity);

/// Decodes every colour type, bit depth, tRNS and interlacing to straight RGBA8
/// rows (width * 4 bytes each) in `rgba`. No gamma or colour-space transform is
/// applied, so the result is the same on every machine. When `text_key` is not
/// NULL, `*text_value` receives a copy of the first matching tEXt value or NULL;
/// release it with CDarkroomPNG_free.
int CDarkroomPNG_decoder_read(CDarkroomPNG_decoder *decoder, uint8_t *rgba,
                              size_t capacity, const char *text_key,
                              char **text_value, char *message,
                              size_t message_capacity);

/// Releases a decoder.
void CDarkroomPNG_decoder_close(CDarkroomPNG_decoder *decoder);

/// Releases memory returned by this module.
void CDarkroomPNG_free(void *pointer);

/// Whether the zlib stream `stream` inflates to more than `limit` bytes, counted
/// through a small buffer and stopped there: so memory stays constant and time
/// bounded by the limit, whatever the stream claims. A damaged stream gives 0 (its
/// reader explains it).
int CDarkroomPNG_inflates_past(const unsigned char *stream, size_t length, unsigned long long limit);

#ifdef __cplusplus
}
#endif

#endif

// Every libpng call Darkroom makes. See CDarkroomPNG.h for why this file exists.

// No floating point feeds a pixel here today; should any arrive, a fused a*b+c
// (which clang emits by default where the CPU has FMA) would round differently from
// the separate multiply and add on other machines. Contraction stays off, in the
// source rather than as a compiler flag, so the package keeps no unsafe flags.
#pragma STDC FP_CONTRACT OFF

#include "CDarkroomPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <zlib.h>

typedef struct {
  char *message;
  size_t capacity;
  int status;
  // libpng explains a rejected header in warnings, then fails with a generic
  // "Invalid IHDR data"; the first warning is kept to say why.
  char warning[160];
} shim_error;

static void shim_set_message(shim_error *error, const char *text) {
  if (error->message != NULL && error->capacity > 0) {
    snprintf(error->message, error->capacity, "%s", text);
  }
}

static void shim_on_error(png_structp png, png_const_charp text) {
  shim_error *error = (shim_error *)png_get_error_ptr(png);
  if (error->status == CDarkroomPNG_ok) {
    error->status = CDarkroomPNG_corrupt;
    if (error->warning[0] != '\0') {
      char combined[400];
      snprintf(combined, sizeof combined, "%s (%s)", text, error->warning);
      shim_set_message(error, combined);
      if (strstr(error->warning, "exceeds user limit") != NULL) {
        error->status = CDarkroomPNG_tooLarge;
      }
    } else {
      shim_set_message(error, text);
    }
  }
  png_longjmp(png, 1);
}

// Warnings alone (an unknown ancillary chunk, say) are not errors; the first is
// kept in case an error follows.
static void shim_on_warning(png_structp png, png_const_charp text) {
  shim_error *error = (shim_error *)png_get_error_ptr(png);
  if (error->warning[0] == '\0') {
    snprintf(error->warning, sizeof error->warning, "%s", text);
  }
}

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
} shim_reader;

static void shim_read(png_structp png, png_bytep out, png_size_t length) {
  shim_reader *reader = (shim_reader *)png_get_io_ptr(png);
  if (length > reader->size - reader->offset) {
    png_error(png, "the file is truncated");
  }
  memcpy(out, reader->data + reader->offset, length);
  reader->offset += length;
}

struct CDarkroomPNG_decoder {
  png_structp png;
  png_infop info;
  shim_reader reader;
  shim_error error;
  png_uint_32 width;
  png_uint_32 height;
};

static void decoder_destroy(CDarkroomPNG_decoder *decoder) {
  png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
  free(decoder);
}

int CDarkroomPNG_decoder_open(const uint8_t *data, size_t size,
                              CDarkroomPNG_limits limits,
                              CDarkroomPNG_decoder **out, uint32_t *width,
                              uint32_t *height, char *message,
                              size_t message_capacity) {
  *out = NULL;
  shim_error early = {message, message_capacity, CDarkroomPNG_ok, {0}};
  if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
    shim_set_message(&early, "not a PNG file (bad signature)");
    return CDarkroomPNG_corrupt;
  }
  // libpng allocates a chunk's declared length, and clears it, before reading the
  // chunk, warning only when the length is over the chunk limit: a 40-byte file
  // whose tEXt header says 2 GB would cost 2 GB. The data is all in memory, so
  // every declared length is checked against what the file holds first.
  size_t offset = 8;
  while (size - offset >= 8) {
    const uint8_t *header = data + offset;
    uint32_t length = ((uint32_t)header[0] << 24) | ((uint32_t)header[1] << 16) |
                      ((uint32_t)header[2] << 8) | (uint32_t)header[3];
    if ((uint64_t)length + 12 > (uint64_t)(size - offset)) {
      char text[160];
      char kind[5] = {0};
      for (int i = 0; i < 4; i++) {
        uint8_t c = header[4 + i];
        kind[i] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? (char)c : '?';
      }
      snprintf(text, sizeof text,
               "the file is truncated (chunk %s at byte %zu declares %u bytes; %zu remain)",
               kind, offset, (unsigned)length, size - offset - 8);
      shim_set_message(&early, text);
      return CDarkroomPNG_corrupt;
    }
    if (memcmp(header + 4, "IEND", 4) == 0) break;
    offset += 12 + (size_t)length;
  }
  CDarkroomPNG_decoder *decoder =
      (CDarkroomPNG_decoder *)calloc(1, sizeof(CDarkroomPNG_decoder));
  if (decoder == NULL) {
    shim_set_message(&early, "out of memory");
    return CDarkroomPNG_noMemory;
  }
  decoder->error = early;
  decoder->reader.data = data;
  decoder->reader.size = size;
  decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->error,
                                        shim_on_error, shim_on_warning);
  if (decoder->png == NULL) {
    free(decoder);
    shim_set_message(&early, "out of memory");
    return CDarkroomPNG_noMemory;
  }
  decoder->info = png_create_info_struct(decoder->png);
  if (decoder->info == NULL || setjmp(png_jmpbuf(decoder->png))) {
    int status = decoder->error.status == CDarkroomPNG_ok ? CDarkroomPNG_noMemory
                                                          : decoder->error.status;
    if (decoder->error.status == CDarkroomPNG_ok) {
      shim_set_message(&decoder->error, "out of memory");
    }
    decoder_destroy(decoder);
    return status;
  }
  png_structp png = decoder->png;
  png_infop info = decoder->info;
  png_set_read_fn(png, &decoder->reader, shim_read);
#ifdef PNG_IGNORE_ADLER32
  // The chunk CRCs, which libpng still checks, already cover every compressed
  // byte; zlib's Adler-32 over the inflated data would check them a second time
  // and costs about 5% of a decode.
  png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
  png_set_user_limits(png, limits.max_width, limits.max_height);
  png_set_chunk_malloc_max(png, (png_alloc_size_t)limits.max_chunk_bytes);
  png_read_info(png, info);

  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  if ((uint64_t)w * (uint64_t)h > limits.max_pixels) {
    decoder->error.status = CDarkroomPNG_tooLarge;
    char text[160];
    snprintf(text, sizeof text,
             "image is %ux%u pixels, over the limit of %llu pixels",
             (unsigned)w, (unsigned)h, (unsigned long long)limits.max_pixels);
    shim_set_message(&decoder->error, text);
    png_longjmp(png, 1);
  }
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  // Expand palette, low-bit grey and tRNS to 8-bit channels with alpha.
  png_set_expand(png);
  if (bit_depth == 16) {
    png_set_scale_16(png);  // Rounds, unlike png_set_strip_16.
  }
  if (color_type == PNG_COLOR_TYPE_GRAY ||
      color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_gray_to_rgb(png);
  }
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) {
    png_error(png, "unexpected row layout after expansion");
  }
  decoder->width = w;
  decoder->height = h;
  *width = w;
  *height = h;
  *out = decoder;
  return CDarkroomPNG_ok;
}

int CDarkroomPNG_decoder_read(CDarkroomPNG_decoder *decoder, uint8_t *rgba,
                              size_t capacity, const char *text_key,
                              char **text_value, char *message,
                              size_t message_capacity) {
  *text_value = NULL;
  decoder->error.message = message;
  decoder->error.capacity = message_capacity;
  size_t stride = (size_t)decoder->width * 4;
  if (capacity < stride * (size_t)decoder->height) {
    shim_set_message(&decoder->error, "output buffer too small");
    return CDarkroomPNG_noMemory;
  }
  png_structp png = decoder->png;
  png_bytep *volatile rows =
      (png_bytep *)malloc(sizeof(png_bytep) * (size_t)decoder->height);
  char *volatile found = NULL;
  if (rows == NULL) {
    shim_set_message(&decoder->error, "out of memory");
    return CDarkroomPNG_noMemory;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(found);
    return decoder->error.status == CDarkroomPNG_ok ? CDarkroomPNG_noMemory
                                                    : decoder->error.status;
  }
  for (png_uint_32 y = 0; y < decoder->height; y++) {
    rows[y] = rgba + stride * y;
  }
  png_read_image(png, rows);
  png_read_end(png, decoder->info);
  if (text_key != NULL) {
    png_textp texts = NULL;
    int count = 0;
    png_get_text(png, decoder->info, &texts, &count);
    for (int i = 0; i < count; i++) {
      if (strcmp(texts[i].key, text_key) == 0 && texts[i].text != NULL) {
        size_t length = strlen(texts[i].text);
        found = (char *)malloc(length + 1);
        if (found != NULL) {
          memcpy(found, texts[i].text, length + 1);
        }
        break;
      }
    }
  }
  free(rows);
  *text_value = found;
  return CDarkroomPNG_ok;
}

void CDarkroomPNG_decoder_close(CDarkroomPNG_decoder *decoder) {
  if (decoder != NULL) decoder_destroy(decoder);
}

void CDarkroomPNG_free(void *pointer) { free(pointer); }


int CDarkroomPNG_inflates_past(const unsigned char *stream, size_t length, unsigned long long limit) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit(&z) != Z_OK) return 0;
  unsigned char out[65536];
  unsigned long long produced = 0;
  int past = 0;
  size_t offset = 0;
  for (;;) {
    if (z.avail_in == 0 && offset < length) {
      size_t take = length - offset < (size_t)UINT_MAX ? length - offset : (size_t)UINT_MAX;
      z.next_in = (unsigned char *)(stream + offset);
      z.avail_in = (uInt)take;
      offset += take;
    }
    z.next_out = out;
    z.avail_out = sizeof out;
    int status = inflate(&z, Z_NO_FLUSH);
    produced += sizeof out - z.avail_out;
    if (produced > limit) { past = 1; break; }
    if (status == Z_STREAM_END) break;
    if (status != Z_OK) break;
    if (z.avail_in == 0 && offset >= length && z.avail_out != 0) break;
  }
  inflateEnd(&z);
  return past;
}

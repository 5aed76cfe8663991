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

typedef struct {
  uint8_t *bytes;
  size_t size;
  size_t capacity;
} shim_writer;

static void shim_write(png_structp png, png_bytep data, png_size_t length) {
  shim_writer *writer = (shim_writer *)png_get_io_ptr(png);
  if (writer->size + length > writer->capacity) {
    size_t capacity = writer->capacity ? writer->capacity : 65536;
    while (capacity < writer->size + length) {
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(writer->bytes, capacity);
    if (grown == NULL) {
      png_error(png, "out of memory while encoding");
    }
    writer->bytes = grown;
    writer->capacity = capacity;
  }
  memcpy(writer->bytes + writer->size, data, length);
  writer->size += length;
}

static void shim_flush(png_structp png) { (void)png; }

/// What one encode writes: RGB from opaque RGBA8 (dropping alpha row by row),
/// RGBA8 as it is, or palette indices with their RGB palette.
typedef struct {
  const uint8_t *pixels;
  uint32_t width, height;
  int color_type;
  size_t bytes_per_pixel;  // in `pixels`
  size_t row_bytes;        // as written
  const uint8_t *palette_rgb;
  int palette_count;
} shim_image;

static int shim_encode(const shim_image *image, int compression_level,
                       const char *text_key, const char *text_value,
                       const char *ztext_key, const char *ztext_value,
                       uint8_t **out, size_t *out_size, char *message,
                       size_t message_capacity) {
  shim_error error = {message, message_capacity, CDarkroomPNG_ok, {0}};
  *out = NULL;
  *out_size = 0;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error,
                                            shim_on_error, shim_on_warning);
  if (png == NULL) {
    shim_set_message(&error, "out of memory");
    return CDarkroomPNG_noMemory;
  }
  png_infop info = png_create_info_struct(png);
  shim_writer writer = {NULL, 0, 0};
  uint8_t *volatile row = NULL;
  if (info == NULL || setjmp(png_jmpbuf(png))) {
    free(row);
    free(writer.bytes);
    png_destroy_write_struct(&png, info ? &info : NULL);
    if (error.status == CDarkroomPNG_ok) {
      error.status = CDarkroomPNG_noMemory;
      shim_set_message(&error, "out of memory");
    }
    return error.status;
  }

  png_set_write_fn(png, &writer, shim_write, shim_flush);
  png_set_IHDR(png, info, image->width, image->height, 8, image->color_type,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (image->color_type == PNG_COLOR_TYPE_PALETTE) {
    png_color palette[256];
    for (int i = 0; i < image->palette_count; i++) {
      palette[i].red = image->palette_rgb[i * 3];
      palette[i].green = image->palette_rgb[i * 3 + 1];
      palette[i].blue = image->palette_rgb[i * 3 + 2];
    }
    png_set_PLTE(png, info, palette, image->palette_count);
  }
  // Fixed choices, measured on UI screenshots (Benchmarks/encode): one filter for
  // every row, Up (UI rows repeat the row above; adaptive selection costs more
  // time than it saves bytes), and the caller's fixed zlib level.
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
  png_set_compression_level(png, compression_level);

  png_text texts[2];
  int text_count = 0;
  memset(texts, 0, sizeof texts);
  if (text_key != NULL && text_value != NULL) {
    texts[text_count].compression = PNG_TEXT_COMPRESSION_NONE;
    texts[text_count].key = (png_charp)text_key;
    texts[text_count].text = (png_charp)text_value;
    text_count++;
  }
  if (ztext_key != NULL && ztext_value != NULL) {
    texts[text_count].compression = PNG_TEXT_COMPRESSION_zTXt;
    texts[text_count].key = (png_charp)ztext_key;
    texts[text_count].text = (png_charp)ztext_value;
    text_count++;
  }
  if (text_count > 0) {
    // Fixed, so equal text gives equal bytes.
    png_set_text_compression_level(png, 9);
    png_set_text(png, info, texts, text_count);
  }
  png_write_info(png, info);

  int drops_alpha = image->color_type == PNG_COLOR_TYPE_RGB;
  if (drops_alpha) {
    row = (uint8_t *)malloc(image->row_bytes ? image->row_bytes : 1);
    if (row == NULL) {
      png_error(png, "out of memory while encoding");
    }
  }
  size_t source_stride = (size_t)image->width * image->bytes_per_pixel;
  for (uint32_t y = 0; y < image->height; y++) {
    const uint8_t *source = image->pixels + (size_t)y * source_stride;
    if (drops_alpha) {
      for (uint32_t x = 0; x < image->width; x++) {
        row[x * 3] = source[x * 4];
        row[x * 3 + 1] = source[x * 4 + 1];
        row[x * 3 + 2] = source[x * 4 + 2];
      }
      png_write_row(png, row);
    } else {
      png_write_row(png, (png_const_bytep)source);
    }
  }
  png_write_end(png, info);
  free(row);
  row = NULL;
  png_destroy_write_struct(&png, &info);
  *out = writer.bytes;
  *out_size = writer.size;
  return CDarkroomPNG_ok;
}

int CDarkroomPNG_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                        int compression_level, const char *text_key,
                        const char *text_value, const char *ztext_key,
                        const char *ztext_value,
                        uint8_t **out, size_t *out_size, char *message,
                        size_t message_capacity) {
  size_t pixel_count = (size_t)width * (size_t)height;
  int opaque = 1;
  for (size_t i = 0; i < pixel_count; i++) {
    if (rgba[i * 4 + 3] != 0xFF) {
      opaque = 0;
      break;
    }
  }
  shim_image image = {rgba, width, height,
                      opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, 4,
                      (size_t)width * (opaque ? 3 : 4), NULL, 0};
  return shim_encode(&image, compression_level, text_key, text_value,
                     ztext_key, ztext_value, out,
                     out_size, message, message_capacity);
}

int CDarkroomPNG_encode_indexed(const uint8_t *indices, uint32_t width,
                                uint32_t height, const uint8_t *palette_rgb,
                                int palette_count, int compression_level,
                                uint8_t **out, size_t *out_size, char *message,
                                size_t message_capacity) {
  if (palette_count < 1 || palette_count > 256) {
    shim_error error = {message, message_capacity, CDarkroomPNG_ok, {0}};
    shim_set_message(&error, "a palette holds 1 to 256 colours");
    *out = NULL;
    *out_size = 0;
    return CDarkroomPNG_corrupt;
  }
  shim_image image = {indices, width, height, PNG_COLOR_TYPE_PALETTE, 1,
                      width, palette_rgb, palette_count};
  return shim_encode(&image, compression_level, NULL, NULL, NULL, NULL, out,
                     out_size,
                     message, message_capacity);
}

void CDarkroomPNG_free(void *pointer) { free(pointer); }

uint32_t CDarkroomPNG_crc32(const uint8_t *bytes, size_t count) {
  uLong crc = crc32(0L, Z_NULL, 0);
  // zlib takes lengths as uInt: feed large inputs in pieces.
  while (count > 0) {
    uInt piece = count > 0x40000000u ? 0x40000000u : (uInt)count;
    crc = crc32(crc, bytes, piece);
    bytes += piece;
    count -= piece;
  }
  return (uint32_t)crc;
}

int CDarkroomPNG_inflate(const uint8_t *data, size_t size, size_t limit,
                         uint8_t **out, size_t *out_size) {
  *out = NULL;
  *out_size = 0;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit(&stream) != Z_OK) {
    return CDarkroomPNG_noMemory;
  }
  size_t capacity = size * 4 + 256;
  if (capacity > limit + 1) {
    capacity = limit + 1;
  }
  uint8_t *buffer = (uint8_t *)malloc(capacity);
  if (buffer == NULL) {
    inflateEnd(&stream);
    return CDarkroomPNG_noMemory;
  }
  stream.next_in = (Bytef *)data;
  size_t consumed = 0;
  size_t produced = 0;
  int status = Z_OK;
  while (status == Z_OK) {
    if (produced == capacity) {
      // Grown in steps, never past one byte more than the limit: a stream that
      // inflates further is refused, whatever its declared size.
      if (capacity > limit) {
        free(buffer);
        inflateEnd(&stream);
        return CDarkroomPNG_tooLarge;
      }
      size_t grown = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
      uint8_t *larger = (uint8_t *)realloc(buffer, grown);
      if (larger == NULL) {
        free(buffer);
        inflateEnd(&stream);
        return CDarkroomPNG_noMemory;
      }
      buffer = larger;
      capacity = grown;
    }
    size_t chunk_in = size - consumed > (size_t)UINT_MAX ? UINT_MAX : size - consumed;
    size_t chunk_out = capacity - produced > (size_t)UINT_MAX ? UINT_MAX : capacity - produced;
    stream.next_in = (Bytef *)data + consumed;
    stream.avail_in = (uInt)chunk_in;
    stream.next_out = buffer + produced;
    stream.avail_out = (uInt)chunk_out;
    status = inflate(&stream, Z_NO_FLUSH);
    consumed += chunk_in - stream.avail_in;
    produced += chunk_out - stream.avail_out;
    if (status == Z_BUF_ERROR && stream.avail_out != 0) {
      break;  // the input ended before the stream did
    }
    if (status == Z_BUF_ERROR) {
      status = Z_OK;
    }
  }
  inflateEnd(&stream);
  if (status != Z_STREAM_END || produced > limit) {
    free(buffer);
    return produced > limit ? CDarkroomPNG_tooLarge : CDarkroomPNG_corrupt;
  }
  *out = buffer;
  *out_size = produced;
  return CDarkroomPNG_ok;
}

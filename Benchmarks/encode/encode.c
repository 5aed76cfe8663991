/* Times PNG encodes of decoded snapshots under several settings — libdeflate at
 * several levels and filters, as Darkroom's encoder writes them, and libpng with
 * zlib as it used to — the measurement behind the settings Darkroom uses (see
 * encode.py). */
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

typedef struct { unsigned char *rgba; png_uint_32 w, h; int opaque; } image;
typedef struct { unsigned char *data; size_t size, cap; } sink;

static void on_write(png_structp p, png_bytep d, png_size_t n) {
  sink *s = png_get_io_ptr(p);
  if (s->size + n > s->cap) {
    s->cap = (s->size + n) * 2;
    s->data = realloc(s->data, s->cap);
  }
  memcpy(s->data + s->size, d, n);
  s->size += n;
}
static void on_flush(png_structp p) { (void)p; }

static int load(const char *path, image *im) {
  png_image pi;
  memset(&pi, 0, sizeof pi);
  pi.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&pi, path)) return 0;
  pi.format = PNG_FORMAT_RGBA;
  im->w = pi.width, im->h = pi.height;
  im->rgba = malloc(PNG_IMAGE_SIZE(pi));
  if (!png_image_finish_read(&pi, NULL, im->rgba, 0, NULL)) return 0;
  im->opaque = 1;
  for (size_t i = 0; i < (size_t)im->w * im->h; i++)
    if (im->rgba[i * 4 + 3] != 255) { im->opaque = 0; break; }
  return 1;
}

/* filters: a PNG_FILTER_* mask; strategy: -1 leaves libpng's default. */
static size_t encode(const image *im, int level, int strategy, int filters) {
  sink s = {NULL, 0, 0};
  png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(p);
  if (setjmp(png_jmpbuf(p))) { fprintf(stderr, "encode failed\n"); exit(1); }
  png_set_write_fn(p, &s, on_write, on_flush);
  png_set_IHDR(p, info, im->w, im->h, 8, im->opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (filters >= 0) png_set_filter(p, PNG_FILTER_TYPE_BASE, filters);
  if (level >= 0) png_set_compression_level(p, level);
  if (strategy >= 0) png_set_compression_strategy(p, strategy);
  png_write_info(p, info);
  size_t channels = im->opaque ? 3 : 4;
  unsigned char *row = malloc(im->w * channels);
  for (png_uint_32 y = 0; y < im->h; y++) {
    const unsigned char *src = im->rgba + (size_t)y * im->w * 4;
    if (im->opaque) {
      for (png_uint_32 x = 0; x < im->w; x++) memcpy(row + x * 3, src + x * 4, 3);
      png_write_row(p, row);
    } else {
      png_write_row(p, (png_bytep)src);
    }
  }
  png_write_end(p, info);
  png_destroy_write_struct(&p, &info);
  free(row);
  free(s.data);
  return s.size;
}

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Rows under one PNG filter (0-4), compressed whole by libdeflate: what
 * Codec/PNGWriter.swift does, less the few bytes of its chunks. */
static size_t encode_deflate(const image *im, int level, int filter) {
  size_t channels = im->opaque ? 3 : 4, row_bytes = im->w * channels + 1;
  size_t size = row_bytes * im->h;
  unsigned char *rows = malloc(size), *line = malloc(row_bytes), *above = calloc(row_bytes, 1);
  for (png_uint_32 y = 0; y < im->h; y++) {
    const unsigned char *src = im->rgba + (size_t)y * im->w * 4;
    for (png_uint_32 x = 0; x < im->w; x++) memcpy(line + x * channels, src + x * 4, channels);
    unsigned char *out = rows + y * row_bytes;
    out[0] = (unsigned char)filter;
    for (size_t i = 0; i + 1 < row_bytes; i++) {
      int a = i >= channels ? line[i - channels] : 0, b = above[i], c = i >= channels ? above[i - channels] : 0;
      int predictor = filter == 0 ? 0 : filter == 1 ? a : filter == 2 ? b : filter == 3 ? (a + b) / 2 : paeth(a, b, c);
      out[1 + i] = (unsigned char)(line[i] - predictor);
    }
    memcpy(above, line, row_bytes - 1);
  }
  struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
  size_t bound = libdeflate_zlib_compress_bound(c, size);
  unsigned char *stream = malloc(bound);
  size_t written = libdeflate_zlib_compress(c, rows, size, stream, bound);
  libdeflate_free_compressor(c);
  free(stream);
  free(rows);
  free(line);
  free(above);
  return written;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: encode RUNS FILE.png...\n"); return 2; }
  int runs = atoi(argv[1]);
  int count = argc - 2;
  image *images = calloc(count, sizeof *images);
  for (int i = 0; i < count; i++)
    if (!load(argv[i + 2], &images[i])) { fprintf(stderr, "cannot read %s\n", argv[i + 2]); return 2; }
  struct { const char *name; int deflate, level, strategy, filters; } settings[] = {
    {"libpng default (zlib 6, adaptive filters)", 0, -1, -1, -1},
    {"libpng, zlib 3, Up (Darkroom until now)", 0, 3, -1, PNG_FILTER_UP},
    {"libpng, zlib 1, Up", 0, 1, -1, PNG_FILTER_UP},
    {"libdeflate 1, None (Darkroom)", 1, 1, 0, 0},
    {"libdeflate 1, Sub", 1, 1, 0, 1},
    {"libdeflate 1, Up", 1, 1, 0, 2},
    {"libdeflate 1, Paeth", 1, 1, 0, 4},
    {"libdeflate 2, None", 1, 2, 0, 0},
    {"libdeflate 3, None", 1, 3, 0, 0},
    {"libdeflate 4, None", 1, 4, 0, 0},
    {"libdeflate 6, None", 1, 6, 0, 0},
    {"libdeflate 6, Up", 1, 6, 0, 2},
    {"libdeflate 9, None", 1, 9, 0, 0},
  };
  double *times = malloc(sizeof(double) * runs);
  for (size_t s = 0; s < sizeof settings / sizeof *settings; s++) {
    size_t bytes = 0;
    for (int r = 0; r < runs; r++) {
      double start = now();
      size_t total = 0;
      for (int i = 0; i < count; i++)
        total += settings[s].deflate
                   ? encode_deflate(&images[i], settings[s].level, settings[s].filters)
                   : encode(&images[i], settings[s].level, settings[s].strategy, settings[s].filters);
      times[r] = now() - start;
      bytes = total;
    }
    qsort(times, runs, sizeof *times, by_value);
    printf("%-44s %9.1f ms %10.1f KB\n", settings[s].name, times[runs / 2] * 1000 / count, bytes / 1024.0 / count);
  }
  return 0;
}

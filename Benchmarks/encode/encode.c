/* Times libpng encodes of decoded snapshots under several settings: the
 * measurement behind the settings Darkroom's encoder uses (see encode.py). */
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

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
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
  struct { const char *name; int level, strategy, filters; } settings[] = {
    {"libpng default (level 6, adaptive filters)", -1, -1, -1},
    {"level 6, Sub", 6, -1, PNG_FILTER_SUB},
    {"level 6, Up", 6, -1, PNG_FILTER_UP},
    {"level 6, Paeth", 6, -1, PNG_FILTER_PAETH},
    {"level 6, Z_RLE, Sub", 6, Z_RLE, PNG_FILTER_SUB},
    {"level 6, Z_RLE, Up", 6, Z_RLE, PNG_FILTER_UP},
    {"level 6, Z_RLE, adaptive", 6, Z_RLE, PNG_ALL_FILTERS},
    {"level 3, Sub", 3, -1, PNG_FILTER_SUB},
    {"level 3, Up", 3, -1, PNG_FILTER_UP},
    {"level 1, Sub", 1, -1, PNG_FILTER_SUB},
    {"level 1, Up", 1, -1, PNG_FILTER_UP},
    {"level 1, Z_RLE, Up", 1, Z_RLE, PNG_FILTER_UP},
    {"level 9, Up", 9, -1, PNG_FILTER_UP},
  };
  double *times = malloc(sizeof(double) * runs);
  for (size_t s = 0; s < sizeof settings / sizeof *settings; s++) {
    size_t bytes = 0;
    for (int r = 0; r < runs; r++) {
      double start = now();
      size_t total = 0;
      for (int i = 0; i < count; i++)
        total += encode(&images[i], settings[s].level, settings[s].strategy, settings[s].filters);
      times[r] = now() - start;
      bytes = total;
    }
    qsort(times, runs, sizeof *times, by_value);
    printf("%-44s %9.1f ms %10.1f KB\n", settings[s].name, times[runs / 2] * 1000 / count, bytes / 1024.0 / count);
  }
  return 0;
}

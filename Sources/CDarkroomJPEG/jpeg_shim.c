// Every libjpeg call Darkroom makes. See CDarkroomJPEG.h for why this file exists.

// No floating point feeds a pixel here (the IDCT is libjpeg's integer one); should
// any arrive, a fused multiply-add must not change a byte between machines.
#pragma STDC FP_CONTRACT OFF

#include "CDarkroomJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

// libjpeg keeps max_memory_to_use in a long.
#define LONG_MAX_SAFE ((uint64_t)LONG_MAX)

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
  struct jpeg_error_mgr base;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  int status;
  uint32_t max_scans;
  char *message;
  size_t capacity;
} shim_state;

static void shim_set_message(shim_state *state, const char *text) {
  if (state->message != NULL && state->capacity > 0) {
    snprintf(state->message, state->capacity, "%s", text);
  }
}

static void shim_fail(j_common_ptr cinfo, int status) {
  shim_state *state = (shim_state *)cinfo->err;
  if (state->status == CDarkroomJPEG_ok) {
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    state->status = status;
    shim_set_message(state, text);
  }
  longjmp(state->jump, 1);
}

// libjpeg's fatal errors: never return to it.
static void shim_error_exit(j_common_ptr cinfo) {
  int code = cinfo->err->msg_code;
  int status = CDarkroomJPEG_corrupt;
  if (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE || code == JERR_VIRTUAL_BUG) {
    status = CDarkroomJPEG_noMemory;
  } else if (code == JERR_IMAGE_TOO_BIG || code == JERR_WIDTH_OVERFLOW) {
    status = CDarkroomJPEG_tooLarge;
  }
  shim_fail(cinfo, status);
}

// Warnings (level -1) that mean the data is damaged stop the decode: libjpeg would
// fill what it could not read with grey and carry on, drawing a picture the file
// does not hold. Warnings about harmless oddities (bytes between markers, a newer
// JFIF version, an unusual colour transform flag, a bad ICC chunk) are passed over.
static void shim_emit_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  switch (cinfo->err->msg_code) {
  case JWRN_EXTRANEOUS_DATA:
  case JWRN_JFIF_MAJOR:
  case JWRN_ADOBE_XFORM:
  case JWRN_BOGUS_ICC:
    return;
  default:
    shim_fail(cinfo, CDarkroomJPEG_corrupt);
  }
}

static void shim_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void shim_progress(j_common_ptr cinfo) {
  shim_state *state = (shim_state *)cinfo->err;
  if (!cinfo->is_decompressor) return;
  j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
  if ((uint32_t)decompress->input_scan_number > state->max_scans) {
    if (state->status == CDarkroomJPEG_ok) {
      char text[160];
      snprintf(text, sizeof text, "the file has more than %u scans", (unsigned)state->max_scans);
      state->status = CDarkroomJPEG_tooLarge;
      shim_set_message(state, text);
    }
    longjmp(state->jump, 1);
  }
}

// Adobe's CMYK JPEGs store the inks inverted; others store them as they are. Each
// channel becomes (1 - ink) × (1 - black), rounded, without a colour profile.
static void shim_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
  for (size_t i = 0; i < count; i++) {
    uint8_t *p = pixels + i * 4;
    unsigned k = inverted ? p[3] : 255u - p[3];
    for (int c = 0; c < 3; c++) {
      unsigned ink = inverted ? p[c] : 255u - p[c];
      p[c] = (uint8_t)((ink * k + 127u) / 255u);
    }
    p[3] = 255;
  }
}

int CDarkroomJPEG_decode(const uint8_t *data, size_t size,
                         CDarkroomJPEG_limits limits, uint8_t **out,
                         uint32_t *width, uint32_t *height, char *message,
                         size_t message_capacity) {
  *out = NULL;
  *width = 0;
  *height = 0;
  if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
    if (message != NULL && message_capacity > 0) {
      snprintf(message, message_capacity, "not a JPEG file (it does not start with a JPEG marker)");
    }
    return CDarkroomJPEG_corrupt;
  }
  struct jpeg_decompress_struct cinfo;
  memset(&cinfo, 0, sizeof cinfo);
  shim_state state;
  memset(&state, 0, sizeof state);
  state.message = message;
  state.capacity = message_capacity;
  state.max_scans = limits.max_scans;
  // Written between setjmp and longjmp, read after: volatile, so its value survives.
  uint8_t *volatile pixels = NULL;

  cinfo.err = jpeg_std_error(&state.base);
  state.base.error_exit = shim_error_exit;
  state.base.emit_message = shim_emit_message;
  state.base.output_message = shim_output_message;
  if (setjmp(state.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(pixels);
    return state.status == CDarkroomJPEG_ok ? CDarkroomJPEG_corrupt : state.status;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.mem->max_memory_to_use = (long)(limits.max_working_bytes > (uint64_t)LONG_MAX_SAFE
                                             ? LONG_MAX_SAFE : limits.max_working_bytes);
  state.progress.progress_monitor = shim_progress;
  cinfo.progress = &state.progress;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);

  uint32_t w = cinfo.image_width, h = cinfo.image_height;
  if (w == 0 || h == 0 || w > limits.max_width || h > limits.max_height ||
      (uint64_t)w * (uint64_t)h > limits.max_pixels) {
    char text[200];
    snprintf(text, sizeof text,
             "image is %ux%u pixels, over the limit of %u per side and %llu pixels",
             (unsigned)w, (unsigned)h, (unsigned)limits.max_width,
             (unsigned long long)limits.max_pixels);
    state.status = CDarkroomJPEG_tooLarge;
    shim_set_message(&state, text);
    longjmp(state.jump, 1);
  }
  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  cinfo.dct_method = JDCT_ISLOW;
  jpeg_start_decompress(&cinfo);
  if (cinfo.output_width != w || cinfo.output_height != h || cinfo.output_components != 4) {
    state.status = CDarkroomJPEG_corrupt;
    shim_set_message(&state, "unexpected output layout");
    longjmp(state.jump, 1);
  }
  size_t stride = (size_t)w * 4;
  pixels = (uint8_t *)malloc(stride * (size_t)h);
  if (pixels == NULL) {
    state.status = CDarkroomJPEG_noMemory;
    shim_set_message(&state, "out of memory");
    longjmp(state.jump, 1);
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW rows[16];
    JDIMENSION count = 0;
    while (count < 16 && cinfo.output_scanline + count < cinfo.output_height) {
      rows[count] = pixels + stride * (cinfo.output_scanline + count);
      count++;
    }
    if (jpeg_read_scanlines(&cinfo, rows, count) == 0) {
      state.status = CDarkroomJPEG_corrupt;
      shim_set_message(&state, "the decoder stopped before the last row");
      longjmp(state.jump, 1);
    }
  }
  jpeg_finish_decompress(&cinfo);
  if (cmyk) shim_cmyk_to_rgba(pixels, (size_t)w * (size_t)h, cinfo.saw_Adobe_marker);
  jpeg_destroy_decompress(&cinfo);
  *out = pixels;
  *width = w;
  *height = h;
  return CDarkroomJPEG_ok;
}

void CDarkroomJPEG_free(void *pointer) { free(pointer); }

// Every HarfBuzz and ICU call Darkroom makes. See CDarkroomText.h for why.

// As in the other shims: no fused multiply-adds, so any floating point here rounds
// the same on every machine.
#pragma STDC FP_CONTRACT OFF

#include "CDarkroomText.h"

#include <hb.h>
#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <stdio.h>

struct CDarkroomText_font {
  hb_font_t *font;
};

CDarkroomText_font *CDarkroomText_font_open(const char *path, uint32_t index) {
  hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
  if (blob == NULL) return NULL;
  hb_face_t *face = hb_face_create(blob, index);
  hb_blob_destroy(blob);
  if (hb_face_get_glyph_count(face) == 0) {
    hb_face_destroy(face);
    return NULL;
  }
  hb_font_t *font = hb_font_create(face);
  hb_face_destroy(face);
  // Font units: positions independent of size, and no hinting.
  int upem = (int)hb_face_get_upem(hb_font_get_face(font));
  hb_font_set_scale(font, upem, upem);
  hb_font_make_immutable(font);
  CDarkroomText_font *handle = (CDarkroomText_font *)calloc(1, sizeof(CDarkroomText_font));
  if (handle == NULL) {
    hb_font_destroy(font);
    return NULL;
  }
  handle->font = font;
  return handle;
}

void CDarkroomText_font_close(CDarkroomText_font *font) {
  if (font == NULL) return;
  hb_font_destroy(font->font);
  free(font);
}

int32_t CDarkroomText_shape(CDarkroomText_font *font, const uint16_t *text,
                            int32_t text_length, int32_t start, int32_t length,
                            int32_t rtl, CDarkroomText_glyph *glyphs,
                            int32_t capacity) {
  hb_buffer_t *buffer = hb_buffer_create();
  if (!hb_buffer_allocation_successful(buffer)) {
    hb_buffer_destroy(buffer);
    return -1;
  }
  hb_buffer_add_utf16(buffer, text, text_length, (unsigned int)start, length);
  hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  hb_buffer_guess_segment_properties(buffer);
  hb_shape(font->font, buffer, NULL, 0);
  unsigned int count = 0;
  hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
  hb_glyph_position_t *position = hb_buffer_get_glyph_positions(buffer, &count);
  for (unsigned int i = 0; i < count && (int32_t)i < capacity; i++) {
    glyphs[i].glyph = info[i].codepoint;
    glyphs[i].cluster = info[i].cluster;
    glyphs[i].x_advance = position[i].x_advance;
    glyphs[i].x_offset = position[i].x_offset;
    glyphs[i].y_offset = position[i].y_offset;
  }
  hb_buffer_destroy(buffer);
  return (int32_t)count;
}

int32_t CDarkroomText_line_breaks(const uint16_t *text, int32_t length,
                                  int32_t *breaks, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t count = 0;
  for (int32_t at = ubrk_following(iterator, 0); at != UBRK_DONE; at = ubrk_next(iterator)) {
    if (count < capacity) breaks[count] = at;
    count++;
  }
  ubrk_close(iterator);
  return count;
}

int32_t CDarkroomText_bidi_levels(const uint16_t *text, int32_t length,
                                  int32_t base, uint8_t *levels) {
  UErrorCode status = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &status);
  if (U_FAILURE(status)) return -1;
  UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)base;
  ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -1;
  }
  const UBiDiLevel *computed = ubidi_getLevels(bidi, &status);
  if (U_FAILURE(status)) {
    ubidi_close(bidi);
    return -1;
  }
  for (int32_t i = 0; i < length; i++) levels[i] = computed[i];
  int32_t result = (int32_t)ubidi_getParaLevel(bidi) & 1;
  ubidi_close(bidi);
  return result;
}

void CDarkroomText_versions(char *harfbuzz, int32_t harfbuzz_size, char *icu, int32_t icu_size) {
  if (harfbuzz_size > 0) snprintf(harfbuzz, (size_t)harfbuzz_size, "%s", hb_version_string());
  if (icu_size > 0) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    snprintf(icu, (size_t)icu_size, "%s", text);
  }
}

#ifndef CDARKROOM_TEXT_H
#define CDARKROOM_TEXT_H

// Darkroom's only door to HarfBuzz (shaping) and ICU (bidirectional levels and
// line-break opportunities).
//
// Shaping runs in font units (the font's scale is its units per em, no hinting), so
// a run's glyphs and advances do not depend on the size it is drawn at. Text is
// passed as UTF-16, and every index that comes back (clusters, breaks, levels) is
// a UTF-16 offset into the text given.

#include <stdint.h>

// ICU's number symbols, in a header of their own.
#include "CDarkroomNumbers.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A font opened for shaping.
typedef struct CDarkroomText_font CDarkroomText_font;

/// One shaped glyph: its index in the font, the UTF-16 offset of the first
/// character it comes from, and its advance and offsets in font units.
typedef struct {
  uint32_t glyph;
  uint32_t cluster;
  int32_t x_advance;
  int32_t x_offset;
  int32_t y_offset;
} CDarkroomText_glyph;

/// Opens face `index` of a font file for shaping; NULL when HarfBuzz cannot read it.
CDarkroomText_font *CDarkroomText_font_open(const char *path, uint32_t index);

/// Closes a font opened with CDarkroomText_font_open.
void CDarkroomText_font_close(CDarkroomText_font *font);

/// Shapes text[start, start + length), with the rest of `text` as context, in the
/// given direction (0 left to right, 1 right to left); the script and language are
/// guessed from the text. Writes up to `capacity` glyphs in visual order and returns
/// how many there are (call again with more room when that is more than
/// `capacity`), or -1 on failure.
int32_t CDarkroomText_shape(CDarkroomText_font *font, const uint16_t *text,
                            int32_t text_length, int32_t start, int32_t length,
                            int32_t rtl, CDarkroomText_glyph *glyphs,
                            int32_t capacity);

/// Writes every offset at which a line may break (before the character there),
/// per Unicode line breaking (UAX #14), the end of the text last. Returns the count
/// (at most `capacity` are written), or -1 when ICU fails.
int32_t CDarkroomText_line_breaks(const uint16_t *text, int32_t length,
                                  int32_t *breaks, int32_t capacity);

/// Writes the bidirectional embedding level of every UTF-16 unit (UAX #9) and
/// returns the paragraph's level: 0 left to right, 1 right to left. `base` is -1
/// to take the direction from the first strong character (left to right when
/// there is none), else 0 or 1. Returns -1 when ICU fails.
int32_t CDarkroomText_bidi_levels(const uint16_t *text, int32_t length,
                                  int32_t base, uint8_t *levels);

/// Writes HarfBuzz's and ICU's versions as text (`10.2.0`, `76.1`), each cut to its
/// buffer's size and always terminated.
void CDarkroomText_versions(char *harfbuzz, int32_t harfbuzz_size, char *icu, int32_t icu_size);

#ifdef __cplusplus
}
#endif

#endif

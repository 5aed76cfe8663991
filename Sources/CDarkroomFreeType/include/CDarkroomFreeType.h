#ifndef CDARKROOM_FREETYPE_H
#define CDARKROOM_FREETYPE_H

// Darkroom's only door to FreeType.
//
// Darkroom reads glyph outlines in font units (FT_LOAD_NO_SCALE: no hinting, no
// scaling, no FreeType rasterizer), and draws them with its own rasterizer, so text
// does not change when FreeType's hinting or rasterizer does. Outline decomposition
// needs C callbacks; keeping them here means Swift never holds an FT_Face or an
// FT_Outline, only an opaque handle and flat arrays.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opened font face.
typedef struct CDarkroomFreeType_face CDarkroomFreeType_face;

/// Path verbs written by CDarkroomFreeType_outline.
enum {
  CDarkroomFreeType_move = 0,
  CDarkroomFreeType_line = 1,
  CDarkroomFreeType_quad = 2,
  CDarkroomFreeType_cubic = 3,
};

/// Face-wide metrics in font units (from the hhea/OS/2 tables as FreeType reports).
typedef struct {
  int32_t units_per_em;
  int32_t ascender;
  int32_t descender;
  int32_t height;
  /// The underline's centre (negative: below the baseline) and thickness.
  int32_t underline_position;
  int32_t underline_thickness;
  /// The strikethrough's bottom edge and thickness (OS/2; 0 when the font has none).
  int32_t strikeout_position;
  int32_t strikeout_size;
  /// The height of capital letters (OS/2; 0 when the font has none).
  int32_t cap_height;
} CDarkroomFreeType_metrics;

/// What a face says about itself: its names and where it sits in its family.
typedef struct {
  /// The family and style names FreeType reports (`Inter`, `Semi Bold`), UTF-8.
  char family[128];
  char style[128];
  /// The name table's version string (name ID 5, `Version 3.019`), UTF-8; empty
  /// when the face has none.
  char version[128];
  /// OS/2 weight (100–900) and width (1–9) classes; 400 and 5 when absent.
  int32_t weight_class;
  int32_t width_class;
  /// 1 when the face is italic or oblique.
  int32_t italic;
  /// How many faces the file holds (more than one in a collection).
  int32_t face_count;
} CDarkroomFreeType_description;

/// Describes an opened face.
void CDarkroomFreeType_describe(CDarkroomFreeType_face *face,
                                CDarkroomFreeType_description *description);

/// Opens face `face_index` of the regular file at `path` (0 unless it is a
/// collection), read through a descriptor: FreeType is never given the path, so it
/// opens no other file beside it. Returns NULL and fills `message` on failure.
CDarkroomFreeType_face *CDarkroomFreeType_open(const char *path, uint32_t face_index,
                                               char *message, size_t message_capacity);

/// Closes a face opened with CDarkroomFreeType_open.
void CDarkroomFreeType_close(CDarkroomFreeType_face *face);

/// The face's metrics.
CDarkroomFreeType_metrics CDarkroomFreeType_face_metrics(
    const CDarkroomFreeType_face *face);

/// The glyph for a Unicode code point, or 0 (.notdef) when the face has none.
uint32_t CDarkroomFreeType_glyph_index(CDarkroomFreeType_face *face,
                                       uint32_t code_point);

/// Loads a glyph unscaled and writes its outline: one verb per segment and the
/// segment's points (x, y pairs, font units, y up). Returns 0 on success, -1 when
/// FreeType cannot load the glyph, and 1 when a buffer is too small; the counts
/// needed are written in every case but -1.
int CDarkroomFreeType_outline(CDarkroomFreeType_face *face, uint32_t glyph,
                              int32_t *advance, uint8_t *verbs,
                              size_t verb_capacity, size_t *verb_count,
                              int32_t *coordinates, size_t coordinate_capacity,
                              size_t *coordinate_count);

/// FreeType's version, as the library linked reports it; zeros when it cannot start.
void CDarkroomFreeType_version(int32_t *major, int32_t *minor, int32_t *patch);

#ifdef __cplusplus
}
#endif

#endif

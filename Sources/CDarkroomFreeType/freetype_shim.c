// Every FreeType call Darkroom makes. See CDarkroomFreeType.h for why.

// No floating point feeds a pixel here today; should any arrive, a fused a*b+c
// (which clang emits by default where the CPU has FMA) would round differently from
// the separate multiply and add on other machines. Contraction stays off, in the
// source rather than as a compiler flag, so the package keeps no unsafe flags.
#pragma STDC FP_CONTRACT OFF

#include "CDarkroomFreeType.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <stdio.h>
#include <stdlib.h>

struct CDarkroomFreeType_face {
  FT_Library library;
  FT_Face face;
};

CDarkroomFreeType_face *CDarkroomFreeType_open(const char *path, uint32_t face_index,
                                               char *message, size_t message_capacity) {
  CDarkroomFreeType_face *handle =
      (CDarkroomFreeType_face *)calloc(1, sizeof(CDarkroomFreeType_face));
  if (handle == NULL) {
    snprintf(message, message_capacity, "out of memory");
    return NULL;
  }
  FT_Error status = FT_Init_FreeType(&handle->library);
  if (status != 0) {
    snprintf(message, message_capacity, "FreeType failed to start (error %d)",
             status);
    free(handle);
    return NULL;
  }
  status = FT_New_Face(handle->library, path, (FT_Long)face_index, &handle->face);
  if (status != 0) {
    snprintf(message, message_capacity,
             "FreeType cannot open the font (error %d)", status);
    FT_Done_FreeType(handle->library);
    free(handle);
    return NULL;
  }
  return handle;
}

void CDarkroomFreeType_close(CDarkroomFreeType_face *face) {
  if (face == NULL) return;
  FT_Done_Face(face->face);
  FT_Done_FreeType(face->library);
  free(face);
}

CDarkroomFreeType_metrics CDarkroomFreeType_face_metrics(
    const CDarkroomFreeType_face *face) {
  CDarkroomFreeType_metrics metrics = {
      face->face->units_per_EM, face->face->ascender, face->face->descender,
      face->face->height, face->face->underline_position,
      face->face->underline_thickness, 0, 0, 0};
  const TT_OS2 *os2 = (const TT_OS2 *)FT_Get_Sfnt_Table(face->face, FT_SFNT_OS2);
  if (os2 != NULL && os2->version != 0xFFFF) {
    metrics.strikeout_position = os2->yStrikeoutPosition;
    metrics.strikeout_size = os2->yStrikeoutSize;
    if (os2->version >= 2) metrics.cap_height = os2->sCapHeight;
  }
  return metrics;
}

uint32_t CDarkroomFreeType_glyph_index(CDarkroomFreeType_face *face,
                                       uint32_t code_point) {
  return FT_Get_Char_Index(face->face, code_point);
}

typedef struct {
  uint8_t *verbs;
  size_t verb_capacity;
  size_t verb_count;
  int32_t *coordinates;
  size_t coordinate_capacity;
  size_t coordinate_count;
} outline_sink;

static void sink_verb(outline_sink *sink, uint8_t verb) {
  if (sink->verb_count < sink->verb_capacity) {
    sink->verbs[sink->verb_count] = verb;
  }
  sink->verb_count++;
}

static void sink_point(outline_sink *sink, const FT_Vector *point) {
  if (sink->coordinate_count + 2 <= sink->coordinate_capacity) {
    sink->coordinates[sink->coordinate_count] = (int32_t)point->x;
    sink->coordinates[sink->coordinate_count + 1] = (int32_t)point->y;
  }
  sink->coordinate_count += 2;
}

static int on_move(const FT_Vector *to, void *user) {
  sink_verb((outline_sink *)user, CDarkroomFreeType_move);
  sink_point((outline_sink *)user, to);
  return 0;
}

static int on_line(const FT_Vector *to, void *user) {
  sink_verb((outline_sink *)user, CDarkroomFreeType_line);
  sink_point((outline_sink *)user, to);
  return 0;
}

static int on_conic(const FT_Vector *control, const FT_Vector *to, void *user) {
  sink_verb((outline_sink *)user, CDarkroomFreeType_quad);
  sink_point((outline_sink *)user, control);
  sink_point((outline_sink *)user, to);
  return 0;
}

static int on_cubic(const FT_Vector *control1, const FT_Vector *control2,
                    const FT_Vector *to, void *user) {
  sink_verb((outline_sink *)user, CDarkroomFreeType_cubic);
  sink_point((outline_sink *)user, control1);
  sink_point((outline_sink *)user, control2);
  sink_point((outline_sink *)user, to);
  return 0;
}

int CDarkroomFreeType_outline(CDarkroomFreeType_face *face, uint32_t glyph,
                              int32_t *advance, uint8_t *verbs,
                              size_t verb_capacity, size_t *verb_count,
                              int32_t *coordinates, size_t coordinate_capacity,
                              size_t *coordinate_count) {
  FT_Error status = FT_Load_Glyph(face->face, glyph,
                                  FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING |
                                      FT_LOAD_NO_BITMAP);
  if (status != 0) return -1;
  FT_GlyphSlot slot = face->face->glyph;
  *advance = (int32_t)slot->advance.x;
  outline_sink sink = {verbs, verb_capacity, 0, coordinates,
                       coordinate_capacity, 0};
  if (slot->format == FT_GLYPH_FORMAT_OUTLINE) {
    FT_Outline_Funcs funcs = {on_move, on_line, on_conic, on_cubic, 0, 0};
    if (FT_Outline_Decompose(&slot->outline, &funcs, &sink) != 0) return -1;
  }
  *verb_count = sink.verb_count;
  *coordinate_count = sink.coordinate_count;
  return (sink.verb_count > verb_capacity ||
          sink.coordinate_count > coordinate_capacity)
             ? 1
             : 0;
}

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
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_IDS_H
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct CDarkroomFreeType_face {
  FT_Library library;
  FT_Face face;
  // The face reads its file, mapped, through this stream, which FreeType closes
  // (unmaps) with it.
  FT_StreamRec stream;
};

// Unmaps the file the face was read from, when FreeType is done with it.
static void unmap_file(FT_Stream stream) {
  munmap(stream->base, stream->size);
  stream->base = NULL;
  stream->size = 0;
}

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
  // The file is opened here and handed over as a stream, never by its path: given a
  // path, FreeType looks for a Mac resource fork under other names beside a file it
  // cannot read (`._name`, `resource.frk/name`, `.AppleDouble/name`…), files the
  // caller never checked — a committed link there would load a font from outside
  // the project.
  // Opened without blocking, so a FIFO in its place is refused, not waited on.
  int descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat info;
  if (descriptor < 0 || fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) {
    snprintf(message, message_capacity, "FreeType cannot open the font (%s)",
             descriptor < 0 ? strerror(errno) : "not a regular file");
    if (descriptor >= 0) close(descriptor);
    FT_Done_FreeType(handle->library);
    free(handle);
    return NULL;
  }
  // Mapped, as FreeType maps a file it opens itself: a stream that reads through a
  // callback costs a copy and a system call each time a table or a glyph is read.
  void *mapped = info.st_size > 0
      ? mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, descriptor, 0)
      : MAP_FAILED;
  int mapError = errno;
  close(descriptor);
  if (mapped == MAP_FAILED) {
    snprintf(message, message_capacity, "FreeType cannot open the font (%s)",
             info.st_size > 0 ? strerror(mapError) : "the file is empty");
    FT_Done_FreeType(handle->library);
    free(handle);
    return NULL;
  }
  handle->stream.base = (unsigned char *)mapped;
  handle->stream.size = (unsigned long)info.st_size;
  handle->stream.close = unmap_file;
  FT_Open_Args arguments;
  memset(&arguments, 0, sizeof(arguments));
  arguments.flags = FT_OPEN_STREAM;
  arguments.stream = &handle->stream;
  status = FT_Open_Face(handle->library, &arguments, (FT_Long)face_index, &handle->face);
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

// Copies a C string into a fixed buffer, cut at a character boundary.
static void copy_name(char *target, size_t capacity, const char *source) {
  if (source == NULL) source = "";
  size_t length = strlen(source);
  if (length >= capacity) {
    length = capacity - 1;
    while (length > 0 && ((unsigned char)source[length] & 0xC0) == 0x80) length--;
  }
  memcpy(target, source, length);
  target[length] = 0;
}

// Writes a name record as UTF-8: UTF-16BE for Windows and Unicode platforms, one
// byte a character (ASCII, Mac Roman's first half) otherwise.
static void name_utf8(const FT_SfntName *name, char *target, size_t capacity) {
  size_t out = 0;
  int utf16 = name->platform_id == TT_PLATFORM_MICROSOFT || name->platform_id == TT_PLATFORM_APPLE_UNICODE;
  for (FT_UInt i = 0; i < name->string_len && out + 4 < capacity;) {
    uint32_t c;
    if (utf16) {
      if (i + 1 >= name->string_len) break;
      c = ((uint32_t)name->string[i] << 8) | name->string[i + 1];
      i += 2;
      if (c >= 0xD800 && c < 0xDC00 && i + 1 < name->string_len) {
        uint32_t low = ((uint32_t)name->string[i] << 8) | name->string[i + 1];
        if (low >= 0xDC00 && low < 0xE000) {
          c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
          i += 2;
        }
      }
    } else {
      c = name->string[i++];
      if (c >= 0x80) c = '?';
    }
    if (c < 0x20) continue;
    if (c < 0x80) {
      target[out++] = (char)c;
    } else if (c < 0x800) {
      target[out++] = (char)(0xC0 | (c >> 6));
      target[out++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      target[out++] = (char)(0xE0 | (c >> 12));
      target[out++] = (char)(0x80 | ((c >> 6) & 0x3F));
      target[out++] = (char)(0x80 | (c & 0x3F));
    } else {
      target[out++] = (char)(0xF0 | (c >> 18));
      target[out++] = (char)(0x80 | ((c >> 12) & 0x3F));
      target[out++] = (char)(0x80 | ((c >> 6) & 0x3F));
      target[out++] = (char)(0x80 | (c & 0x3F));
    }
  }
  target[out] = 0;
}

// Writes the name record `name_id` (a Windows English one first, else any) into
// `target`; leaves it as it is when the face has none.
static void find_name(CDarkroomFreeType_face *face, FT_UShort name_id, char *target, size_t capacity) {
  FT_UInt count = FT_Get_Sfnt_Name_Count(face->face);
  for (int pass = 0; pass < 2; pass++) {
    for (FT_UInt i = 0; i < count; i++) {
      FT_SfntName name;
      if (FT_Get_Sfnt_Name(face->face, i, &name) != 0 || name.name_id != name_id) continue;
      if (pass == 0 && !(name.platform_id == TT_PLATFORM_MICROSOFT && name.language_id == 0x409)) continue;
      name_utf8(&name, target, capacity);
      if (target[0] != 0) return;
    }
  }
}

void CDarkroomFreeType_describe(CDarkroomFreeType_face *face,
                                CDarkroomFreeType_description *description) {
  memset(description, 0, sizeof(*description));
  copy_name(description->family, sizeof(description->family), face->face->family_name);
  copy_name(description->style, sizeof(description->style), face->face->style_name);
  description->face_count = (int32_t)face->face->num_faces;
  description->italic = (face->face->style_flags & FT_STYLE_FLAG_ITALIC) != 0;
  description->weight_class = 400;
  description->width_class = 5;
  const TT_OS2 *os2 = (const TT_OS2 *)FT_Get_Sfnt_Table(face->face, FT_SFNT_OS2);
  if (os2 != NULL && os2->version != 0xFFFF) {
    description->weight_class = os2->usWeightClass;
    description->width_class = os2->usWidthClass;
    if (os2->fsSelection & 1) description->italic = 1;
  }
  // The version string; the typographic family and subfamily (name IDs 16, 17),
  // which group a family's weights under one name (`Inter` rather than `Inter Semi
  // Bold`), when the face has them.
  find_name(face, TT_NAME_ID_VERSION_STRING, description->version, sizeof(description->version));
  find_name(face, TT_NAME_ID_TYPOGRAPHIC_FAMILY, description->family, sizeof(description->family));
  find_name(face, TT_NAME_ID_TYPOGRAPHIC_SUBFAMILY, description->style, sizeof(description->style));
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

void CDarkroomFreeType_version(int32_t *major, int32_t *minor, int32_t *patch) {
  FT_Library library;
  FT_Int a = 0, b = 0, c = 0;
  if (FT_Init_FreeType(&library) == 0) {
    FT_Library_Version(library, &a, &b, &c);
    FT_Done_FreeType(library);
  }
  *major = (int32_t)a;
  *minor = (int32_t)b;
  *patch = (int32_t)c;
}

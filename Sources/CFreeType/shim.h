// FreeType is reached only through CDarkroomFreeType; this module exists so that
// SwiftPM finds the library with pkg-config and passes its flags to that target.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

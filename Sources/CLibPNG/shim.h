// libpng is reached only through CDarkroomPNG; this module exists so that SwiftPM
// finds the library with pkg-config and passes its flags to that target.
#include <png.h>

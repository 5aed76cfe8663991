// HarfBuzz is reached only through CDarkroomText; this module exists so that
// SwiftPM finds the library with pkg-config and passes its flags to that target.
#include <hb.h>

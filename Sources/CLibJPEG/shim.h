// libjpeg (libjpeg-turbo) is reached only through CDarkroomJPEG; this module exists so
// that SwiftPM finds the library with pkg-config and passes its flags to that target.
// jpeglib.h needs FILE and size_t declared before it.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

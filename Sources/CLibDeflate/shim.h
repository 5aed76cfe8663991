// libdeflate (Debian's libdeflate-dev), reached only from DarkroomRaster's
// Codec/Deflate.swift: the zlib streams inside PNG files (compressed and inflated
// whole, in one call each) and the CRC-32 of their chunks. Its functions return a
// size or a status and never jump out of the caller, so a module map is the whole
// boundary, as for xxHash.
#include <libdeflate.h>

// xxHash (Debian's libxxhash-dev), reached only from DarkroomRaster's
// Hash/ContentHash.swift: the pixel digest of goldens and the keys of caches.
// XXH3's streaming functions are plain C calls with no error path to wrap, so a
// module map is the whole boundary; the state stays behind a Swift class.
#include <xxhash.h>

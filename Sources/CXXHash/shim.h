// xxHash (Debian's libxxhash-dev), reached only from DarkroomRaster's
// Hash/ContentHash.swift: the pixel digest of goldens and the keys of caches.
// XXH3's streaming functions are plain C calls with no error path to wrap, so a
// module map is the whole boundary; the state stays behind a Swift class.
#include <xxhash.h>

// Where the library is built with its x86 dispatcher (Debian's amd64 package ships
// its header), feeding goes through it: the library picks AVX2 or AVX-512 at run
// time where the CPU has them, instead of the SSE2 every x86-64 build is compiled
// for (3x faster over a 12 MB snapshot on this project's machine). XXH3's result
// does not depend on the vector width. Elsewhere the plain function. (The header
// is taken as the sign that the library beside it was built with the dispatcher,
// as xxHash's own install and Debian's package do.)
#if defined(__x86_64__) && defined(__linux__) && __has_include(<xxh_x86dispatch.h>)
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
#define DARKROOM_XXH3_DISPATCHES 1
#else
#define DARKROOM_XXH3_DISPATCHES 0
#endif

/// Feeds bytes to an XXH3-128 state, through the dispatcher where there is one.
static inline XXH_errorcode darkroom_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
#if DARKROOM_XXH3_DISPATCHES
  return XXH3_128bits_update_dispatch(state, input, length);
#else
  return XXH3_128bits_update(state, input, length);
#endif
}

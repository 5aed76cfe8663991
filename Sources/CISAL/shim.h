// ISA-L's igzip (Debian's libisal-dev), reached only from DarkroomRaster's
// Codec/Deflate.swift: the zlib streams of the PNG files Darkroom writes, each
// compressed whole in one stateless call. Its functions return a status and never
// jump out of the caller, so a module map is the whole boundary, as for libdeflate.
#include <isa-l/igzip_lib.h>

// The bytes of work area level 1 needs for blocks of `tokens` matches and literals:
// its hash table and the block's tokens (the header's expressions, which Swift
// cannot import).
static inline uint32_t CISAL_level1_work_size(uint32_t tokens) {
  return ISAL_DEF_LVL1_REQ + ISAL_DEF_LVL1_TOKEN_SIZE * tokens;
}

// libwebp's encoder (Debian's libwebp-dev), reached only from the CDarkroomWebP
// shim, which fixes the settings of the report's thumbnails.
#include <webp/encode.h>

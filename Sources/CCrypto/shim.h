// OpenSSL's libcrypto (Debian's libssl-dev), reached only from Darkroom's
// Cache/CacheAuthentication.swift: HMAC-SHA-256 over the warm cache's file, so a
// forged cache is a miss. HMAC() is one plain C call with no error path to wrap,
// so a module map is the whole boundary.
#include <openssl/evp.h>
#include <openssl/hmac.h>

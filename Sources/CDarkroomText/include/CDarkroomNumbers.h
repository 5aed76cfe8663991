#ifndef CDARKROOM_NUMBERS_H
#define CDARKROOM_NUMBERS_H

// ICU's number formatting symbols, for the grouping flag of Android's format
// strings (`%,d`): Java groups digits with the separator and the group size of the
// locale's decimal format, which ICU's locale data gives. ICU is the system's, as
// for line breaking and bidi, so the answer is the same on every machine that
// draws the goldens.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The grouping separator of `locale` (an ICU locale id such as "de" or "fr_CH")
/// as UTF-16 in `separator` (up to `capacity` units; its length in
/// `*separator_length`) and the primary grouping size in `*size`. Returns 0, or -1
/// when ICU has no decimal format for the locale.
int32_t CDarkroomNumbers_grouping(const char *locale, uint16_t *separator,
                                  int32_t capacity, int32_t *separator_length,
                                  int32_t *size);

#ifdef __cplusplus
}
#endif

#endif

// ICU's number symbols. See CDarkroomNumbers.h for why this file exists.

#include "CDarkroomNumbers.h"

#include <unicode/unum.h>

int32_t CDarkroomNumbers_grouping(const char *locale, uint16_t *separator,
                                  int32_t capacity, int32_t *separator_length,
                                  int32_t *size) {
  UErrorCode status = U_ZERO_ERROR;
  UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
  if (U_FAILURE(status) || format == NULL) return -1;
  int32_t length = unum_getSymbol(format, UNUM_GROUPING_SEPARATOR_SYMBOL, (UChar *)separator, capacity, &status);
  int32_t grouping = unum_getAttribute(format, UNUM_GROUPING_SIZE);
  unum_close(format);
  if (U_FAILURE(status) || length > capacity) return -1;
  *separator_length = length;
  *size = grouping;
  return 0;
}

#ifndef CMC_FAIL_H
#define CMC_FAIL_H

#include <stddef.h>

/* Writes the formatted message into `error` (when there is room) and returns -1:
 * every failure in this target is a return value with its text, never an abort. */
int cmc_fail(char *error, size_t capacity, const char *format, ...) __attribute__((format(printf, 3, 4)));

#endif

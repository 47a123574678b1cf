/* array: room in a growable array, made the one way the readers and the tuner's sets share:
 * the room doubles, from a first size, until what is needed fits. */
#ifndef WUZI_ARRAY_H
#define WUZI_ARRAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Room for `needed` items of `size` bytes in *items, which has room for *capacity of them
 * (`first` when there is none yet). False when memory runs out; *items is then as it was. */
bool array_reserve(void **items, int64_t *capacity, int64_t needed, size_t size, int64_t first);

#endif

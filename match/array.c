#include "array.h"

#include <stdlib.h>

bool array_reserve(void **items, int64_t *capacity, int64_t needed, size_t size, int64_t first) {
    if (needed <= *capacity) return true;
    int64_t room = *capacity ? *capacity : first;
    while (room < needed) room *= 2;
    void *grown = realloc(*items, (size_t)room * size);
    if (!grown) return false;
    *items = grown;
    *capacity = room;
    return true;
}

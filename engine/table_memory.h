/* table_memory: the memory of the big tables (the search's and the threat search's hash tables,
 * the search workers).
 *
 * Where the system maps anonymous memory it comes mapped fresh: zero without a page touched,
 * so that making a table costs nothing until it is used (an INFO max_memory between START and
 * the first move must not spend that move's time), and aligned to and advised as 2 MB huge pages
 * where the system has them, on which the tables' random probes miss the TLB far less. The
 * search touches its tables at START (search_clear), where time is free. Elsewhere, calloc.
 * Free with table_memory_free and the size asked for. */
#ifndef WUZI_TABLE_MEMORY_H
#define WUZI_TABLE_MEMORY_H

#include <stddef.h>

void *table_memory_alloc(size_t bytes);
void table_memory_free(void *memory, size_t bytes);

#endif

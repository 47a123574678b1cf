/* table_memory: the memory of the big tables (the search's and the threat search's hash tables,
 * the search workers).
 *
 * Where the system maps anonymous memory it comes mapped fresh: zero without a page touched,
 * so that making a table costs nothing until it is used (an INFO max_memory between START and
 * the first move must not spend that move's time), and aligned to and advised as 2 MB huge pages
 * where the system has them, on which the tables' random probes miss the TLB far less.
 * table_memory_populate makes the pages present without changing what they hold (Linux), so a
 * thread beside the search can fault a new table in while the search already uses it.
 * Elsewhere, calloc. Free with table_memory_free and the size asked for. */
#ifndef WUZI_TABLE_MEMORY_H
#define WUZI_TABLE_MEMORY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

void *table_memory_alloc(size_t bytes);
void table_memory_free(void *memory, size_t bytes);
/* Fault the block's pages in, a huge page at a time, until done or *cancel (may be NULL) is
 * set; the contents are kept. False where the system cannot (nothing was done). */
bool table_memory_populate(void *memory, size_t bytes, const atomic_bool *cancel);

#endif

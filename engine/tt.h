/* tt: the transposition table shared by the search threads.
 *
 * Buckets of entries keyed by the Zobrist hash; an entry stores the best move, score, depth,
 * bound and the search generation, and is replaced by depth and age. Entries are two 64-bit
 * words written without locks: the first word is the key XOR the second, so a torn write
 * (two threads storing at once) reads back as a miss instead of a wrong move. */
#ifndef WUZI_TT_H
#define WUZI_TT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct TTEntry {
    uint64_t check;     /* key ^ data */
    uint64_t data;
} TTEntry;

typedef struct TTHit {
    int move;           /* cell, NO_CELL when none */
    int score;
    int depth;
    int bound;
} TTHit;

typedef struct TranspositionTable {
    TTEntry *entries;
    size_t mask;        /* entry count - 1 (a power of two) */
    uint8_t generation;
    /* faults a new table's pages in beside the search, so that no think pays for them */
    bool filling;               /* a detached filler thread was started and has not been waited for */
    atomic_bool cancel_fill;
    atomic_bool fill_done;      /* the filler's last act: after it, it touches nothing of ours */
} TranspositionTable;

/* Size the table to at most `bytes` (rounded down to a power of two, at least 64 KiB); the same
 * size keeps the table and what it holds. A new table is zero and untouched; its pages are
 * faulted in by a thread of its own. Returns false (and leaves no table) if the memory cannot be
 * had. */
bool tt_resize(TranspositionTable *table, size_t bytes);
void tt_free(TranspositionTable *table);
void tt_clear(TranspositionTable *table);
void tt_new_search(TranspositionTable *table);
bool tt_probe(const TranspositionTable *table, uint64_t key, TTHit *hit);
/* Start loading the entries of `key` into the cache (a probe follows soon). */
static inline void tt_prefetch(const TranspositionTable *table, uint64_t key) {
    if (table->entries) __builtin_prefetch(&table->entries[key & table->mask & ~(size_t)1]);
}
void tt_store(TranspositionTable *table, uint64_t key, int move, int score, int depth, int bound);
size_t tt_bytes(const TranspositionTable *table);

#endif

/* search: iterative-deepening principal-variation alpha-beta over movegen's candidates.
 *
 * Transposition table (tt.h), killer and history ordering, mate scores that carry the
 * distance, aspiration windows, late-move reductions, forced replies that cost no depth, a
 * VCF check (threat.h) at the root for us and after each root move for the opponent, and Lazy
 * SMP: several threads search the same root sharing the table. A Search holds all of that
 * state; nothing is global. search_stop may be called from another thread. */
#ifndef WUZI_SEARCH_H
#define WUZI_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "engine_limits.h"
#include "search_types.h"

Search *search_new(void);
void search_free(Search *search);
void search_set_threads(Search *search, int threads);
/* Transposition table size; the threat searches take a small fixed share on top. */
void search_set_hash_bytes(Search *search, size_t bytes);
size_t search_hash_bytes(const Search *search);
/* A new game: the tables made if missing, emptied if a think has used them since. */
void search_clear(Search *search);
void search_stop(Search *search);

/* Search the side to move's best move (board unchanged). `report` gets each finished
 * iteration; may be NULL. */
SearchResult search_think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context);

/* What one search thread finished with (index 0: the main thread). */
typedef struct ThreadOutcome { int move, score, depth; } ThreadOutcome;
/* Which thread's result a think answers with: the main thread's proven win is never given up,
 * a helper's proven win comes next, then the deepest iteration with an ordinary score. */
int search_pick_thread(const ThreadOutcome *outcomes, int count);

/* The best `count` distinct moves, best first (limits->multipv is taken as `count`): one
 * search ranks them all, reporting a line per move each iteration. Returns how many. */
int search_best_moves(Search *search, const Board *board, const SearchLimits *limits, int count,
                      int *cells, EngineReportFn report, void *context);

#endif

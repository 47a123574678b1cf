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
#include "timeman.h"

#define MATE 30000
#define MATE_BOUND 29000    /* |score| above this is a forced win or loss */

typedef struct Search Search;

#define SEARCH_MAX_THREADS 64

#define SEARCH_MULTIPV_MAX 32

typedef struct SearchLimits {
    TimeBudget time;
    int64_t start_ms;       /* when the turn's clock started (monotonic_ms); 0 = now */
    int64_t max_nodes;      /* 0 = none */
    int max_depth;          /* 0 = none */
    int multipv;            /* how many best moves to rank, each with its own line; 0 = one */
    bool realtime;          /* report each root move as it is searched */
    /* Set from another thread to make the search answer now with its best move so far; may be
     * NULL. Unlike search_stop, a request made before the search starts is not lost. */
    const atomic_bool *abort;
} SearchLimits;

typedef struct SearchResult {
    int move;               /* NO_CELL only when the board is full */
    int score;
    int depth;
    uint64_t nodes;             /* all: alpha-beta, its quiescence and the threat searches */
    uint64_t quiescence_nodes;  /* of those, in the quiescence of fours at the leaves */
    uint64_t threat_nodes;      /* of those, in threat.h's searches at the root */
} SearchResult;

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

/* search_types: what the search's files and its callers share without the search's functions:
 * the mate scores, the limits of a think and its result. (search.c's three files include this,
 * not search.h, so that the tree below the root depends on the think only through the context.) */
#ifndef WUZI_SEARCH_TYPES_H
#define WUZI_SEARCH_TYPES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

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

#endif

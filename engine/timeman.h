/* timeman: how long one move may think, from the manager's limits.
 *
 * soft: do not start another iteration after this; hard: abort the search. Both stay inside
 * the turn limit with a margin for process and pipe latency, and spend the game clock so that
 * it never runs out (a share of what is left, never more than a fifth of it). */
#ifndef WUZI_TIMEMAN_H
#define WUZI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine_limits.h"

typedef struct TimeBudget {
    bool unlimited;     /* no turn limit and no game clock: only depth/nodes stop the search */
    int64_t soft_ms;
    int64_t hard_ms;    /* 0: answer at once (static choice) */
} TimeBudget;

/* `empty_cells`: how many moves the game could still last, to share the game clock. */
TimeBudget timeman_budget(const EngineLimits *limits, int empty_cells);

#endif

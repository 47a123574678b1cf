/* timeman: how long one move may think, from the manager's limits.
 *
 * soft: the move's target — the search starts no iteration it does not expect to finish
 * inside it (scaled by how unsettled the search is); hard: abort the search. Both stay inside
 * the turn limit with a margin for process and pipe latency, and spend the game clock so that
 * it never runs out: a share of what is left for the moves the game may still last, never
 * more than an eighth of it. A TimeKeeper learns, over a game, what each move costs the
 * manager beyond our own thinking (its time_left falls by more than we spent): the game clock's
 * share keeps that back for every move still to come (the turn's reserve already covers one). */
#ifndef WUZI_TIMEMAN_H
#define WUZI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine_limits.h"

typedef struct TimeBudget {
    bool unlimited;     /* no turn limit and no game clock: only depth/nodes stop the search */
    bool clock;         /* the game clock binds (its share is below the turn's): time not spent now is there for later moves */
    int64_t soft_ms;
    int64_t hard_ms;    /* 0: answer at once (static choice) */
} TimeBudget;

/* What a game's clock has taught: the manager's own cost per move. */
typedef struct TimeKeeper {
    int64_t overhead_ms;    /* learned; kept back on every move still to come */
    int64_t last_left_ms;   /* time_left at our last think; -1 when there is none to compare */
    int64_t last_spent_ms;  /* that think's time, from the command's arrival to the reply */
    int last_ply;           /* the board's move count at that think */
} TimeKeeper;

void timekeeper_reset(TimeKeeper *keeper);
/* Before a think at move count `ply`: learn from how far time_left fell since the last one. */
void timekeeper_observe(TimeKeeper *keeper, const EngineLimits *limits, int ply);
/* After it: what the think cost, from the command's arrival. */
void timekeeper_spent(TimeKeeper *keeper, const EngineLimits *limits, int ply, int64_t spent_ms);

/* `empty_cells`: how many moves the game could still last; `overhead_ms`: the manager's cost
 * per move (0 when unknown). */
TimeBudget timeman_budget(const EngineLimits *limits, int empty_cells, int64_t overhead_ms);

#endif

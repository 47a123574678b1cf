#include "timeman.h"

#include "search_params.h"


#define UNLIMITED_TIME 2147483647

/* What we keep back for finishing the node in hand, writing the reply and the manager
 * reading it; measured replies on a loaded 2-core machine came up to ~60 ms after the hard
 * stop, hence the fixed part. */
static int64_t reserve(int64_t limit) { return 50 + limit / 16; }

TimeBudget timeman_budget(const EngineLimits *limits, int empty_cells) {
    TimeBudget budget = {.unlimited = false, .soft_ms = 0, .hard_ms = 0};
    const bool turn_limited = limits->turn_ms > 0 && limits->turn_ms < UNLIMITED_TIME;
    const bool clock_limited = limits->match_ms > 0 && limits->time_left_ms < UNLIMITED_TIME;
    if (limits->turn_ms == 0) return budget;                        /* answer at once */
    if (clock_limited && limits->time_left_ms <= 0) return budget;  /* out of time */
    if (!turn_limited && !clock_limited) {
        budget.unlimited = true;
        return budget;
    }
    int64_t hard = INT64_MAX, soft = INT64_MAX;
    if (turn_limited) {
        hard = limits->turn_ms - reserve(limits->turn_ms);
        soft = (int64_t)((double)hard * TIME_SOFT_SHARE);
    }
    if (clock_limited) {
        const int64_t left = limits->time_left_ms;
        int moves_to_go = empty_cells / 4;
        if (moves_to_go < 12) moves_to_go = 12;
        if (moves_to_go > 40) moves_to_go = 40;
        const int64_t share = left / moves_to_go;
        const int64_t cap = left / 5 - reserve(left / 5);
        if (share < soft) soft = share;
        if (cap < hard) hard = cap;
    }
    if (hard < 1) hard = 1;
    if (soft > hard) soft = hard;
    budget.soft_ms = soft;
    budget.hard_ms = hard;
    return budget;
}

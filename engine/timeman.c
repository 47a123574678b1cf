#include "timeman.h"

#include "search_params.h"

/* The time manager's kept rules (docs/experiments.md, Time): no iteration starts past
 * TIME_SOFT_SHARE of the soft budget (with the search's scaling, search_params.h); the game clock
 * is shared over the moves the game may still last (an empty cell in 4, 12 to 40), a move never
 * more than an eighth of it nor TIME_HARD_FACTOR times its share; the manager's learned cost
 * per move is forgotten by an eighth a move. */
#define TIME_SOFT_SHARE 0.75
#define TIME_CELLS_PER_MOVE 4
#define TIME_MOVES_MIN 12
#define TIME_MOVES_MAX 40
#define TIME_CLOCK_CAP 8
#define TIME_HARD_FACTOR 3.0
#define TIME_OVERHEAD_DECAY 8

#define UNLIMITED_TIME 2147483647
/* A manager's cost per move is a few tens of ms (Piskvork under wine: 22-68); a larger fall of
 * time_left than we spent is not overhead but something else (a paused game, a new clock). */
#define OVERHEAD_MAX_MS 1000

/* What we keep back for finishing the node in hand, writing the reply and the manager
 * reading it; measured replies on a loaded 2-core machine came up to ~60 ms after the hard
 * stop, hence the fixed part. */
static int64_t reserve(int64_t limit) { return 50 + limit / 16; }

static bool clock_limited(const EngineLimits *limits) {
    return limits->match_ms > 0 && limits->time_left_ms < UNLIMITED_TIME;
}

void timekeeper_reset(TimeKeeper *keeper) {
    *keeper = (TimeKeeper){.overhead_ms = 0, .last_left_ms = -1, .last_spent_ms = 0, .last_ply = -1};
}

void timekeeper_observe(TimeKeeper *keeper, const EngineLimits *limits, int ply) {
    if (!clock_limited(limits) || keeper->last_left_ms < 0 || ply != keeper->last_ply + 2) return;
    const int64_t charged = keeper->last_left_ms - limits->time_left_ms;
    const int64_t overhead = charged - keeper->last_spent_ms;
    if (overhead < 0 || overhead > OVERHEAD_MAX_MS) return;
    /* the largest recent cost, forgotten slowly: a reserve must cover the slow moves */
    const int64_t decayed = keeper->overhead_ms - keeper->overhead_ms / TIME_OVERHEAD_DECAY;
    keeper->overhead_ms = overhead > decayed ? overhead : decayed;
}

void timekeeper_spent(TimeKeeper *keeper, const EngineLimits *limits, int ply, int64_t spent_ms) {
    keeper->last_left_ms = clock_limited(limits) ? limits->time_left_ms : -1;
    keeper->last_spent_ms = spent_ms;
    keeper->last_ply = ply;
}

TimeBudget timeman_budget(const EngineLimits *limits, int empty_cells, int64_t overhead_ms) {
    TimeBudget budget = {.unlimited = false, .clock = false, .soft_ms = 0, .hard_ms = 0};
    const bool turn_limited = limits->turn_ms > 0 && limits->turn_ms < UNLIMITED_TIME;
    const bool clocked = clock_limited(limits);
    if (limits->turn_ms == 0) return budget;                  /* answer at once */
    if (clocked && limits->time_left_ms <= 0) return budget;  /* out of time */
    if (!turn_limited && !clocked) {
        budget.unlimited = true;
        return budget;
    }
    int64_t hard = INT64_MAX, soft = INT64_MAX;
    if (turn_limited) {
        hard = limits->turn_ms - reserve(limits->turn_ms);
        soft = (int64_t)((double)hard * TIME_SOFT_SHARE);
    }
    if (clocked) {
        const int64_t left = limits->time_left_ms;
        int moves_to_go = empty_cells / TIME_CELLS_PER_MOVE;
        if (moves_to_go < TIME_MOVES_MIN) moves_to_go = TIME_MOVES_MIN;
        if (moves_to_go > TIME_MOVES_MAX) moves_to_go = TIME_MOVES_MAX;
        /* every move still to come costs the manager its overhead as well */
        const int64_t share = (left - overhead_ms * moves_to_go) / moves_to_go;
        const int64_t cap = left / TIME_CLOCK_CAP - reserve(left / TIME_CLOCK_CAP);
        /* the clock binds when its share is below what the turn alone would allow */
        budget.clock = share < soft;
        if (share < soft) soft = share;
        if (cap < hard) hard = cap;
        if ((double)soft * TIME_HARD_FACTOR < (double)hard) hard = (int64_t)((double)soft * TIME_HARD_FACTOR);
    }
    if (hard < 1) hard = 1;
    if (soft < 1) soft = 1;
    if (soft > hard) soft = hard;
    budget.soft_ms = soft;
    budget.hard_ms = hard;
    return budget;
}

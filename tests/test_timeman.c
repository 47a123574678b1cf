/* Time budgets and the transposition table: the rules a manager's limits must obey, and that a
 * stored entry comes back (and a torn one does not). */
#include <stdint.h>

#include "check.h"
#include "timeman.h"
#include "tt.h"

static EngineLimits limits(int64_t turn, int64_t match, int64_t left) {
    EngineLimits l = {.turn_ms = turn, .match_ms = match, .time_left_ms = left};
    return l;
}

static void test_turn_zero_answers_at_once(void) {
    const EngineLimits l = limits(0, 0, 2147483647);
    const TimeBudget budget = timeman_budget(&l, 200, 0);
    CHECK(!budget.unlimited && budget.hard_ms == 0);
}

static void test_turn_limit_is_never_reached(void) {
    for (int64_t turn = 1; turn <= 100000; turn *= 3) {
        const EngineLimits l = limits(turn, 0, 2147483647);
        const TimeBudget budget = timeman_budget(&l, 200, 0);
        CHECKF(budget.hard_ms < turn || turn <= 50, "turn %lld: hard %lld", (long long)turn,
               (long long)budget.hard_ms);
        CHECK(budget.soft_ms <= budget.hard_ms);
        CHECK(budget.hard_ms >= 1);
    }
}

static void test_game_clock_never_runs_out(void) {
    /* Spend the budget move after move: the clock must never reach zero. */
    int64_t left = 60000;
    for (int move = 0; move < 200; move++) {
        const EngineLimits l = limits(30000, 60000, left);
        const TimeBudget budget = timeman_budget(&l, 225 - move, 0);
        CHECK(budget.hard_ms <= left / 8);
        left -= budget.hard_ms;
    }
    CHECK(left > 0);
}

static void test_no_time_left_answers_at_once(void) {
    const EngineLimits l = limits(5000, 60000, 0);
    CHECK(timeman_budget(&l, 100, 0).hard_ms == 0);
    const EngineLimits negative = limits(5000, 60000, -300);
    CHECK(timeman_budget(&negative, 100, 0).hard_ms == 0);
}

static void test_unlimited(void) {
    const EngineLimits l = limits(2147483647, 0, 2147483647);
    CHECK(timeman_budget(&l, 100, 0).unlimited);
}

/* The manager's clock falls by 30 ms more than each think took: that is learned, and the
 * clock's share keeps it back for every move to come. */
static void test_overhead_is_learned(void) {
    TimeKeeper keeper;
    timekeeper_reset(&keeper);
    int64_t left = 60000;
    for (int ply = 10; ply < 30; ply += 2) {
        const EngineLimits l = limits(5000, 60000, left);
        timekeeper_observe(&keeper, &l, ply);
        timekeeper_spent(&keeper, &l, ply, 400);
        left -= 400 + 30;
    }
    CHECKF(keeper.overhead_ms == 30, "learned %lld ms", (long long)keeper.overhead_ms);
    const EngineLimits l = limits(5000, 60000, left);
    CHECK(timeman_budget(&l, 150, keeper.overhead_ms).soft_ms < timeman_budget(&l, 150, 0).soft_ms);
    CHECK(timeman_budget(&l, 150, keeper.overhead_ms).hard_ms <= timeman_budget(&l, 150, 0).hard_ms);
    /* a new game (time_left back up, or not two plies on) teaches nothing */
    const EngineLimits fresh = limits(5000, 60000, 60000);
    timekeeper_observe(&keeper, &fresh, 2);
    CHECK(keeper.overhead_ms == 30);
}

/* Gomocup's long games: a move never takes more than an eighth of the clock, nor more than a
 * few times its share; the clock binds there, not the turn. */
static void test_long_clock(void) {
    const EngineLimits l = limits(30000, 180000, 180000);
    const TimeBudget budget = timeman_budget(&l, 221, 0);
    CHECK(budget.clock);
    CHECK(budget.hard_ms <= 180000 / 8);
    CHECKF(budget.soft_ms >= 3000 && budget.soft_ms <= 6000, "soft %lld", (long long)budget.soft_ms);
    CHECK(budget.hard_ms <= budget.soft_ms * 3);
    /* at 10 s / 0.2 s the turn binds at first */
    const EngineLimits fast = limits(200, 10000, 10000);
    CHECK(!timeman_budget(&fast, 221, 0).clock);
}

static void test_table_store_and_probe(void) {
    TranspositionTable table = {0};
    CHECK(tt_resize(&table, 1 << 20));
    CHECK(tt_bytes(&table) <= (1 << 20));
    TTHit hit;
    CHECK(!tt_probe(&table, 0x1234567887654321ull, &hit));
    tt_store(&table, 0x1234567887654321ull, 300, -29990, 7, BOUND_EXACT);
    CHECK(tt_probe(&table, 0x1234567887654321ull, &hit));
    CHECK(hit.move == 300 && hit.score == -29990 && hit.depth == 7 && hit.bound == BOUND_EXACT);
    /* a torn write: the check word no longer matches the data */
    table.entries[0x1234567887654321ull & table.mask & ~(size_t)1].data ^= 1;
    table.entries[(0x1234567887654321ull & table.mask & ~(size_t)1) + 1].data ^= 1;
    CHECK(!tt_probe(&table, 0x1234567887654321ull, &hit));
    tt_clear(&table);
    CHECK(!tt_probe(&table, 0x1234567887654321ull, &hit));
    tt_free(&table);
}

int main(void) {
    RUN(test_turn_zero_answers_at_once);
    RUN(test_turn_limit_is_never_reached);
    RUN(test_game_clock_never_runs_out);
    RUN(test_no_time_left_answers_at_once);
    RUN(test_unlimited);
    RUN(test_overhead_is_learned);
    RUN(test_long_clock);
    RUN(test_table_store_and_probe);
    return check_summary();
}

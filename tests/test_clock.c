/* Timing promises of the real pbrain-wuzi ($WUZI_BRAIN), measured through pipes as a manager
 * measures them: a reply within the turn limit when commands arrive in Piskvork's order (a rule
 * change and a new memory limit just before the first move), YXSTOP heard within 20 ms at any
 * moment of a think, nothing printed by a think that END interrupts, and a whole game under a
 * game clock that never runs out, every move within the budget the time manager gives it, and
 * the clock spent over the game. Under the sanitizers ($WUZI_SANITIZE set) everything runs
 * several times slower, and the bounds widen to match. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brain_pipe.h"
#include "check.h"
#include "engine.h"
#include "monotonic.h"
#include "rules.h"
#include "timeman.h"

#define REPLY_MS 5000
#define EXIT_MS 3000

static BrainPipe brain;
static char line[BRAIN_LINE_MAX];

/* A bound in ms for the plain build, widened under the sanitizers. */
static int64_t bound(int64_t ms) { return getenv("WUZI_SANITIZE") && *getenv("WUZI_SANITIZE") ? ms * 4 : ms; }

static void pause_ms(int ms) {
    const struct timespec pause = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

static bool start(void) {
    const char *args[] = {"--level", "max", NULL};
    if (!brain_pipe_start(&brain, args)) {
        CHECKF(false, "cannot start the brain ($WUZI_BRAIN = %s)", brain_pipe_program() ? brain_pipe_program() : "unset");
        return false;
    }
    brain.eol = "\r\n";
    return true;
}

static bool read_reply(int timeout_ms) { return brain_pipe_read_reply(&brain, line, sizeof line, timeout_ms); }

static bool is_move(const char *text, int *x, int *y) {
    char extra;
    return sscanf(text, "%d,%d%c", x, y, &extra) == 2;
}

static void finish(void) {
    brain_pipe_send(&brain, "END");
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    CHECKF(brain_pipe_stderr(&brain)[0] == '\0', "stderr: %s", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
}

/* START, then Piskvork's burst of lines for a renju game: the memory limit makes a new table,
 * the rule change would empty it. Returns the ms from the burst to the first move. */
static int64_t piskvork_first_move(void) {
    if (!start()) return -1;
    brain_pipe_send(&brain, "START 15");
    if (!read_reply(REPLY_MS) || strcmp(line, "OK") != 0) return -1;
    const int64_t sent = monotonic_ms();
    brain_pipe_send(&brain, "INFO max_memory 367001600");
    brain_pipe_send(&brain, "INFO rule 4");
    brain_pipe_send(&brain, "INFO timeout_turn 200");
    brain_pipe_send(&brain, "INFO timeout_match 180000");
    brain_pipe_send(&brain, "INFO time_left 180000");
    brain_pipe_send(&brain, "INFO game_type 1");
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "7,7,2");
    brain_pipe_send(&brain, "8,8,1");
    brain_pipe_send(&brain, "8,6,2");
    brain_pipe_send(&brain, "DONE");
    int x, y;
    const bool moved = read_reply(REPLY_MS) && is_move(line, &x, &y);
    const int64_t elapsed = monotonic_ms() - sent;
    finish();
    return moved ? elapsed : -1;
}

static void test_piskvork_order_answers_within_the_turn(void) {
    int64_t longest = 0;
    for (int run = 0; run < 10; run++) {
        const int64_t elapsed = piskvork_first_move();
        CHECKF(elapsed >= 0, "run %d: no move", run);
        if (elapsed > longest) longest = elapsed;
    }
    CHECKF(longest < bound(200), "Piskvork's order at timeout_turn 200: a reply took %lld ms", (long long)longest);
}

/* A think of up to 30 s on a 15x15 middle game; TURN at `x`,`y` starts it. */
static void long_think(int x, int y) { brain_pipe_send(&brain, "TURN %d,%d", x, y); }

static void test_yxstop_at_any_moment(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "START 15");
    CHECK(read_reply(REPLY_MS) && strcmp(line, "OK") == 0);
    brain_pipe_send(&brain, "INFO timeout_turn 30000");
    brain_pipe_send(&brain, "INFO timeout_match 0");
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "7,7,2");
    brain_pipe_send(&brain, "8,8,1");
    brain_pipe_send(&brain, "DONE");
    /* the first think, stopped at once: its move and the opponent's next are played on */
    static const int delays[] = {0, 1, 3, 10, 30, 100, 300};
    int opponent = 0;
    for (size_t i = 0; i <= sizeof delays / sizeof delays[0]; i++) {
        if (i > 0) {
            /* the opponent plays along the top edge, out of the way */
            long_think(opponent++, 0);
            pause_ms(delays[i - 1]);
        } else {
            pause_ms(20);
        }
        const int64_t sent = monotonic_ms();
        brain_pipe_send(&brain, "YXSTOP");
        int x, y;
        const bool moved = read_reply(REPLY_MS) && is_move(line, &x, &y);
        const int64_t took = monotonic_ms() - sent;
        CHECKF(moved, "no move after YXSTOP (got '%s')", line);
        CHECKF(took <= bound(20), "YXSTOP %d ms into a think: the move came %lld ms later",
               i ? delays[i - 1] : 20, (long long)took);
    }
    finish();
}

static void test_end_interrupting_a_think_prints_nothing(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "START 15");
    CHECK(read_reply(REPLY_MS) && strcmp(line, "OK") == 0);
    brain_pipe_send(&brain, "INFO max_memory 367001600");
    brain_pipe_send(&brain, "INFO rule 1");
    brain_pipe_send(&brain, "INFO timeout_turn 5000");
    brain_pipe_send(&brain, "INFO timeout_match 180000");
    brain_pipe_send(&brain, "INFO time_left 180000");
    brain_pipe_send(&brain, "TURN 7,7");
    pause_ms((int)bound(5));   /* END comes a few ms later, not in one burst with TURN */
    brain_pipe_send(&brain, "END");
    CHECKF(brain_pipe_wait(&brain, EXIT_MS), "END during a think: no exit within %d ms", EXIT_MS);
    CHECK(brain.status == 0);
    while (brain_pipe_read(&brain, line, sizeof line, 100))
        CHECKF(strncmp(line, "MESSAGE ", 8) == 0, "END a few ms after TURN: printed '%s'", line);
    brain_pipe_finish(&brain);
}

/* The stone just played on x,y made five, or filled the board. */
static bool game_over(const Engine *engine, int x, int y) {
    const Board *board = engine_board(engine);
    const int cell = cell_at(x, y);
    return engine_board_full(engine) || rules_wins_at(board, cell, board->cell[cell]);
}

/* A whole game against a fixed opponent (the engine searching 4 plies, in this process) under a
 * 12 s game clock, 2 s a move: the manager's bookkeeping, time_left before every move, 20 ms of
 * its own overhead a move. */
static void test_game_under_a_clock(void) {
    enum { CLOCK_MS = 12000, TURN_MS = 2000, OVERHEAD_MS = 20, MAX_MOVES_HERE = 60 };
    Engine *opponent = engine_new();
    if (!opponent || !start()) {
        engine_free(opponent);
        return;
    }
    engine_set_level(opponent, "depth4");
    engine_start(opponent, 15, 15);
    brain_pipe_send(&brain, "START 15");
    CHECK(read_reply(REPLY_MS) && strcmp(line, "OK") == 0);
    brain_pipe_send(&brain, "INFO timeout_turn %d", TURN_MS);
    brain_pipe_send(&brain, "INFO timeout_match %d", CLOCK_MS);
    int64_t left = CLOCK_MS, times[MAX_MOVES_HERE];
    int moves = 0, x = 7, y = 7;
    engine_play(opponent, x, y);
    for (; moves < MAX_MOVES_HERE; moves++) {
        brain_pipe_send(&brain, "INFO time_left %lld", (long long)left);
        const int64_t sent = monotonic_ms();
        brain_pipe_send(&brain, "TURN %d,%d", x, y);
        const bool moved = read_reply(REPLY_MS) && is_move(line, &x, &y);
        const int64_t took = monotonic_ms() - sent;
        CHECKF(moved, "move %d: no move (got '%s')", moves + 1, line);
        if (!moved) break;
        times[moves] = took;
        /* the move's own budget: the most the time manager allows here (no learned overhead) */
        const EngineLimits limits = {.turn_ms = TURN_MS, .match_ms = CLOCK_MS, .time_left_ms = left};
        const int64_t hard = timeman_budget(&limits, 15 * 15 - (2 * moves + 1), 0).hard_ms;
        CHECKF(took <= hard + bound(40), "move %d took %lld ms over its budget of %lld", moves + 1,
               (long long)took, (long long)hard);
        CHECKF(took <= left / 8 + bound(30), "move %d took %lld ms of the %lld left (an eighth: %lld)",
               moves + 1, (long long)took, (long long)left, (long long)(left / 8));
        left -= took + OVERHEAD_MS;
        CHECKF(left > 0, "the clock ran out at move %d", moves + 1);
        if (engine_play(opponent, x, y) != ENGINE_OK || game_over(opponent, x, y)) {
            moves++;
            break;
        }
        const int reply = engine_think(opponent, NULL, NULL, NULL);
        if (!reply) break;
        x = cell_x(reply);
        y = cell_y(reply);
        engine_play(opponent, x, y);
        if (game_over(opponent, x, y)) {
            moves++;
            break;
        }
    }
    /* the time was spread: no move took more than a quarter of all the brain spent, once the game
     * is long enough for that to hold (a 13-move game of quick forced replies failed it once) */
    int64_t total = 0, longest = 0;
    for (int i = 0; i < moves; i++) {
        total += times[i];
        if (times[i] > longest) longest = times[i];
    }
    CHECKF(moves < 20 || longest * 4 <= total + bound(40), "one move took %lld ms of %lld over %d moves",
           (long long)longest, (long long)total, moves);
    printf("NOTE game under a 12 s clock: %d moves, %lld ms spent, longest %lld ms, %lld ms left\n", moves,
           (long long)total, (long long)longest, (long long)left);
    finish();
    engine_free(opponent);
}

int main(void) {
    if (!brain_pipe_program()) {
        check_skip(4, "timing tests", "WUZI_BRAIN is not set");
        return check_summary();
    }
    RUN(test_piskvork_order_answers_within_the_turn);
    RUN(test_yxstop_at_any_moment);
    RUN(test_end_interrupting_a_think_prints_nothing);
    RUN(test_game_under_a_clock);
    return check_summary();
}

/* The proof-number solver on hand-written positions under each rule, against referees that use
 * only the judge (rules.h) — a brute-force VCF, and a full-width check that every claimed win
 * holds against every reply — and through its interface: runs in slices give the answer of one
 * run, the stop flag and the node budget are honoured, the table serves again. Budgets are
 * nodes. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "referee.h"
#include "rules.h"
#include "solver.h"

#define BUDGET 200000

static Board board;
static Solver *solver;

static void fresh_size(int size, int rule, int to_move) {
    board_init(&board, geometry_get(size, size, 5, rule));
    if (to_move == WHITE) board_pass(&board);
}

static void fresh(int rule, int to_move) { fresh_size(15, rule, to_move); }

/* Stones along a line from x,y stepping dx,dy: 'X' black, 'O' white, anything else skipped. */
static void stones(int x, int y, int dx, int dy, const char *pattern) {
    for (int i = 0; pattern[i]; i++, x += dx, y += dy) {
        if (pattern[i] == 'X') board_put(&board, cell_at(x, y), BLACK);
        if (pattern[i] == 'O') board_put(&board, cell_at(x, y), WHITE);
    }
}

/* The side to move's status in `mode` within `budget` nodes; the first move in *move. */
static SolverStatus solve_for(int attacker, SolverMode mode, int64_t budget, int *move) {
    solver_set_position(solver, &board, attacker, mode);
    const SolverStatus status = solver_run(solver, budget, NULL);
    if (move) *move = solver_result(solver)->move;
    return status;
}

static SolverStatus solve(SolverMode mode, int *move) { return solve_for(board.to_move, mode, BUDGET, move); }

/* ---- referees: the judge only (referee.h) ------------------------------------------------ */

static bool claim(Board *on, void *mode, int *move) {
    (void)on;
    return solve(*(const SolverMode *)mode, move) == SOLVER_WIN;
}

static RefereeVerdict holds_within(SolverMode mode, int quiet) { return referee_holds(&board, quiet, claim, &mode); }
static bool holds(SolverMode mode, int quiet) { return holds_within(mode, quiet) == REFEREE_HOLDS; }
static bool brute_vcf(int depth) { return referee_brute_vcf(&board, depth); }

static bool line_replays(void) {
    const SolverResult *result = solver_result(solver);
    return referee_line_replays(&board, result->line, result->line_length);
}

/* ---- wins by fours -------------------------------------------------------------------------- */

/* Closed threes in row 5, column 8, row 8 and column 11, linked so that each four adds a stone
 * to the next line: no win in one or two fours, a win in several. */
static void ladder(void) {
    fresh(0, BLACK);
    stones(9, 5, 1, 0, "XXXO");
    stones(8, 4, 0, 1, "O.XX");
    stones(7, 8, 1, 0, "O.XX..O");
    stones(11, 3, 0, 1, "O..XX.O");
}

static void test_vcf_ladder(void) {
    ladder();
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN);
    CHECK(line_replays());
    CHECKF(solver_result(solver)->line_length >= 5, "a win by several fours: %d", solver_result(solver)->line_length);
    CHECK(holds(SOLVER_VCF, 0));
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_WIN && holds(SOLVER_VCT, 1));
    /* without the stone row 5 and column 11 share, the chain breaks: a proved no-win */
    board_remove(&board, cell_at(11, 5));
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN && move == NO_CELL);
    CHECK(!brute_vcf(6));
}

static void test_vcf_counter_four(void) {
    /* Black's four at 6,3 forces 7,3, which gives white a four in column 7: black must block at
     * 7,2 — a four again, and with 6,3 an open four on the anti-diagonal. */
    fresh(0, BLACK);
    stones(2, 3, 1, 0, "OXXX");
    stones(7, 4, 0, 1, "OOOX");
    stones(8, 2, 1, 0, "XXXO");
    stones(5, 4, -1, 1, "XX");
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN && holds(SOLVER_VCF, 0));
    board_make(&board, cell_at(6, 3));
    board_make(&board, cell_at(7, 3));
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN);
    CHECKF(move == cell_at(7, 2), "the only move blocks white's four: %d,%d", cell_x(move), cell_y(move));
    /* without row 2's three and with the anti-diagonal closed, the block is a lone four */
    fresh(0, BLACK);
    stones(2, 3, 1, 0, "OXXX");
    stones(7, 4, 0, 1, "OOOX");
    stones(8, 1, -1, 1, "O..XX");
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN);
    CHECK(!brute_vcf(6));
}

static void test_exact_five(void) {
    /* X X X . . X with O on the left: 6,7 is an open four in freestyle (7,7 makes six), a lone
     * four where only exactly five wins. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++) {
        fresh(rules[i], BLACK);
        stones(1, 7, 1, 0, "O.XXX..X");
        int move;
        const bool found = solve(SOLVER_VCF, &move) == SOLVER_WIN;
        CHECKF(found == (rules[i] == 0), "rule %d: %d", rules[i], found);
        CHECKF(brute_vcf(4) == found, "rule %d", rules[i]);
        if (found) CHECK(move == cell_at(6, 7) && holds(SOLVER_VCF, 0));
    }
    /* white wins with six under renju */
    fresh(RULE_RENJU, WHITE);
    stones(1, 7, 1, 0, "X.OOO..O");
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN && move == cell_at(6, 7));
}

/* ---- renju's forbidden points --------------------------------------------------------------- */

static void test_renju_white_wins_through_forbidden_block(void) {
    /* White's four at 6,7 can only be blocked on 7,7, a double three for black: under renju that
     * wins; in freestyle black just blocks. */
    const int rules[2] = {0, RULE_RENJU};
    for (int i = 0; i < 2; i++) {
        fresh(rules[i], WHITE);
        stones(2, 7, 1, 0, "XOOO");
        stones(7, 5, 0, 1, "XX");
        stones(8, 8, 1, 1, "XX");
        CHECK(rules_foul(&board, cell_at(7, 7)) == (rules[i] == RULE_RENJU ? FOUL_DOUBLE_THREE : FOUL_NONE));
        int move;
        const bool renju = rules[i] == RULE_RENJU;
        CHECKF((solve(SOLVER_VCF, &move) == SOLVER_WIN) == renju, "rule %d", rules[i]);
        CHECK(brute_vcf(4) == renju);
        if (renju) {
            CHECK(move == cell_at(6, 7));
            CHECK(line_replays());
            CHECK(holds(SOLVER_VCF, 0));
        } else {
            CHECK(solver_result(solver)->status == SOLVER_NO_WIN);
        }
    }
}

static void test_renju_black_line_through_forbidden_cell(void) {
    /* Black's only win by fours is the double four at 6,7: a win for black outside renju, and for
     * white with the colours swapped; renju forbids it to black, and then there is none. With
     * threes black finds another way, which must not pass 6,7 and must hold. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++)
        for (int color = BLACK; color <= WHITE; color++) {
            fresh(rules[i], color);
            stones(2, 7, 1, 0, color == BLACK ? "OXXX" : "XOOO");
            stones(6, 3, 0, 1, color == BLACK ? "OXXX" : "XOOO");
            const bool expected = !(rules[i] == RULE_RENJU && color == BLACK);
            int move;
            const SolverStatus status = solve(SOLVER_VCF, &move);
            CHECKF((status == SOLVER_WIN) == expected, "rule %d colour %d", rules[i], color);
            CHECK(brute_vcf(4) == expected);
            if (expected) CHECK(move == cell_at(6, 7) && holds(SOLVER_VCF, 0));
            else CHECK(status == SOLVER_NO_WIN);
            if (expected || solve(SOLVER_VCT, &move) != SOLVER_WIN) continue;
            CHECK(move != cell_at(6, 7));
            for (int i = 0; i < solver_result(solver)->line_length; i += 2)
                CHECK(solver_result(solver)->line[i] != cell_at(6, 7));
            CHECK(holds_within(SOLVER_VCT, 2) != REFEREE_REFUTED);
        }
}

static void test_vct_double_three(void) {
    /* 6,5 makes two split open threes (row 3,4,_,6 and column 2,3,_,5): no four anywhere, so no
     * VCF, but a win by threes. Renju forbids black that double three: any win claimed for black
     * there must go elsewhere, and hold. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++)
        for (int color = BLACK; color <= WHITE; color++) {
            fresh_size(11, rules[i], color);
            const char *two = color == BLACK ? "XX" : "OO";
            stones(3, 5, 1, 0, two);
            stones(6, 2, 0, 1, two);
            stones(0, 0, 1, 0, color == BLACK ? "O" : "X");
            int move;
            CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN);
            const bool renju_black = rules[i] == RULE_RENJU && color == BLACK;
            const SolverStatus status = solve(SOLVER_VCT, &move);
            CHECKF(status == SOLVER_WIN || renju_black, "rule %d colour %d", rules[i], color);
            if (status != SOLVER_WIN) continue;
            if (renju_black) CHECK(move != cell_at(6, 5));
            /* renju black's way round takes more than three threes */
            const int verdict = holds_within(SOLVER_VCT, 3);
            CHECKF(verdict == REFEREE_HOLDS || (renju_black && verdict == REFEREE_TOO_DEEP), "rule %d colour %d: %d", rules[i], color, verdict);
        }
}

/* ---- caro ----------------------------------------------------------------------------------- */

static void test_caro_blocked_five(void) {
    /* O X X X . X O: the gap makes five, but one blocked at both ends, which caro does not count;
     * in freestyle it wins. */
    fresh(RULE_CARO, BLACK);
    stones(2, 7, 1, 0, "OXXX.XO");
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN);
    CHECK(!brute_vcf(3));
    fresh(0, BLACK);
    stones(2, 7, 1, 0, "OXXX.XO");
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN && move == cell_at(6, 7));
    /* X . O O O . . — 8,7 gives white two five cells, but black's block at 9,7 closes the other
     * five at both ends: no win under caro, in freestyle one */
    const int rules[2] = {0, RULE_CARO};
    for (int i = 0; i < 2; i++) {
        fresh(rules[i], WHITE);
        stones(3, 7, 1, 0, "X.OOO");
        stones(12, 2, 0, 1, "OO");
        const SolverStatus expected = rules[i] == 0 ? SOLVER_WIN : SOLVER_NO_WIN;
        CHECK(solve(SOLVER_VCF, &move) == expected);
        CHECK(brute_vcf(2) == (expected == SOLVER_WIN));
        if (expected == SOLVER_WIN) CHECK(holds(SOLVER_VCT, 2));
    }
}

/* ---- wins by threes ------------------------------------------------------------------------- */

static void test_vct_needs_threes(void) {
    /* Split twos on a diagonal, a column and a row: black wins by threes (checked against every
     * reply); white, with only a row of split stones, has none. */
    fresh_size(11, 0, BLACK);
    stones(2, 2, 1, 1, "XX");
    stones(6, 2, 0, 1, "X.X");
    stones(3, 7, 1, 0, "X.X");
    stones(0, 10, 1, 0, "O.O.O");
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN);
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_WIN);
    CHECK(holds(SOLVER_VCT, 3));
    board_pass(&board);
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_NO_WIN);
    /* the same question put as "would black win if white passed?" */
    CHECK(solve_for(BLACK, SOLVER_VCT, BUDGET, &move) == SOLVER_WIN);
}

static void test_vct_defender_counter_four(void) {
    /* Black's double three at 6,5 wins as it stands; a white closed three on the diagonal through
     * the row's gap gives white a four to answer with. Whatever black's win now, it must hold. */
    fresh_size(11, 0, BLACK);
    stones(3, 5, 1, 0, "XX");
    stones(6, 2, 0, 1, "XX");
    stones(0, 0, 1, 0, "O");
    int move;
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_WIN && move == cell_at(6, 5));
    stones(6, 6, 1, 1, "OOOX");
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_WIN);
    CHECK(holds(SOLVER_VCT, 3));
}

static void test_defender_five_first(void) {
    /* White already has a four: black's fours elsewhere do not count; black must block, and that
     * is no four. Then its two open threes (row 3 and column 3) win by threes. */
    fresh(0, BLACK);
    stones(3, 3, 1, 0, "XXX");
    stones(3, 4, 0, 1, "XX");
    stones(10, 10, 1, 0, "OOOO");
    stones(9, 10, 1, 0, "X");
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_NO_WIN);
    CHECK(!brute_vcf(4));
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_WIN && move == cell_at(14, 10));
    CHECK(holds(SOLVER_VCT, 2));
    /* an open four of white's: lost whatever black does */
    fresh(0, BLACK);
    stones(3, 3, 1, 0, "XXX");
    stones(10, 10, 1, 0, "OOOO");
    CHECK(solve(SOLVER_VCT, &move) == SOLVER_NO_WIN);
    /* but a five of our own comes first */
    stones(12, 0, 0, 1, "XXXX");
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN && rules_would_win(&board, move, BLACK));
}

/* ---- against the referees on random positions ----------------------------------------------- */

static uint64_t rng_state = 12345;
static unsigned next_random(void) {
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng_state >> 33);
}

/* A cluster of stones, alternating colours, nobody has five yet. */
static bool random_position(int size, int rule, int count, int span) {
    fresh_size(size, rule, BLACK);
    const int low = (size - span) / 2;
    for (int i = 0; i < count; i++) {
        int cell, tries = 0;
        do {
            cell = cell_at(low + (int)(next_random() % (unsigned)span), low + (int)(next_random() % (unsigned)span));
        } while (board.cell[cell] != EMPTY && ++tries < 100);
        if (board.cell[cell] != EMPTY) return false;
        const int color = board.to_move;
        if (rules_forbidden(&board, cell, color)) {
            board_pass(&board);
            continue;
        }
        board_make(&board, cell);
        if (rules_wins_at(&board, cell, color)) return false;
    }
    return true;
}

static void test_random_vcf_against_brute_force(void) {
    const int rules[5] = {0, RULE_EXACT5, RULE_RENJU, RULE_CARO, RULE_CARO | RULE_EXACT5};
    int wins = 0, positions = 0;
    for (int i = 0; i < 5; i++)
        for (int n = 0; n < 60; n++) {
            if (!random_position(13, rules[i], 18 + (int)(next_random() % 14), 8)) continue;
            positions++;
            int move;
            const SolverStatus status = solve(SOLVER_VCF, &move);
            CHECKF(status != SOLVER_UNKNOWN, "rule %d position %d: undecided", rules[i], n);
            const bool brute = brute_vcf(3);
            if (brute) CHECKF(status == SOLVER_WIN, "rule %d position %d: brute force wins, solver not", rules[i], n);
            if (status == SOLVER_WIN) {
                wins++;
                CHECKF(line_replays(), "rule %d position %d: line does not replay", rules[i], n);
                CHECKF(holds(SOLVER_VCF, 0), "rule %d position %d: claimed VCF fails", rules[i], n);
            }
        }
    CHECKF(wins > 20 && positions > 150, "%d wins in %d positions", wins, positions);
}

static void test_random_vct_holds(void) {
    const int rules[4] = {0, RULE_EXACT5, RULE_RENJU, RULE_CARO};
    int checked = 0;
    for (int i = 0; i < 4; i++)
        for (int n = 0; n < 24; n++) {
            if (!random_position(9, rules[i], 10 + (int)(next_random() % 8), 7)) continue;
            int move;
            if (solve(SOLVER_VCF, &move) == SOLVER_WIN || solve_for(board.to_move, SOLVER_VCT, 20000, &move) != SOLVER_WIN)
                continue;
            const int verdict = holds_within(SOLVER_VCT, 2);
            CHECKF(verdict != REFEREE_REFUTED, "rule %d position %d: claimed VCT fails", rules[i], n);
            checked += verdict == REFEREE_HOLDS;
        }
    CHECKF(checked >= 5, "%d VCT wins checked", checked);
}

/* ---- the interface -------------------------------------------------------------------------- */

/* Run in slices of `slice` nodes until decided: the same status, first move and node count as
 * one run (a run goes on from the node where the last one stopped). */
static void check_slices(SolverMode mode, int64_t slice) {
    solver_clear(solver);
    solver_set_position(solver, &board, board.to_move, mode);
    const SolverStatus whole = solver_run(solver, 0, NULL);
    const int move = solver_result(solver)->move;
    const uint64_t nodes = solver_result(solver)->nodes;
    solver_clear(solver);
    solver_set_position(solver, &board, board.to_move, mode);
    SolverStatus status = SOLVER_UNKNOWN;
    int runs = 0;
    while (status == SOLVER_UNKNOWN && runs < 1000000) {
        status = solver_run(solver, slice, NULL);
        runs++;
    }
    CHECKF(status == whole && status != SOLVER_UNKNOWN, "slices of %lld: %d, one run: %d", (long long)slice, status, whole);
    CHECKF(solver_result(solver)->move == move, "slices of %lld give another move", (long long)slice);
    CHECKF(solver_result(solver)->nodes == nodes, "slices of %lld: %llu nodes, one run %llu", (long long)slice,
           (unsigned long long)solver_result(solver)->nodes, (unsigned long long)nodes);
    CHECKF(runs > 1 || nodes <= (uint64_t)slice, "decided in one slice of %lld after %llu nodes", (long long)slice,
           (unsigned long long)nodes);
}

static void test_slices_give_one_answer(void) {
    ladder();
    check_slices(SOLVER_VCF, 1);
    check_slices(SOLVER_VCF, 7);
    board_remove(&board, cell_at(11, 5));
    check_slices(SOLVER_VCF, 3);
    fresh_size(11, 0, BLACK);
    stones(2, 2, 1, 1, "XX");
    stones(6, 2, 0, 1, "X.X");
    stones(3, 7, 1, 0, "X.X");
    stones(0, 10, 1, 0, "O.O.O");
    check_slices(SOLVER_VCT, 5);
    check_slices(SOLVER_VCT, 64);
    board_pass(&board);
    check_slices(SOLVER_VCT, 50);
}

/* Everything that means something: shapes off the board do not (shape.h). */
static bool same_position(const Board *a, const Board *b) {
    bool same = a->hash == b->hash && a->to_move == b->to_move && a->move_count == b->move_count &&
                !memcmp(a->cell, b->cell, sizeof a->cell);
    for (int cell = board_first(a); cell && same; cell = board_next(a, cell))
        same = !memcmp(a->shapes.shape[cell], b->shapes.shape[cell], sizeof a->shapes.shape[cell]);
    return same;
}

typedef struct Stopper {
    atomic_int *stop;
    int64_t after_ms;
} Stopper;

static void *stop_later(void *arg) {
    const Stopper *stopper = arg;
    const struct timespec pause = {0, stopper->after_ms * 1000000L};
    nanosleep(&pause, NULL);
    atomic_store(stopper->stop, 1);
    return NULL;
}

/* A game's position (tournament/vct/freestyle-15.tsv, vct-7) where black's win by threes takes
 * more nodes than any run here spends. */
static void hard_position(void) {
    static const char *const MOVES =
        "6,6 7,8 7,9 8,10 10,10 6,10 6,11 8,9 8,8 9,9 7,11 9,10 10,11 9,12 9,8 8,11 10,13 10,9 10,12 10,14 "
        "11,8 10,8 5,10 11,9 12,9 9,13 9,11 7,12 6,13 10,6 10,7 9,6 11,6 13,10 11,7 9,7 12,10 7,7 6,7 10,5 "
        "8,7 10,3 8,6 8,12 8,13 5,12 6,12 9,3 7,6 9,4 9,5 6,5 12,7 12,8 5,8 4,9 13,7 14,7 10,4 11,3 11,5 "
        "11,4 12,5 13,4 12,3 14,8";
    fresh(0, BLACK);
    for (const char *at = MOVES; *at;) {
        int x = 0, y = 0, used = 0;
        if (sscanf(at, "%d,%d%n", &x, &y, &used) != 2) break;
        board_make(&board, cell_at(x, y));
        at += used;
        while (*at == ' ') at++;
    }
}

static void test_budget_and_stop(void) {
    hard_position();
    CHECK(board.to_move == BLACK && board.move_count == 66);
    static Board before;
    before = board;
    solver_clear(solver);
    solver_set_position(solver, &board, BLACK, SOLVER_VCT);
    atomic_int stop = 1;
    CHECK(solver_run(solver, 0, &stop) == SOLVER_UNKNOWN);
    CHECKF(solver_result(solver)->nodes == 0, "%llu nodes with the stop flag set", (unsigned long long)solver_result(solver)->nodes);
    atomic_store(&stop, 0);
    CHECK(solver_run(solver, 100, &stop) == SOLVER_UNKNOWN);
    CHECKF(solver_result(solver)->nodes == 100, "%llu nodes for a budget of 100", (unsigned long long)solver_result(solver)->nodes);
    /* another thread's stop ends an unlimited run */
    Stopper stopper = {&stop, 20};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, stop_later, &stopper) == 0);
    CHECK(solver_run(solver, 0, &stop) == SOLVER_UNKNOWN);
    pthread_join(thread, NULL);
    CHECK(same_position(&before, &board));
    /* resumed up to a total of N nodes, it stands where one run of N stands */
    enum { TOTAL = 100000 };
    const uint64_t spent = solver_result(solver)->nodes;
    if (spent >= TOTAL) {
        check_skip(1, "resumption after a stop", "the stop came after the whole budget");
        return;
    }
    atomic_store(&stop, 0);
    const SolverStatus resumed = solver_run(solver, TOTAL - (int64_t)spent, &stop);
    const SolverResult after = *solver_result(solver);
    solver_clear(solver);
    CHECK(solve_for(BLACK, SOLVER_VCT, TOTAL, NULL) == resumed);
    const SolverResult *once = solver_result(solver);
    CHECK(once->nodes == after.nodes && once->proof == after.proof && once->disproof == after.disproof &&
          once->move == after.move);
}

static void test_table_serves_again(void) {
    /* A position, another, the first again: its result is back without a node, and asked anew
     * (after another) it costs fewer nodes than the first time. */
    ladder();
    static Board ladder_board;
    ladder_board = board;
    solver_clear(solver);
    int move;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN);
    const uint64_t first = solver_result(solver)->nodes;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN && solver_result(solver)->nodes == first);
    test_vcf_counter_four();    /* other positions on a board of the same size */
    board = ladder_board;
    CHECK(solve(SOLVER_VCF, &move) == SOLVER_WIN);
    CHECKF(solver_result(solver)->nodes < first, "%llu nodes again, %llu the first time",
           (unsigned long long)solver_result(solver)->nodes, (unsigned long long)first);
    CHECK(line_replays());
}

int main(void) {
    solver = solver_new((size_t)8 << 20);
    if (!solver) return 1;
    RUN(test_vcf_ladder);
    RUN(test_vcf_counter_four);
    RUN(test_exact_five);
    RUN(test_renju_white_wins_through_forbidden_block);
    RUN(test_renju_black_line_through_forbidden_cell);
    RUN(test_vct_double_three);
    RUN(test_caro_blocked_five);
    RUN(test_vct_needs_threes);
    RUN(test_vct_defender_counter_four);
    RUN(test_defender_five_first);
    RUN(test_random_vcf_against_brute_force);
    RUN(test_random_vct_holds);
    RUN(test_slices_give_one_answer);
    RUN(test_budget_and_stop);
    RUN(test_table_serves_again);
    solver_free(solver);
    return check_summary();
}

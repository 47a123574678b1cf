/* Threat search on hand-written positions under each rule, and against two referees that use
 * only the judge (rules.h): a brute-force VCF on random positions (the solver must find what
 * the brute force finds, and nothing it cannot replay), and a full-width check that every
 * claimed win — VCF or VCT — holds against every reply of the defender. Budgets are nodes. */
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

#include "check.h"
#include "referee.h"
#include "rules.h"
#include "threat.h"

#define BUDGET 200000

static Board board;
static ThreatSearch *search;
static int64_t budget = BUDGET;

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

static bool vcf(int *move) {
    int64_t nodes = 0;
    return threat_vcf(search, &board, budget, move, &nodes, NULL);
}

static bool vct(int *move) {
    int64_t nodes = 0;
    return threat_vct(search, &board, budget, move, &nodes, NULL);
}

/* ---- referees: the judge only (referee.h) ------------------------------------------------ */

static bool claim(Board *on, void *use_vct, int *move) {
    (void)on;
    return *(const bool *)use_vct ? vct(move) : vcf(move);
}

static RefereeVerdict holds_within(bool use_vct, int quiet) { return referee_holds(&board, quiet, claim, &use_vct); }
static bool holds(bool use_vct, int quiet) { return holds_within(use_vct, quiet) == REFEREE_HOLDS; }
static bool brute_vcf(int depth) { return referee_brute_vcf(&board, depth); }

static bool line_replays(void) {
    int line[256];
    const int length = threat_last_line(search, line, 256);
    return referee_line_replays(&board, line, length);
}

/* ---- VCF by hand -------------------------------------------------------------------------- */

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
    CHECK(vcf(&move));
    CHECK(line_replays());
    int line[64];
    CHECKF(threat_last_line(search, line, 64) >= 5, "a win by several fours");
    CHECK(holds(false, 0));
    CHECK(brute_vcf(6));
    CHECK(!brute_vcf(2));
    /* without the stone row 5 and column 11 share, the chain breaks */
    board_remove(&board, cell_at(11, 5));
    CHECK(!vcf(&move));
    CHECK(!brute_vcf(6));
}

static void test_vcf_counter_four(void) {
    /* Black's four at 6,3 forces 7,3, which gives white a four in column 7 (7,7 is black):
     * black must block at 7,2 — a four again, and with 6,3 an open four on the anti-diagonal. */
    fresh(0, BLACK);
    stones(2, 3, 1, 0, "OXXX");
    stones(7, 4, 0, 1, "OOOX");
    stones(8, 2, 1, 0, "XXXO");
    stones(5, 4, -1, 1, "XX");
    int move;
    CHECK(vcf(&move));
    CHECK(holds(false, 0));
    board_make(&board, cell_at(6, 3));
    board_make(&board, cell_at(7, 3));
    CHECK(vcf(&move));
    CHECKF(move == cell_at(7, 2), "the only move blocks white's four: %d,%d", cell_x(move),
           cell_y(move));
    CHECK(holds(false, 0));
    /* without row 2's three and with the anti-diagonal closed, the block is a lone four */
    fresh(0, BLACK);
    stones(2, 3, 1, 0, "OXXX");
    stones(7, 4, 0, 1, "OOOX");
    stones(8, 1, -1, 1, "O..XX");
    CHECK(!vcf(&move));
    CHECK(!brute_vcf(6));
}

static void test_vcf_ignores_lost_four(void) {
    /* 6,3 looks strong (then 6,6 is a double four) but its block 7,3 makes white an open four
     * on the diagonal; the win must start elsewhere. */
    fresh(0, BLACK);
    stones(2, 3, 1, 0, "OXXX");
    stones(8, 4, 1, 1, "OOO");
    stones(6, 4, 0, 1, "XX.O");
    stones(5, 7, -1, 1, "XXXO");
    int move;
    CHECK(vcf(&move));
    CHECKF(move != cell_at(6, 3), "first move %d,%d", cell_x(move), cell_y(move));
    CHECK(holds(false, 0));
    board_make(&board, cell_at(6, 3));
    board_make(&board, cell_at(7, 3));
    CHECK(!vcf(&move));
    CHECK(!brute_vcf(4));
}

static void test_vcf_rules(void) {
    /* X X X . . X with O on the left: 6,7 is an open four in freestyle (7,7 makes six), a lone
     * four where only exactly five wins. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++) {
        fresh(rules[i], BLACK);
        stones(1, 7, 1, 0, "O.XXX..X");
        int move;
        const bool found = vcf(&move);
        CHECKF(found == (rules[i] == 0), "rule %d: %d", rules[i], found);
        CHECKF(brute_vcf(4) == found, "rule %d", rules[i]);
        if (found) CHECK(move == cell_at(6, 7) && holds(false, 0));
    }
    /* white wins with six under renju */
    fresh(RULE_RENJU, WHITE);
    stones(1, 7, 1, 0, "X.OOO..O");
    int move;
    CHECK(vcf(&move) && move == cell_at(6, 7));
    CHECK(holds(false, 0));
}

static void test_renju_forbidden_double_four(void) {
    /* 6,7 is a double four: a win for white, or for black outside renju; renju forbids it to
     * black, and black has no other win. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++)
        for (int color = BLACK; color <= WHITE; color++) {
            fresh(rules[i], color);
            const char *row = color == BLACK ? "OXXX" : "XOOO";
            const char *column = color == BLACK ? "OXXX" : "XOOO";
            stones(2, 7, 1, 0, row);
            stones(6, 3, 0, 1, column);
            int move;
            const bool found = vcf(&move);
            const bool expected = !(rules[i] == RULE_RENJU && color == BLACK);
            CHECKF(found == expected, "rule %d colour %d", rules[i], color);
            CHECK(brute_vcf(4) == expected);
            if (found) CHECK(holds(false, 0));
        }
}

static void test_renju_forbidden_block(void) {
    /* White's four at 6,7 can only be blocked on 7,7, a double three for black: under renju
     * that wins; in freestyle black just blocks. */
    const int rules[2] = {0, RULE_RENJU};
    for (int i = 0; i < 2; i++) {
        fresh(rules[i], WHITE);
        stones(2, 7, 1, 0, "XOOO");
        stones(7, 5, 0, 1, "XX");
        stones(8, 8, 1, 1, "XX");
        CHECK(rules_foul(&board, cell_at(7, 7)) ==
              (rules[i] == RULE_RENJU ? FOUL_DOUBLE_THREE : FOUL_NONE));
        int move;
        const bool found = vcf(&move);
        CHECKF(found == (rules[i] == RULE_RENJU), "rule %d", rules[i]);
        CHECK(brute_vcf(4) == found);
        if (found) {
            CHECK(move == cell_at(6, 7));
            CHECK(holds(false, 0));
        }
    }
}

static void test_renju_three_with_forbidden_completion(void) {
    /* Black's split three 4,7 5,7 _ 7,7 makes an open four only on 6,7, a double three under
     * renju (6,8 6,9 and 7,8 8,9): freestyle wins there at once; renju must first make the
     * four 8,7, whose five on 6,7 is legal (a five is never a foul). */
    const int rules[2] = {0, RULE_RENJU};
    for (int i = 0; i < 2; i++) {
        fresh(rules[i], BLACK);
        stones(4, 7, 1, 0, "XX.X");
        stones(6, 8, 0, 1, "XX");
        stones(7, 8, 1, 1, "XX");
        int move;
        CHECKF(vcf(&move), "rule %d", rules[i]);
        CHECK(brute_vcf(4));
        CHECK(holds(false, 0));
        if (rules[i] == RULE_RENJU) CHECKF(move != cell_at(6, 7), "renju: the foul 6,7 played");
    }
}

static void test_caro_blocked_four(void) {
    /* O X X X . X O: the gap makes five, but one blocked at both ends, which caro does not
     * count; the four at 8,7 (open on the right) still wins after its block. */
    fresh(RULE_CARO, BLACK);
    stones(2, 7, 1, 0, "OXXX.XO");
    int move;
    CHECK(!vcf(&move));
    CHECK(!brute_vcf(3));
    fresh(0, BLACK);
    stones(2, 7, 1, 0, "OXXX.XO");
    CHECK(vcf(&move) && move == cell_at(6, 7));
}

static void test_caro_spoiled_open_four(void) {
    /* Row 7: X . O O O . . — 8,7 gives white two five cells, but black's block at 9,7 then
     * closes the other five (4..8) at both ends: no win under caro, so this "open three" is no
     * threat, and a second three (column 12) does not make a double threat with it. */
    const int rules[2] = {0, RULE_CARO};
    for (int i = 0; i < 2; i++) {
        fresh(rules[i], WHITE);
        stones(3, 7, 1, 0, "X.OOO");
        stones(12, 2, 0, 1, "OO");
        int move;
        const bool freestyle = rules[i] == 0;
        CHECK(vcf(&move) == freestyle);
        CHECK(vct(&move) == freestyle);
        CHECK(brute_vcf(2) == freestyle);
    }
}

static void test_defender_five_first(void) {
    /* White already has a four: black's fours elsewhere do not count, unless one blocks. */
    fresh(0, BLACK);
    stones(3, 3, 1, 0, "XXX");
    stones(3, 4, 0, 1, "XX");
    stones(10, 10, 1, 0, "OOOO");
    stones(9, 10, 1, 0, "X");
    int move;
    CHECK(!vcf(&move));
    CHECK(!brute_vcf(4));
    /* an open four of white: lost whatever black does */
    fresh(0, BLACK);
    stones(3, 3, 1, 0, "XXX");
    stones(10, 10, 1, 0, "OOOO");
    CHECK(!vcf(&move));
    /* but a five of our own comes first */
    stones(12, 0, 0, 1, "XXXX");
    CHECK(vcf(&move) && rules_would_win(&board, move, BLACK));
}

/* ---- VCT by hand -------------------------------------------------------------------------- */

static void test_vct_double_three(void) {
    /* 6,5 makes two split open threes (row 3,4,_,6 and column 2,3,_,5): no four anywhere, so
     * no VCF, but a win by threes. Renju forbids black that double three: black may still win
     * by threes, but never through 6,5. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++)
        for (int color = BLACK; color <= WHITE; color++) {
            fresh_size(11, rules[i], color);
            const char *two = color == BLACK ? "XX" : "OO";
            stones(3, 5, 1, 0, two);
            stones(6, 2, 0, 1, two);
            stones(0, 0, 1, 0, color == BLACK ? "O" : "X");
            int move;
            CHECK(!vcf(&move));
            CHECK(!brute_vcf(3));
            const bool renju_black = rules[i] == RULE_RENJU && color == BLACK;
            const bool found = vct(&move);
            CHECKF(found, "rule %d colour %d", rules[i], color);
            if (renju_black) CHECK(move != cell_at(6, 5));
            if (found) CHECK(holds(true, 3));
        }
}

static void test_vct_four_three_is_vcf(void) {
    /* a closed three and an open two crossing: 8,7 is four and open three — a VCF */
    fresh(0, BLACK);
    stones(4, 7, 1, 0, "OXXX");
    stones(8, 5, 0, 1, "XX");
    int move;
    CHECK(vcf(&move) && move == cell_at(8, 7));
    CHECK(holds(false, 0));
    CHECK(vct(&move));
}

static void test_vct_two_four_threes(void) {
    /* Closed threes in column 8 and on the anti-diagonal 8,4..10,2 (four cells 8,7 and 7,5),
     * single stones at 10,7 and 7,4: no VCF, but quiet moves such as 7,7 prepare four-threes
     * (at 8,7 with row 7, at 7,5 with column 7). Whatever the win found, it must hold. */
    const int rules[3] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++) {
        fresh(rules[i], BLACK);
        stones(8, 8, 0, 1, "XXXO");
        stones(10, 7, 0, 1, "X");
        stones(11, 1, -1, 1, "OXXX");
        stones(7, 4, 0, 1, "X");
        stones(0, 14, 1, 0, "O.O.O");
        int move;
        CHECK(!vcf(&move));
        CHECK(!brute_vcf(3));
        CHECKF(vct(&move), "rule %d", rules[i]);
        /* the slowest check here: in full once, elsewhere only that no reply refutes it */
        if (rules[i] == 0) CHECK(holds(true, 3));
        else CHECK(holds_within(true, 1) != REFEREE_REFUTED);
    }
}

static void test_vct_needs_two_threes(void) {
    /* Split twos on a diagonal, a column and a row: black wins by threes (checked against every
     * reply); white, with only the row of its own split stones, has no such win. */
    fresh_size(11, 0, BLACK);
    stones(2, 2, 1, 1, "XX");       /* diagonal 2,2 3,3 */
    stones(6, 2, 0, 1, "X.X");      /* column 6: 6,2 6,4 */
    stones(3, 7, 1, 0, "X.X");      /* row 7: 3,7 5,7 */
    stones(0, 10, 1, 0, "O.O.O");
    int move;
    CHECK(!vcf(&move));
    CHECK(vct(&move));
    CHECK(holds(true, 3));
    board_pass(&board);
    CHECK(!vct(&move));
}

static void test_vct_defender_counter_four(void) {
    /* Black's double three at 6,5 (split threes in row 5 and column 6) wins as it stands. White
     * gets a closed three on the diagonal through 5,5, the row's gap: after 6,5 white would
     * answer with a four there. Whatever black's win now, it must hold against every reply. */
    fresh_size(11, 0, BLACK);
    stones(3, 5, 1, 0, "XX");
    stones(6, 2, 0, 1, "XX");
    stones(0, 0, 1, 0, "O");
    int move;
    CHECK(vct(&move) && move == cell_at(6, 5));
    stones(6, 6, 1, 1, "OOOX");
    CHECK(vct(&move));
    CHECK(holds(true, 3));
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
            cell = cell_at(low + (int)(next_random() % (unsigned)span),
                           low + (int)(next_random() % (unsigned)span));
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
        for (int n = 0; n < 80; n++) {
            if (!random_position(13, rules[i], 18 + (int)(next_random() % 14), 8)) continue;
            positions++;
            int move;
            const bool found = vcf(&move);
            const bool brute = brute_vcf(3);
            if (brute) CHECKF(found, "rule %d position %d: brute force wins, solver not", rules[i], n);
            if (found) {
                wins++;
                CHECKF(line_replays(), "rule %d position %d: line does not replay", rules[i], n);
                CHECKF(holds(false, 0), "rule %d position %d: claimed VCF fails", rules[i], n);
            }
        }
    CHECKF(wins > 20 && positions > 200, "%d wins in %d positions", wins, positions);
}

static void test_random_vct_holds(void) {
    const int rules[4] = {0, RULE_EXACT5, RULE_RENJU, RULE_CARO};
    int checked = 0;
    budget = 20000;   /* most of these positions have no VCT: a failure spends all of it */
    for (int i = 0; i < 4; i++)
        for (int n = 0; n < 32; n++) {
            if (!random_position(9, rules[i], 10 + (int)(next_random() % 8), 7)) continue;
            int move;
            if (vcf(&move) || !vct(&move)) continue;
            const int verdict = holds_within(true, 2);
            CHECKF(verdict != REFEREE_REFUTED, "rule %d position %d: claimed VCT fails", rules[i], n);
            checked += verdict == REFEREE_HOLDS;
        }
    budget = BUDGET;
    CHECKF(checked >= 5, "%d VCT wins checked", checked);
}

/* ---- the interface ------------------------------------------------------------------------ */

/* Everything that means something: shapes off the board do not (shape.h). */
static bool same_position(const Board *a, const Board *b) {
    bool same = a->hash == b->hash && a->to_move == b->to_move && a->move_count == b->move_count &&
                !memcmp(a->cell, b->cell, sizeof a->cell) &&
                !memcmp(a->history, b->history, (size_t)a->move_count * sizeof a->history[0]);
    for (int cell = board_first(a); cell && same; cell = board_next(a, cell))
        same = !memcmp(a->shapes.key[cell], b->shapes.key[cell], sizeof a->shapes.key[cell]) &&
               !memcmp(a->shapes.shape[cell], b->shapes.shape[cell], sizeof a->shapes.shape[cell]);
    return same;
}

static void test_budget_stop_and_board_unchanged(void) {
    ladder();
    static Board before;
    before = board;
    int move = NO_CELL;
    int64_t nodes = -1;
    threat_clear(search);
    CHECK(!threat_vcf(search, &board, 2, &move, &nodes, NULL));
    CHECK(nodes >= 0 && nodes <= 3);
    atomic_int stop = 1;
    threat_clear(search);
    CHECK(!threat_vct(search, &board, BUDGET, &move, &nodes, &stop));
    CHECK(threat_last_line(search, (int[4]){0}, 4) == 0);
    atomic_store(&stop, 0);
    CHECK(threat_vct(search, &board, BUDGET, &move, &nodes, &stop));
    CHECK(nodes > 0 && nodes <= BUDGET);
    CHECK(same_position(&before, &board));
    /* a second search finds the same from its table */
    int again = NO_CELL;
    CHECK(threat_vcf(search, &board, BUDGET, &again, NULL, NULL));
    CHECK(same_position(&before, &board));
    /* the table remembers VCT wins apart from VCF wins */
    fresh_size(11, 0, BLACK);
    stones(3, 5, 1, 0, "XX");
    stones(6, 2, 0, 1, "XX");
    CHECK(vct(&move));
    CHECK(!vcf(&move));
}

int main(void) {
    search = threat_new((size_t)4 << 20);
    if (!search) return 1;
    RUN(test_vcf_ladder);
    RUN(test_vcf_counter_four);
    RUN(test_vcf_ignores_lost_four);
    RUN(test_vcf_rules);
    RUN(test_renju_forbidden_double_four);
    RUN(test_renju_forbidden_block);
    RUN(test_renju_three_with_forbidden_completion);
    RUN(test_caro_blocked_four);
    RUN(test_caro_spoiled_open_four);
    RUN(test_defender_five_first);
    RUN(test_vct_double_three);
    RUN(test_vct_four_three_is_vcf);
    RUN(test_vct_two_four_threes);
    RUN(test_vct_needs_two_threes);
    RUN(test_vct_defender_counter_four);
    RUN(test_random_vcf_against_brute_force);
    RUN(test_random_vct_holds);
    RUN(test_budget_stop_and_board_unchanged);
    threat_free(search);
    return check_summary();
}

/* The judge on positions written by hand: wins under each rule, renju fouls including the
 * recursive double-three, caro's blocked five, and rules_play's verdicts. */
#include <string.h>

#include "check.h"
#include "rng.h"
#include "rules.h"

static Board board;

static void fresh(int rule) { board_init(&board, geometry_get(15, 15, 5, rule)); }

/* Stones along a line from x,y stepping dx,dy: 'X' black, 'O' white, anything else skipped. */
static void stones(int x, int y, int dx, int dy, const char *pattern) {
    for (int i = 0; pattern[i]; i++, x += dx, y += dy) {
        if (pattern[i] == 'X') board_put(&board, cell_at(x, y), BLACK);
        if (pattern[i] == 'O') board_put(&board, cell_at(x, y), WHITE);
    }
}

static Foul foul_at(int x, int y) { return rules_foul(&board, cell_at(x, y)); }

static void test_freestyle_and_exact_five(void) {
    fresh(0);
    stones(2, 7, 1, 0, "XX.XXX");
    CHECK(rules_would_win(&board, cell_at(4, 7), BLACK));      /* six in a row wins */
    CHECK(!rules_would_win(&board, cell_at(4, 7), WHITE));
    fresh(RULE_EXACT5);
    stones(2, 7, 1, 0, "XX.XXX");
    CHECK(!rules_would_win(&board, cell_at(4, 7), BLACK));     /* an overline does not */
    stones(2, 9, 1, 1, "XX.XX");
    CHECK(rules_would_win(&board, cell_at(4, 11), BLACK));
}

static void test_renju_overline(void) {
    fresh(RULE_RENJU);
    stones(2, 7, 1, 0, "XX.XXX");
    CHECK(foul_at(4, 7) == FOUL_OVERLINE);
    CHECK(!rules_would_win(&board, cell_at(4, 7), BLACK));
    fresh(RULE_RENJU);
    stones(2, 7, 1, 0, "OO.OOO");
    CHECK(rules_would_win(&board, cell_at(4, 7), WHITE));      /* white's overline wins */
    CHECK(!rules_forbidden(&board, cell_at(4, 7), WHITE));
}

static void test_renju_double_four(void) {
    fresh(RULE_RENJU);
    stones(3, 7, 1, 0, "XXX");        /* XXX_* : a four along the row */
    stones(7, 3, 0, 1, "XXX");        /* and one along the column */
    CHECK(foul_at(7, 7) == FOUL_DOUBLE_FOUR);
    fresh(RULE_RENJU);
    stones(3, 7, 1, 0, "XXX...XXX");  /* XXX_*_XXX: two fours in one line */
    CHECK(foul_at(7, 7) == FOUL_DOUBLE_FOUR);
    fresh(RULE_RENJU);
    stones(4, 7, 1, 0, "XXX");        /* _XXX*_ : a straight four is one four */
    CHECK(foul_at(7, 7) == FOUL_NONE);
}

static void test_renju_four_three_is_legal(void) {
    fresh(RULE_RENJU);
    stones(4, 7, 1, 0, "XXX");        /* *, with XXX to its left: a four */
    stones(7, 5, 0, 1, "XX");         /* and an open three upwards */
    CHECK(foul_at(7, 7) == FOUL_NONE);
}

static void test_renju_double_three(void) {
    fresh(RULE_RENJU);
    stones(5, 7, 1, 0, "XX");
    stones(7, 5, 0, 1, "XX");
    CHECK(foul_at(7, 7) == FOUL_DOUBLE_THREE);
    /* a blocked end leaves a closed three, which does not count */
    stones(4, 7, 1, 0, "O");
    stones(9, 7, 1, 0, "O");
    CHECK(foul_at(7, 7) == FOUL_NONE);
}

static void test_renju_recursive_double_three(void) {
    /* Row 7: _XX*_O: the only way to a straight four is x=4 (x=8 leaves it closed by the O).
     * Column 4 holds XXX_ above row 7, so black's stone on 4,7 would also make a four there:
     * a double four, forbidden — the row's "three" cannot become a straight four, so 7,7 has
     * one real three (the column x=7) and is legal. Without column 4 it is a double three. */
    fresh(RULE_RENJU);
    stones(5, 7, 1, 0, "XX");
    stones(9, 7, 1, 0, "O");
    stones(7, 5, 0, 1, "XX");
    CHECK(foul_at(7, 7) == FOUL_DOUBLE_THREE);
    stones(4, 3, 0, 1, "XXX");
    board_put(&board, cell_at(7, 7), BLACK);
    CHECK(foul_at(4, 7) == FOUL_DOUBLE_FOUR);
    board_remove(&board, cell_at(7, 7));
    CHECK(foul_at(7, 7) == FOUL_NONE);
}

static void test_five_beats_foul(void) {
    fresh(RULE_RENJU);
    stones(3, 7, 1, 0, "XXXX");       /* * at 7,7 makes exactly five … */
    stones(7, 3, 0, 1, "XXX");        /* … and a four upwards: still a win, not a foul */
    stones(7, 9, 0, 1, "X");
    CHECK(foul_at(7, 7) == FOUL_NONE);
    CHECK(rules_would_win(&board, cell_at(7, 7), BLACK));
}

static void test_caro_blocked_five(void) {
    fresh(RULE_CARO);
    stones(2, 7, 1, 0, "OXXXX.O");
    CHECK(!rules_would_win(&board, cell_at(7, 7), BLACK));
    fresh(RULE_CARO);
    stones(0, 7, 1, 0, "XXXX.O");     /* the edge is no opponent: this five wins */
    CHECK(rules_would_win(&board, cell_at(4, 7), BLACK));
    fresh(RULE_CARO | RULE_EXACT5);
    stones(0, 3, 1, 0, "XXX.XX");
    CHECK(!rules_would_win(&board, cell_at(3, 3), BLACK));
}

static void test_rules_play_verdicts(void) {
    fresh(RULE_RENJU);
    CHECK(rules_play(&board, 15, 0) == VERDICT_ILLEGAL);
    CHECK(rules_play(&board, 7, 7) == VERDICT_PLAYING);
    CHECK(rules_play(&board, 7, 7) == VERDICT_ILLEGAL);
    CHECK(board.move_count == 1 && board.to_move == WHITE);
    /* black X at 5,7 6,7 7,5 7,6 (7,7 is already black) – build a double three at 8,8 */
    fresh(RULE_RENJU);
    stones(5, 7, 1, 0, "XX");
    stones(7, 5, 0, 1, "XX");
    board.to_move = BLACK;
    CHECK(rules_play(&board, 7, 7) == VERDICT_FOUL);
    fresh(0);
    stones(0, 0, 1, 0, "XXXX");
    CHECK(rules_play(&board, 4, 0) == VERDICT_WIN);
    board_init(&board, geometry_get(3, 3, 3, 0));
    const int draw[9][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 2}, {2, 0}, {1, 0}, {1, 2}, {2, 1}, {0, 1}};
    Verdict last = VERDICT_PLAYING;
    for (int i = 0; i < 9; i++) last = rules_play(&board, draw[i][0], draw[i][1]);
    CHECK(last == VERDICT_DRAW);
}

/* The shapes' pre-filter never passes a foul: over every empty cell of random renju positions,
 * rules_foul finds none where forbidden_may_be, on black's shapes there, says there can be none. */
static bool may_be_foul(const Board *board, int cell) {
    uint8_t shapes[4];
    for (int d = 0; d < 4; d++) shapes[d] = (uint8_t)shape_at(&board->shapes, cell, d, BLACK);
    return forbidden_may_be(shapes);
}

static void test_foul_prefilter_misses_none(void) {
    uint64_t rng = 5;
    int fouls = 0, missed = 0;
    for (int game = 0; game < 400; game++) {
        fresh(RULE_RENJU);
        const int moves = (int)(rng_next(&rng) % 120);
        for (int m = 0; m < moves; m++) {
            int cell;
            do cell = cell_at((int)(rng_next(&rng) % 15), (int)(rng_next(&rng) % 15));
            while (!board_empty_at(&board, cell));
            board_make(&board, cell);
        }
        FOR_EACH_CELL(&board, cell) {
            if (!board_empty_at(&board, cell) || rules_foul(&board, cell) == FOUL_NONE) continue;
            fouls++;
            missed += !may_be_foul(&board, cell);
        }
    }
    CHECKF(fouls > 100 && missed == 0, "%d fouls, %d passed by the pre-filter", fouls, missed);
}

int main(void) {
    RUN(test_freestyle_and_exact_five);
    RUN(test_renju_overline);
    RUN(test_renju_double_four);
    RUN(test_renju_four_three_is_legal);
    RUN(test_renju_double_three);
    RUN(test_renju_recursive_double_three);
    RUN(test_five_beats_foul);
    RUN(test_caro_blocked_five);
    RUN(test_rules_play_verdicts);
    RUN(test_foul_prefilter_misses_none);
    return check_summary();
}

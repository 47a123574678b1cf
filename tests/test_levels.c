/* Levels: every reference player returns a legal empty cell and leaves the board as it was;
 * each behaves as its note on hand-made positions; greedy never misses a win in one nor the
 * block of a four, avoids renju fouls, and beats N1-N3 in a few quick games. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "levels.h"
#include "rules.h"

static Board board;

/* Sets up `rows` (h strings of w characters: X black, O white, anything else empty) with
 * `to_move` to play. */
static void setup(int width, int height, int connect, int rule, const char *const *rows,
                  int to_move) {
    const Geometry *geometry = geometry_get(width, height, connect, rule);
    board_init(&board, geometry);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            const char c = rows[y][x];
            if (c == 'X' || c == 'O') board_put(&board, cell_at(x, y), c == 'X' ? BLACK : WHITE);
        }
    if (board.to_move != to_move) board_pass(&board);
}

static int choose(ReferenceLevel level, uint64_t seed) {
    return reference_level_choose(&board, level, &seed);
}

static bool is_at(int cell, int x, int y) { return cell == cell_at(x, y); }

/* What must not change across a call. */
typedef struct Snapshot {
    uint64_t hash;
    int move_count, to_move;
    uint16_t history[MAX_MOVES];
    uint8_t cell[CELLS];
} Snapshot;

static void snapshot(Snapshot *s, const Board *b) {
    memset(s, 0, sizeof *s);
    s->hash = b->hash;
    s->move_count = b->move_count;
    s->to_move = b->to_move;
    memcpy(s->history, b->history, sizeof b->history[0] * (size_t)b->move_count);
    memcpy(s->cell, b->cell, sizeof b->cell);
}

static int random_empty(const Board *b, uint64_t *rng) {
    for (;;) {
        const int x = (int)(rng_next(rng) % (uint64_t)b->width);
        const int y = (int)(rng_next(rng) % (uint64_t)b->height);
        if (b->cell[cell_at(x, y)] == EMPTY) return cell_at(x, y);
    }
}

static void test_names(void) {
    for (int level = 0; level < REFERENCE_LEVEL_COUNT; level++)
        CHECK(reference_level_parse(reference_level_name((ReferenceLevel)level)) == level);
    CHECK(reference_level_parse("GREEDY") == LEVEL_GREEDY);
    CHECK(reference_level_parse("N3") == LEVEL_N3);
    CHECK(strcmp(reference_level_name(LEVEL_N5), "n5") == 0);
    CHECK(reference_level_parse("n6") == -1);
    CHECK(reference_level_parse("") == -1);
    CHECK(reference_level_parse("greedy ") == -1);
}

/* Random positions on several sizes, win lengths and rules: a legal empty cell, never a renju
 * foul for black, the board unchanged, the same cell again for the same seed. */
static void test_legal_on_random_positions(void) {
    static const int configs[][4] = {
        {15, 15, 5, 0}, {20, 20, 5, RULE_EXACT5}, {15, 15, 5, RULE_RENJU}, {7, 9, 4, 0},
        {6, 5, 3, RULE_CARO}, {32, 32, 5, 0}, {5, 5, 5, RULE_CARO | RULE_EXACT5},
        {12, 8, 5, RULE_RENJU},
    };
    static Snapshot before, after;
    uint64_t rng = 12345;
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        const Geometry *geometry = geometry_get(configs[c][0], configs[c][1], configs[c][2],
                                                configs[c][3]);
        CHECK(geometry != NULL);
        if (!geometry) continue;
        for (int position = 0; position < 12; position++) {
            board_init(&board, geometry);
            const int moves = (int)(rng_next(&rng) % (uint64_t)(board_cell_count(&board) * 3 / 4));
            for (int m = 0; m < moves; m++) board_make(&board, random_empty(&board, &rng));
            for (int level = 0; level < REFERENCE_LEVEL_COUNT; level++) {
                const uint64_t seed = rng_next(&rng);
                snapshot(&before, &board);
                const int cell = choose((ReferenceLevel)level, seed);
                snapshot(&after, &board);
                CHECKF(memcmp(&before, &after, sizeof before) == 0, "%s changed the board",
                       reference_level_name((ReferenceLevel)level));
                CHECKF(cell != NO_CELL && board_on(&board, cell_x(cell), cell_y(cell)) &&
                           board.cell[cell] == EMPTY,
                       "%s chose %d on config %zu", reference_level_name((ReferenceLevel)level),
                       cell, c);
                if (cell == NO_CELL || board.cell[cell] != EMPTY) continue;
                CHECKF(!rules_forbidden(&board, cell, board.to_move), "%s played a foul",
                       reference_level_name((ReferenceLevel)level));
                CHECKF(choose((ReferenceLevel)level, seed) == cell, "%s not reproducible",
                       reference_level_name((ReferenceLevel)level));
            }
        }
    }
}

static void test_empty_and_full_boards(void) {
    for (int level = 0; level < REFERENCE_LEVEL_COUNT; level++) {
        board_init(&board, geometry_get(15, 15, 5, 0));
        CHECK(is_at(choose((ReferenceLevel)level, 1), 7, 7));
        board_init(&board, geometry_get(3, 3, 3, 0));
        CHECK(is_at(choose((ReferenceLevel)level, 1), 1, 1));
        /* A full 5x5 board: nothing to play. One cell left: that cell. */
        board_init(&board, geometry_get(5, 5, 5, 0));
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++) board_make(&board, cell_at(x, y));
        CHECK(choose((ReferenceLevel)level, 1) == NO_CELL);
        board_undo(&board);
        CHECK(is_at(choose((ReferenceLevel)level, 1), 4, 4));
    }
}

/* ---- greedy ------------------------------------------------------------------------------ */

static void test_greedy_wins_in_one(void) {
    /* Both sides have a four; the side to move must make its own five, not block. */
    static const char *const rows[] = {
        "...............", "...............", "...............", "...............",
        "...............", "....XXXX.......", "...............", "...............",
        "...OOOO........", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(15, 15, 5, 0, rows, BLACK);
        const int cell = choose(LEVEL_GREEDY, seed);
        CHECKF(is_at(cell, 3, 5) || is_at(cell, 8, 5), "black played %d,%d", cell_x(cell),
               cell_y(cell));
        setup(15, 15, 5, 0, rows, WHITE);
        const int reply = choose(LEVEL_GREEDY, seed);
        CHECKF(is_at(reply, 2, 8) || is_at(reply, 7, 8), "white played %d,%d", cell_x(reply),
               cell_y(reply));
    }
    /* A split four on a small board with k = 4: the gap wins. */
    static const char *const small[] = {
        "......", ".XX.X.", "......", ".OOO..", "......", "......",
    };
    setup(6, 6, 4, 0, small, BLACK);
    CHECK(is_at(choose(LEVEL_GREEDY, 3), 3, 1));
}

static void test_greedy_blocks_four(void) {
    /* White's closed four and split four each have one completion: black must take it, even
     * with an open three of its own. */
    static const char *const closed[] = {
        "...............", "...............", "...............", "...............",
        "...............", "......XXX......", "...............", "...............",
        "..XOOOO........", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    static const char *const split[] = {
        "...............", "...............", "...............", "...............",
        "...............", "......XXX......", "...............", "...............",
        "..OO.OO........", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(15, 15, 5, 0, closed, BLACK);
        CHECK(is_at(choose(LEVEL_GREEDY, seed), 7, 8));
        setup(15, 15, 5, 0, split, BLACK);
        CHECK(is_at(choose(LEVEL_GREEDY, seed), 4, 8));
    }
    /* Exact five: white's six-in-waiting is no threat (a sixth stone does not win); its real
     * four elsewhere is. */
    static const char *const exact[] = {
        "...............", "...............", "OOO.OO.........", "...............",
        "...............", "......XX.......", "...............", "...............",
        ".XOOOO.........", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    setup(15, 15, 5, RULE_EXACT5, exact, BLACK);
    CHECK(is_at(choose(LEVEL_GREEDY, 5), 6, 8));
}

/* Random positions of unfinished games, judged by rules.h rather than the shape tables greedy
 * reads: if the side to move can win, greedy wins; otherwise, if the opponent could win on a
 * cell we may play, greedy plays one of those cells. */
static void test_greedy_tactics_on_random_positions(void) {
    static const int configs[][4] = {
        {15, 15, 5, 0}, {15, 15, 5, RULE_EXACT5}, {15, 15, 5, RULE_RENJU}, {10, 12, 4, 0},
        {7, 7, 3, 0}, {15, 15, 5, RULE_CARO}, {9, 9, 5, RULE_CARO | RULE_EXACT5},
    };
    uint64_t rng = 99;
    int wins = 0, blocks = 0;
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        const Geometry *geometry = geometry_get(configs[c][0], configs[c][1], configs[c][2],
                                                configs[c][3]);
        for (int position = 0; position < 40; position++) {
            board_init(&board, geometry);
            const int moves = 4 + (int)(rng_next(&rng) % (uint64_t)(board_cell_count(&board) / 3));
            for (int m = 0; m < moves; m++) {
                const int cell = random_empty(&board, &rng);
                const int mover = board.to_move;
                if (rules_would_win(&board, cell, mover) || rules_forbidden(&board, cell, mover))
                    continue;
                board_make(&board, cell);
            }
            const int me = board.to_move;
            bool can_win = false, must_block = false;
            for (int y = 0; y < board.height; y++)
                for (int x = 0; x < board.width; x++) {
                    const int cell = cell_at(x, y);
                    if (board.cell[cell] != EMPTY) continue;
                    can_win |= rules_would_win(&board, cell, me);
                    must_block |= rules_would_win(&board, cell, opponent(me)) &&
                                  !rules_forbidden(&board, cell, me);
                }
            const int cell = choose(LEVEL_GREEDY, rng_next(&rng));
            if (can_win) {
                wins++;
                CHECKF(rules_would_win(&board, cell, me), "config %zu: missed a win", c);
            } else if (must_block) {
                blocks++;
                CHECKF(rules_would_win(&board, cell, opponent(me)),
                       "config %zu: missed a block", c);
            }
        }
    }
    /* The positions must actually exercise both cases. */
    CHECKF(wins >= 20 && blocks >= 10, "%d wins, %d blocks", wins, blocks);
}

static void test_greedy_prefers_open_four_and_blocks_threes(void) {
    /* Black can make an open four; white has an open three. The open four wins first. */
    static const char *const attack[] = {
        "...............", "...............", "...............", "...............",
        "...............", "....XXX........", "...............", "...............",
        "......OOO......", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(15, 15, 5, 0, attack, BLACK);
        const int cell = choose(LEVEL_GREEDY, seed);
        CHECKF(is_at(cell, 3, 5) || is_at(cell, 7, 5), "played %d,%d", cell_x(cell),
               cell_y(cell));
    }
    /* Only white has an open three (black's two is far weaker): black stops it. */
    static const char *const defend[] = {
        "...............", "...............", "...............", "...............",
        "...............", "....XX.........", "...............", "...............",
        "......OOO......", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(15, 15, 5, 0, defend, BLACK);
        const int cell = choose(LEVEL_GREEDY, seed);
        CHECKF(cell_y(cell) == 8 && (cell_x(cell) == 5 || cell_x(cell) == 9 ||
                                     cell_x(cell) == 4 || cell_x(cell) == 10),
               "played %d,%d", cell_x(cell), cell_y(cell));
    }
}

static void test_greedy_avoids_renju_fouls(void) {
    /* (9,7) would give black two open threes: forbidden, though it is the strongest shape. */
    static const char *const double_three[] = {
        "...............", "...............", "...............", "...............",
        "...............", "...............", "...............", ".......XX......",
        ".........X.....", ".........X.....", "...............", "...............",
        "...............", "...............", "...............",
    };
    setup(15, 15, 5, RULE_RENJU, double_three, BLACK);
    CHECK(rules_forbidden(&board, cell_at(9, 7), BLACK));
    for (uint64_t seed = 0; seed < 8; seed++) CHECK(!is_at(choose(LEVEL_GREEDY, seed), 9, 7));
    /* The same shape for white is no foul, and greedy takes it. */
    setup(15, 15, 5, 0, double_three, BLACK);
    CHECK(is_at(choose(LEVEL_GREEDY, 1), 9, 7));
    /* White's four can only be blocked on (7,7), a double four for black: black may not
     * take it and plays elsewhere (it loses, but legally). */
    static const char *const trapped[] = {
        "...............", "...............", ".......X.......", ".......O.......",
        "....X..O.......", ".....X.O.......", "......XO.......", "....XXX........",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    setup(15, 15, 5, RULE_RENJU, trapped, BLACK);
    CHECK(rules_foul(&board, cell_at(7, 7)) == FOUL_DOUBLE_FOUR);
    for (int level = 0; level < REFERENCE_LEVEL_COUNT; level++) {
        const int cell = choose((ReferenceLevel)level, 9);
        CHECK(cell != NO_CELL && board.cell[cell] == EMPTY);
        CHECK(!rules_forbidden(&board, cell, BLACK) && !is_at(cell, 7, 7));
    }
}

/* ---- N1 ---------------------------------------------------------------------------------- */

static void test_n1_pattern_strings(void) {
    /* One black stone: each neighbour reads "10" (30) towards it and "0" elsewhere; the eight
     * tie and N1 keeps the last found in row-major order, whatever the seed. */
    static const char *const one[] = {
        ".........", ".........", ".........", ".........", "....X....",
        ".........", ".........", ".........", ".........",
    };
    for (uint64_t seed = 0; seed < 4; seed++) {
        setup(9, 9, 5, 0, one, WHITE);
        CHECK(is_at(choose(LEVEL_N1, seed), 5, 5));
    }
    /* Black's two: its ends read "110" (100), beating the 30 + 30 cells beside it; the last
     * end found is (6,4). */
    static const char *const two[] = {
        ".........", ".........", ".........", ".........", "....XX...",
        ".........", ".........", ".........", ".........",
    };
    setup(9, 9, 5, 0, two, WHITE);
    CHECK(is_at(choose(LEVEL_N1, 1), 6, 4));
    /* The mover's own two reads "220" (150) and beats the opponent's "110" (100). */
    static const char *const both[] = {
        ".........", ".OO......", ".........", ".........", ".........",
        ".........", ".....XX..", ".........", ".........",
    };
    setup(9, 9, 5, 0, both, WHITE);
    CHECK(is_at(choose(LEVEL_N1, 1), 3, 1));
    /* k = 4: black's three reads "2220", taken as "22220" (2000), and N1 completes its four.
     * Read unchanged (250) it would lose to (5,5), where three white twos read "110" (300). */
    static const char *const short_k[] = {
        ".........", ".XXX.....", ".........", ".....O...", ".....O...",
        "......OO.", "....O....", "...O.....", ".........",
    };
    setup(9, 9, 4, 0, short_k, BLACK);
    CHECK(is_at(choose(LEVEL_N1, 1), 4, 1));
    setup(9, 9, 5, 0, short_k, BLACK);
    CHECK(is_at(choose(LEVEL_N1, 1), 5, 5));
}

/* ---- N3 ---------------------------------------------------------------------------------- */

/* 5x5, k = 5: 12 win lines (rows, columns, two diagonals), white to move.
 *   O . . . .     black (0,2) (1,2); white (0,0) (4,4)
 *   . . . . .     (2,2): diagonal with two whites (2²−1)·200+399 = 999 own; row 2 with two
 *   X X . . .     blacks 2²·200 = 800 opponent's.  (1,1) and (3,3): 999 own too, but their
 *   . . . . .     other score is 200 (column 1's black) and 0. Everything else is lower:
 *   . . . . O     (4,0) 798 own, (4,2) 800 opponent's. So (2,2) by the tie rule. */
static void test_n3_hand_computed(void) {
    static const char *const rows[] = {"O....", ".....", "XX...", ".....", "....O"};
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(5, 5, 5, 0, rows, WHITE);
        CHECK(is_at(choose(LEVEL_N3, seed), 2, 2));
    }
    /* Without white's diagonal the opponent's two (800) is the highest score: row 2's empty
     * cells, of which (4,2) has the highest other score (column 4 with white: 399). */
    static const char *const rows2[] = {".....", ".....", "XX...", ".....", "....O"};
    static const char *const rows3[] = {".....", ".....", "XX...", ".....", "O...."};
    setup(5, 5, 5, 0, rows2, WHITE);
    /* (2,2) also has 399 (diagonal through (4,4)): a true tie, either may come. */
    const int cell = choose(LEVEL_N3, 4);
    CHECK(is_at(cell, 2, 2) || is_at(cell, 4, 2));
    setup(5, 5, 5, 0, rows3, WHITE);
    /* White on (0,4): column 0 now holds both colours (dead); the anti-diagonal gives (2,2)
     * 399 as other score, (3,2) and (4,2) have none. */
    CHECK(is_at(choose(LEVEL_N3, 4), 2, 2));
}

/* ---- N2 ---------------------------------------------------------------------------------- */

static void test_n2_adds_directions(void) {
    /* (5,6) meets two black twos, each with two open ends: 40 + 40 + 4·5 = 100, more than any
     * cell with one such two (60) or the cell meeting three single stones (80). Overwriting
     * instead of adding (the note's slip) would score it 45. */
    static const char *const rows[] = {
        "...........", "...........", "...........", "...........", ".....X.....",
        ".....X.....", "...XX......", "...........", "...........", "...........",
        "...........",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(11, 11, 5, 0, rows, WHITE);
        CHECK(is_at(choose(LEVEL_N2, seed), 5, 6));
    }
}

static void test_n2_blocks_open_three_at_random_end(void) {
    /* Black's open three: both ends score 200 + 20, the rest far less; the two ends tie and the
     * seed decides. */
    static const char *const rows[] = {
        "...........", "...........", "...........", "...........", "...........",
        "....XXX....", "...........", "...........", "...........", "...........",
        "...........",
    };
    bool left = false, right = false;
    for (uint64_t seed = 0; seed < 16; seed++) {
        setup(11, 11, 5, 0, rows, WHITE);
        const int cell = choose(LEVEL_N2, seed);
        CHECKF(is_at(cell, 3, 5) || is_at(cell, 7, 5), "played %d,%d", cell_x(cell),
               cell_y(cell));
        left |= is_at(cell, 3, 5);
        right |= is_at(cell, 7, 5);
    }
    CHECK(left && right);
}

/* ---- N5 ---------------------------------------------------------------------------------- */

static void test_n5_urgent_choices(void) {
    /* Open threes for both: attack 90 = defence 90, and defence wins the tie. */
    static const char *const threes[] = {
        ".............", ".............", "...OOO.......", ".............", ".............",
        ".............", ".............", ".............", "...XXX.......", ".............",
        ".............", ".............", ".............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(13, 13, 5, 0, threes, WHITE);
        const int cell = choose(LEVEL_N5, seed);
        CHECKF(is_at(cell, 2, 8) || is_at(cell, 6, 8), "played %d,%d", cell_x(cell),
               cell_y(cell));
    }
    /* White's four (attack 100) beats black's open three (defence 90). */
    static const char *const four[] = {
        ".............", ".............", "..XOOOO......", ".............", ".............",
        ".............", ".............", ".............", "...XXX.......", ".............",
        ".............", ".............", ".............",
    };
    setup(13, 13, 5, 0, four, WHITE);
    CHECK(is_at(choose(LEVEL_N5, 2), 7, 2));
    /* Both have a four: 100 each, and the note's rule still defends. */
    static const char *const fours[] = {
        ".............", ".............", "..XOOOO......", ".............", ".............",
        ".............", ".............", ".............", "..OXXXX......", ".............",
        ".............", ".............", ".............",
    };
    setup(13, 13, 5, 0, fours, WHITE);
    CHECK(is_at(choose(LEVEL_N5, 2), 7, 8));
}

static void test_n5_gap_rule(void) {
    /* Nothing reaches 80, so N5 plays the largest |attack − defence|:
     *   (2,3): white's open three (60) but also black's open three (60): gap 0;
     *   (5,3): white's open three (60), black only 15 there: gap 45;
     *   (2,6): black's open three (60), white only "one" (5) there: gap −55, the largest. */
    static const char *const rows[] = {
        "...............", "...............", "...............", "...OO..........",
        "..X............", "..X............", "...............", "...............",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "...............",
    };
    for (uint64_t seed = 0; seed < 8; seed++) {
        setup(15, 15, 5, 0, rows, WHITE);
        const int cell = choose(LEVEL_N5, seed);
        CHECKF(is_at(cell, 2, 6), "played %d,%d", cell_x(cell), cell_y(cell));
    }
}

/* ---- N4 ---------------------------------------------------------------------------------- */

static void test_n4_tic_tac_toe(void) {
    static const char *const win[] = {"XX.", "OO.", "..."};
    setup(3, 3, 3, 0, win, BLACK);
    CHECK(is_at(choose(LEVEL_N4, 1), 2, 0));
    setup(3, 3, 3, 0, win, WHITE);
    CHECK(is_at(choose(LEVEL_N4, 1), 2, 1));
    static const char *const block[] = {"XX.", ".O.", "..."};
    setup(3, 3, 3, 0, block, WHITE);
    CHECK(is_at(choose(LEVEL_N4, 1), 2, 0));
    static const char *const diagonal[] = {"X..", ".X.", "O.."};
    setup(3, 3, 3, 0, diagonal, WHITE);
    CHECK(is_at(choose(LEVEL_N4, 1), 2, 2));
    /* N4 against itself: the note's "perfect play draws". */
    board_init(&board, geometry_get(3, 3, 3, 0));
    Verdict verdict = VERDICT_PLAYING;
    uint64_t rng = 7;
    while (verdict == VERDICT_PLAYING) {
        const int cell = reference_level_choose(&board, LEVEL_N4, &rng);
        verdict = rules_play(&board, cell_x(cell), cell_y(cell));
    }
    CHECK(verdict == VERDICT_DRAW);
}

/* ---- a sanity match ----------------------------------------------------------------------- */

/* One game judged by rules_play; the winner's colour, or EMPTY for a draw. */
static int play_game(ReferenceLevel black, ReferenceLevel white, int rule, uint64_t seed) {
    board_init(&board, geometry_get(15, 15, 5, rule));
    uint64_t rng = seed;
    /* A random first stone near the centre so that deterministic levels vary their games. */
    const int opening = cell_at(5 + (int)(rng_next(&rng) % 5), 5 + (int)(rng_next(&rng) % 5));
    Verdict verdict = rules_play(&board, cell_x(opening), cell_y(opening));
    while (verdict == VERDICT_PLAYING) {
        const int mover = board.to_move;
        const int cell = reference_level_choose(&board, mover == BLACK ? black : white, &rng);
        verdict = rules_play(&board, cell_x(cell), cell_y(cell));
        CHECK(verdict != VERDICT_ILLEGAL && verdict != VERDICT_FOUL);
        if (verdict == VERDICT_WIN) return mover;
    }
    return EMPTY;
}

static void test_greedy_beats_reference_players(void) {
    static const ReferenceLevel opponents[] = {LEVEL_N1, LEVEL_N2, LEVEL_N3};
    for (size_t o = 0; o < sizeof opponents / sizeof opponents[0]; o++) {
        int greedy_wins = 0, opponent_wins = 0;
        for (uint64_t game = 0; game < 4; game++) {
            const bool greedy_black = game % 2 == 0;
            const int rule = game < 2 ? 0 : RULE_RENJU;
            const int winner =
                greedy_black ? play_game(LEVEL_GREEDY, opponents[o], rule, game * 77 + 1)
                             : play_game(opponents[o], LEVEL_GREEDY, rule, game * 77 + 1);
            if (winner == EMPTY) continue;
            if ((winner == BLACK) == greedy_black)
                greedy_wins++;
            else
                opponent_wins++;
        }
        printf("NOTE greedy vs %s: %d wins, %d losses\n",
               reference_level_name(opponents[o]), greedy_wins, opponent_wins);
        CHECKF(greedy_wins > opponent_wins, "greedy vs %s: %d-%d",
               reference_level_name(opponents[o]), greedy_wins, opponent_wins);
    }
}

int main(void) {
    RUN(test_names);
    RUN(test_legal_on_random_positions);
    RUN(test_empty_and_full_boards);
    RUN(test_greedy_wins_in_one);
    RUN(test_greedy_blocks_four);
    RUN(test_greedy_tactics_on_random_positions);
    RUN(test_greedy_prefers_open_four_and_blocks_threes);
    RUN(test_greedy_avoids_renju_fouls);
    RUN(test_n1_pattern_strings);
    RUN(test_n3_hand_computed);
    RUN(test_n2_adds_directions);
    RUN(test_n2_blocks_open_three_at_random_end);
    RUN(test_n5_urgent_choices);
    RUN(test_n5_gap_rule);
    RUN(test_n4_tic_tac_toe);
    RUN(test_greedy_beats_reference_players);
    return check_summary();
}

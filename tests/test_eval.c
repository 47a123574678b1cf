/* The evaluation's properties over positions from random games: a position scores the same in
 * all eight of its mirror images and rotations, the same with the colours swapped where black and
 * white share their weights (freestyle, caro), and a clear advantage scores positive for the side
 * to move; under renju black's forbidden cells are no threats and white's four through one wins.
 * (That the incremental sums equal a recomputation is test_board's.) */
#include <stdlib.h>

#include "board.h"
#include "check.h"
#include "eval.h"
#include "rng.h"
#include "symmetry.h"

static Board original, image;


/* The same moves, transformed and with colours swapped or not, from an empty board: the
 * evaluation's history (the position before the last move) goes along. */
static void replay(const Board *from, Board *to, int symmetry, bool swap_colours, int rule) {
    symmetry_replay(from, to, geometry_get(from->width, from->height, 5, rule), symmetry, swap_colours);
}

static void random_position(Board *board, int rule, uint64_t *rng, int moves) {
    board_init(board, geometry_get(15, 15, 5, rule));
    for (int ply = 0; ply < moves; ply++) {
        int cell;
        do {
            /* near the centre, so shapes form */
            cell = cell_at(4 + (int)(rng_next(rng) % 7), 4 + (int)(rng_next(rng) % 7));
        } while (board->cell[cell] != EMPTY);
        board_make(board, cell);
    }
}

static void test_symmetric_positions_score_alike(void) {
    uint64_t rng = 12345;
    const int rules[] = {0, RULE_RENJU, RULE_CARO};
    for (int r = 0; r < 3; r++)
        for (int game = 0; game < 60; game++) {
            random_position(&original, rules[r], &rng, 4 + game % 25);
            const int32_t score = eval_position(&original);
            for (int symmetry = 1; symmetry < 8; symmetry++) {
                replay(&original, &image, symmetry, false, rules[r]);
                const int32_t other = eval_position(&image);
                CHECKF(other == score, "rule %d, %d moves, symmetry %d: %d against %d", rules[r],
                       original.move_count, symmetry, (int)other, (int)score);
                if (other != score) return;
            }
        }
}

static void test_swapped_colours_score_alike(void) {
    uint64_t rng = 777;
    const int rules[] = {0, RULE_CARO};
    for (int r = 0; r < 2; r++)
        for (int game = 0; game < 60; game++) {
            random_position(&original, rules[r], &rng, 4 + game % 25);
            replay(&original, &image, 0, true, rules[r]);
            CHECKF(eval_position(&image) == eval_position(&original), "rule %d, %d moves: %d against %d",
                   rules[r], original.move_count, (int)eval_position(&image), (int)eval_position(&original));
        }
}

/* An open three of the side to move against scattered stones: good for the side to move. */
static void test_advantage_has_the_right_sign(void) {
    board_init(&original, geometry_get(15, 15, 5, 0));
    const int mine[] = {cell_at(6, 7), cell_at(7, 7), cell_at(8, 7)};
    const int theirs[] = {cell_at(2, 2), cell_at(12, 12), cell_at(2, 12)};
    for (int i = 0; i < 3; i++) {
        board_make(&original, mine[i]);
        board_make(&original, theirs[i]);
    }
    /* black to move, with the open three */
    CHECKF(eval_position(&original) > 0, "black with an open three: %d", (int)eval_position(&original));
    board_pass(&original);
    CHECKF(eval_position(&original) < 0, "white facing it: %d", (int)eval_position(&original));
}

/* ---- renju: the evaluation sees black's forbidden points ---- */

/* Stones along a line from x,y stepping dx,dy: 'X' black, 'O' white, anything else skipped. */
static void stones(Board *board, int x, int y, int dx, int dy, const char *pattern) {
    for (int i = 0; pattern[i]; i++, x += dx, y += dy) {
        if (pattern[i] == 'X') board_put(board, cell_at(x, y), BLACK);
        if (pattern[i] == 'O') board_put(board, cell_at(x, y), WHITE);
    }
}

static bool has(int mask, int bit) { return (mask >> bit) & 1; }

/* (a) Black's only four-making cell 6,7 makes two fours: freestyle's win, renju's foul. */
static void test_renju_forbidden_four_cell(void) {
    for (int renju = 0; renju < 2; renju++) {
        board_init(&original, geometry_get(15, 15, 5, renju ? RULE_RENJU : 0));
        stones(&original, 2, 7, 1, 0, "OXXX");
        stones(&original, 6, 3, 0, 1, "OXXX");
        const CellClass class = shape_cell_class(&original.shapes, cell_at(6, 7), BLACK);
        const int mask = eval_threat_mask(&original);
        CHECKF(class == (renju ? CLASS_FORBIDDEN : CLASS_OPEN_FOUR), "renju %d: class %d", renju, class);
        CHECKF(has(mask, THREAT_MY_OPEN_FOUR) == !renju, "renju %d: threat mask %#x", renju, mask);
    }
}

/* (b) White's four on 6,7 can be blocked only on 7,7, a double three for black: under renju a
 * winning cell for white, as an open four is. */
static void test_renju_forbidden_block_wins(void) {
    for (int renju = 0; renju < 2; renju++) {
        board_init(&original, geometry_get(15, 15, 5, renju ? RULE_RENJU : 0));
        board_pass(&original);
        stones(&original, 2, 7, 1, 0, "XOOO");
        stones(&original, 7, 5, 0, 1, "XX");
        stones(&original, 8, 8, 1, 1, "XX");
        const CellClass class = shape_cell_class(&original.shapes, cell_at(6, 7), WHITE);
        const int mask = eval_threat_mask(&original);
        CHECKF(class == (renju ? CLASS_OPEN_FOUR : CLASS_FOUR), "renju %d: class %d", renju, class);
        CHECKF(has(mask, THREAT_MY_OPEN_FOUR) == renju, "renju %d: threat mask %#x", renju, mask);
        if (!renju) continue;
        /* the same stones, but black's 9,9 moved away: 7,7 is legal and the four an ordinary one */
        const int32_t winning = eval_position(&original);
        board_init(&original, geometry_get(15, 15, 5, RULE_RENJU));
        board_pass(&original);
        stones(&original, 2, 7, 1, 0, "XOOO");
        stones(&original, 7, 5, 0, 1, "XX");
        stones(&original, 8, 8, 1, 1, "X");
        stones(&original, 13, 13, 1, 1, "X");
        const int32_t ordinary = eval_position(&original);
        CHECKF(winning > ordinary, "white to move: %d with the block forbidden, %d without", (int)winning, (int)ordinary);
    }
}

/* (c) Black's split three 4,7 5,7 _ 7,7 becomes an open four only on 6,7, a double three
 * (6,8 6,9 and 7,8 8,9): under renju it threatens no open four. */
static void test_renju_three_with_forbidden_completion(void) {
    for (int renju = 0; renju < 2; renju++) {
        board_init(&original, geometry_get(15, 15, 5, renju ? RULE_RENJU : 0));
        stones(&original, 4, 7, 1, 0, "XX.X");
        stones(&original, 6, 8, 0, 1, "XX");
        stones(&original, 7, 8, 1, 1, "XX");
        const CellClass class = shape_cell_class(&original.shapes, cell_at(6, 7), BLACK);
        const int mask = eval_threat_mask(&original);
        CHECKF(class == (renju ? CLASS_FORBIDDEN : CLASS_OPEN_FOUR), "renju %d: class %d", renju, class);
        CHECKF(has(mask, THREAT_MY_OPEN_FOUR) == !renju, "renju %d: threat mask %#x", renju, mask);
    }
}

int main(void) {
    RUN(test_symmetric_positions_score_alike);
    RUN(test_swapped_colours_score_alike);
    RUN(test_advantage_has_the_right_sign);
    RUN(test_renju_forbidden_four_cell);
    RUN(test_renju_forbidden_block_wins);
    RUN(test_renju_three_with_forbidden_completion);
    return check_summary();
}

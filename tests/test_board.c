/* Board, pattern keys/shapes and hash: the incremental state must always equal the state
 * rebuilt from scratch, over thousands of random moves and takebacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "levels.h"
#include "rules.h"

static uint64_t hash_from_scratch(const Board *board) {
    uint64_t hash = board->to_move == WHITE ? zobrist_side() : 0;
    for (int c = board_first(board); c; c = board_next(board, c))
        if (board->cell[c] == BLACK || board->cell[c] == WHITE) hash ^= zobrist_stone(board->cell[c], c);
    return hash;
}

/* White's five point along `direction` once its stone is on `cell`: read off the stones. */
static int white_five_point(Board *board, int cell, int direction) {
    int found = NO_CELL;
    board->cell[cell] = WHITE;
    for (int offset = -4; offset <= 4; offset++) {
        const int point = cell + offset * DIRECTION[direction];
        if (!offset || board->cell[point] != EMPTY) continue;
        board->cell[point] = WHITE;
        int run = 1;
        for (int side = -1; side <= 1; side += 2)
            for (int step = 1; board->cell[cell + side * step * DIRECTION[direction]] == WHITE; step++) run++;
        board->cell[point] = EMPTY;
        if (run >= 5) found = point;
    }
    board->cell[cell] = EMPTY;
    return found;
}

/* Renju's verdicts from scratch, by the judge alone (no pre-filter, no incremental state):
 * black's forbidden cells, and white's fours whose one block is forbidden to black. */
static void renju_from_scratch(Board *board, ShapeState *shapes) {
    for (int c = board_first(board); c; c = board_next(board, c)) {
        if (board->cell[c] != EMPTY) continue;
        if (rules_foul(board, c) != FOUL_NONE) shape_override(shapes, c, BLACK, COMBO_FORBIDDEN, CLASS_FORBIDDEN, false);
        Shape white[4];
        int fours = 0, four = -1;
        bool more = false;
        for (int d = 0; d < 4; d++) {
            white[d] = shape_at(shapes, c, d, WHITE);
            if (white[d] == SHAPE_FOUR) fours++, four = d;
            more = more || white[d] == SHAPE_OPEN_FOUR || white[d] == SHAPE_FIVE;
        }
        if (fours != 1 || more) continue;
        const int block = white_five_point(board, c, four);
        if (block == NO_CELL) continue;
        board->cell[c] = WHITE;
        const bool forbidden = rules_foul(board, block) != FOUL_NONE;
        board->cell[c] = EMPTY;
        if (!forbidden) continue;
        white[four] = SHAPE_OPEN_FOUR;
        CellClass cell_class;
        const int combo = shape_combo_of(white, &cell_class);
        shape_override(shapes, c, WHITE, combo, cell_class, false);
    }
}

static bool same_as_scratch(Board *board) {
    static ShapeState shapes;
    shape_clear(&shapes, board->geometry->shapes, board->geometry->weights.cell, board->cell, board->width,
                board->height);
    if (board->rule & RULE_RENJU) renju_from_scratch(board, &shapes);
    bool same = true;
    for (int c = board_first(board); c; c = board_next(board, c)) {
        if (board->cell[c] != EMPTY) continue;
        if (shapes.cell_class[c] != board->shapes.cell_class[c] ||
            memcmp(shapes.combo[c], board->shapes.combo[c], sizeof shapes.combo[c])) {
            check_fail(__FILE__, __LINE__, "class of %d,%d differs after %d moves: %02x against %02x", cell_x(c),
                       cell_y(c), board->move_count, board->shapes.cell_class[c], shapes.cell_class[c]);
            return false;
        }
        for (int d = 0; d < 4; d++)
            if (shapes.key[c][d] != board->shapes.key[c][d] ||
                shapes.shape[c][d] != board->shapes.shape[c][d]) {
                check_fail(__FILE__, __LINE__, "shape of %d,%d dir %d differs", cell_x(c), cell_y(c), d);
                return false;
            }
    }
    if (memcmp(shapes.totals.value_sum, board->shapes.totals.value_sum, sizeof shapes.totals.value_sum)) {
        check_fail(__FILE__, __LINE__, "evaluation sums differ after %d moves", board->move_count);
        same = false;
    }
    if (memcmp(shapes.totals.class_count, board->shapes.totals.class_count, sizeof shapes.totals.class_count)) {
        check_fail(__FILE__, __LINE__, "class counts differ after %d moves", board->move_count);
        same = false;
    }
    if (hash_from_scratch(board) != board->hash) {
        check_fail(__FILE__, __LINE__, "hash differs after %d moves", board->move_count);
        same = false;
    }
    return same;
}


static int random_empty(const Board *board, uint64_t *rng) {
    const int cells = board_cell_count(board);
    for (int tries = 0; tries < 4 * cells; tries++) {
        const int x = (int)(rng_next(rng) % (uint64_t)board->width);
        const int y = (int)(rng_next(rng) % (uint64_t)board->height);
        if (board->cell[cell_at(x, y)] == EMPTY) return cell_at(x, y);
    }
    for (int c = board_first(board); c; c = board_next(board, c))
        if (board->cell[c] == EMPTY) return c;
    return NO_CELL;
}

static void random_games(int width, int height, int connect, int rule, int games) {
    static Board board;
    uint64_t rng = (uint64_t)(width * 1000 + height * 10 + rule);
    for (int game = 0; game < games; game++) {
        board_init(&board, geometry_get(width, height, connect, rule));
        const int length = (int)(rng_next(&rng) % (uint64_t)board_cell_count(&board)) + 1;
        for (int ply = 0; ply < length && !board_full(&board); ply++) {
            const uint64_t roll = rng_next(&rng) % 10;
            if (roll == 0 && board.move_count) {
                board_undo(&board);
            } else if (roll == 1 && board.move_count) {
                /* a stone from anywhere in the history, as TAKEBACK and BOARD edits do */
                const int index = (int)(rng_next(&rng) % (uint64_t)board.move_count);
                board_remove(&board, board.history[index]);
            } else {
                board_make(&board, random_empty(&board, &rng));
            }
            if (!same_as_scratch(&board)) return;
        }
    }
}

/* The search's make and undo (their shape changes logged and put back), in reverse order, with
 * the judge's make and undo (recomputed) among them, from random positions: the state is always
 * the one rebuilt from scratch. `undo_share`: undos in 8 steps. Deep enough on 32x32 to fill
 * the log. */
static bool log_filled;

static void random_searches(int width, int height, int rule, int searches, int undo_share) {
    static Board board;
    uint64_t rng = (uint64_t)(width * 7 + rule + 99);
    for (int search = 0; search < searches; search++) {
        board_init(&board, geometry_get(width, height, 5, rule));
        const int opening = (int)(rng_next(&rng) % (uint64_t)(board_cell_count(&board) / 4));
        for (int i = 0; i < opening; i++) board_make(&board, random_empty(&board, &rng));
        const int root = board.move_count;
        bool fast[MAX_MOVES];
        for (int step = 0; step < 3 * board_cell_count(&board) / 2; step++) {
            const uint64_t roll = rng_next(&rng) % 8;
            if (roll < (uint64_t)undo_share && board.move_count > root) {
                if (fast[board.move_count - 1]) board_undo_fast(&board);
                else board_undo(&board);
            } else if (!board_full(&board)) {
                fast[board.move_count] = roll != 7;
                if (roll != 7) board_make_fast(&board, random_empty(&board, &rng));
                else board_make(&board, random_empty(&board, &rng));
            }
            if (!same_as_scratch(&board)) return;
            if (board.shapes.log_length > SHAPE_LOG_SIZE - SHAPE_LOG_MOVE - SHAPE_LOG_OVERRIDES ||
                board.shapes.totals_length == SHAPE_TOTALS_LOG_SIZE)
                log_filled = true;
        }
        while (board.move_count > root) {
            if (fast[board.move_count - 1]) board_undo_fast(&board);
            else board_undo(&board);
        }
        CHECK(board.shapes.log_length == 0 && board.shapes.totals_length == 0);
        if (!same_as_scratch(&board)) return;
    }
}

/* Renju's verdicts per cell: bit 0 black's foul, bit 1 white's four through a forbidden block
 * (an open four's class with one four and no open four among the shapes). */
static void verdicts(const Board *board, uint8_t *out) {
    for (int c = board_first(board); c; c = board_next(board, c)) {
        int fours = 0;
        for (int d = 0; d < 4; d++) {
            const Shape shape = shape_at(&board->shapes, c, d, WHITE);
            fours += shape == SHAPE_FOUR ? 1 : shape >= SHAPE_OPEN_FOUR ? 2 : 0;
        }
        const bool white_wins = fours == 1 && shape_cell_class(&board->shapes, c, WHITE) == CLASS_OPEN_FOUR;
        out[c] = (uint8_t)((shape_cell_class(&board->shapes, c, BLACK) == CLASS_FORBIDDEN) | white_wins << 1);
    }
}

/* Is `other` on the lines through `cell`, within KEY_SIDE? */
static bool on_lines(int cell, int other) {
    const int dx = abs(cell_x(other) - cell_x(cell)), dy = abs(cell_y(other) - cell_y(cell));
    return dx <= KEY_SIDE && dy <= KEY_SIDE && (!dx || !dy || dx == dy);
}

/* A cell near the centre where black's stones crowd (fouls come of crowds), or for white often
 * far away, so that black's shapes grow. */
static int crowded_cell(const Board *board, uint64_t *rng) {
    const bool far = board->to_move == WHITE && rng_next(rng) % 2;
    for (int tries = 0; tries < 400; tries++) {
        const int x = far ? (int)(rng_next(rng) % 15) : 3 + (int)(rng_next(rng) % 9);
        const int y = far ? (int)(rng_next(rng) % 15) : 3 + (int)(rng_next(rng) % 9);
        if (board->cell[cell_at(x, y)] == EMPTY) return cell_at(x, y);
    }
    return random_empty(board, rng);
}

/* The forbidden points and white's fours through them, kept in make/undo, against the judge
 * from scratch after every step of random renju games crowded near the centre: the searches'
 * logged make and undo, the judge's, and stones taken out of order. The verdicts that change
 * away from the lines of the stone that moved (a double three's completion point changed) are
 * counted: they are what the dependency rule is for, and there must be many. */
static void test_forbidden_incremental(void) {
    static Board board;
    static uint8_t before[CELLS], after[CELLS];
    uint64_t rng = 2024;
    int far_changes = 0, forbidden_seen = 0, white_wins_seen = 0, steps = 0;
    for (int game = 0; game < 150; game++) {
        board_init(&board, geometry_get(15, 15, 5, RULE_RENJU));
        bool fast[MAX_MOVES];
        const int length = 40 + (int)(rng_next(&rng) % 100);
        for (int step = 0; step < length && !board_full(&board); step++, steps++) {
            verdicts(&board, before);
            const uint64_t roll = rng_next(&rng) % 16;
            int stone;
            if (roll < 4 && board.move_count) {
                stone = board.history[board.move_count - 1];
                if (fast[board.move_count - 1]) board_undo_fast(&board);
                else board_undo(&board);
            } else if (roll == 4 && board.move_count) {
                stone = board.history[rng_next(&rng) % (uint64_t)board.move_count];
                board_remove(&board, stone);
                for (int i = 0; i < board.move_count; i++) fast[i] = false;
            } else {
                stone = crowded_cell(&board, &rng);
                fast[board.move_count] = roll < 12;
                if (roll < 12) board_make_fast(&board, stone);
                else board_make(&board, stone);
            }
            if (!same_as_scratch(&board)) return;
            verdicts(&board, after);
            for (int c = board_first(&board); c; c = board_next(&board, c)) {
                if (board.cell[c] != EMPTY || c == stone) continue;
                forbidden_seen += after[c] & 1;
                white_wins_seen += after[c] >> 1 & 1;
                far_changes += before[c] != after[c] && !on_lines(stone, c);
            }
        }
    }
    CHECKF(far_changes >= 20 && forbidden_seen >= 1000 && white_wins_seen >= 100,
           "%d steps: %d verdicts changed off the stone's lines, %d forbidden cells, %d white wins seen", steps,
           far_changes, forbidden_seen, white_wins_seen);
}

static void test_logged_undo_15(void) {
    random_searches(15, 15, 0, 30, 3);
    random_searches(15, 15, RULE_RENJU, 20, 3);
}
static void test_logged_undo_32(void) {
    log_filled = false;
    random_searches(32, 32, RULE_EXACT5, 3, 1);
    CHECK(log_filled);
}

static void test_incremental_15_freestyle(void) { random_games(15, 15, 5, 0, 40); }
static void test_incremental_20_exact(void) { random_games(20, 20, 5, RULE_EXACT5, 15); }
static void test_incremental_15_renju(void) { random_games(15, 15, 5, RULE_RENJU, 30); }
static void test_incremental_rect_caro(void) { random_games(12, 7, 5, RULE_CARO, 40); }
static void test_incremental_32(void) { random_games(32, 32, 5, 0, 4); }
static void test_incremental_small_k(void) {
    random_games(3, 3, 3, 0, 200);
    random_games(9, 6, 4, RULE_EXACT5 | RULE_CARO, 40);
}

static void test_sizes(void) {
    CHECK(geometry_get(4, 15, 5, 0) == NULL);
    CHECK(geometry_get(33, 15, 5, 0) == NULL);
    CHECK(geometry_get(5, 5, 5, 0) != NULL);
    CHECK(geometry_get(32, 20, 5, 0) != NULL);
    CHECK(geometry_get(3, 3, 3, 0) != NULL);
    CHECK(geometry_get(15, 15, 6, 0) == NULL);
    CHECK(geometry_get(15, 15, 5, 0) == geometry_get(15, 15, 5, 0));
}

static void test_make_undo_restores(void) {
    static Board board, copy;
    board_init(&board, geometry_get(15, 15, 5, 0));
    board_make(&board, cell_at(7, 7));
    memcpy(&copy, &board, sizeof board);
    board_make(&board, cell_at(8, 8));
    CHECK(board.to_move == BLACK);
    CHECK(board_last_move(&board) == cell_at(8, 8));
    board_undo(&board);
    CHECK(!memcmp(copy.cell, board.cell, sizeof board.cell));
    CHECK(!memcmp(&copy.shapes, &board.shapes, sizeof board.shapes));
    CHECK(copy.hash == board.hash && copy.move_count == board.move_count);
    CHECK(copy.to_move == board.to_move);
}

/* Shapes a stone would make on a row of an otherwise empty board, written as strings. */
static Shape row_shape(const char *row, int rule, int color) {
    static Board board;
    board_init(&board, geometry_get(15, 15, 5, rule));
    int target = NO_CELL;
    for (int x = 0; row[x]; x++) {
        const int c = cell_at(x, 7);
        if (row[x] == 'X') board_put(&board, c, BLACK);
        if (row[x] == 'O') board_put(&board, c, WHITE);
        if (row[x] == '*') target = c;
    }
    return shape_at(&board.shapes, target, 0, color);
}

static void test_shapes(void) {
    CHECK(row_shape("...XX*XX......", 0, BLACK) == SHAPE_FIVE);
    CHECK(row_shape("..XXX*XX......", 0, BLACK) == SHAPE_FIVE);
    CHECK(row_shape("..XXX*XX......", RULE_EXACT5, BLACK) == SHAPE_OVERLINE);
    CHECK(row_shape("..XXX*XX......", RULE_RENJU, BLACK) == SHAPE_OVERLINE);
    CHECK(row_shape("..XXX*XX......", RULE_RENJU, WHITE) == SHAPE_NONE);
    CHECK(row_shape("....XXX*......", 0, BLACK) == SHAPE_OPEN_FOUR);
    CHECK(row_shape("...OXXX*......", 0, BLACK) == SHAPE_FOUR);
    CHECK(row_shape("....X.X*X.....", 0, BLACK) == SHAPE_FOUR);
    /* an open three with room on both sides has two ways to an open four; a split one, one */
    CHECK(row_shape("....XX*.......", 0, BLACK) == SHAPE_OPEN_THREE_X2);
    CHECK(row_shape("...OXX*.......", 0, BLACK) == SHAPE_THREE);
    CHECK(row_shape("....X.*X......", 0, BLACK) == SHAPE_OPEN_THREE);
    CHECK(row_shape("O.XX*..O......", 0, BLACK) == SHAPE_OPEN_THREE);
    /* open twos by their ways to an open three */
    CHECK(row_shape("....X*........", 0, BLACK) == SHAPE_OPEN_TWO_X3);
    CHECK(row_shape("O.X*...O......", 0, BLACK) == SHAPE_OPEN_TWO_X2);
    CHECK(row_shape("O..X*...O.....", 0, BLACK) == SHAPE_OPEN_TWO_X3);
    CHECK(row_shape("O.X*..O.......", 0, BLACK) == SHAPE_TWO);   /* five cells of room */
    CHECK(row_shape("*X............", 0, BLACK) == SHAPE_TWO);
    CHECK(row_shape("....*.........", 0, BLACK) == SHAPE_OPEN_ONE);
    CHECK(row_shape("O*....O.......", 0, BLACK) == SHAPE_ONE);
    CHECK(row_shape("OXXX*O........", 0, BLACK) == SHAPE_NONE);
    CHECK(row_shape("....XX*.......", 0, WHITE) == SHAPE_ONE);
    CHECK(row_shape("...XOO*X......", 0, WHITE) == SHAPE_NONE);
    /* caro: a five between two opponent stones does not win, at the edge it does */
    CHECK(row_shape("OXXXX*O.......", RULE_CARO, BLACK) == SHAPE_OVERLINE);
    CHECK(row_shape("XXXX*O........", RULE_CARO, BLACK) == SHAPE_FIVE);
    CHECK(row_shape("OXXXX*.O......", RULE_CARO, BLACK) == SHAPE_FIVE);
}

int main(void) {
    RUN(test_sizes);
    RUN(test_make_undo_restores);
    RUN(test_shapes);
    RUN(test_logged_undo_15);
    RUN(test_forbidden_incremental);
    RUN(test_logged_undo_32);
    RUN(test_incremental_15_freestyle);
    RUN(test_incremental_20_exact);
    RUN(test_incremental_15_renju);
    RUN(test_incremental_rect_caro);
    RUN(test_incremental_32);
    RUN(test_incremental_small_k);
    return check_summary();
}

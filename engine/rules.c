#include "rules.h"

/* Length of `color`'s run through `cell` along `step`, and what lies just beyond each end. */
static int run_through(const uint8_t *cells, int cell, int step, int color, int *before, int *after) {
    int back = 1, forward = 1;
    while (cells[cell - back * step] == color) back++;
    while (cells[cell + forward * step] == color) forward++;
    *before = cells[cell - back * step];
    *after = cells[cell + forward * step];
    return back + forward - 1;
}

static bool wins_along(const Board *board, int cell, int direction, int color) {
    int before, after;
    const int length = run_through(board->cell, cell, DIRECTION[direction], color, &before, &after);
    return shape_run_wins(board->connect, board->rule, color, length, before, after);
}

bool rules_wins_at(const Board *board, int cell, int color) {
    for (int direction = 0; direction < 4; direction++)
        if (wins_along(board, cell, direction, color)) return true;
    return false;
}

bool rules_would_win(Board *board, int cell, int color) {
    board->cell[cell] = (uint8_t)color;
    const bool wins = rules_wins_at(board, cell, color);
    board->cell[cell] = EMPTY;
    return wins;
}

/* ---- renju fouls: black's stone is on `cell` while these run --------------------------- */

static int black_run(const Board *board, int cell, int step) {
    int before, after;
    return run_through(board->cell, cell, step, BLACK, &before, &after);
}

/* Cells (as offsets from `cell`) where one more black stone makes exactly five through `cell`
 * along `step`. */
static int five_points(Board *board, int cell, int step, int offsets[2 * CONNECT_MAX]) {
    int count = 0;
    for (int offset = -(board->connect - 1); offset <= board->connect - 1; offset++) {
        const int point = cell + offset * step;
        if (!offset || board->cell[point] != EMPTY) continue;
        board->cell[point] = BLACK;
        if (black_run(board, cell, step) == board->connect) offsets[count++] = offset;
        board->cell[point] = EMPTY;
    }
    return count;
}

/* Fours through `cell` along `step`: each five point is a four, except that a straight four
 * (_XXXX_) has two five points k cells apart and is one four. */
static int fours_along(Board *board, int cell, int step) {
    int offsets[2 * CONNECT_MAX];
    const int count = five_points(board, cell, step, offsets);
    if (count == 2 && offsets[1] - offsets[0] == board->connect) return 1;
    return count;
}

static bool straight_four_along(Board *board, int cell, int step) {
    int offsets[2 * CONNECT_MAX];
    const int count = five_points(board, cell, step, offsets);
    return count == 2 && offsets[1] - offsets[0] == board->connect;
}

static Foul foul_with_stone(Board *board, int cell);

/* A real three through `cell`: some empty cell turns it into a straight four through `cell`,
 * and black may legally play that cell. */
static bool real_three_along(Board *board, int cell, int step) {
    for (int offset = -(board->connect - 1); offset <= board->connect - 1; offset++) {
        const int point = cell + offset * step;
        if (!offset || board->cell[point] != EMPTY) continue;
        board->cell[point] = BLACK;
        bool three = straight_four_along(board, cell, step);
        if (three) three = foul_with_stone(board, point) == FOUL_NONE;
        board->cell[point] = EMPTY;
        if (three) return true;
    }
    return false;
}

static Foul foul_with_stone(Board *board, int cell) {
    bool overline = false;
    for (int direction = 0; direction < 4; direction++) {
        const int length = black_run(board, cell, DIRECTION[direction]);
        if (length == board->connect) return FOUL_NONE;   /* five takes precedence */
        if (length > board->connect) overline = true;
    }
    if (overline) return FOUL_OVERLINE;

    int fours = 0, threes = 0;
    bool has_four[4];
    for (int direction = 0; direction < 4; direction++) {
        const int here = fours_along(board, cell, DIRECTION[direction]);
        has_four[direction] = here > 0;
        fours += here;
    }
    if (fours >= 2) return FOUL_DOUBLE_FOUR;
    for (int direction = 0; direction < 4; direction++) {
        if (has_four[direction]) continue;
        if (real_three_along(board, cell, DIRECTION[direction]) && ++threes >= 2)
            return FOUL_DOUBLE_THREE;
    }
    return FOUL_NONE;
}

Foul rules_foul(Board *board, int cell) {
    if (!(board->rule & RULE_RENJU) || board->cell[cell] != EMPTY) return FOUL_NONE;
    board->cell[cell] = BLACK;
    const Foul foul = foul_with_stone(board, cell);
    board->cell[cell] = EMPTY;
    return foul;
}

const char *foul_name(Foul foul) {
    switch (foul) {
    case FOUL_OVERLINE: return "overline";
    case FOUL_DOUBLE_FOUR: return "double-four";
    case FOUL_DOUBLE_THREE: return "double-three";
    default: return "none";
    }
}

Verdict rules_play(Board *board, int x, int y) {
    if (!board_on(board, x, y)) return VERDICT_ILLEGAL;
    const int cell = cell_at(x, y);
    if (board->cell[cell] != EMPTY) return VERDICT_ILLEGAL;
    const int color = board->to_move;
    const bool foul = rules_forbidden(board, cell, color);
    board_make(board, cell);
    if (foul) return VERDICT_FOUL;
    if (rules_wins_at(board, cell, color)) return VERDICT_WIN;
    if (board_full(board)) return VERDICT_DRAW;
    return VERDICT_PLAYING;
}

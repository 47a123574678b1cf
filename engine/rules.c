#include "rules.h"

#include <stddef.h>

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

Foul rules_foul(Board *board, int cell) {
    if (!(board->rule & RULE_RENJU) || board->cell[cell] != EMPTY) return FOUL_NONE;
    return forbidden_judge(board->cell, board->connect, cell, NULL, 0, NULL);
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

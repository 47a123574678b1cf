/* rules: who has won, and renju's forbidden moves — the judge for the brain and the runner.
 *
 * Freestyle: k or more in a row wins. Exact five (rule bit 1): only exactly k. Renju (bit 4):
 * black wins only with exactly five and may not make an overline, a double four or a double
 * three; a three counts only if it can become a straight four by a move that is itself not
 * forbidden (checked recursively); white wins with five or more. Caro (bit 8): a five blocked
 * by the opponent at both ends does not win. */
#ifndef WUZI_RULES_H
#define WUZI_RULES_H

#include <stdbool.h>

#include "board.h"

typedef enum Verdict {
    VERDICT_PLAYING,    /* the move was made; the game goes on */
    VERDICT_WIN,        /* the move was made and wins for the side that made it */
    VERDICT_DRAW,       /* the move was made and filled the board */
    VERDICT_FOUL,       /* renju: black's move is forbidden (made, and black loses) */
    VERDICT_ILLEGAL,    /* off the board or occupied: nothing was changed */
} Verdict;

/* Does the stone of `color` already on `cell` make a winning line through it? */
bool rules_wins_at(const Board *board, int cell, int color);
/* Would `color` win by playing the empty `cell`? (The board is unchanged on return.) */
bool rules_would_win(Board *board, int cell, int color);
/* The foul black would commit on the empty `cell` under renju (FOUL_NONE under other rules or
 * for a move that makes exactly five), asked of the judge (forbidden.h). The board is unchanged
 * on return. */
Foul rules_foul(Board *board, int cell);
/* Renju and black and a foul: `color` may not play on the empty `cell` (the board keeps the
 * verdicts in black's classes: forbidden.h). */
static inline bool rules_forbidden(const Board *board, int cell, int color) {
    return color == BLACK && board->cell[cell] == EMPTY &&
           shape_cell_class(&board->shapes, cell, BLACK) == CLASS_FORBIDDEN;
}
const char *foul_name(Foul foul);
/* The judge: play the side to move's stone at x,y and say what it did. */
Verdict rules_play(Board *board, int x, int y);

#endif

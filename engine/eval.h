/* eval: the static score of a position and the worth of a move, from the weights (weights.h).
 *
 * Every empty cell is worth something to each colour by its shape combination; the board keeps
 * the two sums up to date in make/undo (shape.h), so a position's score costs a few lookups:
 * the side to move's sum less the opponent's, plus a term for who threatens what (a mask of
 * both sides' cell classes) and one for how many cells of each threat class either side has
 * (the board keeps those counts too). Move ordering weighs a cell by its combination for both
 * sides (taking it builds ours and spoils theirs), by tables fitted to the moves of recorded
 * games where its family has them (weights.h, ORDER_WEIGHTS), else by its worth to both. */
#ifndef WUZI_EVAL_H
#define WUZI_EVAL_H

#include <stdint.h>

#include "board.h"

/* Static score for the side to move, in the search's units (EVAL_UNIT ≈ an open three). Never a
 * mate score. */
#define EVAL_UNIT 100
int32_t eval_position(const Board *board);
/* Where the board's geometry has a network (net.h), the position's score is the network's
 * divided by this. */
#ifndef NET_SEARCH_DIVISOR
#define NET_SEARCH_DIVISOR 4
#endif

/* The threat mask of the position for the side to move (weights.h's THREAT_ bits). */
int eval_threat_mask(const Board *board);

/* How promising the empty `cell` is for the side to move, for move ordering. */
int32_t eval_move_score(const Board *board, int cell);

#endif

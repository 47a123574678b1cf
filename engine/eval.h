/* eval: what a stone on an empty cell is worth, and the static score of a position.
 *
 * A cell's four shapes (shape.h) combine into a class (five, open four or double four,
 * four-three, four, double three, three, …) and a weight: the attack score for the colour that
 * would play there; the defence score of a cell is the attack score of the opponent. Move
 * ordering, candidate pruning and the levels use these; the static score sums them over the
 * board, from the side to move's view, with a tempo bonus for having the move. */
#ifndef WUZI_EVAL_H
#define WUZI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"


/* Class and weight of a `color` stone on the empty `cell` (renju fouls not considered). */
CellClass eval_cell_class(const Board *board, int cell, int color);
int32_t eval_cell_attack(const Board *board, int cell, int color);
/* Ordering score of the side to move playing `cell`: its attack plus the opponent's attack
 * there (what the move defends). */
int32_t eval_cell_score(const Board *board, int cell);

/* Static score of the position for the side to move, in the search's units (EVAL_UNIT ≈ an
 * open three). Never a mate score. */
#define EVAL_UNIT 100
int32_t eval_position(const Board *board);

#endif

/* symmetry: the eight symmetries of a square board, and a game replayed through one of them, for
 * the tests that check an evaluation does not care which way the board is turned. */
#ifndef WUZI_TEST_SYMMETRY_H
#define WUZI_TEST_SYMMETRY_H

#include <stdbool.h>

#include "board.h"

/* `cell` of a size×size board under symmetry 0..7 (bit 0 mirrors x, bit 1 y, bit 2 swaps them). */
int symmetry_cell(int symmetry, int cell, int size);

/* `from`'s moves, transformed, on an empty board of `geometry`; with `swap_colours` white
 * plays first, so the colours trade places. */
void symmetry_replay(const Board *from, Board *to, const Geometry *geometry, int symmetry, bool swap_colours);

#endif

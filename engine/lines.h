/* lines: the win-line count tables (reference note N3, generalised to any size and k).
 *
 * A win line is a run of k cells in a row, column or diagonal. For every line we keep how many
 * stones each colour has in it; a line holding stones of both colours is dead. For every cell
 * and colour we keep `weight`: the sum, over the lines through the cell that the colour can
 * still complete, of line_weight(stones it has there). Both are updated incrementally when a
 * stone is put or removed: only the ≤ 4k lines through that cell change. */
#ifndef WUZI_LINES_H
#define WUZI_LINES_H

#include <stdint.h>

#include "coords.h"

#define MAX_LINES (4 * BOARD_MAX * BOARD_MAX)
#define LINES_PER_CELL (4 * CONNECT_MAX)

/* Immutable, per geometry. */
typedef struct LineGeometry {
    int count, connect;
    uint16_t start[MAX_LINES];            /* first cell of each line */
    uint8_t direction[MAX_LINES];         /* index into DIRECTION */
    uint8_t through_count[CELLS];
    uint16_t through[CELLS][LINES_PER_CELL];
} LineGeometry;

/* Mutable, per board. Colour c is at index c - 1. */
typedef struct LineCounts {
    uint8_t stones[MAX_LINES][2];
    int32_t weight[2][CELLS];
} LineCounts;

/* Weight of a live line holding n of a colour's stones: N3's n², so that a line nearer to
 * completion counts for more than several weaker ones. It is the evaluation's positional
 * term; the shapes (shape.h) carry the tactics. */
static inline int32_t line_weight(int stones) { return stones * stones; }

void lines_geometry_build(LineGeometry *geometry, int width, int height, int connect);
void lines_clear(LineCounts *counts, const LineGeometry *geometry, const uint8_t *cell);
/* Account for a stone of `color` appearing on (delta = +1) or leaving (delta = -1) `cell`. */
void lines_update(LineCounts *counts, const LineGeometry *geometry, int cell, int color,
                  int delta);

static inline int line_stones(const LineCounts *counts, int line, int color) {
    return counts->stones[line][color - 1];
}
static inline int32_t cell_line_weight(const LineCounts *counts, int cell, int color) {
    return counts->weight[color - 1][cell];
}

#endif

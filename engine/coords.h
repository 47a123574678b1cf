/* coords: colours, rule bits, the padded cell array's dimensions, and conversions between cells
 * and x,y. Every engine module includes this; it has no code of its own. */
#ifndef WUZI_COORDS_H
#define WUZI_COORDS_H

#include <stdbool.h>

enum { EMPTY = 0, BLACK = 1, WHITE = 2, WALL = 3 };

/* Rule bits, as in Gomocup's INFO rule. */
enum {
    RULE_EXACT5 = 1,
    RULE_CONTINUOUS = 2,
    RULE_RENJU = 4,
    RULE_CARO = 8,
};

#define BOARD_MAX 32
#define MAX_MOVES (BOARD_MAX * BOARD_MAX)
#define CONNECT_MIN 3
#define CONNECT_MAX 5
#define PAD 5                       /* WALL cells around the board: pattern keys look 5 cells out */
#define STRIDE (BOARD_MAX + 2 * PAD)
#define CELLS (STRIDE * STRIDE)
#define NO_CELL 0                   /* a corner of the padding: never a board cell */

/* Step between neighbours along the four line directions: row, column, diagonal, anti-diagonal. */
static const int DIRECTION[4] = {1, STRIDE, STRIDE + 1, STRIDE - 1};

static inline int opponent(int color) { return 3 - color; }
static inline int cell_at(int x, int y) { return (y + PAD) * STRIDE + x + PAD; }
static inline int cell_x(int cell) { return cell % STRIDE - PAD; }
static inline int cell_y(int cell) { return cell / STRIDE - PAD; }

static inline bool cells_contain(const int *cells, int count, int cell) {
    for (int i = 0; i < count; i++)
        if (cells[i] == cell) return true;
    return false;
}

typedef struct Geometry Geometry;
typedef struct Board Board;

#endif

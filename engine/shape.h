/* shape: per cell, direction and colour, the shape a stone put there would make.
 *
 * Each cell keeps, per direction, a key of the 5 cells on either side (2 bits each: empty,
 * black, white, wall → 20 bits). A table per colour, built once per (k, rule) at start-up by
 * brute force, maps a key to the shape: five, open four (two winning cells), four (one),
 * open three (can become an open four), three (can become a four), open two, two, one.
 * Keys and shapes are updated incrementally on make/undo (≤ 40 cells change per move).
 * Renju fouls are not in the shapes: rules.h judges them exactly. */
#ifndef WUZI_SHAPE_H
#define WUZI_SHAPE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "coords.h"

/* Ordered by strength; each step up is "one more stone makes the next level". The refined
 * levels count the ways to grow: an open two with two or three ways to an open three is worth
 * more than one with a single way, and so on. */
typedef enum Shape {
    SHAPE_NONE,          /* no five can ever pass through the cell along this line */
    SHAPE_OVERLINE,      /* a run longer than k where that does not win (exact five, renju black) */
    SHAPE_ONE,           /* can grow only into a closed two */
    SHAPE_OPEN_ONE,      /* can grow into an open two */
    SHAPE_TWO,           /* can grow into a three, not an open one */
    SHAPE_OPEN_TWO,      /* one way to an open three */
    SHAPE_OPEN_TWO_X2,   /* two ways */
    SHAPE_OPEN_TWO_X3,   /* three or more ways */
    SHAPE_THREE,         /* can grow into a four, not an open one */
    SHAPE_OPEN_THREE,    /* one way to an open four */
    SHAPE_OPEN_THREE_X2, /* two ways (a three with room on both sides) */
    SHAPE_FOUR,          /* one winning cell */
    SHAPE_OPEN_FOUR,     /* two or more winning cells in this line */
    SHAPE_FIVE,
    SHAPE_COUNT
} Shape;

static inline bool shape_is_open_two(Shape shape) {
    return shape >= SHAPE_OPEN_TWO && shape <= SHAPE_OPEN_TWO_X3;
}
static inline bool shape_is_open_three(Shape shape) {
    return shape == SHAPE_OPEN_THREE || shape == SHAPE_OPEN_THREE_X2;
}
static inline bool shape_is_four(Shape shape) {
    return shape == SHAPE_FOUR || shape == SHAPE_OPEN_FOUR;
}

/* The four directions of a cell combine into one class: what the stone threatens as a whole. */
typedef enum CellClass {
    CLASS_NONE,
    CLASS_TWO,          /* best direction a two or open two */
    CLASS_THREE,        /* a closed three */
    CLASS_OPEN_THREE,   /* one open three */
    CLASS_FOUR,         /* one four (one winning cell) */
    CLASS_DOUBLE_THREE,
    CLASS_FOUR_THREE,
    CLASS_OPEN_FOUR,    /* an open four or two fours: wins next move unless answered by a five */
    CLASS_FIVE,
    CLASS_COUNT
} CellClass;

/* The four shapes of a cell as an unordered set: the combination is what the evaluation and
 * move ordering weigh (a four with an open three wins, two open twos build). */
#define COMBO_COUNT 2380    /* multisets of 4 out of SHAPE_COUNT = C(14 + 3, 4) */

#define KEY_SIDE 5
#define KEY_BITS (4 * KEY_SIDE)
#define KEY_SPAN (1u << KEY_BITS)

typedef struct ShapeTables {
    int connect, rule;
    /* Where a key's entry is: (key >> index_shift) & index_mask. Where the outermost cell on
     * either side never changes a shape (freestyle: every five through the cell lies within
     * KEY_SIDE - 1 of it) the table is packed to the inner cells' keys, 64 KB instead of 1 MB,
     * and stays in the caches beside the transposition table. */
    uint32_t index_shift, index_mask;
    /* [index]: black's shape in the low nibble, white's in the high one — one lookup (and one
     * cache line) serves both colours on every update. */
    uint8_t packed[KEY_SPAN];
} ShapeTables;

static inline uint8_t shape_entry(const ShapeTables *tables, uint32_t key) {
    return tables->packed[(key >> tables->index_shift) & tables->index_mask];
}

static inline Shape shape_lookup(const ShapeTables *tables, uint32_t key, int color) {
    return (Shape)((shape_entry(tables, key) >> (color == WHITE ? 4 : 0)) & 15);
}

/* What a logged update changed on one empty cell near the new stone, to be put back on undo:
 * the cell and direction (cell << 2 | direction), that direction's shapes, the cell's classes
 * and combinations before. */
typedef struct ShapeSaved {
    uint16_t cell_direction;
    uint8_t shape, cell_class;
    uint16_t combo[2];
} ShapeSaved;

/* Room for the changes of about 200 search plies and the totals of 512; a move that finds
 * either full is not logged and its undo recomputes. */
#define SHAPE_LOG_SIZE 8192
#define SHAPE_TOTALS_LOG_SIZE 512

/* Over the empty cells: [colour - 1][class], how many have that class, so a node knows at
 * once whether either side has a five, four or open-four cell; [colour - 1], the sum of what
 * each is worth to that colour by its combination (ShapeState's `value`). */
typedef struct ShapeTotals {
    int16_t class_count[2][CLASS_COUNT];
    int32_t value_sum[2];
} ShapeTotals;

/* Mutable, per board: shape[cell][direction] holds black's shape in the low nibble, white's in
 * the high one. Only empty cells' entries mean anything: an occupied cell's are left as they
 * were when its stone came, so that they hold again when the stone leaves in the reverse order. */
typedef struct ShapeState {
    /* [colour - 1] -> [COMBO_COUNT]: what a cell is worth to a colour by its combination, given
     * by the board's owner (the evaluation's weights), summed in the totals' value_sum */
    const int16_t *value[2];
    uint32_t key[CELLS][4];
    uint8_t shape[CELLS][4];
    uint8_t cell_class[CELLS];    /* black's class in the low nibble, white's in the high one */
    uint16_t combo[CELLS][2];     /* [cell][colour - 1]: the four shapes' combination code */
    ShapeTotals totals;
    /* The undo log of shape_place_logged, a stack over the moves that are logged: the changed
     * cells, and the totals before each move (put back whole: cheaper than undoing each
     * cell's share). */
    int log_length, totals_length;
    ShapeSaved log[SHAPE_LOG_SIZE];
    ShapeTotals totals_log[SHAPE_TOTALS_LOG_SIZE];
} ShapeState;

/* Tables for win length k under `rule` (cached; thread-safe; valid until exit). */
const ShapeTables *shape_tables_get(int connect, int rule);

/* Does a run of `length` stones of `color`, with what lies just beyond each end, win?
 * (exact five, renju, caro). Shared by the shape tables and rules.h's judge. */
bool shape_run_wins(int connect, int rule, int color, int length, int before, int after);

/* The state of the board `cell` (width x height) with cells worth `value` (ShapeState). */
void shape_clear(ShapeState *state, const ShapeTables *tables, const int16_t *const value[2], const uint8_t *cell,
                 int width, int height);
/* A stone of `color` appeared on (or, color = EMPTY, left) `cell`: refresh the keys and shapes
 * of the cells within KEY_SIDE of it. */
void shape_update(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                  int old_color, int new_color);

/* The search's make and undo: a stone of `color` on the empty `cell`, with what it changes
 * logged so that shape_remove_logged puts it back without a table lookup. Returns where its
 * log starts, or -1 when the log is full (then the update is made but not logged, and the stone
 * must leave through shape_update). Logged stones leave in the reverse order of coming. */
int shape_place_logged(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                       int color);
void shape_remove_logged(ShapeState *state, int cell, int color, int log_start);

/* The class of a combination code. */
CellClass shape_combo_class(int combo);
/* The class of four shapes (any order), for a board's search (its tables are built). */
CellClass shape_class_of(const Shape shapes[4]);
/* The shapes of a combination code, in ascending order. */
void shape_combo_shapes(int combo, Shape shapes[4]);

/* Bit position, within a cell's pattern key, of the cell `offset` steps along the direction
 * (-KEY_SIDE..KEY_SIDE, not 0): KEY_SIDE cells before the cell, then KEY_SIDE after, 2 bits each. */
static inline int shape_key_shift(int offset) {
    const int index = KEY_SIDE + offset;
    return 2 * (index < KEY_SIDE ? index : index - 1);
}

static inline int shape_class_count(const ShapeState *state, int color, CellClass cell_class) {
    return state->totals.class_count[color - 1][cell_class];
}

/* Does a stone on a cell of this class make a four or more (a four shape in some direction,
 * whatever the others are): the classes four, four-three, open four and five? */
static inline bool class_makes_four(CellClass cell_class) {
    return cell_class == CLASS_FOUR || cell_class == CLASS_FOUR_THREE || cell_class >= CLASS_OPEN_FOUR;
}

/* Empty cells of `color` whose class makes a four or more (class_makes_four). */
static inline int shape_four_cell_count(const ShapeState *state, int color) {
    return shape_class_count(state, color, CLASS_FOUR) + shape_class_count(state, color, CLASS_FOUR_THREE) +
           shape_class_count(state, color, CLASS_OPEN_FOUR) + shape_class_count(state, color, CLASS_FIVE);
}

static inline CellClass shape_cell_class(const ShapeState *state, int cell, int color) {
    return (CellClass)((state->cell_class[cell] >> (color == WHITE ? 4 : 0)) & 15);
}

static inline Shape shape_at(const ShapeState *state, int cell, int direction, int color) {
    return (Shape)((state->shape[cell][direction] >> (color == WHITE ? 4 : 0)) & 15);
}

/* Does any of the four shapes of `color` at `cell` reach `least`? The shapes sit in one nibble
 * of each of four bytes: adding 16 - least carries into bit 4 of a byte exactly when its nibble
 * is at least `least`. */
static inline bool shape_reaches(const ShapeState *state, int cell, int color, int least) {
    uint32_t packed;
    memcpy(&packed, state->shape[cell], sizeof packed);
    if (color == WHITE) packed >>= 4;
    packed &= 0x0F0F0F0Fu;
    return ((packed + 0x01010101u * (uint32_t)(16 - least)) & 0x10101010u) != 0;
}

#endif

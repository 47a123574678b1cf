/* board: geometry, stones, make/undo, history and Zobrist hash.
 *
 * Cells live in a padded array: a border of WALL cells, PAD wide, surrounds every board so that
 * scans and pattern keys need no bounds checks. A cell is an index into that array; `cell_at`
 * and `cell_x` / `cell_y` convert. Making a move also updates the per-direction pattern keys
 * and shapes (shape.h) incrementally.
 *
 * A Board is a plain value: copy it with memcpy to give a search thread its own. The immutable
 * part (geometry: size, rule, shape tables, the evaluation's weights) is shared by pointer. The
 * board keeps the sum of what its empty cells are worth to each colour (ShapeTotals) for the
 * evaluation, from the geometry's weights. Under renju make and undo also keep black's forbidden
 * points (forbidden.h) in the shapes' classes. */
#ifndef WUZI_BOARD_H
#define WUZI_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "coords.h"
#include "forbidden.h"
#include "net.h"
#include "shape.h"
#include "weights.h"


struct Geometry {
    int width, height, connect, rule;
    const ShapeTables *shapes;     /* shape.h: shared by all geometries of one (connect, rule) */
    RuleWeights weights;           /* weights.h: the evaluation's tables for the rule */
    const NetWeights *net;         /* net.h: the network that evaluates instead, or NULL */
};

/* The stones' bounding box (x1 < x0 while there are none). */
typedef struct BoardBox { int8_t x0, y0, x1, y1; } BoardBox;

/* Cells a search considers: empty ones with a stone within NEAR_RADIUS in any direction, or at
 * NEAR_LINE along a line (a two can grow from three cells away). */
#define NEAR_RADIUS 2
#define NEAR_LINE 3

struct Board {
    const Geometry *geometry;   /* shared, immutable: size, k, rule, shape tables, weights */
    int width, height, connect, rule;
    int to_move;                /* BLACK or WHITE */
    int move_count;
    uint64_t hash;
    uint16_t history[MAX_MOVES];
    uint8_t cell[CELLS];
    ShapeState shapes;          /* shape.h: pattern keys and shapes per cell and direction */
    uint8_t near[CELLS];        /* stones in the cell's neighbourhood (NEAR_RADIUS, NEAR_LINE) */
    BoardBox box;
    BoardBox box_history[MAX_MOVES];   /* the box before each move of the history */
    int32_t value_history[MAX_MOVES][2];    /* shapes.value_sum before each move */
    int16_t shape_log_start[MAX_MOVES];     /* where each move's shape log starts; -1: not logged */
    FoulState fouls;            /* forbidden.h: what renju's verdicts depend on (renju only) */
    NetState net;               /* net.h: the network's sums, when the geometry has a network */
};

/* The board as renju's verdicts see it (forbidden.h). */
static inline FoulBoard board_fouls(Board *board) {
    return (FoulBoard){board->cell, &board->shapes, board->geometry->shapes, &board->fouls,
                       board->width, board->height, board->connect};
}

/* Geometry for a w×h board with win length k under `rule`; NULL if the size is unsupported
 * (each side from k to BOARD_MAX, k from CONNECT_MIN to CONNECT_MAX). Geometries are cached:
 * the same arguments give the same pointer, valid until the process ends. Thread-safe. */
const Geometry *geometry_get(int width, int height, int connect, int rule);
/* The same with the network as the evaluation where `net` and the rule's family has one
 * (k = 5); else the same as geometry_get. */
const Geometry *geometry_get_eval(int width, int height, int connect, int rule, bool net);

/* Empty board of that geometry, black to move. */
void board_init(Board *board, const Geometry *geometry);

static inline bool board_on(const Board *board, int x, int y) {
    return x >= 0 && y >= 0 && x < board->width && y < board->height;
}
static inline bool board_empty_at(const Board *board, int cell) { return board->cell[cell] == EMPTY; }
static inline int board_last_move(const Board *board) {
    return board->move_count ? board->history[board->move_count - 1] : NO_CELL;
}
static inline int board_cell_count(const Board *board) { return board->width * board->height; }
static inline bool board_full(const Board *board) { return board->move_count >= board_cell_count(board); }

/* Put a stone of the side to move on an empty cell and pass the turn. */
void board_make(Board *board, int cell);
/* Take back the last move. */
void board_undo(Board *board);
/* The searches' make: the same, with what it changes in the shapes logged so that taking it
 * back costs no table lookup. Logged moves must be taken back in the reverse order of making
 * (board_remove may take any stone, and forgets the logs). */
void board_make_fast(Board *board, int cell);
/* board_undo by the name the searches pair with board_make_fast: either takes back either. */
static inline void board_undo_fast(Board *board) { board_undo(board); }
/* Put a stone of `color` without changing the turn (for setting up positions). */
void board_put(Board *board, int cell, int color);
/* Remove any stone (not necessarily the last one); the history loses it too. */
void board_remove(Board *board, int cell);
/* Pass the turn without a stone (null move); again to restore. */
void board_pass(Board *board);

/* Zobrist key of a stone, and of "white to move". */
uint64_t zobrist_stone(int color, int cell);
uint64_t zobrist_side(void);

/* shapes.value_sum before the last move (the current sums on an empty board). */
static inline const int32_t *board_previous_values(const Board *board) {
    return board->move_count ? board->value_history[board->move_count - 1] : board->shapes.totals.value_sum;
}

/* Is `cell` one a search considers (empty, near a stone)? */
static inline bool board_is_candidate(const Board *board, int cell) {
    return board->cell[cell] == EMPTY && board->near[cell] > 0;
}
/* The rows and columns that can hold candidates: the box grown by NEAR_LINE, on the board.
 * Empty when there is no stone. */
void board_candidate_area(const Board *board, int *x0, int *y0, int *x1, int *y1);

/* Every candidate cell, in board order: FOR_EACH_CANDIDATE(board, cell, { body }). */
#define FOR_EACH_CANDIDATE(board, cell, body)                                               \
    do {                                                                                    \
        int x0_, y0_, x1_, y1_;                                                             \
        board_candidate_area((board), &x0_, &y0_, &x1_, &y1_);                              \
        for (int y_ = y0_; y_ <= y1_; y_++)                                                 \
            for (int cell = cell_at(x0_, y_), end_ = cell_at(x1_, y_); cell <= end_; cell++) \
                if (board_is_candidate((board), cell)) body                                 \
    } while (0)

/* Every on-board cell, row by row: FOR_EACH_CELL(board, cell) statement. */
#define FOR_EACH_CELL(board, cell)                                                          \
    for (int y_ = 0; y_ < (board)->height; y_++)                                            \
        for (int cell = cell_at(0, y_), end_ = cell + (board)->width; cell < end_; cell++)

/* The same as a pair of calls: for (int c = board_first(b); c; c = board_next(b, c)). */
int board_first(const Board *board);
int board_next(const Board *board, int cell);

#endif

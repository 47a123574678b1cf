/* forbidden: renju's forbidden points for black (overline, double four, double three with the
 * recursive check), judged exactly and kept in make/undo in the shapes' classes (shape.h):
 * black's forbidden cell is CLASS_FORBIDDEN; white's four whose one block is forbidden to black
 * is an open four (+66.8 +/- 49.2 Elo with renju's tables refitted; docs/experiments.md). */
#ifndef WUZI_FORBIDDEN_H
#define WUZI_FORBIDDEN_H

#include <stdbool.h>
#include <stdint.h>

#include "coords.h"
#include "shape.h"

typedef enum Foul { FOUL_NONE, FOUL_OVERLINE, FOUL_DOUBLE_FOUR, FOUL_DOUBLE_THREE } Foul;

/* A box of cells, x0..x1 by y0..y1. */
typedef struct FoulReach { int8_t x0, y0, x1, y1; } FoulReach;

/* A cell whose verdict (black's, or white's four) read beyond its own lines, and how far. */
typedef struct FoulWatch {
    uint16_t cell;
    uint8_t white;      /* white's four, not black's foul; in a log header: its flags */
    uint8_t unused;
    FoulReach reach;
} FoulWatch;

#define FOUL_WATCH_MAX 64
#define FOUL_LOG_SIZE 8192

/* Per board: the watched cells, and the undo log of the search's moves (each logged move pushes
 * the list as it was, where it changed, and a header). */
typedef struct FoulState {
    int watch_count;
    bool overflow;      /* more cells to watch than fit: every stone judges the whole board again */
    FoulWatch watch[FOUL_WATCH_MAX];
    int log_length;
    FoulWatch log[FOUL_LOG_SIZE];
} FoulState;

/* What the verdicts read and change of a board (board_fouls in board.h gives it): its cells,
 * shapes and watch list; the cells are changed while a verdict runs and restored. */
typedef struct FoulBoard {
    uint8_t *cell;
    ShapeState *shapes;
    const ShapeTables *tables;
    FoulState *state;
    int width, height, connect;
} FoulBoard;

/* The judge, on a cell array with its WALL border: the foul a black stone on the empty `cell`
 * commits for win length `connect` (FOUL_NONE for a five). The cells are changed while it
 * runs and restored. `centres` (may be NULL) gets the cells whose lines it read, up to `max`;
 * *count their number (more than `max`: some were left out). */
Foul forbidden_judge(uint8_t *cells, int connect, int cell, int *centres, int max, int *count);

/* Could a black stone on a cell with these black shapes (shape.h's Shape, any order) be a foul?
 * Never false for a foul: only then need the judge be asked. */
bool forbidden_may_be(const uint8_t shapes[4]);

/* The board's state after board_init: nothing forbidden, nothing watched. */
void forbidden_clear(FoulState *state);
/* A stone came to or left `stone` (the shapes already follow it): judge again what it can
 * change. `logged`: inside the search's logged move (board_make_fast), undone by
 * forbidden_undo_logged. Renju boards only. */
void forbidden_update(const FoulBoard *board, int stone, bool logged);
/* Take back a logged move's changes; the shapes' log has put back the classes already. */
void forbidden_undo_logged(const FoulBoard *board, int stone);
/* The logged moves are forgotten (a stone left out of order). */
void forbidden_forget_log(FoulState *state);

/* White's four at `cell` (white not yet there) whose one block is forbidden to black: the cells
 * where black's stone may still stop it — the cell itself, and every cell whose stone makes the
 * block legal again (on the lines the block's judge reads) — into `out` (at most `max`).
 * Returns their count; 0 when it is not such a four, or it cannot tell (too many lines read). */
int forbidden_block_stops(const FoulBoard *board, int cell, int *out, int max);

/* With black's stone on the empty `black_cell` (NO_CELL: none), would white's stone on the
 * empty `white_cell` make one four, and its block be forbidden to black? Read off the stones. */
bool forbidden_block_after(const FoulBoard *board, int white_cell, int black_cell);

#endif

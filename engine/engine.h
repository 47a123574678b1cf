/* engine: the public face of the library — what protocol/ and tournament/ may call.
 *
 * An Engine holds one game: geometry (size, k, rule), the position, the playing level and the
 * search context. It never reads or writes a file descriptor: thinking reports through a
 * callback, and engine_stop may be called from another thread while engine_think runs.
 * Coordinates are x (column), y (row), zero-based. */
#ifndef WUZI_ENGINE_H
#define WUZI_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coords.h"
#include "engine_limits.h"

struct Board;

typedef struct Engine Engine;

typedef enum EngineError {
    ENGINE_OK,
    ENGINE_BAD_SIZE,      /* unsupported board size */
    ENGINE_NO_GAME,       /* no START yet */
    ENGINE_OFF_BOARD,     /* coordinates outside the board */
    ENGINE_OCCUPIED,      /* a stone is already there */
    ENGINE_NO_STONE,      /* takeback of an empty cell */
    ENGINE_BAD_POSITION,  /* a set position that cannot be (duplicate cells, …) */
    ENGINE_GAME_OVER,     /* the board is full */
} EngineError;

const char *engine_error_text(EngineError error);

Engine *engine_new(void);
void engine_free(Engine *engine);

/* Settings; each may come at any time between moves (Gomocup sends INFO mid-game). A change of
 * rule or k keeps the stones. */
void engine_set_rule(Engine *engine, int rule);
EngineError engine_set_connect(Engine *engine, int connect);
bool engine_set_level(Engine *engine, const char *name);   /* false: unknown level name */
/* A new engine's and bench's evaluation: the network, over the tables at 60/1 +120 in freestyle and
 * +63 in renju, where the partner games in its data added +70 (docs/experiments.md). */
#define ENGINE_DEFAULT_NET true
/* The evaluation: "net" (the network, for the rules whose family has one; the tables for the
 * others) or "tables"; false: an unknown name. engine_eval_is_net reads a name alone. */
bool engine_set_eval(Engine *engine, const char *name);
bool engine_eval_is_net(const char *name, bool *net);
const char *engine_level_name(const Engine *engine);
void engine_set_threads(Engine *engine, int threads);
void engine_set_memory(Engine *engine, int64_t bytes);     /* whole process; 0 = no limit */
/* The transposition table's size itself (analysis GUIs' INFO hash_size), until the next
 * engine_set_memory; 0 = from the memory limit again. */
void engine_set_table_bytes(Engine *engine, int64_t bytes);
/* The transposition table's share of that memory, in bytes (before rounding to a power of 2). */
size_t engine_table_bytes(const Engine *engine);
void engine_set_seed(Engine *engine, uint64_t seed);
void engine_clear_hash(Engine *engine);

/* A new empty board; on error the old game is kept. */
EngineError engine_start(Engine *engine, int width, int height);
bool engine_has_game(const Engine *engine);
/* The position, for a caller that judges games with board.h and rules.h itself (the demo). */
const struct Board *engine_board(const Engine *engine);
int engine_rule(const Engine *engine);
int engine_width(const Engine *engine);
int engine_height(const Engine *engine);
bool engine_on_board(const Engine *engine, int x, int y);
bool engine_board_full(const Engine *engine);
/* Cells (as engine_think returns them) where black may not play under renju (none under other
 * rules), and cells where the side that has just moved would win at once. Up to `max`. */
int engine_forbidden_cells(Engine *engine, int *cells, int max);
int engine_winning_cells_of_opponent(Engine *engine, int *cells, int max);

/* The side to move plays x,y. */
EngineError engine_play(Engine *engine, int x, int y);
/* Remove the stone on x,y (normally the last move); the turn goes back to its owner. */
EngineError engine_takeback(Engine *engine, int x, int y);
/* Replace the position with `count` stones (in the order given) and `to_move` to move.
 * All-or-nothing: on error the old position is kept. */
typedef struct EngineStone { int x, y, color; } EngineStone;
EngineError engine_set_position(Engine *engine, const EngineStone *stones, int count, int to_move);

/* Choose a move for the side to move under `limits` (the position is not changed). Reports each
 * finished iteration through `report` (may be NULL). Returns the cell, or NO_CELL if the board is
 * full. */
int engine_think(Engine *engine, const EngineLimits *limits, EngineReportFn report, void *context);
/* Ask a running engine_think (or engine_best_moves, engine_swap2) to answer now with its best
 * move so far; it hears it within a few thousand nodes, whatever phase it is in. Thread-safe. The request
 * stays until engine_clear_stop: one made just before engine_think starts makes it answer at
 * once (so a stop that races with the start of a think is never lost); the caller clears it
 * when the request has been served. */
void engine_stop(Engine *engine);
void engine_clear_stop(Engine *engine);
bool engine_stop_requested(const Engine *engine);

/* The `count` best moves (n-best analysis), distinct and best first, from one search that ranks
 * them all (`report` gets each iteration's lines, ranked); returns how many were found. */
int engine_best_moves(Engine *engine, const EngineLimits *limits, int count, int *cells,
                      EngineReportFn report, void *context);

/* Swap2 opening decisions. With 0 stones: three cells to place (black, white, black).
 * With 3 stones: SWAP, or one move (we stay white and play the 4th), or two (4th and 5th).
 * With 5 stones: SWAP, or one move (the 6th). */
typedef struct Swap2Answer { bool swap; int count; int cells[3]; } Swap2Answer;
Swap2Answer engine_swap2(Engine *engine, const EngineLimits *limits);

#endif

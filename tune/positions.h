/* positions: the quiet positions of recorded games, as the features the model scores.
 *
 * A position is kept when the evaluation would be asked about it in a search: past the opening,
 * neither side has a five cell and the side to move has no open-four cell (those the search
 * decides by itself). Its features are what the engine's eval_position sums (eval.c): for each
 * colour and shape combination, how many empty cells have it, averaged over the position and the
 * one before the last move, signed for the side to move; the threat mask; and how many cells of
 * each counted class either side has (the count term). */
#ifndef WUZI_TUNE_POSITIONS_H
#define WUZI_TUNE_POSITIONS_H

#include <stdint.h>

#include "board.h"
#include "pgn_reader.h"
#include "weights.h"

typedef struct Feature {
    uint16_t combo;
    uint8_t color;      /* 0 black, 1 white */
    int8_t sign;        /* +1 the side to move's, -1 the opponent's */
    float weight;       /* cells with this combination (averaged over two plies) */
} Feature;

typedef struct Position {
    float label;        /* the side to move's points: 1, 0.5, 0 */
    uint8_t family, to_move;    /* to_move: 0 black, 1 white */
    uint16_t mask;
    uint32_t game;      /* index of its game, to hold whole games out */
    uint32_t first;     /* its features: [first, first + count) */
    uint16_t count;
    uint8_t cells[2][COUNT_CLASSES];   /* [mine, theirs][counted class]: cells of that class */
} Position;

typedef struct PositionSet {
    Position *positions;
    Feature *features;
    int64_t position_count, position_capacity;
    int64_t feature_count, feature_capacity;
} PositionSet;

/* Is the position after move `ply` (0-based) of `game`, on `board`, one the evaluation is fitted
 * on: past the opening's first replies, before the last move, and quiet. */
bool positions_wanted(const Game *game, int ply, const Board *board);
/* Adds the quiet positions of every game; returns false when memory runs out. */
bool positions_extract(const GameList *games, PositionSet *set);
void positions_free(PositionSet *set);

#endif

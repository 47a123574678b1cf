/* levels: the reference players of shared/reference/SEEDS.md as playing levels.
 *
 * n1 (pattern strings), n2 (stone counts per direction), n3 (win-line counts), n4 (tic-tac-toe
 * line weights), n5 (attack/defence shape classes) and greedy (n3's line weights with n5's
 * shapes; never misses a win in one nor the block of a four). Each is faithful to its note,
 * generalised to any board size, k and rule; under renju black never picks a forbidden cell.
 * Ties are broken by the caller's seeded generator, so games are reproducible. */
#ifndef WUZI_LEVELS_H
#define WUZI_LEVELS_H

#include <stdint.h>

#include "board.h"
#include "rng.h"

typedef enum ReferenceLevel {
    LEVEL_N1,
    LEVEL_N2,
    LEVEL_N3,
    LEVEL_N4,
    LEVEL_N5,
    LEVEL_GREEDY,
    REFERENCE_LEVEL_COUNT
} ReferenceLevel;

const char *reference_level_name(ReferenceLevel level);
/* The level called `name` (case-insensitive), or -1. */
int reference_level_parse(const char *name);

/* The cell the level plays for the side to move, NO_CELL if the board is full. The board is
 * unchanged on return; `rng` is a splitmix64 state advanced for tie-breaks. */
int reference_level_choose(Board *board, ReferenceLevel level, uint64_t *rng);

#endif

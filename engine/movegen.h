/* movegen: the candidate moves of a node, ordered by weight and cut to the best few.
 *
 * Forced situations come first: a five of our own is the only move; an opponent's four leaves
 * only its block(s); an opponent's open three (a cell where it would make an open four or
 * two fours) leaves the cells that stop it and our own fours. Otherwise every empty cell within
 * two of a stone is scored (eval_cell_score) and the best `limit` are kept. Under renju,
 * black's forbidden cells are never candidates. */
#ifndef WUZI_MOVEGEN_H
#define WUZI_MOVEGEN_H

#include <stdint.h>

#include "board.h"

#define MAX_CANDIDATES 64

typedef enum MoveKind {
    MOVES_NORMAL,
    MOVES_WIN,          /* cells[0] makes five */
    MOVES_BLOCK_FOUR,   /* the opponent has a four: only its blocks (two or more: we lose) */
    MOVES_DEFEND_THREE, /* the opponent threatens an open four: defences and our fours */
} MoveKind;

typedef struct MoveList {
    MoveKind kind;
    int count;
    int cells[MAX_CANDIDATES];
    int32_t scores[MAX_CANDIDATES];
} MoveList;

/* Fill `list` for the side to move; `limit` caps normal (unforced) lists. The board is
 * unchanged on return (defences are verified by trying them). */
void movegen_generate(Board *board, MoveList *list, int limit);

/* Does `color` have a cell where it would make an open four or two fours, and may play it? */
bool movegen_has_winning_threat(Board *board, int color);

/* Is `cell` playable for the side to move (empty, and not a renju foul for black)? */
bool movegen_legal(Board *board, int cell);

#endif

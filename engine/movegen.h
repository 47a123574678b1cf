/* movegen: the moves of a search node, and the threats that decide which moves there are.
 *
 * Threats are read from the incremental cell classes (shape.h): whether a side has a five cell,
 * an open-four cell (a win next move), and where. A node where the opponent threatens to make an
 * open four next move (or a four-three) keeps only our fours and the cells that stop every such
 * threat (threat.h's one generator of defences); otherwise every candidate cell (board.h:
 * empty, near a stone) is a move.
 * The picker hands them out in stages — the table move before anything is generated, then the
 * rest best first by weight, history and killers, chosen one at a time (no sort of the whole
 * list). Under renju black's forbidden cells are never handed out. */
#ifndef WUZI_MOVEGEN_H
#define WUZI_MOVEGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* Is `cell` playable for the side to move (empty, and not a renju foul for black)? */
bool movegen_legal(Board *board, int cell);
/* A cell where `color` has class `cell_class`, or NO_CELL (the first in board order). */
int movegen_find(const Board *board, int color, CellClass cell_class);
/* Does `color` have a cell it may play that makes an open four or two fours? */
bool movegen_has_winning_threat(Board *board, int color);
/* The side to move against the opponent's winning threats (threat.h's threat_defences): its own
 * four cells, and every cell whose stone stops them all. Returns the count (at most `max`), -1
 * where the moves are not to be narrowed (no threat holds for sure, or more than fit). */
int movegen_defences(Board *board, int *cells, int max);
/* The same against the opponent's four-threes too (a stone there makes a four and an open
 * three, which wins unless answered; played out): its own four cells, and every cell whose
 * stone stops them all — on a four-three's lines, or making the four's block a four of ours.
 * -1 where the moves are not to be narrowed: no four-three holds (our block of its four would
 * be a four already, say), or nothing stops them. */
int movegen_four_three_defences(Board *board, int *cells, int max);

/* Does the side to move win within its next three moves by a four-three (the block of its four
 * makes the opponent no four) or a double three (the opponent has no four to play)? Renju
 * black's four-threes are played out (its open four may be a foul); its double threes are fouls.
 * The board is unchanged on return. */
bool movegen_wins_by_three(Board *board);

/* What the opponent's threats leave the side to move: any move, only the defences against a
 * win next move (an open four or a double four), or against a four-three. */
typedef enum Defence { DEFEND_NONE, DEFEND_OPEN_FOUR, DEFEND_FOUR_THREE } Defence;

#define PICK_MAX MAX_MOVES

typedef struct MovePicker {
    Board *board;
    int stage;
    int tt_move;
    int killers[2];
    const int32_t *history;     /* [cell], the side to move's */
    Defence defence;            /* DEFEND_OPEN_FOUR: only movegen_defences' moves; DEFEND_FOUR_THREE:
                                 * movegen_four_three_defences', where it narrows them */
    int count, next;
    int16_t cells[PICK_MAX];
    int32_t scores[PICK_MAX];
} MovePicker;

/* `history` may be NULL; killers may be NO_CELL. */
void movepick_init(MovePicker *picker, Board *board, int tt_move, const int killers[2],
                   const int32_t *history, Defence defence);
/* The next move, or NO_CELL when there are no more. */
int movepick_next(MovePicker *picker);
/* Every move the picker would hand out, best first (for the root). Returns the count. */
int movepick_all(MovePicker *picker, int *cells, int max);

#endif

/* referee: judges of threat wins that use only the rules (rules.h), for the tests of the threat
 * search and of the proof-number solver: a brute-force VCF, a full-width check that a claimed
 * win holds against every reply, and a replay of a claimed line of fours. */
#ifndef WUZI_TEST_REFEREE_H
#define WUZI_TEST_REFEREE_H

#include <stdbool.h>

#include "board.h"

/* Up to `max` empty cells where a stone of `color` makes five, in *out; their count. */
int referee_winning_cells(Board *board, int color, int *out, int max);

/* Brute-force VCF to `depth` fours for the side to move: every legal cell after which it has a
 * winning cell is a four; the defender takes the winning cells away with a move it may play, or
 * wins itself; two winning cells, or no block the defender may play, win. */
bool referee_brute_vcf(Board *board, int depth);

/* The side's claimed win: true and its first move, or false when it claims none. */
typedef bool (*RefereeClaim)(Board *board, void *context, int *move);

typedef enum { REFEREE_REFUTED, REFEREE_HOLDS, REFEREE_TOO_DEEP } RefereeVerdict;

/* Does the side to move really win? `claim` gives a move, the move is played, and every legal
 * reply of the defender's is tried, asking `claim` again: only the judge says who has won. Fours
 * cost nothing; after `quiet` quiet moves it gives up (TOO_DEEP). REFUTED: a reply wins for the
 * defender or leaves the claim without a win. */
RefereeVerdict referee_holds(Board *board, int quiet, RefereeClaim claim, void *context);

/* A line of fours for the side to move, replayed: each attacker's move legal and a four (or the
 * five that ends it), each defender's move a block of a winning cell (under caro perhaps beyond
 * it); it must end with the five or with a block that renju forbids the defender. */
bool referee_line_replays(Board *board, const int *line, int length);

#endif

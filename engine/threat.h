/* threat: threat-space search — wins by continuous fours (VCF) and by threes and fours (VCT).
 *
 * The attacker is the side to move. Every attacking move of a VCF makes a four, so each reply
 * is forced (the block, or the defender's five); a VCT may also play quiet moves that leave a
 * threat (an open three, a new four-three or double-four point), and then the defender may
 * answer with any move that stops every such threat (its open fours and double fours, its
 * four-threes played out) or with any four of its own, so a claimed VCT win holds against
 * all replies. That generator of defences (threat_defences) is the one the alpha-beta's move
 * picker uses too (movegen.h).
 * A forced block that makes the defender a four must be answered by the attacker; under renju
 * black's forbidden cells are neither attacks nor defences for black, and a white four whose
 * only block is forbidden for black wins. Each search owns its hash table and scratch memory
 * (one per thread); nothing is allocated while it searches. Budgets are in nodes (moves made). */
#ifndef WUZI_THREAT_H
#define WUZI_THREAT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef struct ThreatSearch ThreatSearch;

/* A search with a hash table of about `hash_bytes` (at least a few KB is used); NULL if out of
 * memory. */
ThreatSearch *threat_new(size_t hash_bytes);
void threat_free(ThreatSearch *search);
/* Forget everything stored (the table also clears itself when the board geometry changes). */
void threat_clear(ThreatSearch *search);

/* Does the side to move (board->to_move) win by continuous fours? On success *move is the
 * first move (a five or a four). Spends at most max_nodes nodes (<= 0: no limit); *nodes (if
 * not NULL) gets the count. The board is unchanged on return. `stop` (may be NULL) is polled:
 * when another thread sets it the search gives up (returns false). */
bool threat_vcf(ThreatSearch *search, Board *board, int64_t max_nodes, int *move, int64_t *nodes,
                const atomic_int *stop);
/* The same for wins by threes and fours (each attacking move a four or a quiet move that
 * leaves a threat, or the block of a defender's four that keeps a threat standing). Searched
 * by iterative deepening on the number of quiet moves. */
bool threat_vct(ThreatSearch *search, Board *board, int64_t max_nodes, int *move,
                int64_t *nodes, const atomic_int *stop);
/* What the defences answer: the opponent's winning cells (an open four or a double four next
 * move), or those and its four-three cells. */
typedef enum ThreatKinds { THREATS_WINS, THREATS_WINS_AND_FOUR_THREES } ThreatKinds;

/* The one generator of defences (the threat search's defender, movegen.h, the solver): the
 * side to move's own fours, then the cells that stop every opponent threat of `kinds` among
 * `cells` (NULL: every candidate); never a renju foul; a threat that may not hold constrains
 * nothing. At most `max` (-1: more); 0 with *threats == 0 when there is no threat. */
int threat_defences(Board *board, ThreatKinds kinds, const uint16_t *cells, int count, int *out, int max,
                    int *threats);

/* Would a stone of the other side on the empty `cell` leave `owner`'s five cell `five` no five?
 * Only the cell itself, except under caro, where a stone just beyond the five also spoils it. */
bool threat_spoils_five(const Board *board, int five, int cell, int owner);
/* The cells where the other side's stone takes all of `owner`'s `count` five cells away: the
 * one five cell, none for two, and under caro perhaps a cell beyond (at most
 * THREAT_MAX_BLOCKS). Returns their count. */
#define THREAT_MAX_BLOCKS (4 * 2 * KEY_SIDE + 1)
int threat_five_blocks(const Board *board, const int *fives, int count, int owner, int *out);

/* How promising the attacker's quiet move on `cell` looks: the shapes it makes for the attacker,
 * half those it spoils for the defender, and a little for nearness to `near` (NO_CELL: none). */
int threat_candidate_score(const Board *board, int cell, int attacker, int near);
/* The attacker's quiet moves that give the empty `cell`, no threat yet, a threat (a four-three
 * or a win next move): a stone on one of its lines that raises that line's shape and is not a
 * four itself. Into out (at most THREAT_MAX_MAKERS); returns the count. */
#define THREAT_MAX_MAKERS (4 * 2 * (KEY_SIDE - 1))
int threat_makers(const Board *board, int attacker, int cell, int *out);
/* Renju white's quiet moves toward a four whose block is black's forbidden `forbidden_cell`:
 * on its lines, the cells where white's stone makes a three that can become a four. */
int threat_forbidden_makers(const Board *board, int forbidden_cell, int *out);

/* The principal line of the last win found (cells, attacker first, alternating), for
 * reporting; returns its length (0 after a search that found no win). */
int threat_last_line(const ThreatSearch *search, int *cells, int max);

#endif

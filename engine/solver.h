/* solver: a proof-number threat solver that runs beside the alpha-beta search.
 *
 * It proves or refutes a win by threats for one side, the attacker, from one position: by
 * continuous fours (VCF) or by threes and fours (VCT). At the attacker's nodes it tries its fours
 * and, for a VCT, the quiet moves that leave a threat (a cell where it would make an open four,
 * a double four or a four-three); at the defender's nodes only what can save: the block of a
 * four, or after a quiet move the defender's own fours and the cells that stop every threat left
 * standing (the threats' relevance zone). A proved win holds against every defence under the
 * rule: renju's forbidden points (black attacks and defends only through legal cells; a white
 * four whose block is forbidden for black wins) and caro's blocked fives. "No win" means none
 * within that search space (the attacker's threats only).
 *
 * Depth-first proof-number search (df-pn): the table, sized at creation, keeps every proof and
 * disproof number computed, so a run cut short by its node budget or a stop flag leaves its work
 * there and the next run resumes from it — one thread may share its time with the search in
 * slices, or a second thread run it for a whole turn. The table is keyed by position, attacker
 * and kind of search, so it stays valid across positions (the root, the position after the
 * search's best move, the next turn's). Nothing is allocated while it runs. One thread uses a
 * Solver at a time. */
#ifndef WUZI_SOLVER_H
#define WUZI_SOLVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef struct Solver Solver;

typedef enum SolverMode { SOLVER_VCF, SOLVER_VCT } SolverMode;

typedef enum SolverStatus {
    SOLVER_UNKNOWN,     /* not decided yet: run it further */
    SOLVER_WIN,         /* the attacker wins: first move and principal line in the result */
    SOLVER_NO_WIN,      /* the attacker has no win within the search space */
} SolverStatus;

#define SOLVER_LINE_MAX 256

typedef struct SolverResult {
    SolverStatus status;
    int move;                   /* the win's first move; NO_CELL unless status is SOLVER_WIN */
    int line_length;            /* the principal line: the attacker's moves and the defender's */
    int line[SOLVER_LINE_MAX];  /* longest resistance, alternating, ending with the five or a
                                 * block renju forbids (shorter if the table lost part of it) */
    uint64_t nodes;             /* nodes (positions expanded) on this position, over every run */
    uint32_t proof, disproof;   /* the root's numbers: how far it still is from either answer */
} SolverResult;

/* A solver with a table of about `table_bytes` (at least a few KB); NULL if out of memory. */
Solver *solver_new(size_t table_bytes);
void solver_free(Solver *solver);
/* Forget everything in the table, and what is known of the position (it stays set). */
void solver_clear(Solver *solver);

/* The position to solve: does `attacker` win by threats, `mode` VCF or VCT? When the attacker
 * is not the side to move the question is whether it would win if the side to move passed. The
 * board is copied. Setting the position the solver already has keeps its result and node count;
 * another keeps the table (what it knows of shared positions serves again). */
void solver_set_position(Solver *solver, const Board *board, int attacker, SolverMode mode);

/* Works on the position for at most `node_budget` nodes (<= 0: no limit), or until `stop` (may
 * be NULL; polled at every node) is set by another thread, or until it is decided. Returns the
 * status; call again to resume. */
SolverStatus solver_run(Solver *solver, int64_t node_budget, const atomic_int *stop);

/* The position's result so far (valid until the next solver_set_position). */
const SolverResult *solver_result(const Solver *solver);

#endif

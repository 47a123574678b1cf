/* search_params: every tunable number of the search in one place, each kept rule with what a
 * match measured it to be worth (tournament/sprt.sh, tc=10/0.2 freestyle). Every experiment, kept
 * or not, is a row of docs/experiments.md: read it before trying a number again. "Core" rules came
 * with the new search of ecda81a, measured as a whole: +151 +/- 92 with fitted weights. */
#ifndef WUZI_SEARCH_PARAMS_H
#define WUZI_SEARCH_PARAMS_H

/* Aspiration window around the last iteration's score, from this depth on (core); a fail high
 * above ASPIRATION_DECISIVE with the same move is taken as it is (+3.5, the explosion fixed);
 * a window sized by the score lost -42 (docs/experiments.md). */
#define ASPIRATION_DEPTH 4
#define ASPIRATION_WINDOW 60
#define ASPIRATION_DECISIVE 1500

/* Reverse futility: at low depth a static score this far above beta (per ply) fails high (core). */
#define FUTILITY_DEPTH 6
#define FUTILITY_MARGIN 60

/* Razoring: at low depth a static score this far below alpha (per ply) drops to quiescence (core). */
#define RAZOR_DEPTH 3
#define RAZOR_MARGIN 80
/* Reverse futility, razoring and the fail-high reduction read the table's bound where it says
 * more than the static score: +47.3 +/- 30.9 (docs/experiments.md). */

/* Late-move pruning: once a move that does not lose is known, a node not answering a threat
 * searches its first LMP_BASE + depth^LMP_EXPONENT moves, 1/LMP_NOT_IMPROVING_DIVISOR of them
 * when its static score has not improved on two plies; with the reductions below and the 0.75
 * soft time share: +50.9 +/- 37.1 (docs/experiments.md). */
#define LMP_BASE 3
#define LMP_EXPONENT 1.32
#define LMP_NOT_IMPROVING_DIVISOR 2

/* Late-move reductions: log(depth) * log(move number) / LMR_DIVISOR plies from the move after
 * LMR_FIRST_MOVE, LMR_NOT_IMPROVING more in a non-PV node that has not improved (in that package). */
#define LMR_DEPTH 3
#define LMR_FIRST_MOVE 2
#define LMR_DIVISOR 1.0
#define LMR_NOT_IMPROVING 1
/* A ply less for a move with a positive history, a ply more for a negative one: +40.0 +/- 27.9. */
#define HISTORY_REDUCTION 1

/* Cut nodes: a move that is not a killer reduced CUT_NODE_REDUCTION more; where the static score
 * is FAIL_HIGH_MARGIN per ply above beta, every move but a four a ply shallower: +92.2 +/- 45.0. */
#define CUT_NODE_REDUCTION 1
#define FAIL_HIGH_MARGIN 20

/* Kept rules without a number here (movegen.c, search.c; docs/experiments.md): the answers to a
 * four-three only (about +5 over 1184 games, and a smaller tree); a win by threes read from the
 * classes (+19.7 +/- 21.9); the quiescence's four searches cached per thread (about +11). */

/* Singular extension: from this depth, the table's move (a lower bound at most
 * SINGULAR_TABLE_DEPTH plies shallower) is extended a ply when the other moves, at half depth,
 * stay SINGULAR_MARGIN per ply below its score; multi-cut when they reach beta: +52.2 +/- 33.9. */
#define SINGULAR_DEPTH 7
#define SINGULAR_TABLE_DEPTH 3
#define SINGULAR_MARGIN 2

/* Quiescence: at most this many continuous fours at the leaves (core); after the first four only
 * the fours on its lines and four-threes: +27 +/- 40 (docs/experiments.md). */
#define QUIESCENCE_FOURS 6

/* History: a cutoff's bonus is depth^2, capped; the table halves when an entry passes this. */
#define HISTORY_LIMIT (1 << 20)

/* The root: every move's check for the opponent's VCF; the root's own VCF and VCT. Threat
 * searches are bounded by nodes, not the clock: on short turns, in proportion to the turn. */
#define ROOT_VCF_NODES 200000
#define ROOT_REFUTE_VCF_NODES 2500
#define VCF_NODES_PER_MS 200
/* The proof-number solver beside the search (search_solver.c): its table a share of the hash
 * table's; with one thread a first slice of the turn (in nodes at SOLVER_NODES_PER_MS, at most
 * SOLVER_FIRST_NODES) and, after each iteration, a share of the iteration's nodes (never more
 * than a quarter of a node limit); with more, a thread of its own that looks again at the main
 * thread's best move every SOLVER_THREAD_SLICE nodes. */
#define SOLVER_TABLE_SHARE 8
#define SOLVER_TABLE_MIN ((size_t)2 << 20)
#define SOLVER_TABLE_MAX ((size_t)64 << 20)
#define SOLVER_NODES_PER_MS 400
#define SOLVER_FIRST_SHARE 0.06
#define SOLVER_FIRST_NODES 40000
#define SOLVER_SLICE_SHARE 0.1
#define SOLVER_SLICE_MIN 200
#define SOLVER_NODE_LIMIT_SHARE 4
#define SOLVER_THREAD_SLICE 4096
#define SOLVER_IDLE_NS 1000000

/* Time: the soft budget (timeman.h) is scaled by how unsettled the search is, up when the best
 * move changes or the score drops, down while it is stable (came with the first fitted weights,
 * +114 +/- 79 together); no iteration starts past TIME_SOFT_SHARE of it (in the package above). */
#define TIME_SOFT_SHARE 0.75
#define TIME_NEXT_ITERATION 1.0
#define TIME_CHANGE_FACTOR 1.4
#define TIME_STABLE_FACTOR 0.9
#define TIME_STABLE_DEPTH 6
#define TIME_DROP_MARGIN 40
#define TIME_DROP_FACTOR 1.2
#define TIME_SCALE_MIN 0.5
#define TIME_SCALE_MAX 1.8
/* The game clock: shared over the moves the game may still last (an empty cell in 4, 12 to 40),
 * a move never more than an eighth of it nor TIME_HARD_FACTOR times its share; the manager's
 * learned cost per move forgotten by an eighth a move. */
#define TIME_CELLS_PER_MOVE 4
#define TIME_MOVES_MIN 12
#define TIME_MOVES_MAX 40
#define TIME_CLOCK_CAP 8
#define TIME_HARD_FACTOR 3.0
#define TIME_OVERHEAD_DECAY 8
/* Where the clock binds, no iteration starts that the last two predict to end past the hard
 * limit (its cost: the last one's times their growth, kept within these). */
#define TIME_GROWTH_MIN 1.5
#define TIME_GROWTH_MAX 4.0
#define TIME_GROWTH_SAMPLE_MS 5     /* shorter iterations say nothing of the growth */
/* Analysis GUIs' realtime lines: from this depth and this long into a think. */
#define REALTIME_MIN_DEPTH 6
#define REALTIME_MIN_MS 100
/* A threat win's line played on to the five: at most this many further threat searches of
 * this many nodes. */
#define WIN_LINE_ROUNDS 16
#define WIN_LINE_NODES 20000

#endif

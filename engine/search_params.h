/* search_params: the search's tunable numbers, one line per kept rule with what a match measured
 * it worth (tournament/sprt.sh, tc=10/0.2 freestyle; every experiment is a row of
 * docs/experiments.md). "Core": came with the search of ecda81a, +151 +/- 92 as a whole. The
 * game clock's own numbers are in timeman.c. */
#ifndef WUZI_SEARCH_PARAMS_H
#define WUZI_SEARCH_PARAMS_H

/* Aspiration window from this depth (core); a decisive fail high with the same move taken (+3.5). */
#define ASPIRATION_DEPTH 4
#define ASPIRATION_WINDOW 60
#define ASPIRATION_DECISIVE 1500
/* Reverse futility (core) and razoring (core), per ply of depth; both read the table's bound (+47.3). */
#define FUTILITY_DEPTH 6
#define FUTILITY_MARGIN 60
#define RAZOR_DEPTH 3
#define RAZOR_MARGIN 80

/* Late-move pruning: base + depth^exponent moves, fewer when not improving (+50.9 with LMR below). */
#define LMP_BASE 3
#define LMP_EXPONENT 1.32
#define LMP_NOT_IMPROVING_DIVISOR 2
/* Late-move reductions: log(depth) log(move) / divisor, more when not improving (in that package). */
#define LMR_DEPTH 3
#define LMR_FIRST_MOVE 2
#define LMR_DIVISOR 1.0
#define LMR_NOT_IMPROVING 1
/* A ply less for a move with a positive history, more for a negative one (+40.0). */
#define HISTORY_REDUCTION 1
/* Cut nodes: non-killers reduced more; far above beta every move but a four a ply less (+92.2). */
#define CUT_NODE_REDUCTION 1
#define FAIL_HIGH_MARGIN 20
/* Singular extension of the table's move, multi-cut when the others reach beta (+52.2). */
#define SINGULAR_DEPTH 7
#define SINGULAR_TABLE_DEPTH 3
#define SINGULAR_MARGIN 2

/* Quiescence: continuous fours at the leaves (core), after the first only on its lines (+27). */
#define QUIESCENCE_FOURS 6
/* History: a cutoff's bonus is depth^2; the table halves when an entry passes this. */
#define HISTORY_LIMIT (1 << 20)

/* The root's VCF and its check of every move, bounded by nodes (per ms on short turns). */
#define ROOT_VCF_NODES 200000
#define ROOT_REFUTE_VCF_NODES 2500
#define VCF_NODES_PER_MS 200
/* The solver beside the search (search_solver.c): its table a share of the hash table's; one
 * thread: a first slice of the turn, then a share of each iteration's nodes (a quarter of a node
 * limit at most); more threads: a thread of its own, back to the best move every slice. */
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
/* Time: the soft budget scaled up when the best move changes or the score drops, down while
 * stable (+114 with the first fitted weights); a next iteration predicted past the hard limit by
 * the last two (growth within bounds, from iterations of SAMPLE_MS on) is not started. */
#define TIME_NEXT_ITERATION 1.0
#define TIME_CHANGE_FACTOR 1.4
#define TIME_STABLE_FACTOR 0.9
#define TIME_STABLE_DEPTH 6
#define TIME_DROP_MARGIN 40
#define TIME_DROP_FACTOR 1.2
#define TIME_SCALE_MIN 0.5
#define TIME_SCALE_MAX 1.8
#define TIME_GROWTH_MIN 1.5
#define TIME_GROWTH_MAX 4.0
#define TIME_GROWTH_SAMPLE_MS 5
/* Analysis GUIs' realtime lines from this depth and this long into a think; a threat win's line
 * played on to its five in at most this many threat searches of this many nodes. */
#define REALTIME_MIN_DEPTH 6
#define REALTIME_MIN_MS 100
#define WIN_LINE_ROUNDS 16
#define WIN_LINE_NODES 20000

#endif

/* search_params: every tunable number of the search in one place, each with what a match
 * measured it to be worth (tournament/sprt.sh; "kept" rules gained, the others are noted so
 * that nobody tries them again blindly). Rules marked "core" came in together with the new
 * search (staged picker, incremental evaluation, PVS, VCF quiescence), which was measured as a
 * whole: with fitted weights +151 +/- 92 against 059b0bc (tc=10/0.2 freestyle); they have not
 * been measured one by one yet. */
#ifndef WUZI_SEARCH_PARAMS_H
#define WUZI_SEARCH_PARAMS_H

/* Aspiration window around the last iteration's score, from this depth on (core). */
#define ASPIRATION_DEPTH 4
#define ASPIRATION_WINDOW 60

/* Reverse futility: at low depth a static score this far above beta (per ply) fails high (core). */
#define FUTILITY_DEPTH 6
#define FUTILITY_MARGIN 60

/* Razoring: at low depth a static score this far below alpha (per ply) drops to quiescence (core). */
#define RAZOR_DEPTH 3
#define RAZOR_MARGIN 80

/* Null move (not used): passing at depth >= 3 when the static score is above beta, searched
 * 2 + depth/4 plies shallower, lost 39-50 (-42 +/- 72, tc 10/0.2); only where the opponent has no
 * four or double-three cell, 41-50 (-34 +/- 71). A pass hands the opponent a free threat. */

/* Late-move pruning: at low depth, once a move that does not lose is known, only the first
 * LMP_BASE + LMP_SCALE * depth^2 / 4 moves of a quiet node are searched (core). Not kept:
 * to depth 8, -9 +/- 44; PentaZen-like caps of 8 moves (threats on the board) and 32 at every
 * depth, -7 +/- 48. */
#define LMP_DEPTH 6
#define LMP_BASE 3
#define LMP_SCALE 2

/* Late-move reductions: log(depth) * log(move number) / LMR_DIVISOR plies (core). */
#define LMR_DEPTH 3
#define LMR_FIRST_MOVE 3
#define LMR_DIVISOR 2.0

/* Quiescence: continuous fours searched for a win at the leaves, at most this many (core); after
 * the first four only the fours on its lines and four-threes: +27 +/- 40 (161-138-1, LOS 91 %). */
#define QUIESCENCE_FOURS 6

/* Threat extension (not used): a leaf where the opponent threatens an open four searched one ply
 * further over the defences (up to ply 40) cost 52 % more nodes to depth 10 and lost 46-56-4
 * (-33 +/- 46 pentanomial, H0 accepted, tc=10/0.2 freestyle). */

/* History: a cutoff's bonus is depth^2, capped; the table halves when an entry passes this. */
#define HISTORY_LIMIT (1 << 20)

/* The root: every move's check for the opponent's VCF; the root's own VCF and VCT. Threat
 * searches are bounded by nodes, not the clock: on short turns, in proportion to the turn. */
#define ROOT_VCF_NODES 200000
#define ROOT_REFUTE_VCF_NODES 2500
#define ROOT_VCT_NODES 100000
#define VCF_NODES_PER_MS 200

/* Time: the soft budget (timeman.h) is scaled by how unsettled the search is: up when the best
 * move changes or the score drops, down while it is stable; no iteration starts past this
 * share of the scaled budget, and the watchdog stops everything at the hard one. Came in with
 * the first fitted weights (together +114 +/- 79); not measured alone. Not kept: a soft budget
 * of 0.65 of the hard one instead of half, -10 +/- 50. */
#define TIME_NEXT_ITERATION 1.0
#define TIME_CHANGE_FACTOR 1.4
#define TIME_STABLE_FACTOR 0.9
#define TIME_STABLE_DEPTH 6
#define TIME_DROP_MARGIN 40
#define TIME_DROP_FACTOR 1.2
#define TIME_SCALE_MIN 0.5
#define TIME_SCALE_MAX 1.8

#endif

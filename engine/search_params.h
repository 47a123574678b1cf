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
/* Not kept: a window of 40, +7.8 +/- 25.8 (196-187-17, 400 games, on 02ac1e3). */

/* Reverse futility: at low depth a static score this far above beta (per ply) fails high (core). */
#define FUTILITY_DEPTH 6
#define FUTILITY_MARGIN 60
/* Not kept: a margin of 45, +2.6 +/- 26.1 (pentanomial, 400 games, on the build with the
 * cut-node, singular and history rules); a margin of 60 * (depth - improving), +7.8 +/- 28.4
 * (198-189-13, 400 games, undecided). */

/* These three (reverse futility, razoring, the cut nodes' fail-high reduction below) read the
 * table's bound in place of the static score where the bound says more (a lower bound above
 * it, an upper bound below it, an exact score): 210-181-9, +25.2 +/- 28.9 over 400 games, then
 * again 189-143-8, +47.3 +/- 30.9, H1 after 339 games (pentanomial; tc=10/0.2 freestyle,
 * sprt-freestyle-15 openings). */

/* Not kept: four rules that each measured a few Elo up but without a decision, tried together
 * (history 1/16 in the move order, razoring to depth 4, singular extension from depth 6, the
 * static score times 5/4): 295-291-14 over 600 games, +2.3 +/- 27.5 (tc=10/0.2 freestyle, on
 * 0f5f333). Their small gains were noise, or they overlap. */

/* Razoring: at low depth a static score this far below alpha (per ply) drops to quiescence (core). */
#define RAZOR_DEPTH 3
#define RAZOR_MARGIN 80
/* Not kept: razoring to depth 4: 296-291-13 over 600 games, about +3, no decision (tc=10/0.2
 * freestyle, on 0f5f333). */

/* Null move (not used): passing at depth >= 3 when the static score is above beta, searched
 * 2 + depth/4 plies shallower, lost 39-50 (-42 +/- 72, tc 10/0.2); only where the opponent has no
 * four or double-three cell, 41-50 (-34 +/- 71). A pass hands the opponent a free threat. */

/* The selective search below (late-move pruning at every depth, reductions twice as deep, both
 * heavier where the static score has not improved on two plies before) came in as one package
 * with the 0.75 soft time share: +50.9 +/- 37.1 (188-139-10, pentanomial +50.0 +/- 31.9,
 * tc=10/0.2 freestyle, balanced openings), alpha-beta nodes to depth 10 on bench -69 %. Not
 * yet measured one by one. */

/* Late-move pruning: once a move that does not lose is known, a node that is not answering a
 * threat, PV or not, searches only its first LMP_BASE + depth^LMP_EXPONENT moves, and
 * 1/LMP_NOT_IMPROVING_DIVISOR of those when its static score has not improved on two plies
 * before. Before: only non-PV nodes to depth 6 pruned, after 3 + depth^2 / 2 moves (core); not
 * kept then: to depth 8, -9 +/- 44; PentaZen-like caps of 8 moves (threats on the board) and 32
 * at every depth, -7 +/- 48. Alone, on the insensitive old openings (3 of 4 pairs split 1-1):
 * 169-163-5, about 0. */
/* Not kept, again (on 0f5f333): PentaZen's cap of 8 moves from the third ply wherever either
 * side has a threat cell (eval_threat_mask), on top of these counts: 68-94-5 over 167 games,
 * about -54, stopped (tc=10/0.2 freestyle). Narrower is worse here. */
/* Not kept (on 0f5f333): wider, an exponent of 1.45: 90-103-11 over 204 games, about -22,
 * stopped (tc=10/0.2 freestyle). */
#define LMP_BASE 3
#define LMP_EXPONENT 1.32
#define LMP_NOT_IMPROVING_DIVISOR 2
/* Not kept: a divisor of 1.5 (more moves where the static score has not improved): 130-139-6
 * over 275 games, about -11, stopped (tc=10/0.2 freestyle, on 0f5f333). */

/* Late-move reductions: log(depth) * log(move number) / LMR_DIVISOR plies from the move after
 * LMR_FIRST_MOVE, LMR_NOT_IMPROVING more in a non-PV node whose static score has not improved
 * (before: divisor 2, from the 4th move, no improving term; core). */
/* Not kept, on top of the cut-node and history rules: a divisor of 0.8, -1.7 +/- 25.4
 * (pentanomial, 400 games). */
#define LMR_DEPTH 3
#define LMR_FIRST_MOVE 2
#define LMR_DIVISOR 1.0
/* Not kept: a divisor of 1.25 (lighter reductions): 165-177-9 over 351 games, about -12,
 * stopped (tc=10/0.2 freestyle, on 0f5f333). */
#define LMR_NOT_IMPROVING 1
/* Not kept: an odd reduction made even (one ply more), so that a reduced move's leaves keep the
 * parity of the full-depth ones (the static score swings with the side to move, eval.c):
 * 273-292-16 over 581 games, -11.4 +/- 27.9 (tc=10/0.2 freestyle, on 0f5f333). */
/* and one ply less for a move whose history is positive, one more for one whose history is
 * negative: +40.0 +/- 27.9 (pentanomial; 205-161-18, [19 7 116 11 39], H1 after 383 games,
 * tc=10/0.2 freestyle, sprt-freestyle-15 openings). */
#define HISTORY_REDUCTION 1
/* Not kept: late-move reductions in the nodes narrowed to a threat's defences too (after a move
 * that does not lose; still no pruning there): two runs of 600 games on a6af41b, 301-282-17
 * (+11.0 +/- 27.5) and 292-293-15 (-0.6 +/- 27.5); together about +5 (tc=10/0.2 freestyle). */
/* Not kept: one ply less reduction for a move that makes an open three or more: 306-283-11,
 * +13.3 +/- 21.9 pentanomial over 600 games, then 155-159-15 over 329 (stopped); together
 * 461-442-26, about +7 (tc=10/0.2 freestyle, on a6af41b). */
/* Cut nodes (zero-window nodes expected to fail high): one ply more reduction for moves that
 * are not killers; where the static score is FAIL_HIGH_MARGIN per ply above beta, every move
 * but a four a ply shallower (Rapfi's "fail-high reduction"). Both together: +93.9 +/- 55.1
 * (101-58-4, pentanomial [4 2 48 2 25] +92.2 +/- 45.0, H1 after 163 games; tc=10/0.2
 * freestyle, sprt-freestyle-15 openings). Against that, not kept: a reduction of 2 in cut
 * nodes, -55.0 +/- 40.1 (H0 after 205 games); a margin of 10, +6.1 +/- 26.7 over 400 games. */
#define CUT_NODE_REDUCTION 1
#define FAIL_HIGH_MARGIN 20

/* A node where the opponent has a four-three cell (a four and an open three at once: a win
 * unless answered) searches only the answers (movegen_four_three_defences: that cell, the cells
 * on its four's and three's lines that take it away, the threes through the four's block, our
 * fours), none of them pruned or reduced, as Rapfi does. Against 35199c8, two runs of 600 games:
 * 300-282-18 (+10.4 +/- 21.0 pentanomial) and 283-284-17; together 583-566-35, about +5 (no
 * decision). Kept for what it does to the tree: bench 13 to depth 13 in 1 520 429 nodes instead
 * of 1 920 788, and the win of a VCT test position found at depth 12 instead of 13. Not kept: the
 * root's moves narrowed the same way (the root searches every move, so a four-three's answers
 * come first anyway): 291-287-22, +2.3 +/- 27.3 over 600 games (tc=10/0.2 freestyle, on f794d66). */

/* A node whose side to move has a four-three cell whose four's block makes the opponent no
 * four, or a double three while the opponent has no four, is a win in five plies, read from the
 * classes without a search (movegen_wins_by_three; Rapfi's quick win check): 309-275-16 over
 * 600 games, +19.7 +/- 21.9 pentanomial, LOS 96 % (tc=10/0.2 freestyle, against the four-three
 * defences' commit). */

/* Not kept: a node answering the opponent's open three searched our plain fours after its
 * first two moves a ply shallower (they only delay the answer): 158-174-12, -16.2 +/- 36.2,
 * H0 (tc=10/0.2 freestyle). */

/* Singular extension: from this depth, the table's move (a lower bound at most
 * SINGULAR_TABLE_DEPTH plies shallower) is extended a ply when the other moves, searched to
 * half the depth, stay SINGULAR_MARGIN per ply below its score; when they reach beta as well
 * the node fails high at once. +52.2 +/- 33.9 (pentanomial; 184-136-2, [20 1 95 1 44], H1 after
 * about 321 games; tc=10/0.2 freestyle, sprt-freestyle-15 openings). */
#define SINGULAR_DEPTH 7
#define SINGULAR_TABLE_DEPTH 3
#define SINGULAR_MARGIN 2
/* Not kept: a margin of 3 per ply: 81-87-2 over 170 games, about -12, stopped (tc=10/0.2
 * freestyle, on 0f5f333). */
/* Not kept: from depth 6 (bench 15 % more alpha-beta nodes): 299-288-13 over 600 games, +6.4
 * +/- 22.4 pentanomial, no decision (tc=10/0.2 freestyle, on 0f5f333). Not kept: double
 * extensions (2 plies where the other moves stay 400 below singular_beta, in the first half of
 * the iteration's depth; bench 1.8 times the alpha-beta nodes, and about twice at margins of
 * 40-200): 293-290-17 over 600 games, +1.7 +/- 27.5 (tc=10/0.2 freestyle, on 4c59ff9). */

/* Not kept: the re-search of a reduced move that failed high a ply deeper when it beat alpha
 * by 34 + 11 per ply of reduction, a ply shallower when it barely beat the best score (Rapfi's
 * LMR extension): 186-205-9, -16.5 +/- 27.1 over 400 games. */

/* Not kept: a counter move (the reply that last cut after the opponent's last move) ordered
 * after the killers: 197-186-17, +9.6 +/- 25.9 over 400 games, undecided. */
/* Not kept: a follow-up history (cutoffs by the move's offset from the opponent's last move,
 * within 7 cells; bonus and malus as the history's) added to the ordering at 1/64:
 * 166-172-8 over 346 games, about -6 (stopped; tc=10/0.2 freestyle, on c9aed9b). */

/* Not kept: a PV node whose table move is from a search 4 or more plies shallower searched a
 * ply shallower per 4 plies, at most 3 (Rapfi's PV table-move reduction): 194-194-12, 0.0 +/-
 * 26.1 pentanomial over 400 games. */

/* Not kept: internal iterative reduction (a node without a table move searched a ply shallower
 * from depth 4): 206-185-9, +18.3 +/- 26.9 pentanomial over 400 games; again on 02ac1e3,
 * 163-164-9 after 336 games (stopped). */

/* Not kept: internal iterative deepening (a PV or cut node from depth 7 without a table move
 * searched to half its depth first, for a move to try first): 142-156-9 over 307 games, about
 * -16, stopped (tc=10/0.2 freestyle, on 0f5f333). */

/* Quiescence: continuous fours searched for a win at the leaves, at most this many (core); after
 * the first four only the fours on its lines and four-threes: +27 +/- 40 (161-138-1, LOS 91 %). */
#define QUIESCENCE_FOURS 6
/* Not kept: at most 4 fours (bench 2 % fewer alpha-beta nodes): 192-200-12 over 404 games,
 * stopped (tc=10/0.2 freestyle, on 3d2d31f); at most 8: 134-147-6, -15.7 +/- 40.0, H0 after
 * 287 games (on 0f5f333). */
/* What the fours found (a win, or none within so many fours) is kept per thread by position and
 * last four (search.c's quiescence cache): continuous fours transpose (A then B, B then A) and
 * neighbouring leaves share their lines. 19 % fewer quiescence nodes on bench; 303-273-24, +17.4
 * +/- 27.3 over 600 games, 70-61-4 over 135 (stopped), 291-287-22, +2.3 +/- 27.3 over 600;
 * together 664-621-50 over 1335 games, about +11 (tc=10/0.2 freestyle, on 6410152's engine). */
/* Not kept: every four at the leaves scored by the position after its block (Rapfi-like, not
 * only proven wins): 201-209-4, pentanomial [36 2 135 2 32] over 414 games (tc=10/0.2
 * freestyle, balanced openings), about -7. */

/* Not kept: VCT in the tree — a node at depth 1, not defending, whose side to move has five or
 * more three and four cells (a four-three or double-three cell counting two) first looked for a
 * win by threes and fours in 10 threat-search nodes: 20 % more time to bench's depth (a budget
 * of 50 nodes: twice the time) and 100-127-10, -39.8 +/- 43.8, H0 after 236 games (tc=10/0.2
 * freestyle, on 817917d's weights). */

/* Threat extension (not used): a leaf where the opponent threatens an open four searched one ply
 * further over the defences (up to ply 40) cost 52 % more nodes to depth 10 and lost 46-56-4
 * (-33 +/- 46 pentanomial, H0 accepted, tc=10/0.2 freestyle). */

/* Not kept: a cell's ordering weight halved when it is further than 4 rows or columns from
 * the last two moves, quartered when also from the last four (PentaZen's locality): 294-293-13
 * over 600 games, +0.6 +/- 24.7 pentanomial (tc=10/0.2 freestyle, on 35199c8), though the first
 * move cut 77.3 % of the time instead of 76.9 % and bench 13 took 13 % fewer nodes. */

/* Not kept: move ordering (eval_move_score: a cell's value to us plus its value to the
 * opponent) with the opponent's part weighed 5/4: 95-118-8, -36.3 +/- 45.5, H0 after 221 games
 * (tc=10/0.2 freestyle, on 6410152), though bench to depth 13 took 14 % fewer nodes; weighed
 * 3/4, 286-295-19, -5.2 +/- 27.4 over 600 games. */

/* History: a cutoff's bonus is depth^2, capped; the table halves when an entry passes this. */
#define HISTORY_LIMIT (1 << 20)

/* The root: every move's check for the opponent's VCF; the root's own VCF and VCT. Threat
 * searches are bounded by nodes, not the clock: on short turns, in proportion to the turn. */
#define ROOT_VCF_NODES 200000
#define ROOT_REFUTE_VCF_NODES 2500
#define ROOT_VCT_NODES 100000
#define VCF_NODES_PER_MS 200
/* Not kept: the root's VCT given the whole threat budget instead of half of it (at 0.5 s a move
 * 84 000 nodes, not 42 000; one lost sparring game had a win the search needed 66 000 for):
 * 193-198-9, -4.3 +/- 26.5 pentanomial over 400 games (tc=10/0.2 freestyle, on 0f01735). */
/* Not kept: the root's VCT given an eighth of the threat budget instead of half (at 0.5 s a move
 * about 10 000 nodes, not 42 000: the rest of the turn goes to the alpha-beta search): on
 * 02bc1c8, 296-283-21, +7.5 +/- 20.0 pentanomial over 600 games; on f794d66, whose search sees
 * wins by four-threes itself, about 0 over 500 games (tc=10/0.2 freestyle). */
/* Not kept: the chosen move checked for the opponent's VCT (20 000 nodes, in proportion on short
 * turns) and, when it loses to one, the root searched again two plies shallower without it (at
 * most twice): 129-128-10 after 267 games, stopped. */
/* Not kept: each iteration's best move from depth 6 checked for the opponent's VCT (a quarter of
 * the root's threat budget: about 21 000 nodes at 0.5 s a move, 7 000 at 0.2 s; at most three
 * checks a turn) and, when it loses to one, marked lost like a move refuted by a VCF and the
 * depth searched again with an open window: 288-292-20 over 600 games, -2.3 +/- 27.4 (tc=10/0.2
 * freestyle, on 2f08632), and 33-66-1 in 100 sparring games against PentaZen (tc=30/0.5), where
 * the build without it scores 76-122-2 over 200. Why it was tried: in 36 of PentaZen's wins as
 * black, PentaZen had a VCT (found by ours within 300 000 nodes) from ply 10-20 on in half of
 * them, and in 18 Wuzi's losing white move had alternatives after which ours found none; but
 * most of those VCTs take ours 20 000-180 000 nodes to find, more than a check can spend. */

/* Time: the soft budget (timeman.h) is scaled by how unsettled the search is: up when the best
 * move changes or the score drops, down while it is stable; no iteration starts past this
 * share of the scaled budget, and the watchdog stops everything at the hard one. Came in with
 * the first fitted weights (together +114 +/- 79); not measured alone. The soft budget is a share
 * of the hard one (the turn less a reserve, timeman.h): 0.75 (in the selective package above;
 * alone at tc=30/0.5 on the old openings: 99-96-8, about 0, where it spends about 1.5 times
 * as long a move); half of it before, and 0.65 (-10 +/- 50 at tc=10/0.2). */
#define TIME_SOFT_SHARE 0.75
/* Not kept: searching on to the hard limit whenever the game clock could pay the whole turn
 * on every move left (so at 10/0.2 and 30/0.5 always; about 1.8 times as long a move):
 * 122-126-5, -5.5 over 253 games (tc=10/0.2 freestyle, on 2df1189), stopped. An iteration
 * cut short rarely changes the move. A whole second iteration does: the same build with twice
 * the turn (20/0.4 against 10/0.2) led 27-19-1, and with twice the nodes a move (80 000
 * against 40 000) won 159-41, pentanomial [60 0 39 0 1], +235 +/- 61 over 200 games. So the
 * way to strength is speed: more nodes in the same time, not more of the turn. */
#define TIME_NEXT_ITERATION 1.0
#define TIME_CHANGE_FACTOR 1.4
#define TIME_STABLE_FACTOR 0.9
#define TIME_STABLE_DEPTH 6
#define TIME_DROP_MARGIN 40
#define TIME_DROP_FACTOR 1.2
#define TIME_SCALE_MIN 0.5
/* Not kept: a floor of 0.8 (a settled position still thinks 0.8 of the soft budget): 197-186-17,
 * +9.6 +/- 23.9 pentanomial over 400 games, no decision (tc=10/0.2 freestyle, on 6ff4040). */
#define TIME_SCALE_MAX 1.8

#endif

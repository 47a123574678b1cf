/* search_tree: the search below the root — principal-variation alpha-beta with the table,
 * killers and history, the pruning and reductions of search_params.h, forced replies that cost
 * no depth, and a quiescence that plays continuous fours for a win. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "monotonic.h"
#include "rules.h"
#include "search_context.h"
#include "search_params.h"

/* Late-move reductions by depth and move number, computed once. */
static struct {
    pthread_once_t once;
    int8_t plies[SEARCH_MAX_PLY][64];
} reductions = {PTHREAD_ONCE_INIT, {{0}}};

static void reductions_build(void) {
    for (int depth = 1; depth < SEARCH_MAX_PLY; depth++)
        for (int move = 1; move < 64; move++)
            reductions.plies[depth][move] = (int8_t)(log(depth) * log(move) / LMR_DIVISOR);
}

/* Late-move pruning: how many moves a node searches at a depth, when its static score has
 * improved on two plies before and when it has not. */
static struct {
    pthread_once_t once;
    int16_t moves[2][SEARCH_MAX_PLY];
} move_counts = {PTHREAD_ONCE_INIT, {{0}}};

static void move_counts_build(void) {
    for (int depth = 0; depth < SEARCH_MAX_PLY; depth++) {
        const double moves = LMP_BASE + pow(depth, LMP_EXPONENT);
        move_counts.moves[1][depth] = (int16_t)(moves < 30000 ? moves : 30000);
        move_counts.moves[0][depth] = (int16_t)(move_counts.moves[1][depth] / LMP_NOT_IMPROVING_DIVISOR);
    }
}

static int move_count_limit(int depth, bool improving) {
    return move_counts.moves[improving][depth < SEARCH_MAX_PLY ? depth : SEARCH_MAX_PLY - 1];
}

static int reduction(int depth, int move_number) {
    return reductions.plies[depth < SEARCH_MAX_PLY ? depth : SEARCH_MAX_PLY - 1][move_number < 64 ? move_number : 63];
}


void search_tree_init(void) {
    pthread_once(&reductions.once, reductions_build);
    pthread_once(&move_counts.once, move_counts_build);
}

static int score_to_table(int score, int ply) {
    if (score >= MATE_BOUND) return score + ply;
    if (score <= -MATE_BOUND) return score - ply;
    return score;
}

static int score_from_table(int score, int ply) {
    if (score >= MATE_BOUND) return score - ply;
    if (score <= -MATE_BOUND) return score + ply;
    return score;
}

uint64_t search_total_nodes(const Search *search) {
    uint64_t nodes = 0;
    for (int i = 0; i < search->thread_count; i++)
        if (search->workers[i])
            nodes += atomic_load_explicit(&search->workers[i]->shared_nodes, memory_order_relaxed);
    return nodes + atomic_load_explicit(&search->solver_nodes, memory_order_relaxed);
}

void search_publish_nodes(Worker *worker) {
    atomic_store_explicit(&worker->shared_nodes, worker->nodes, memory_order_relaxed);
}

/* Only the main worker watches the clock and the node budget. */
static void check_limits(Worker *worker) {
    Search *search = worker->search;
    search_publish_nodes(worker);
    if (worker->id != 0) return;
    const SearchLimits *limits = &search->limits;
    if (limits->abort && atomic_load_explicit(limits->abort, memory_order_relaxed)) search_request_stop(search);
    if (limits->max_nodes && search_total_nodes(search) >= (uint64_t)limits->max_nodes) search_request_stop(search);
    if (!limits->time.unlimited && monotonic_ms() - search->start_ms >= limits->time.hard_ms)
        search_request_stop(search);
}

static void count_node(Worker *worker) {
    if ((++worker->nodes & (NODES_PER_CHECK - 1)) == 0) check_limits(worker);
}

void search_update_pv(Worker *worker, int ply, int move) {
    worker->pv[ply][0] = move;
    const int child = ply + 1 < SEARCH_MAX_PLY ? worker->pv_length[ply + 1] : 0;
    for (int i = 0; i < child && i + 1 < SEARCH_MAX_PLY; i++) worker->pv[ply][i + 1] = worker->pv[ply + 1][i];
    worker->pv_length[ply] = child + 1 < SEARCH_MAX_PLY ? child + 1 : SEARCH_MAX_PLY;
}

static void reward(Worker *worker, int ply, int move, int depth, const int *tried, int tried_count) {
    if (worker->killers[ply][0] != move) {
        worker->killers[ply][1] = worker->killers[ply][0];
        worker->killers[ply][0] = move;
    }
    int32_t *history = worker->history[worker->board.to_move - 1];
    const int32_t bonus = depth * depth;
    history[move] += bonus;
    for (int i = 0; i < tried_count; i++) history[tried[i]] -= bonus;
    if (history[move] > HISTORY_LIMIT || history[move] < -HISTORY_LIMIT)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < CELLS; i++) worker->history[c][i] /= 2;
}

/* ---- what a node threatens ---------------------------------------------------------------- */

/* Under caro a five can be spoilt by a stone beyond it and an open four by one stone: the
 * shortcuts below assume neither, so caro searches every candidate instead. */
static bool exact_threats(const Board *board) { return !(board->rule & RULE_CARO); }

/* Which of the opponent's threats the side to move must answer (movegen.h). */
Defence search_defence_needed(Board *board) {
    if (!exact_threats(board)) return DEFEND_NONE;
    const int them = opponent(board->to_move);
    if (movegen_has_winning_threat(board, them)) return DEFEND_OPEN_FOUR;
    if (shape_class_count(&board->shapes, them, CLASS_FOUR_THREE)) return DEFEND_FOUR_THREE;
    return DEFEND_NONE;
}

/* Wins and losses a node sees without searching, or the one move it must play (the block of
 * the opponent's four). `win_plies` gets the plies to the five. */
Outcome search_outcome(Board *board, int *forced, int *plies) {
    const int me = board->to_move, them = opponent(me);
    if (shape_class_count(&board->shapes, me, CLASS_FIVE)) {
        *plies = 1;
        return OUTCOME_WIN;
    }
    if (!exact_threats(board)) return OUTCOME_OPEN;
    const int fives = shape_class_count(&board->shapes, them, CLASS_FIVE);
    if (fives >= 2) {
        *plies = 2;
        return OUTCOME_LOSS;
    }
    if (fives == 1) {
        *forced = movegen_find(board, them, CLASS_FIVE);
        if (!movegen_legal(board, *forced)) {
            *plies = 2;
            return OUTCOME_LOSS;
        }
        return OUTCOME_FORCED;
    }
    if (movegen_has_winning_threat(board, me)) {
        *plies = 3;
        return OUTCOME_WIN;
    }
    if (movegen_wins_by_three(board)) {
        *plies = 5;
        return OUTCOME_WIN;
    }
    return OUTCOME_OPEN;
}

static int outcome_score(Outcome outcome, int ply, int plies) {
    return outcome == OUTCOME_WIN ? mate_in(ply, plies) : -mate_in(ply, plies);
}

/* ---- quiescence: continuous fours, for a win only ------------------------------------------- */

static int quiescence(Worker *worker, int ply, int alpha, int beta, int fours_left, int last_four);

static void add_four(const Board *board, int me, int cell, int *fours, int *count) {
    if (*count >= 64 || board->cell[cell] != EMPTY) return;
    const CellClass cell_class = shape_cell_class(&board->shapes, cell, me);
    if (cell_class != CLASS_FOUR && cell_class != CLASS_FOUR_THREE) return;
    for (int i = 0; i < *count; i++)
        if (fours[i] == cell) return;
    fours[(*count)++] = cell;
}

/* The fours worth trying: after a first four, only those on the lines of our last four (a
 * continuous-four line builds on its own stones) and four-threes anywhere; at the first, all. */
static int gather_fours(const Board *board, int me, int last_four, int *fours) {
    const ShapeState *shapes = &board->shapes;
    int count = 0;
    if (last_four != NO_CELL) {
        for (int d = 0; d < 4; d++)
            for (int step = -KEY_SIDE; step <= KEY_SIDE; step++)
                if (step) add_four(board, me, last_four + step * DIRECTION[d], fours, &count);
    }
    if (last_four == NO_CELL || shape_class_count(shapes, me, CLASS_FOUR_THREE)) {
        int x0, y0, x1, y1;
        board_candidate_area(board, &x0, &y0, &x1, &y1);
        for (int y = y0; y <= y1; y++)
            for (int c = cell_at(x0, y), end = cell_at(x1, y); c <= end; c++) {
                if (!board_is_candidate(board, c)) continue;
                const CellClass cell_class = shape_cell_class(shapes, c, me);
                if (cell_class == CLASS_FOUR_THREE || (last_four == NO_CELL && cell_class == CLASS_FOUR))
                    add_four(board, me, c, fours, &count);
            }
    }
    /* four-threes first: they win unless the block gains a tempo */
    int first = 0;
    for (int i = 0; i < count; i++)
        if (shape_cell_class(shapes, fours[i], me) == CLASS_FOUR_THREE) {
            const int swap = fours[first];
            fours[first++] = fours[i];
            fours[i] = swap;
        }
    return count;
}

/* Our four cells, played one by one: does one of them win by continuous fours? Only a proven
 * win counts; otherwise the static score stands. */
static int four_wins(Worker *worker, int ply, int fours_left, int last_four) {
    Board *board = &worker->board;
    const int me = board->to_move;
    const ShapeState *shapes = &board->shapes;
    if (!shape_class_count(shapes, me, CLASS_FOUR) && !shape_class_count(shapes, me, CLASS_FOUR_THREE))
        return -INFINITE_SCORE;
    int fours[64];
    const int count = gather_fours(board, me, last_four, fours);
    for (int i = 0; i < count; i++) {
        if (!movegen_legal(board, fours[i])) continue;
        board_make_fast(board, fours[i]);
        const int score = -quiescence(worker, ply + 1, -MATE, -(MATE_BOUND - 1), fours_left - 1, fours[i]);
        board_undo_fast(board);
        if (stopped(worker->search)) return 0;
        if (score >= MATE_BOUND) {
            search_update_pv(worker, ply, fours[i]);
            return score;
        }
    }
    return -INFINITE_SCORE;
}

/* eval_position through the worker's cache where the network evaluates: a position's score is
 * its stones' alone, and a third of a search's evaluations are of positions it evaluated before
 * (the network's time ×0.91: docs/experiments.md). The geometry is in the key, so that a new
 * rule or size never reads old scores. */
static int eval_cached(Worker *worker) {
    const Board *board = &worker->board;
    if (!board->geometry->net) return eval_position(board);
    const uint64_t key = board->hash ^ ((uint64_t)(uintptr_t)board->geometry * 0x9E3779B97F4A7C15ull);
    EvalEntry *entry = &worker->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
    const uint32_t check = (uint32_t)(key >> 32) | 1u;
    if (entry->check == check) return entry->score;
    const int score = eval_position(board);
    *entry = (EvalEntry){check, score};
    return score;
}

/* four_wins through the worker's cache: a win is a proof wherever it was found; no win holds
 * for as many fours as were tried. The fours tried depend on the last four too. */
static int four_wins_cached(Worker *worker, int ply, int fours_left, int last_four) {
    const uint64_t key = worker->board.hash ^ ((uint64_t)(last_four + 1) * 0x9E3779B97F4A7C15ull);
    QuiescenceEntry *entry = &worker->quiescence_cache[key & (QUIESCENCE_CACHE_SIZE - 1)];
    if (entry->key == key) {
        if (entry->win_plies) {
            worker->pv_length[ply + 1] = 0;
            search_update_pv(worker, ply, entry->move);
            return mate_in(ply, entry->win_plies);
        }
        if (entry->fours_left >= fours_left) return -INFINITE_SCORE;
    }
    const int score = four_wins(worker, ply, fours_left, last_four);
    if (stopped(worker->search)) return score;
    const bool win = score >= MATE_BOUND;
    *entry = (QuiescenceEntry){key, (uint16_t)(win ? worker->pv[ply][0] : 0),
                               (int16_t)(win ? MATE - ply - score : 0), (uint8_t)fours_left};
    return score;
}

/* `last_four`: the side to move's last four in this quiescence (NO_CELL at its start). */
static int quiescence(Worker *worker, int ply, int alpha, int beta, int fours_left, int last_four) {
    Board *board = &worker->board;
    worker->pv_length[ply] = 0;
    count_node(worker);
    worker->quiescence_nodes++;
    if (stopped(worker->search)) return 0;
    if (board_full(board)) return 0;
    int forced = NO_CELL, plies = 0;
    const Outcome outcome = search_outcome(board, &forced, &plies);
    if (outcome == OUTCOME_WIN || outcome == OUTCOME_LOSS) return outcome_score(outcome, ply, plies);
    if (outcome == OUTCOME_FORCED) {
        /* The defender's block hands the attacker's last four down to the attacker's node. */
        board_make_fast(board, forced);
        const int score = -quiescence(worker, ply + 1, -beta, -alpha, fours_left, last_four);
        board_undo_fast(board);
        if (score > alpha) search_update_pv(worker, ply, forced);
        return score;
    }
    const int stand = eval_cached(worker);
    if (stand >= beta || fours_left <= 0 || ply >= SEARCH_MAX_PLY - 8) return stand;
    const int win = four_wins_cached(worker, ply, fours_left, last_four);
    return win > stand ? win : stand;
}

/* ---- the search -------------------------------------------------------------------------- */


/* Singular-extension test: the node at `ply` searched to half its depth without `move`, on a
 * zero window at `singular_beta`. */
static int search_without(Worker *worker, int move, int depth, int ply, int singular_beta, bool cut_node) {
    worker->excluded_move[ply] = move;
    const int value = search_node(worker, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, cut_node);
    worker->excluded_move[ply] = NO_CELL;
    worker->pv_length[ply] = 0;
    return value;
}

/* How many plies shallower a late move (the side to move's, already made on the board) is
 * searched first; never down to the quiescence. */
static int late_move_reduction(const Worker *worker, int ply, int move, int depth, int new_depth,
                               int move_count, bool pv_node, bool cut_node, bool improving) {
    int r = reduction(depth, move_count) - (pv_node ? 1 : 0) + (!pv_node && !improving ? LMR_NOT_IMPROVING : 0);
    const bool killer = move == worker->killers[ply][0] || move == worker->killers[ply][1];
    if (killer) r--;
    if (cut_node && !killer) r += CUT_NODE_REDUCTION;
    const int32_t history = worker->history[opponent(worker->board.to_move) - 1][move];
    if (history > 0) r -= HISTORY_REDUCTION;
    else if (history < 0) r += HISTORY_REDUCTION;
    if (r < 0) r = 0;
    if (r > new_depth - 1) r = new_depth - 1 > 0 ? new_depth - 1 : 0;
    return r;
}

/* `cut_node`: a zero-window node expected to fail high (its parent's reduced or later move). */
int search_node(Worker *worker, int depth, int ply, int alpha, int beta, bool pv_node, bool cut_node) {
    Search *search = worker->search;
    Board *board = &worker->board;
    worker->pv_length[ply] = 0;
    count_node(worker);
    if (stopped(search)) return 0;
    if (board_full(board)) return 0;

    /* No line from here is shorter than a win next move or longer than a loss after it. */
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (ply >= SEARCH_MAX_PLY - 8) return eval_cached(worker);

    int forced = NO_CELL, plies = 0;
    const Outcome outcome = search_outcome(board, &forced, &plies);
    if (outcome == OUTCOME_WIN || outcome == OUTCOME_LOSS) return outcome_score(outcome, ply, plies);
    if (outcome == OUTCOME_FORCED) {
        /* The block of a four costs no depth. */
        worker->static_eval[ply] = -worker->static_eval[ply - 1];
        board_make_fast(board, forced);
        const int score = -search_node(worker, depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
        board_undo_fast(board);
        if (stopped(search)) return 0;
        if (score > alpha) search_update_pv(worker, ply, forced);
        return score;
    }

    if (depth <= 0) return quiescence(worker, ply, alpha, beta, QUIESCENCE_FOURS, NO_CELL);

    /* A singular-extension test searches this node again without its best move: it neither
     * trusts nor writes the table's word on the whole node. */
    const int excluded_move = worker->excluded_move[ply];
    TTHit hit = {.move = NO_CELL, .bound = BOUND_NONE};
    int tt_move = NO_CELL, tt_score = 0;
    if (tt_probe(&search->table, board->hash, &hit)) {
        tt_move = hit.move;
        const int score = tt_score = score_from_table(hit.score, ply);
        if (!pv_node && excluded_move == NO_CELL && hit.depth >= depth &&
            (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && score >= beta) ||
             (hit.bound == BOUND_UPPER && score <= alpha)))
            return score;
    }

    const int me = board->to_move;
    const Defence defence = search_defence_needed(board);
    const bool defending = defence == DEFEND_OPEN_FOUR;
    const int static_score = eval_cached(worker);
    worker->static_eval[ply] = static_score;
    const bool improving = ply < 2 || static_score > worker->static_eval[ply - 2];
    /* The table's bound, where it says more than the static score, is the better guess for the
     * pruning below (+47 Elo: docs/experiments.md). */
    int estimate = static_score;
    if (hit.bound != BOUND_NONE && abs(tt_score) < MATE_BOUND &&
        (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER ? tt_score > static_score : tt_score < static_score)))
        estimate = tt_score;
    if (!pv_node && !defending && abs(beta) < MATE_BOUND) {
        if (depth <= FUTILITY_DEPTH && estimate - FUTILITY_MARGIN * depth >= beta) return estimate;
        if (depth <= RAZOR_DEPTH && estimate + RAZOR_MARGIN * depth <= alpha) {
            const int score = quiescence(worker, ply, alpha, beta, QUIESCENCE_FOURS, NO_CELL);
            if (score <= alpha) return score;
        }
    }

    /* A cut node whose static score is well above beta will likely fail high anyway: its moves
     * other than fours are searched a ply shallower. */
    const bool likely_fail_high =
        cut_node && !pv_node && !defending && abs(beta) < MATE_BOUND && estimate >= beta + FAIL_HIGH_MARGIN * depth;

    MovePicker picker;
    movepick_init(&picker, board, tt_move, worker->killers[ply], worker->history[me - 1], defence);
    const int original_alpha = alpha;
    const int lmp_moves = move_count_limit(depth, improving);
    int best_score = -INFINITE_SCORE, best_move = NO_CELL, move_count = 0;
    int tried[64], tried_count = 0;
    for (int move = movepick_next(&picker); move != NO_CELL; move = movepick_next(&picker)) {
        if (move == excluded_move) continue;
        move_count++;
        /* Prune and reduce only once a move that does not lose is known, and never among the
         * few defences against a threat. */
        const bool safe = best_score > -MATE_BOUND;
        const bool narrowed = picker.defence != DEFEND_NONE;
        if (!narrowed && safe && move_count > lmp_moves) break;
        int extension = 0;
        if (move == tt_move && excluded_move == NO_CELL && depth >= SINGULAR_DEPTH &&
            ply < 2 * worker->root_depth && abs(tt_score) < MATE_BOUND &&
            (hit.bound == BOUND_LOWER || hit.bound == BOUND_EXACT) && hit.depth >= depth - SINGULAR_TABLE_DEPTH) {
            const int singular_beta = tt_score - SINGULAR_MARGIN * depth;
            const int value = search_without(worker, move, depth, ply, singular_beta, cut_node);
            if (stopped(search)) return 0;
            if (value < singular_beta) extension = 1;
            else if (singular_beta >= beta) return singular_beta;    /* more than one move fails high */
        }
        const int new_depth = depth - 1 + extension -
            (likely_fail_high && shape_cell_class(&board->shapes, move, me) < CLASS_FOUR ? 1 : 0);
        board_make_fast(board, move);
        tt_prefetch(&search->table, board->hash);
        int score;
        if (move_count == 1) {
            score = -search_node(worker, new_depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
        } else {
            const int r = !narrowed && safe && depth >= LMR_DEPTH && move_count > LMR_FIRST_MOVE
                              ? late_move_reduction(worker, ply, move, depth, new_depth, move_count,
                                                    pv_node, cut_node, improving)
                              : 0;
            score = -search_node(worker, new_depth - r, ply + 1, -alpha - 1, -alpha, false, true);
            if (score > alpha && r) score = -search_node(worker, new_depth, ply + 1, -alpha - 1, -alpha, false, !cut_node);
            if (score > alpha && score < beta && pv_node)
                score = -search_node(worker, new_depth, ply + 1, -beta, -alpha, true, false);
        }
        board_undo_fast(board);
        if (stopped(search)) return 0;
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                search_update_pv(worker, ply, move);
                if (alpha >= beta) {
                    if (picker.defence == DEFEND_NONE) reward(worker, ply, move, depth, tried, tried_count);
                    break;
                }
            }
        }
        if (tried_count < 64) tried[tried_count++] = move;
    }
    if (move_count == 0) {
        if (excluded_move != NO_CELL) return alpha;
        /* Defending with nothing that stops the threat: they make an open four next move. */
        return defending ? -mate_in(ply, 4) : static_score;
    }
    if (excluded_move != NO_CELL) return best_score;
    const int bound = best_score >= beta ? BOUND_LOWER : best_score > original_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&search->table, board->hash, best_move, score_to_table(best_score, ply), depth, bound);
    return best_score;
}

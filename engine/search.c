#include "search.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "monotonic.h"
#include "movegen.h"
#include "rules.h"
#include "search_params.h"
#include "table_memory.h"
#include "threat.h"
#include "tt.h"

#define SEARCH_MAX_PLY 128
#define INFINITE_SCORE 32000
#define MAX_THREADS SEARCH_MAX_THREADS
#define THREAT_HASH_BYTES (4u << 20)
#define MAX_ROOT_MOVES 256
#define NODES_PER_CHECK 1024
#define QUIESCENCE_CACHE_SIZE (1u << 16)

/* What the quiescence's four search found in a position: a win `win_plies` away starting with
 * `move`, or none with up to `fours_left` fours. Continuous fours transpose a lot (A then B,
 * B then A), and neighbouring leaves share their four lines. */
typedef struct QuiescenceEntry {
    uint64_t key;
    uint16_t move;
    int16_t win_plies;  /* 0: no win */
    uint8_t fours_left;
} QuiescenceEntry;

/* One ranked root move: its score and the line it expects. */
typedef struct RootLine {
    int move, score, pv_length;
    int pv[SEARCH_MAX_PLY];
} RootLine;

typedef struct Worker {
    struct Search *search;
    int id;
    Board board;
    ThreatSearch *threat;
    uint64_t nodes;                 /* this thread's own count, of every kind */
    uint64_t quiescence_nodes, threat_nodes;    /* of those, in the quiescence and threat.h */
    _Atomic uint64_t shared_nodes;  /* what other threads may read: `nodes`, now and then */
    int killers[SEARCH_MAX_PLY][2];
    int static_eval[SEARCH_MAX_PLY];    /* each alpha-beta node's static score, to see progress */
    int excluded_move[SEARCH_MAX_PLY];  /* the move a singular-extension test leaves out */
    int root_depth;                     /* this iteration's depth, to bound extensions */
    int32_t history[2][CELLS];
    int pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pv_length[SEARCH_MAX_PLY];
    pthread_t thread;
    /* the root's best move and score from this worker's last finished iteration, and its
     * ranked lines (more than one when several best moves are asked for) */
    int best_move, best_score, completed_depth;
    RootLine lines[SEARCH_MULTIPV_MAX];
    int line_count;
    int picked[SEARCH_MULTIPV_MAX];     /* this iteration: the moves of the lines done so far */
    /* this iteration: a root move other than the first was searched in full and is better */
    bool root_improved;
    QuiescenceEntry quiescence_cache[QUIESCENCE_CACHE_SIZE];
} Worker;

typedef struct RootMove {
    int cell;
    bool loses;     /* the opponent has a VCF after it */
} RootMove;

/* Wakes at the hard deadline and stops the search, whatever it is doing (alpha-beta, a threat
 * search, preparing the root): node-count clock checks alone came up to 90 ms late on a
 * loaded machine. */
typedef struct Watchdog {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool done;
    struct timespec deadline;
    struct Search *search;
} Watchdog;

struct Search {
    TranspositionTable table;
    size_t hash_bytes;
    int thread_count;
    Worker *workers[MAX_THREADS];
    atomic_int stop;
    bool used;                      /* a think ran since the tables were last emptied */
    /* per think */
    SearchLimits limits;
    int64_t start_ms;
    int multipv;
    RootMove root[MAX_ROOT_MOVES];
    int root_count;
    EngineReportFn report;
    void *report_context;
};

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

/* ---- set-up ------------------------------------------------------------------------------ */

Search *search_new(void) {
    Search *search = calloc(1, sizeof *search);
    if (!search) return NULL;
    pthread_once(&reductions.once, reductions_build);
    pthread_once(&move_counts.once, move_counts_build);
    search->hash_bytes = 64u << 20;
    search->thread_count = 1;
    atomic_init(&search->stop, 0);
    return search;
}

static void free_workers(Search *search) {
    for (int i = 0; i < MAX_THREADS; i++) {
        if (!search->workers[i]) continue;
        threat_free(search->workers[i]->threat);
        table_memory_free(search->workers[i], sizeof *search->workers[i]);
        search->workers[i] = NULL;
    }
}

void search_free(Search *search) {
    if (!search) return;
    free_workers(search);
    tt_free(&search->table);
    free(search);
}

static Worker *worker_get(Search *search, int id);

/* Once a game has begun (the table exists), new threads' workers are made now, not in the
 * next think's time. */
void search_set_threads(Search *search, int threads) {
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    search->thread_count = threads;
    if (search->table.entries)
        for (int i = 0; i < threads; i++) worker_get(search, i);
}

void search_set_hash_bytes(Search *search, size_t bytes) {
    search->hash_bytes = bytes;
    /* a table already made follows now (untouched: this may come between START and a move);
     * otherwise START or the first think makes it */
    if (search->table.entries) tt_resize(&search->table, bytes);
}

size_t search_hash_bytes(const Search *search) { return search->hash_bytes; }

/* A new game. The table and the workers are made here when they are missing; tables no think
 * has used since they were made or emptied are zero already, so a new rule right after START
 * (Piskvork's order) costs nothing. */
void search_clear(Search *search) {
    if (!search->table.entries) tt_resize(&search->table, search->hash_bytes);
    for (int i = 0; i < search->thread_count; i++) worker_get(search, i);
    if (!search->used) return;
    tt_clear(&search->table);
    for (int i = 0; i < MAX_THREADS; i++) {
        Worker *worker = search->workers[i];
        if (!worker) continue;
        threat_clear(worker->threat);
        memset(worker->history, 0, sizeof worker->history);
        memset(worker->quiescence_cache, 0, sizeof worker->quiescence_cache);
    }
    search->used = false;
}

void search_stop(Search *search) { atomic_store(&search->stop, 1); }

static void *watchdog_main(void *argument) {
    Watchdog *watchdog = argument;
    pthread_mutex_lock(&watchdog->lock);
    while (!watchdog->done) {
        if (pthread_cond_timedwait(&watchdog->wake, &watchdog->lock, &watchdog->deadline) != 0) {
            search_stop(watchdog->search);
            break;
        }
    }
    pthread_mutex_unlock(&watchdog->lock);
    return NULL;
}

/* The deadline is on a clock that a change of the wall clock does not move, where the platform
 * lets a condition variable wait on it (not macOS, not Windows). */
#if defined(__APPLE__) || defined(_WIN32)
#define WATCHDOG_CLOCK CLOCK_REALTIME
static void watchdog_cond_init(pthread_cond_t *wake) { pthread_cond_init(wake, NULL); }
#else
#define WATCHDOG_CLOCK CLOCK_MONOTONIC
static void watchdog_cond_init(pthread_cond_t *wake) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(wake, &attributes);
    pthread_condattr_destroy(&attributes);
}
#endif

/* `deadline_ms` on monotonic_ms(). */
static bool watchdog_start(Watchdog *watchdog, Search *search, int64_t deadline_ms) {
    int64_t ms = deadline_ms - monotonic_ms();
    if (ms < 0) ms = 0;
    watchdog->done = false;
    watchdog->search = search;
    clock_gettime(WATCHDOG_CLOCK, &watchdog->deadline);
    watchdog->deadline.tv_sec += (time_t)(ms / 1000);
    watchdog->deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (watchdog->deadline.tv_nsec >= 1000000000L) {
        watchdog->deadline.tv_sec++;
        watchdog->deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_init(&watchdog->lock, NULL);
    watchdog_cond_init(&watchdog->wake);
    if (pthread_create(&watchdog->thread, NULL, watchdog_main, watchdog) == 0) return true;
    pthread_cond_destroy(&watchdog->wake);
    pthread_mutex_destroy(&watchdog->lock);
    return false;
}

static void watchdog_finish(Watchdog *watchdog) {
    pthread_mutex_lock(&watchdog->lock);
    watchdog->done = true;
    pthread_cond_signal(&watchdog->wake);
    pthread_mutex_unlock(&watchdog->lock);
    pthread_join(watchdog->thread, NULL);
    pthread_cond_destroy(&watchdog->wake);
    pthread_mutex_destroy(&watchdog->lock);
}

static bool stopped(const Search *search) { return atomic_load_explicit(&search->stop, memory_order_relaxed); }

static Worker *worker_get(Search *search, int id) {
    if (!search->workers[id]) {
        Worker *worker = table_memory_alloc(sizeof *worker);
        if (!worker) return NULL;
        table_memory_populate(worker, sizeof *worker, NULL);
        worker->threat = threat_new(THREAT_HASH_BYTES);
        if (!worker->threat) {
            table_memory_free(worker, sizeof *worker);
            return NULL;
        }
        search->workers[id] = worker;
    }
    Worker *worker = search->workers[id];
    worker->search = search;
    worker->id = id;
    worker->nodes = worker->quiescence_nodes = worker->threat_nodes = 0;
    atomic_store_explicit(&worker->shared_nodes, 0, memory_order_relaxed);
    memset(worker->killers, 0, sizeof worker->killers);
    for (int ply = 0; ply < SEARCH_MAX_PLY; ply++) worker->excluded_move[ply] = NO_CELL;
    return worker;
}

/* ---- helpers ----------------------------------------------------------------------------- */

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

static uint64_t total_nodes(const Search *search) {
    uint64_t nodes = 0;
    for (int i = 0; i < search->thread_count; i++)
        if (search->workers[i])
            nodes += atomic_load_explicit(&search->workers[i]->shared_nodes, memory_order_relaxed);
    return nodes;
}

static void publish_nodes(Worker *worker) {
    atomic_store_explicit(&worker->shared_nodes, worker->nodes, memory_order_relaxed);
}

/* Only the main worker watches the clock and the node budget. */
static void check_limits(Worker *worker) {
    Search *search = worker->search;
    publish_nodes(worker);
    if (worker->id != 0) return;
    const SearchLimits *limits = &search->limits;
    if (limits->abort && atomic_load_explicit(limits->abort, memory_order_relaxed)) search_stop(search);
    if (limits->max_nodes && total_nodes(search) >= (uint64_t)limits->max_nodes) search_stop(search);
    if (!limits->time.unlimited && monotonic_ms() - search->start_ms >= limits->time.hard_ms)
        search_stop(search);
}

static void count_node(Worker *worker) {
    if ((++worker->nodes & (NODES_PER_CHECK - 1)) == 0) check_limits(worker);
}

static void update_pv(Worker *worker, int ply, int move) {
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
static Defence defence_needed(Board *board) {
    if (!exact_threats(board)) return DEFEND_NONE;
    const int them = opponent(board->to_move);
    if (movegen_has_winning_threat(board, them)) return DEFEND_OPEN_FOUR;
    if (shape_class_count(&board->shapes, them, CLASS_FOUR_THREE)) return DEFEND_FOUR_THREE;
    return DEFEND_NONE;
}

typedef enum Outcome { OUTCOME_OPEN, OUTCOME_WIN, OUTCOME_LOSS, OUTCOME_FORCED } Outcome;

/* Wins and losses a node sees without searching, or the one move it must play (the block of
 * the opponent's four). `win_plies` gets the plies to the five. */
static Outcome immediate(Board *board, int *forced, int *plies) {
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

static int mate_in(int ply, int plies) { return MATE - ply - plies; }

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
            update_pv(worker, ply, fours[i]);
            return score;
        }
    }
    return -INFINITE_SCORE;
}

/* four_wins through the worker's cache: a win is a proof wherever it was found; no win holds
 * for as many fours as were tried. The fours tried depend on the last four too. */
static int four_wins_cached(Worker *worker, int ply, int fours_left, int last_four) {
    const uint64_t key = worker->board.hash ^ ((uint64_t)(last_four + 1) * 0x9E3779B97F4A7C15ull);
    QuiescenceEntry *entry = &worker->quiescence_cache[key & (QUIESCENCE_CACHE_SIZE - 1)];
    if (entry->key == key) {
        if (entry->win_plies) {
            worker->pv_length[ply + 1] = 0;
            update_pv(worker, ply, entry->move);
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
    const Outcome outcome = immediate(board, &forced, &plies);
    if (outcome == OUTCOME_WIN || outcome == OUTCOME_LOSS) return outcome_score(outcome, ply, plies);
    if (outcome == OUTCOME_FORCED) {
        /* The defender's block hands the attacker's last four down to the attacker's node. */
        board_make_fast(board, forced);
        const int score = -quiescence(worker, ply + 1, -beta, -alpha, fours_left, last_four);
        board_undo_fast(board);
        if (score > alpha) update_pv(worker, ply, forced);
        return score;
    }
    const int stand = eval_position(board);
    if (stand >= beta || fours_left <= 0 || ply >= SEARCH_MAX_PLY - 8) return stand;
    const int win = four_wins_cached(worker, ply, fours_left, last_four);
    return win > stand ? win : stand;
}

/* ---- the search -------------------------------------------------------------------------- */

static int negamax(Worker *worker, int depth, int ply, int alpha, int beta, bool pv_node, bool cut_node);

/* Singular-extension test: the node at `ply` searched to half its depth without `move`, on a
 * zero window at `singular_beta`. */
static int search_without(Worker *worker, int move, int depth, int ply, int singular_beta, bool cut_node) {
    worker->excluded_move[ply] = move;
    const int value = negamax(worker, (depth - 1) / 2, ply, singular_beta - 1, singular_beta, false, cut_node);
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
static int negamax(Worker *worker, int depth, int ply, int alpha, int beta, bool pv_node, bool cut_node) {
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
    if (ply >= SEARCH_MAX_PLY - 8) return eval_position(board);

    int forced = NO_CELL, plies = 0;
    const Outcome outcome = immediate(board, &forced, &plies);
    if (outcome == OUTCOME_WIN || outcome == OUTCOME_LOSS) return outcome_score(outcome, ply, plies);
    if (outcome == OUTCOME_FORCED) {
        /* The block of a four costs no depth. */
        worker->static_eval[ply] = -worker->static_eval[ply - 1];
        board_make_fast(board, forced);
        const int score = -negamax(worker, depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
        board_undo_fast(board);
        if (stopped(search)) return 0;
        if (score > alpha) update_pv(worker, ply, forced);
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
    const Defence defence = defence_needed(board);
    const bool defending = defence == DEFEND_OPEN_FOUR;
    const int static_score = eval_position(board);
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
            score = -negamax(worker, new_depth, ply + 1, -beta, -alpha, pv_node, !pv_node && !cut_node);
        } else {
            const int r = !narrowed && safe && depth >= LMR_DEPTH && move_count > LMR_FIRST_MOVE
                              ? late_move_reduction(worker, ply, move, depth, new_depth, move_count,
                                                    pv_node, cut_node, improving)
                              : 0;
            score = -negamax(worker, new_depth - r, ply + 1, -alpha - 1, -alpha, false, true);
            if (score > alpha && r) score = -negamax(worker, new_depth, ply + 1, -alpha - 1, -alpha, false, !cut_node);
            if (score > alpha && score < beta && pv_node)
                score = -negamax(worker, new_depth, ply + 1, -beta, -alpha, true, false);
        }
        board_undo_fast(board);
        if (stopped(search)) return 0;
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                update_pv(worker, ply, move);
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

/* ---- the root ------------------------------------------------------------------------------ */

/* Realtime lines are for a person watching a long think: not for the first plies or moments. */
static bool realtime_shown(const Worker *worker, int depth) {
    const Search *search = worker->search;
    return worker->id == 0 && search->limits.realtime && depth >= REALTIME_MIN_DEPTH &&
           monotonic_ms() - search->start_ms >= REALTIME_MIN_MS;
}

static void report_root(const Worker *worker, EngineReportKind kind, int cell) {
    const Search *search = worker->search;
    if (!search->report) return;
    EngineReport report = {.kind = kind, .cell = cell};
    search->report(search->report_context, &report);
}

static bool picked_before(const Worker *worker, int line, int cell) {
    for (int i = 0; i < line; i++)
        if (worker->picked[i] == cell) return true;
    return false;
}

/* One iteration at the root over the prepared root moves (losing ones last), for line `line`
 * of a multi-PV search: the moves the lines before it took this iteration are left out, and
 * the move this line had last iteration is tried first. */
static int search_root(Worker *worker, int depth, int alpha, int beta, int line) {
    Search *search = worker->search;
    Board *board = &worker->board;
    const int me = board->to_move;
    worker->static_eval[0] = eval_position(board);
    worker->root_depth = depth;
    worker->pv_length[0] = 0;
    int best_score = -INFINITE_SCORE;
    int order[MAX_ROOT_MOVES] = {0};
    bool loses[MAX_ROOT_MOVES];
    int count = 0;
    const int previous_best = line == 0 ? worker->best_move : worker->lines[line].move;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < search->root_count; i++) {
            const int cell = search->root[i].cell;
            if ((cell == previous_best) != (pass == 0) || picked_before(worker, line, cell)) continue;
            loses[count] = search->root[i].loses;
            order[count++] = cell;
        }
    if (count == 0) return -INFINITE_SCORE;
    const bool realtime = realtime_shown(worker, depth);
    int best_move = order[0];
    worker->root_improved = false;
    for (int i = 0; i < count; i++) {
        const int move = order[i];
        if (realtime) report_root(worker, REPORT_ROOT_SEARCHING, move);
        int score;
        board_make_fast(board, move);
        if (rules_wins_at(board, move, me)) {
            score = mate_in(0, 1);
            worker->pv_length[1] = 0;
        } else if (loses[i]) {
            score = -(MATE - 4);    /* refuted by the opponent's VCF; exact length unknown */
            worker->pv_length[1] = 0;
        } else if (i == 0) {
            score = -negamax(worker, depth - 1, 1, -beta, -alpha, true, false);
        } else {
            score = -negamax(worker, depth - 1, 1, -alpha - 1, -alpha, false, true);
            if (score > alpha && score < beta) score = -negamax(worker, depth - 1, 1, -beta, -alpha, true, false);
        }
        board_undo_fast(board);
        if (stopped(search)) break;
        if (realtime) {
            report_root(worker, REPORT_ROOT_SEARCHED, move);
            if (score <= -MATE_BOUND) report_root(worker, REPORT_ROOT_LOST, move);
        }
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                update_pv(worker, 0, move);
                worker->root_improved = i > 0;
                if (realtime) report_root(worker, REPORT_ROOT_BEST, move);
                if (alpha >= beta) break;
            }
        }
    }
    if (worker->pv_length[0] == 0) {
        worker->pv[0][0] = best_move;
        worker->pv_length[0] = 1;
    }
    return best_score;
}

static void report_line(Worker *worker, const RootLine *line, int rank, int depth) {
    Search *search = worker->search;
    if (!search->report) return;
    EngineReport report = {.kind = REPORT_ITERATION, .depth = depth, .score = line->score};
    report.multipv = search->multipv > 1 ? rank : 0;
    if (line->score >= MATE_BOUND) report.mate = (MATE - line->score + 1) / 2;
    if (line->score <= -MATE_BOUND) report.mate = -((MATE + line->score + 1) / 2);
    publish_nodes(worker);
    report.nodes = total_nodes(search);
    report.elapsed_ms = monotonic_ms() - search->start_ms;
    report.pv_length = line->pv_length < REPORT_PV_MAX ? line->pv_length : REPORT_PV_MAX;
    for (int i = 0; i < report.pv_length; i++) report.pv[i] = line->pv[i];
    search->report(search->report_context, &report);
}

static void report_iteration(Worker *worker, int depth) {
    for (int i = 0; i < worker->line_count; i++) report_line(worker, &worker->lines[i], i + 1, depth);
}

/* How much of the soft budget this move deserves: more while the best move keeps changing or
 * the score falls, less once it has been stable for a while. */
static double time_scale(double scale, bool move_changed, int score_drop, int depth) {
    if (move_changed) scale *= TIME_CHANGE_FACTOR;
    else if (depth >= TIME_STABLE_DEPTH) scale *= TIME_STABLE_FACTOR;
    if (score_drop >= TIME_DROP_MARGIN) scale *= TIME_DROP_FACTOR;
    return scale < TIME_SCALE_MIN ? TIME_SCALE_MIN : scale > TIME_SCALE_MAX ? TIME_SCALE_MAX : scale;
}

/* Another iteration, when the scaled soft budget has time left; on a game clock also only when
 * it is expected to finish before the hard limit (from the growth of the last two), since an
 * iteration cut short rarely changes the move and its time would be there for later moves. */
static bool time_for_another(const Search *search, double scale, int64_t last_ms, int64_t before_ms) {
    const TimeBudget *time = &search->limits.time;
    if (time->unlimited) return true;
    double budget = (double)time->soft_ms * scale;
    if (budget > (double)time->hard_ms) budget = (double)time->hard_ms;
    const int64_t elapsed = monotonic_ms() - search->start_ms;
    if ((double)elapsed >= budget * TIME_NEXT_ITERATION) return false;
    if (!time->clock) return true;
    double growth = before_ms >= TIME_GROWTH_SAMPLE_MS ? (double)last_ms / (double)before_ms : TIME_GROWTH_MAX;
    if (growth < TIME_GROWTH_MIN) growth = TIME_GROWTH_MIN;
    if (growth > TIME_GROWTH_MAX) growth = TIME_GROWTH_MAX;
    return (double)elapsed + (double)last_ms * growth <= (double)time->hard_ms;
}

static void save_line(Worker *worker, RootLine *line, int score) {
    line->move = worker->pv[0][0];
    line->score = score;
    line->pv_length = worker->pv_length[0];
    memcpy(line->pv, worker->pv[0], sizeof(int) * (size_t)line->pv_length);
}

/* The lines of one iteration, best first (a later line can come out above an earlier one:
 * each is searched with what the table knows by then). */
static void rank_lines(RootLine *lines, int count) {
    for (int i = 1; i < count; i++) {
        const RootLine line = lines[i];
        int j = i;
        for (; j > 0 && lines[j - 1].score < line.score; j--) lines[j] = lines[j - 1];
        lines[j] = line;
    }
}

/* A winning line played on to the five, so that "win in N" counts the own moves to it: the
 * threat search's own line can stop short (a reply it did not store), and the alpha-beta
 * search's ends where a threat speaks for itself. Forced blocks, fives and the defender's first
 * answer to a threat are played; where the winner is to move, a threat search finds the rest.
 * The score follows the line when it reaches the five; otherwise both are left as they were. */
static void complete_line(Worker *worker, RootLine *line) {
    Board *board = &worker->board;
    const int winner = board->to_move;
    int made = 0;
    while (made < line->pv_length && board_empty_at(board, line->pv[made])) board_make_fast(board, line->pv[made++]);
    bool five = made > 0 && made == line->pv_length && board->cell[line->pv[made - 1]] == winner &&
                rules_wins_at(board, line->pv[made - 1], winner);
    for (int round = 0; !five && made == line->pv_length && round < WIN_LINE_ROUNDS; round++) {
        int more[SEARCH_MAX_PLY], extra = 0;
        const int fives = shape_class_count(&board->shapes, winner, CLASS_FIVE);
        const int five_cell = fives > 0 ? movegen_find(board, winner, CLASS_FIVE) : NO_CELL;
        if (board->to_move != winner && fives > 0 && movegen_legal(board, five_cell)) {
            more[extra++] = five_cell;      /* the block, or one of them */
        } else if (board->to_move == winner && fives > 0) {
            more[extra++] = five_cell;
        } else if (board->to_move == winner) {
            int move = NO_CELL;
            int64_t nodes = 0;
            if (!threat_vcf(worker->threat, board, WIN_LINE_NODES, &move, &nodes, &worker->search->stop) &&
                !threat_vct(worker->threat, board, WIN_LINE_NODES, &move, &nodes, &worker->search->stop))
                break;
            worker->nodes += (uint64_t)nodes;
            worker->threat_nodes += (uint64_t)nodes;
            extra = threat_last_line(worker->threat, more, SEARCH_MAX_PLY);
            if (extra == 0 || more[0] != move) more[(extra = 1) - 1] = move;
        } else if (fives > 0 || defence_needed(board) != DEFEND_NONE) {
            /* a threat of an open four or a four-three, or a four whose block is forbidden: the
             * defender's first answer stands for all */
            MovePicker picker;
            movepick_init(&picker, board, NO_CELL, NULL, NULL, defence_needed(board));
            int answer = movepick_next(&picker);
            if (answer == NO_CELL) {
                /* nothing stops it: any move the defender likes */
                movepick_init(&picker, board, NO_CELL, NULL, NULL, DEFEND_NONE);
                answer = movepick_next(&picker);
            }
            if (answer == NO_CELL) break;
            more[extra++] = answer;
        } else {
            break;
        }
        for (int i = 0; i < extra && line->pv_length < SEARCH_MAX_PLY && board_empty_at(board, more[i]); i++) {
            const int mover = board->to_move;
            line->pv[line->pv_length++] = more[i];
            board_make_fast(board, more[i]);
            made++;
            if (mover == winner && rules_wins_at(board, more[i], winner)) {
                five = true;
                break;
            }
        }
    }
    if (five) line->score = MATE - line->pv_length;
    while (made--) board_undo_fast(board);
}

static void finish_iteration(Worker *worker, int depth, const RootLine *lines, int count) {
    memcpy(worker->lines, lines, sizeof *lines * (size_t)count);
    worker->line_count = count;
    if (worker->id == 0)
        for (int i = 0; i < count; i++)
            if (worker->lines[i].score >= MATE_BOUND) complete_line(worker, &worker->lines[i]);
    rank_lines(worker->lines, count);
    worker->best_score = worker->lines[0].score;
    worker->best_move = worker->lines[0].move;
    worker->completed_depth = depth;
}

/* The aspiration window around the last exact score, doubled on each fail, opened fully once
 * the score is a forced result. A decisive score that fails high with the same best move is
 * taken as it is: the move is clear, and resolving by how much it wins cost one iteration ten
 * times the last; the next window stays centred on the last exact score. */
static int aspiration_search(Worker *worker, int depth, int score, bool *exact) {
    Search *search = worker->search;
    int alpha = -INFINITE_SCORE, beta = INFINITE_SCORE, window = ASPIRATION_WINDOW;
    if (depth >= ASPIRATION_DEPTH && abs(score) < MATE_BOUND) {
        alpha = score - window;
        beta = score + window;
    }
    *exact = true;
    for (;;) {
        const int result = search_root(worker, depth, alpha, beta, 0);
        if (stopped(search)) return result;
        if (result >= beta && result >= ASPIRATION_DECISIVE && result < MATE_BOUND &&
            worker->pv[0][0] == worker->best_move) {
            *exact = false;
            return result;
        }
        const bool open = abs(result) >= MATE_BOUND;
        if (result <= alpha) {
            alpha = open || result - window <= -INFINITE_SCORE ? -INFINITE_SCORE : result - window;
        } else if (result >= beta) {
            beta = open || result + window >= INFINITE_SCORE ? INFINITE_SCORE : result + window;
        } else {
            return result;
        }
        window *= 2;
    }
}

static void iterate(Worker *worker) {
    Search *search = worker->search;
    const int max_depth = search->limits.max_depth > 0 ? search->limits.max_depth : SEARCH_MAX_PLY - 16;
    int lines_wanted = worker->id == 0 ? search->multipv : 1;
    if (lines_wanted > search->root_count) lines_wanted = search->root_count;
    RootLine lines[SEARCH_MULTIPV_MAX];
    int score = 0, exact_score = 0;
    double scale = 1.0;
    int64_t iteration_start = monotonic_ms(), last_ms = 0, before_ms = 0;
    /* Helpers start one deeper on odd ids so the threads spread over depths (Lazy SMP): +25.8
     * Elo for 2 threads (docs/experiments.md). */
    for (int depth = 1 + (worker->id & 1); depth <= max_depth; depth++) {
        bool exact = true;
        const int result = aspiration_search(worker, depth, exact_score, &exact);
        if (stopped(search)) {
            /* A root move searched in full and better than the last best counts, even in the
             * first iteration (a short turn whose root threat searches took most of it). */
            if (worker->root_improved && worker->pv_length[0] > 0 && lines_wanted == 1) {
                save_line(worker, &worker->lines[0], worker->best_score);
                worker->line_count = 1;
                worker->best_move = worker->lines[0].move;
            }
            break;
        }
        save_line(worker, &lines[0], result);
        worker->picked[0] = lines[0].move;
        int count = 1;
        for (; count < lines_wanted; count++) {
            const int other = search_root(worker, depth, -INFINITE_SCORE, INFINITE_SCORE, count);
            if (stopped(search)) break;
            save_line(worker, &lines[count], other);
            worker->picked[count] = lines[count].move;
        }
        if (count < lines_wanted) break;    /* stopped: the last whole iteration stands */
        const bool move_changed = lines[0].move != worker->best_move;
        const int drop = score - result;
        score = result;
        if (exact) exact_score = result;    /* the next window is centred on what is known */
        finish_iteration(worker, depth, lines, count);
        if (worker->id != 0) continue;
        if (search->limits.realtime && realtime_shown(worker, depth)) {
            report_root(worker, REPORT_ROOT_REFRESH, NO_CELL);
            report_root(worker, REPORT_ROOT_BEST, worker->best_move);
        }
        report_iteration(worker, depth);
        const int64_t now = monotonic_ms();
        before_ms = last_ms;
        last_ms = now - iteration_start;
        iteration_start = now;
        /* A proven result does not change with depth. */
        if (abs(score) >= MATE_BOUND && depth >= 3 && lines_wanted == 1) break;
        if (search->root_count == 1 && depth >= 2) break;
        scale = time_scale(scale, move_changed && depth > 1, depth > 1 ? drop : 0, depth);
        if (!time_for_another(search, scale, last_ms, before_ms)) break;
    }
    publish_nodes(worker);
}

static void *helper_main(void *argument) {
    iterate(argument);
    return NULL;
}

/* Root moves: every move the root node would search, with the opponent's VCF checked after
 * each; a move that lets a VCF through is kept only at the end of the list. */
static int64_t vcf_budget(const Search *search, int64_t most) {
    if (search->limits.time.unlimited) return most;
    const int64_t budget = search->limits.time.hard_ms * VCF_NODES_PER_MS;
    return budget < 100 ? 100 : budget > most ? most : budget;
}

/* The root's candidates in the picker's order: the forced block, the defences against a
 * winning threat, or every move worth searching. */
static int root_candidates(Board *board, int *cells) {
    int forced = NO_CELL, plies = 0;
    if (immediate(board, &forced, &plies) == OUTCOME_FORCED) {
        cells[0] = forced;
        return 1;
    }
    const bool defending = defence_needed(board) == DEFEND_OPEN_FOUR;
    MovePicker picker;
    movepick_init(&picker, board, NO_CELL, NULL, NULL, defending ? DEFEND_OPEN_FOUR : DEFEND_NONE);
    int count = movepick_all(&picker, cells, MAX_ROOT_MOVES);
    if (count == 0 && defending) {
        /* No defence stops the threat: still play the move the search likes best (the
         * opponent may not see the win), never just the first empty cell. */
        movepick_init(&picker, board, NO_CELL, NULL, NULL, DEFEND_NONE);
        count = movepick_all(&picker, cells, MAX_ROOT_MOVES);
    }
    return count;
}

static void prepare_root(Search *search, Worker *main) {
    Board *board = &main->board;
    int cells[MAX_ROOT_MOVES];
    const int count = root_candidates(board, cells);
    search->root_count = 0;
    for (int i = 0; i < count; i++) {
        RootMove *root = &search->root[search->root_count++];
        root->cell = cells[i];
        root->loses = false;
        board_make_fast(board, root->cell);
        int refutation;
        const bool won_at_once = shape_class_count(&board->shapes, opponent(board->to_move), CLASS_FIVE) == 0 &&
                                 rules_wins_at(board, root->cell, opponent(board->to_move));
        int64_t spent = 0;
        if (!won_at_once)
            root->loses = threat_vcf(main->threat, board, vcf_budget(search, ROOT_REFUTE_VCF_NODES),
                                     &refutation, &spent, &search->stop);
        main->nodes += (uint64_t)spent;
        main->threat_nodes += (uint64_t)spent;
        board_undo_fast(board);
        if (stopped(search)) root->loses = false;
    }
    /* stable partition: safe moves first */
    RootMove sorted[MAX_ROOT_MOVES];
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < search->root_count; i++)
            if (search->root[i].loses == (pass == 1)) sorted[n++] = search->root[i];
    memcpy(search->root, sorted, sizeof(RootMove) * (size_t)n);
}

/* Called once every helper has been joined: their counts are final. */
static SearchResult finish(const Search *search, int move, int score, int depth) {
    SearchResult result = {.move = move, .score = score, .depth = depth};
    for (int i = 0; i < search->thread_count; i++) {
        const Worker *worker = search->workers[i];
        if (!worker) continue;
        result.nodes += worker->nodes;
        result.quiescence_nodes += worker->quiescence_nodes;
        result.threat_nodes += worker->threat_nodes;
    }
    return result;
}

static SearchResult think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context);

SearchResult search_think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context) {
    /* a stop asked for before the think began is not lost */
    atomic_store(&search->stop, limits->abort && atomic_load(limits->abort));
    search->start_ms = limits->start_ms ? limits->start_ms : monotonic_ms();
    Watchdog watchdog;
    const bool watched = !limits->time.unlimited && limits->time.hard_ms > 0 &&
                         watchdog_start(&watchdog, search, search->start_ms + limits->time.hard_ms);
    const SearchResult result = think(search, board, limits, report, context);
    if (watched) watchdog_finish(&watchdog);
    return result;
}

typedef bool (*ThreatFn)(ThreatSearch *, Board *, int64_t, int *, int64_t *, const atomic_int *);

/* Try one threat search at the root; on a win, report it and fill *result. */
static bool root_threat_win(Search *search, Worker *main, ThreatFn threat, int64_t budget,
                            SearchResult *result) {
    if (search->multipv > 1) return false;
    int win = NO_CELL;
    int64_t nodes = 0;
    const bool found = threat(main->threat, &main->board, budget, &win, &nodes, &search->stop);
    main->nodes += (uint64_t)nodes;
    main->threat_nodes += (uint64_t)nodes;
    publish_nodes(main);
    if (!found) return false;
    RootLine *line = &main->lines[0];
    line->pv_length = threat_last_line(main->threat, line->pv, SEARCH_MAX_PLY);
    if (line->pv_length == 0 || line->pv[0] != win) {
        line->pv[0] = win;
        line->pv_length = 1;
    }
    line->move = win;
    line->score = MATE - line->pv_length;
    complete_line(main, line);
    main->line_count = 1;
    report_iteration(main, line->pv_length);
    *result = finish(search, win, line->score, line->pv_length);
    return true;
}

/* Distance from the centre, doubled so that even boards need no fractions. */
static int centre_distance(const Board *board, int cell) {
    const int dx = abs(2 * cell_x(cell) - (board->width - 1)), dy = abs(2 * cell_y(cell) - (board->height - 1));
    return dx > dy ? dx : dy;
}

/* The `count` empty cells nearest the centre, nearest first (the opening move and its peers). */
static int cells_by_centre(const Board *board, int *cells, int count) {
    int found = 0;
    for (int ring = 0; found < count && ring <= board->width + board->height; ring++)
        for (int c = board_first(board); c && found < count; c = board_next(board, c))
            if (board_empty_at(board, c) && centre_distance(board, c) == ring) cells[found++] = c;
    return found;
}

/* The best-weighted legal moves without a search, as many as asked (distinct, best first):
 * what a zero time limit gets. On an empty board, the cells nearest the centre. */
static int static_choices(Board *board, int *cells, int count) {
    if (board->move_count == 0) return cells_by_centre(board, cells, count);
    int forced = NO_CELL, plies = 0;
    const Outcome outcome = immediate(board, &forced, &plies);
    int found = 0;
    if (outcome == OUTCOME_FORCED) cells[found++] = forced;
    if (outcome == OUTCOME_WIN && plies == 1) cells[found++] = movegen_find(board, board->to_move, CLASS_FIVE);
    if (found == count) return found;
    const bool defending = defence_needed(board) == DEFEND_OPEN_FOUR;
    MovePicker picker;
    movepick_init(&picker, board, NO_CELL, NULL, NULL, defending ? DEFEND_OPEN_FOUR : DEFEND_NONE);
    for (int move = movepick_next(&picker); move != NO_CELL && found < count; move = movepick_next(&picker))
        if (found == 0 || move != cells[0]) cells[found++] = move;
    return found;
}

/* Lines of a think that ends without a search (a zero time limit, an empty board). */
static SearchResult static_result(Search *search, Worker *main) {
    int cells[SEARCH_MULTIPV_MAX];
    const int count = static_choices(&main->board, cells, search->multipv);
    main->line_count = count;
    for (int i = 0; i < count; i++)
        main->lines[i] = (RootLine){.move = cells[i], .score = 0, .pv_length = 1, .pv = {cells[i]}};
    return finish(search, count ? cells[0] : NO_CELL, 0, 0);
}

int search_pick_thread(const ThreadOutcome *outcomes, int count) {
    int best = 0;
    if (outcomes[0].score >= MATE_BOUND) return 0;
    for (int i = 1; i < count; i++) {
        const ThreadOutcome *helper = &outcomes[i], *chosen = &outcomes[best];
        if (helper->move == NO_CELL || helper->depth == 0 || chosen->score >= MATE_BOUND) continue;
        if (helper->score >= MATE_BOUND || (abs(helper->score) < MATE_BOUND && helper->depth > chosen->depth))
            best = i;
    }
    return best;
}

static const Worker *chosen_worker(const Search *search, int helpers) {
    if (search->multipv > 1) return search->workers[0];
    ThreadOutcome outcomes[MAX_THREADS];
    for (int i = 0; i <= helpers; i++) {
        const Worker *worker = search->workers[i];
        outcomes[i] = (ThreadOutcome){worker->best_move, worker->best_score, worker->completed_depth};
    }
    return search->workers[search_pick_thread(outcomes, helpers + 1)];
}

static bool start_helper(Worker *worker) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return false;
    pthread_attr_setstacksize(&attributes, ENGINE_THREAD_STACK);
    const bool started = pthread_create(&worker->thread, &attributes, helper_main, worker) == 0;
    pthread_attr_destroy(&attributes);
    return started;
}

static SearchResult think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context) {
    search->limits = *limits;
    search->multipv = limits->multipv < 1 ? 1 : limits->multipv > SEARCH_MULTIPV_MAX ? SEARCH_MULTIPV_MAX : limits->multipv;
    search->report = report;
    search->report_context = context;
    search->used = true;
    /* without the memory asked for, a small table rather than none */
    if (!search->table.entries && !tt_resize(&search->table, search->hash_bytes) &&
        !tt_resize(&search->table, 1u << 20))
        return (SearchResult){.move = NO_CELL};
    tt_new_search(&search->table);

    Worker *main = worker_get(search, 0);
    if (!main) return (SearchResult){.move = NO_CELL};
    memcpy(&main->board, board, sizeof *board);
    main->best_move = NO_CELL;
    main->completed_depth = 0;
    main->line_count = 0;
    search->root_count = 0;
    if (board_full(board)) return finish(search, NO_CELL, 0, 0);
    if (board->move_count == 0 || (!limits->time.unlimited && limits->time.hard_ms <= 0))
        return static_result(search, main);

    /* A win by continuous fours needs no search; nor one by threes and fours, which is
     * costlier and gets a smaller share of the turn. */
    SearchResult won;
    if (root_threat_win(search, main, threat_vcf, vcf_budget(search, ROOT_VCF_NODES), &won) ||
        root_threat_win(search, main, threat_vct, vcf_budget(search, ROOT_VCT_NODES) / 2, &won))
        return won;

    prepare_root(search, main);
    if (search->root_count == 0) {
        /* Nothing legal near the stones (renju: every block forbidden): any empty legal cell. */
        for (int c = board_first(board); c; c = board_next(board, c))
            if (movegen_legal(&main->board, c)) return finish(search, c, -MATE, 0);
        for (int c = board_first(board); c; c = board_next(board, c))
            if (board->cell[c] == EMPTY) return finish(search, c, -MATE, 0);
        return finish(search, NO_CELL, 0, 0);
    }
    main->best_move = search->root[0].cell;
    main->best_score = 0;

    int helpers = search->thread_count - 1;
    for (int i = 1; i <= helpers; i++) {
        Worker *worker = worker_get(search, i);
        if (!worker) {
            helpers = i - 1;
            break;
        }
        memcpy(&worker->board, board, sizeof *board);
        worker->best_move = NO_CELL;
        worker->completed_depth = 0;
        worker->line_count = 0;
        if (!start_helper(worker)) {
            helpers = i - 1;
            break;
        }
    }
    iterate(main);
    search_stop(search);
    for (int i = 1; i <= helpers; i++) pthread_join(search->workers[i]->thread, NULL);
    if (main->line_count == 0) {
        /* stopped before the first iteration ended: the root's order stands */
        main->line_count = search->multipv < search->root_count ? search->multipv : search->root_count;
        for (int i = 0; i < main->line_count; i++) {
            const int cell = search->root[i].cell;
            main->lines[i] = (RootLine){.move = cell, .score = 0, .pv_length = 1, .pv = {cell}};
        }
    }
    const Worker *best = chosen_worker(search, helpers);
    return finish(search, best->best_move, best->best_score, best->completed_depth);
}

int search_best_moves(Search *search, const Board *board, const SearchLimits *limits, int count,
                      int *cells, EngineReportFn report, void *context) {
    SearchLimits each = *limits;
    each.multipv = count;
    const SearchResult result = search_think(search, board, &each, report, context);
    const Worker *main = search->workers[0];
    if (result.move == NO_CELL || !main) return 0;
    int found = 0;
    for (int i = 0; i < main->line_count && found < count; i++) cells[found++] = main->lines[i].move;
    if (found == 0) cells[found++] = result.move;
    return found;
}

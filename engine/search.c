#include "search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "movegen.h"
#include "rules.h"
#include "threat.h"
#include "tt.h"

#define MAX_PLY 96
#define INFINITE_SCORE 32000
#define MAX_THREADS 64
#define THREAT_HASH_BYTES (4u << 20)
#define ROOT_VCF_NODES 200000
#define ROOT_REFUTE_VCF_NODES 2500     /* each root move's check for the opponent's VCF */
#define ROOT_VCT_NODES 100000
/* Threat searches are bounded by nodes, not the clock: on a short turn limit they get a
 * budget proportional to it (about a fifth of the turn at the slowest rate measured). */
#define VCF_NODES_PER_MS 200
#define LEAF_VCF_NODES 40

typedef struct Worker {
    struct Search *search;
    int id;
    Board board;
    ThreatSearch *threat;
    uint64_t nodes;
    int killers[MAX_PLY][2];
    int32_t history[2][CELLS];
    int pv[MAX_PLY][MAX_PLY];
    int pv_length[MAX_PLY];
    pthread_t thread;
    /* the root's best move and score from this worker's last finished iteration */
    int best_move, best_score, completed_depth;
    int root_pv[MAX_PLY];
    int root_pv_length;
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
    /* per think */
    SearchLimits limits;
    int64_t start_ms;
    RootMove root[MAX_CANDIDATES];
    int root_count;
    int excluded[MAX_CANDIDATES];   /* root moves to leave out (n-best analysis) */
    int excluded_count;
    EngineReportFn report;
    void *report_context;
};

/* ---- set-up ------------------------------------------------------------------------------ */

Search *search_new(void) {
    Search *search = calloc(1, sizeof *search);
    if (!search) return NULL;
    search->hash_bytes = 64u << 20;
    search->thread_count = 1;
    atomic_init(&search->stop, 0);
    return search;
}

static void free_workers(Search *search) {
    for (int i = 0; i < MAX_THREADS; i++) {
        if (!search->workers[i]) continue;
        threat_free(search->workers[i]->threat);
        free(search->workers[i]);
        search->workers[i] = NULL;
    }
}

void search_free(Search *search) {
    if (!search) return;
    free_workers(search);
    tt_free(&search->table);
    free(search);
}

void search_set_threads(Search *search, int threads) {
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    search->thread_count = threads;
}

void search_set_hash_bytes(Search *search, size_t bytes) {
    search->hash_bytes = bytes;
    tt_free(&search->table);   /* resized (lazily) at the next think */
}

void search_clear(Search *search) {
    tt_clear(&search->table);
    for (int i = 0; i < MAX_THREADS; i++) {
        Worker *worker = search->workers[i];
        if (!worker) continue;
        threat_clear(worker->threat);
        memset(worker->history, 0, sizeof worker->history);
    }
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

static bool watchdog_start(Watchdog *watchdog, Search *search, int64_t ms) {
    watchdog->done = false;
    watchdog->search = search;
    clock_gettime(CLOCK_REALTIME, &watchdog->deadline);
    watchdog->deadline.tv_sec += (time_t)(ms / 1000);
    watchdog->deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (watchdog->deadline.tv_nsec >= 1000000000L) {
        watchdog->deadline.tv_sec++;
        watchdog->deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_init(&watchdog->lock, NULL);
    pthread_cond_init(&watchdog->wake, NULL);
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
        Worker *worker = calloc(1, sizeof *worker);
        if (!worker) return NULL;
        worker->threat = threat_new(THREAT_HASH_BYTES);
        if (!worker->threat) {
            free(worker);
            return NULL;
        }
        search->workers[id] = worker;
    }
    Worker *worker = search->workers[id];
    worker->search = search;
    worker->id = id;
    worker->nodes = 0;
    memset(worker->killers, 0, sizeof worker->killers);
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
        if (search->workers[i]) nodes += search->workers[i]->nodes;
    return nodes;
}

/* Only the main worker watches the clock and the node budget. */
static void check_limits(Worker *worker) {
    Search *search = worker->search;
    if (worker->id != 0) return;
    const SearchLimits *limits = &search->limits;
    if (limits->abort && atomic_load_explicit(limits->abort, memory_order_relaxed)) search_stop(search);
    if (limits->max_nodes && total_nodes(search) >= (uint64_t)limits->max_nodes) search_stop(search);
    if (!limits->time.unlimited && timeman_now_ms() - search->start_ms >= limits->time.hard_ms)
        search_stop(search);
}

static int candidate_limit(int depth, int ply) {
    if (ply == 0) return MAX_CANDIDATES;
    if (depth >= 8) return 16;
    if (depth >= 4) return 12;
    return 9;
}

/* Order: table move, then killers, then movegen's weight plus history. */
static void order_moves(const Worker *worker, MoveList *list, int tt_move, int ply) {
    const int color = worker->board.to_move - 1;
    int32_t keys[MAX_CANDIDATES];
    for (int i = 0; i < list->count; i++) {
        const int cell = list->cells[i];
        int32_t key = list->scores[i] + worker->history[color][cell] / 64;
        if (cell == tt_move) key = INT32_MAX;
        else if (cell == worker->killers[ply][0]) key += 4000;
        else if (cell == worker->killers[ply][1]) key += 3000;
        keys[i] = key;
    }
    for (int i = 1; i < list->count; i++) {
        const int cell = list->cells[i];
        const int32_t key = keys[i], score = list->scores[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < key) {
            keys[j + 1] = keys[j];
            list->cells[j + 1] = list->cells[j];
            list->scores[j + 1] = list->scores[j];
            j--;
        }
        keys[j + 1] = key;
        list->cells[j + 1] = cell;
        list->scores[j + 1] = score;
    }
}

static void update_pv(Worker *worker, int ply, int move) {
    worker->pv[ply][0] = move;
    const int child = ply + 1 < MAX_PLY ? worker->pv_length[ply + 1] : 0;
    for (int i = 0; i < child && i + 1 < MAX_PLY; i++) worker->pv[ply][i + 1] = worker->pv[ply + 1][i];
    worker->pv_length[ply] = child + 1 < MAX_PLY ? child + 1 : MAX_PLY;
}

static void reward(Worker *worker, int ply, int move, int depth) {
    if (worker->killers[ply][0] != move) {
        worker->killers[ply][1] = worker->killers[ply][0];
        worker->killers[ply][0] = move;
    }
    int32_t *entry = &worker->history[worker->board.to_move - 1][move];
    *entry += depth * depth;
    if (*entry > (1 << 20)) {
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < CELLS; i++) worker->history[c][i] /= 2;
    }
}

/* ---- the search -------------------------------------------------------------------------- */

static int negamax(Worker *worker, int depth, int ply, int alpha, int beta, bool pv_node) {
    Search *search = worker->search;
    Board *board = &worker->board;
    worker->pv_length[ply] = 0;
    if ((++worker->nodes & 1023) == 0) check_limits(worker);
    if (stopped(search)) return 0;
    if (board_full(board)) return 0;

    /* No line from here is shorter than a win next move or longer than a loss after it. */
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (ply >= MAX_PLY - 2) return eval_position(board);

    TTHit hit;
    int tt_move = NO_CELL;
    if (tt_probe(&search->table, board->hash, &hit)) {
        tt_move = hit.move;
        const int score = score_from_table(hit.score, ply);
        if (!pv_node && hit.depth >= depth &&
            (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && score >= beta) ||
             (hit.bound == BOUND_UPPER && score <= alpha)))
            return score;
    }

    MoveList list;
    movegen_generate(board, &list, candidate_limit(depth, ply));
    if (list.kind == MOVES_WIN) return MATE - ply - 1;
    if (list.count == 0) return -(MATE - ply - 2);      /* their four cannot be blocked */
    if (list.kind == MOVES_BLOCK_FOUR && list.count >= 2) return -(MATE - ply - 2);

    const bool forced = list.kind == MOVES_BLOCK_FOUR;
    if (depth <= 0 && !forced) {
        if (list.kind != MOVES_DEFEND_THREE && movegen_has_winning_threat(board, board->to_move))
            return MATE - ply - 3;
        /* A cheap VCF instead of a static guess: most leaves have no four at all and it
         * returns at once; the node budget keeps the rest cheap. */
        int win;
        int64_t spent = 0;
        const bool wins = threat_vcf(worker->threat, board, LEAF_VCF_NODES, &win, &spent, NULL);
        worker->nodes += (uint64_t)spent;
        if (wins) {
            int line[MAX_PLY];
            const int length = threat_last_line(worker->threat, line, MAX_PLY);
            return MATE - ply - (length > 0 ? length : 1);
        }
        return eval_position(board);
    }

    order_moves(worker, &list, tt_move, ply);
    const int original_alpha = alpha;
    int best_score = -INFINITE_SCORE, best_move = list.cells[0];
    for (int i = 0; i < list.count; i++) {
        const int move = list.cells[i];
        /* A forced block costs no depth; neither does answering an open three at the horizon. */
        const int new_depth = forced ? (depth > 0 ? depth : 0) : depth - 1;
        board_make(board, move);
        int score;
        if (i == 0) {
            score = -negamax(worker, new_depth, ply + 1, -beta, -alpha, pv_node);
        } else {
            int reduction = 0;
            if (list.kind == MOVES_NORMAL && depth >= 3 && i >= 3 && move != worker->killers[ply][0])
                reduction = i >= 8 ? 2 : 1;
            score = -negamax(worker, new_depth - reduction, ply + 1, -alpha - 1, -alpha, false);
            if (score > alpha && reduction)
                score = -negamax(worker, new_depth, ply + 1, -alpha - 1, -alpha, false);
            if (score > alpha && score < beta && pv_node)
                score = -negamax(worker, new_depth, ply + 1, -beta, -alpha, true);
        }
        board_undo(board);
        if (stopped(search)) return 0;
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                update_pv(worker, ply, move);
                if (alpha >= beta) {
                    if (!forced) reward(worker, ply, move, depth);
                    break;
                }
            }
        }
    }
    const int bound = best_score >= beta ? BOUND_LOWER : best_score > original_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(&search->table, board->hash, best_move, score_to_table(best_score, ply), depth, bound);
    return best_score;
}

/* One iteration at the root over the prepared root moves (losing ones last). */
static int search_root(Worker *worker, int depth, int alpha, int beta) {
    Search *search = worker->search;
    Board *board = &worker->board;
    worker->pv_length[0] = 0;
    int best_score = -INFINITE_SCORE;
    int order[MAX_CANDIDATES];
    int count = 0;
    /* previous best first, then the rest in movegen order */
    if (worker->best_move != NO_CELL) order[count++] = worker->best_move;
    for (int i = 0; i < search->root_count; i++)
        if (search->root[i].cell != worker->best_move) order[count++] = search->root[i].cell;
    int best_move = order[0];
    for (int i = 0; i < count; i++) {
        const int move = order[i];
        bool loses = false;
        for (int j = 0; j < search->root_count; j++)
            if (search->root[j].cell == move) loses = search->root[j].loses;
        int score;
        board_make(board, move);
        if (loses) {
            score = -(MATE - 4);    /* refuted by the opponent's VCF; exact length unknown */
            worker->pv_length[1] = 0;
        } else if (i == 0) {
            score = -negamax(worker, depth - 1, 1, -beta, -alpha, true);
        } else {
            score = -negamax(worker, depth - 1, 1, -alpha - 1, -alpha, false);
            if (score > alpha && score < beta) score = -negamax(worker, depth - 1, 1, -beta, -alpha, true);
        }
        board_undo(board);
        if (stopped(search)) break;
        if (score > best_score) {
            best_score = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                update_pv(worker, 0, move);
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

static void report_iteration(Worker *worker, int depth, int score) {
    Search *search = worker->search;
    if (!search->report) return;
    EngineReport report = {0};
    report.depth = depth;
    report.score = score;
    if (score >= MATE_BOUND) report.mate = (MATE - score + 1) / 2;
    if (score <= -MATE_BOUND) report.mate = -((MATE + score + 1) / 2);
    report.nodes = total_nodes(search);
    report.elapsed_ms = timeman_now_ms() - search->start_ms;
    report.pv_length = worker->root_pv_length < REPORT_PV_MAX ? worker->root_pv_length : REPORT_PV_MAX;
    for (int i = 0; i < report.pv_length; i++) report.pv[i] = worker->root_pv[i];
    search->report(search->report_context, &report);
}

static void iterate(Worker *worker) {
    Search *search = worker->search;
    const int max_depth = search->limits.max_depth > 0 ? search->limits.max_depth : MAX_PLY - 4;
    int score = 0;
    /* Helpers start one deeper on odd ids so the threads spread over depths (Lazy SMP). */
    for (int depth = 1 + (worker->id & 1); depth <= max_depth; depth++) {
        int window = 60;
        int alpha = -INFINITE_SCORE, beta = INFINITE_SCORE;
        if (depth >= 4 && abs(score) < MATE_BOUND) {
            alpha = score - window;
            beta = score + window;
        }
        int result;
        for (;;) {
            result = search_root(worker, depth, alpha, beta);
            if (stopped(search)) break;
            if (result <= alpha) {
                alpha = result - window > -INFINITE_SCORE ? result - window : -INFINITE_SCORE;
            } else if (result >= beta) {
                beta = result + window < INFINITE_SCORE ? result + window : INFINITE_SCORE;
            } else {
                break;
            }
            window *= 2;
        }
        if (stopped(search)) break;
        score = result;
        worker->best_score = score;
        worker->best_move = worker->pv[0][0];
        worker->completed_depth = depth;
        worker->root_pv_length = worker->pv_length[0];
        memcpy(worker->root_pv, worker->pv[0], sizeof(int) * (size_t)worker->pv_length[0]);
        if (worker->id != 0) continue;
        report_iteration(worker, depth, score);
        /* A proven result does not change with depth. */
        if (abs(score) >= MATE_BOUND && depth >= 3) break;
        if (search->root_count == 1 && depth >= 2) break;
        if (!search->limits.time.unlimited &&
            timeman_now_ms() - search->start_ms >= search->limits.time.soft_ms)
            break;
    }
}

static void *helper_main(void *argument) {
    iterate(argument);
    return NULL;
}

/* Root moves: every candidate, with the opponent's VCF checked after each; a move that lets
 * a VCF through is kept only at the end of the list. */
static int64_t vcf_budget(const Search *search, int64_t most) {
    if (search->limits.time.unlimited) return most;
    const int64_t budget = search->limits.time.hard_ms * VCF_NODES_PER_MS;
    return budget < 100 ? 100 : budget > most ? most : budget;
}

static void prepare_root(Search *search, Worker *worker) {
    Board *board = &worker->board;
    MoveList list;
    movegen_generate(board, &list, MAX_CANDIDATES);
    search->root_count = 0;
    for (int i = 0; i < list.count; i++) {
        bool excluded = false;
        for (int j = 0; j < search->excluded_count; j++)
            if (search->excluded[j] == list.cells[i]) excluded = true;
        if (excluded) continue;
        RootMove *root = &search->root[search->root_count++];
        root->cell = list.cells[i];
        root->loses = false;
        if (list.kind == MOVES_WIN) continue;
        board_make(board, root->cell);
        int refutation;
        root->loses = threat_vcf(worker->threat, board, vcf_budget(search, ROOT_REFUTE_VCF_NODES),
                                 &refutation, NULL,
                                 (const volatile int *)&search->stop);
        board_undo(board);
        if (stopped(search)) {
            root->loses = false;
            continue;
        }
    }
    /* stable partition: safe moves first */
    RootMove sorted[MAX_CANDIDATES];
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < search->root_count; i++)
            if (search->root[i].loses == (pass == 1)) sorted[n++] = search->root[i];
    memcpy(search->root, sorted, sizeof(RootMove) * (size_t)n);
}

static SearchResult finish(const Search *search, int move, int score, int depth) {
    return (SearchResult){.move = move, .score = score, .depth = depth, .nodes = total_nodes(search)};
}

static SearchResult think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context);

SearchResult search_think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context) {
    atomic_store(&search->stop, 0);
    Watchdog watchdog;
    const bool watched = !limits->time.unlimited && limits->time.hard_ms > 0 &&
                         watchdog_start(&watchdog, search, limits->time.hard_ms);
    const SearchResult result = think(search, board, limits, report, context);
    if (watched) watchdog_finish(&watchdog);
    return result;
}

typedef bool (*ThreatFn)(ThreatSearch *, Board *, int64_t, int *, int64_t *, const volatile int *);

/* Try one threat search at the root; on a win, report it and fill *result. */
static bool root_threat_win(Search *search, Worker *main, ThreatFn threat, int64_t budget,
                            SearchResult *result) {
    if (search->excluded_count) return false;
    int win = NO_CELL;
    int64_t nodes = 0;
    const bool found = threat(main->threat, &main->board, budget, &win, &nodes,
                              (const volatile int *)&search->stop);
    main->nodes += (uint64_t)nodes;
    if (!found) return false;
    main->root_pv_length = threat_last_line(main->threat, main->root_pv, MAX_PLY);
    if (main->root_pv_length == 0) main->root_pv[main->root_pv_length++] = win;
    const int score = MATE - main->root_pv_length;
    report_iteration(main, main->root_pv_length, score);
    *result = finish(search, win, score, main->root_pv_length);
    return true;
}

static SearchResult think(Search *search, const Board *board, const SearchLimits *limits,
                          EngineReportFn report, void *context) {
    search->limits = *limits;
    search->start_ms = timeman_now_ms();
    search->report = report;
    search->report_context = context;
    if (!search->table.entries) tt_resize(&search->table, search->hash_bytes);
    tt_new_search(&search->table);

    Worker *main = worker_get(search, 0);
    if (!main) return (SearchResult){.move = NO_CELL};
    memcpy(&main->board, board, sizeof *board);
    main->best_move = NO_CELL;
    main->completed_depth = 0;
    if (board_full(board)) return finish(search, NO_CELL, 0, 0);
    if (!limits->time.unlimited && limits->time.hard_ms <= 0) {
        /* No time at all: the best-weighted candidate, which still takes a five or blocks a
         * four (movegen's forced lists). */
        MoveList list;
        movegen_generate(&main->board, &list, 1);
        return finish(search, list.count ? list.cells[0] : NO_CELL, 0, 0);
    }

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
        if (pthread_create(&worker->thread, NULL, helper_main, worker) != 0) {
            helpers = i - 1;
            break;
        }
    }
    iterate(main);
    search_stop(search);
    for (int i = 1; i <= helpers; i++) pthread_join(search->workers[i]->thread, NULL);

    /* A helper that finished a deeper iteration knows more. */
    Worker *best = main;
    for (int i = 1; i <= helpers; i++) {
        Worker *worker = search->workers[i];
        if (worker->completed_depth > best->completed_depth && worker->best_move != NO_CELL &&
            abs(worker->best_score) < MATE_BOUND)
            best = worker;
    }
    return finish(search, best->best_move, best->best_score, best->completed_depth);
}

int search_best_moves(Search *search, const Board *board, const SearchLimits *limits, int count,
                      int *cells) {
    /* Search, leave the best move out at the root, search again: n searches sharing the time. */
    SearchLimits each = *limits;
    if (!each.time.unlimited && count > 0) {
        each.time.soft_ms /= count;
        each.time.hard_ms /= count;
    }
    int found = 0;
    search->excluded_count = 0;
    while (found < count && found < MAX_CANDIDATES) {
        const SearchResult result = search_think(search, board, &each, NULL, NULL);
        if (result.move == NO_CELL || search->root_count == 0) break;
        cells[found++] = result.move;
        search->excluded[search->excluded_count++] = result.move;
    }
    search->excluded_count = 0;
    return found;
}

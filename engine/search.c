/* search: the think — set-up of the tables and threads, the watchdog, the root (its moves, the
 * threat wins, several ranked lines), iterative deepening with aspiration windows and the time
 * rules, Lazy SMP helpers; the tree below the root is search_tree.c. */
#include "search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "eval.h"
#include "monotonic.h"
#include "rules.h"
#include "search_context.h"
#include "search_params.h"
#include "table_memory.h"

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

/* ---- set-up ------------------------------------------------------------------------------ */

Search *search_new(void) {
    Search *search = calloc(1, sizeof *search);
    if (!search) return NULL;
    search_tree_init();
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
    solver_free(search->solver);
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
    beside_make(search);
    if (!search->used) return;
    tt_clear(&search->table);
    if (search->solver) solver_clear(search->solver);
    for (int i = 0; i < MAX_THREADS; i++) {
        Worker *worker = search->workers[i];
        if (!worker) continue;
        threat_clear(worker->threat);
        memset(worker->history, 0, sizeof worker->history);
        memset(worker->quiescence_cache, 0, sizeof worker->quiescence_cache);
        memset(worker->eval_cache, 0, sizeof worker->eval_cache);
    }
    search->used = false;
}

void search_stop(Search *search) { search_request_stop(search); }

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
            score = -search_node(worker, depth - 1, 1, -beta, -alpha, true, false);
        } else {
            score = -search_node(worker, depth - 1, 1, -alpha - 1, -alpha, false, true);
            if (score > alpha && score < beta) score = -search_node(worker, depth - 1, 1, -beta, -alpha, true, false);
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
                search_update_pv(worker, 0, move);
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
    search_publish_nodes(worker);
    report.nodes = search_total_nodes(search);
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
        } else if (fives > 0 || search_defence_needed(board) != DEFEND_NONE) {
            /* a threat of an open four or a four-three, or a four whose block is forbidden: the
             * defender's first answer stands for all */
            MovePicker picker;
            movepick_init(&picker, board, NO_CELL, NULL, NULL, search_defence_needed(board));
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

/* Root moves the solver proved lost are searched last, scored lost; if it was the best, the
 * next iteration starts from the next. */
static void apply_refutation(Search *search, Worker *main, int refuted) {
    for (int i = 0; i < search->root_count; i++) {
        if (search->root[i].cell != refuted || search->root[i].loses) continue;
        search->root[i].loses = true;
        if (main->best_move != refuted) return;
        for (int j = 0; j < search->root_count; j++)
            if (!search->root[j].loses) {
                main->best_move = search->root[j].cell;
                return;
            }
        return;
    }
}

/* A solver slice, kept within a node limit's share so that fixed-node searches stay so. */
static int64_t slice_within_limits(const Search *search, int64_t nodes) {
    const int64_t most = search->limits.max_nodes / SOLVER_NODE_LIMIT_SHARE;
    return search->limits.max_nodes > 0 && nodes > most ? most : nodes;
}

/* After an iteration of the main thread: the best move for the solver; with one thread, a slice
 * of the solver's own (a share of the iteration's nodes, so that a search to a fixed depth or
 * node count plays the same every time); what it found. False once it proved the root a win:
 * the think ends. */
static bool solver_turn(Search *search, Worker *main, uint64_t iteration_nodes) {
    atomic_store(&search->shared_best, main->best_move);
    if (!search->solver_threaded && !stopped(search))
        beside_slice(search, main->best_move,
                     slice_within_limits(search, (int64_t)((double)iteration_nodes * SOLVER_SLICE_SHARE) + SOLVER_SLICE_MIN));
    if (atomic_load(&search->solver_win) != NO_CELL) return false;
    const int refuted = atomic_exchange(&search->refuted, NO_CELL);
    if (refuted != NO_CELL) apply_refutation(search, main, refuted);
    return true;
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
    uint64_t iteration_nodes = worker->nodes;
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
        if (lines_wanted == 1 && !solver_turn(search, worker, worker->nodes - iteration_nodes)) break;
        iteration_nodes = worker->nodes;
        /* A proven result does not change with depth. */
        if (abs(score) >= MATE_BOUND && depth >= 3 && lines_wanted == 1) break;
        if (search->root_count == 1 && depth >= 2) break;
        scale = time_scale(scale, move_changed && depth > 1, depth > 1 ? drop : 0, depth);
        if (!time_for_another(search, scale, last_ms, before_ms)) break;
    }
    search_publish_nodes(worker);
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
    if (search_outcome(board, &forced, &plies) == OUTCOME_FORCED) {
        cells[0] = forced;
        return 1;
    }
    const bool defending = search_defence_needed(board) == DEFEND_OPEN_FOUR;
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
    const uint64_t solver = atomic_load(&search->solver_nodes);    /* the solver's are threat nodes */
    result.nodes += solver;
    result.threat_nodes += solver;
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
    search_publish_nodes(main);
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

/* The solver's first slice on one thread: a share of the turn (a fixed budget without one). */
static int64_t solver_first_slice(const Search *search) {
    if (search->limits.time.unlimited) return slice_within_limits(search, SOLVER_FIRST_NODES);
    const int64_t nodes = (int64_t)((double)search->limits.time.hard_ms * SOLVER_FIRST_SHARE) * SOLVER_NODES_PER_MS;
    return slice_within_limits(search, nodes < SOLVER_FIRST_NODES ? nodes + SOLVER_SLICE_MIN : SOLVER_FIRST_NODES);
}

/* The solver proved the root won: report its line (played on to the five) and fill *result. */
static bool solver_won(Search *search, Worker *main, SearchResult *result) {
    const int win = atomic_load_explicit(&search->solver_win, memory_order_acquire);
    if (win == NO_CELL) return false;
    RootLine *line = &main->lines[0];
    line->pv_length = search->solver_line_length;
    memcpy(line->pv, search->solver_line, sizeof(int) * (size_t)line->pv_length);
    if (line->pv_length == 0 || line->pv[0] != win) {
        line->pv[0] = win;
        line->pv_length = 1;
    }
    line->move = win;
    line->score = MATE - line->pv_length;
    memcpy(&main->board, &search->solver_root, sizeof main->board);
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
    const Outcome outcome = search_outcome(board, &forced, &plies);
    int found = 0;
    if (outcome == OUTCOME_FORCED) cells[found++] = forced;
    if (outcome == OUTCOME_WIN && plies == 1) cells[found++] = movegen_find(board, board->to_move, CLASS_FIVE);
    if (found == count) return found;
    const bool defending = search_defence_needed(board) == DEFEND_OPEN_FOUR;
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
    atomic_store(&search->solver_nodes, 0);
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

    /* A win by continuous fours needs no search; one by threes and fours is the solver's, which
     * works beside the search: a first slice here when the search has one thread, else a
     * thread of its own from now on. */
    SearchResult won;
    if (root_threat_win(search, main, threat_vcf, vcf_budget(search, ROOT_VCF_NODES), &won)) return won;
    const bool solving = search->multipv == 1;
    if (solving) {
        beside_begin(search, &main->board);
        if (search->thread_count == 1 || !beside_start_thread(search))
            beside_slice(search, NO_CELL, solver_first_slice(search));
        if (solver_won(search, main, &won)) return won;
    }

    prepare_root(search, main);
    if (search->root_count == 0) {
        search_stop(search);
        beside_finish(search);
        /* Nothing legal near the stones (renju: every block forbidden): any empty legal cell. */
        for (int c = board_first(board); c; c = board_next(board, c))
            if (movegen_legal(&main->board, c)) return finish(search, c, -MATE, 0);
        for (int c = board_first(board); c; c = board_next(board, c))
            if (board->cell[c] == EMPTY) return finish(search, c, -MATE, 0);
        return finish(search, NO_CELL, 0, 0);
    }
    main->best_move = search->root[0].cell;
    main->best_score = 0;

    /* the solver's thread is one of thread_num */
    int helpers = search->thread_count - 1 - (search->solver_threaded ? 1 : 0);
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
    beside_finish(search);
    if (solving && solver_won(search, main, &won)) return won;
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

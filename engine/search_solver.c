/* search_solver: the proof-number threat solver (solver.h) beside the alpha-beta search for the
 * whole think — on the main thread in slices between iterations when the search has one thread,
 * on a thread of its own when it has more. It asks two questions: do we win by threats from the
 * root (then the move is played at once), and does the opponent win by threats after the root
 * move the search likes best (then that move is refuted and the search turns to the next).
 * Its table keeps what it learned from one slice, one position and one think to the next. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search_context.h"
#include "search_params.h"

static size_t solver_bytes(const Search *search) {
    size_t bytes = search->hash_bytes / SOLVER_TABLE_SHARE;
    if (bytes < SOLVER_TABLE_MIN) bytes = SOLVER_TABLE_MIN;
    if (bytes > SOLVER_TABLE_MAX) bytes = SOLVER_TABLE_MAX;
    return bytes;
}

void beside_make(Search *search) {
    if (!search->solver) search->solver = solver_new(solver_bytes(search));
}

void beside_begin(Search *search, const Board *root) {
    beside_make(search);
    memcpy(&search->solver_root, root, sizeof *root);
    search->beside = (BesideState){.root_open = search->solver != NULL, .checked = NO_CELL, .checked_open = false};
    atomic_store(&search->solver_win, NO_CELL);
    atomic_store(&search->refuted, NO_CELL);
    atomic_store(&search->shared_best, NO_CELL);
    search->solver_line_length = 0;
    search->solver_threaded = false;
    if (search->solver) solver_set_position(search->solver, root, root->to_move, SOLVER_VCT);
}

/* The root's win proved: its line, then the move for the main thread. */
static void publish_win(Search *search, const SolverResult *result) {
    const int length = result->line_length < SEARCH_MAX_PLY ? result->line_length : SEARCH_MAX_PLY;
    memcpy(search->solver_line, result->line, sizeof(int) * (size_t)length);
    search->solver_line_length = length;
    atomic_store_explicit(&search->solver_win, result->move, memory_order_release);
}

/* One run of the solver on the position it holds, its nodes counted with the search's. */
static SolverStatus run(Search *search, int64_t nodes) {
    const uint64_t before = solver_result(search->solver)->nodes;
    const SolverStatus status = solver_run(search->solver, nodes, &search->stop);
    atomic_fetch_add_explicit(&search->solver_nodes, solver_result(search->solver)->nodes - before, memory_order_relaxed);
    return status;
}

/* Works `nodes` on the question at hand; false when there is nothing left to ask. */
static bool work(Search *search, int best, int64_t nodes) {
    Solver *solver = search->solver;
    BesideState *state = &search->beside;
    if (state->root_open) {
        const SolverStatus status = run(search, nodes);
        if (status == SOLVER_UNKNOWN) return true;
        state->root_open = false;
        if (status == SOLVER_WIN) {
            publish_win(search, solver_result(solver));
            return false;
        }
        return true;
    }
    if (best == NO_CELL || !solver) return false;
    if (best != state->checked) {
        Board after;
        memcpy(&after, &search->solver_root, sizeof after);
        board_make(&after, best);
        solver_set_position(solver, &after, after.to_move, SOLVER_VCT);
        state->checked = best;
        state->checked_open = true;
    }
    if (!state->checked_open) return false;
    const SolverStatus status = run(search, nodes);
    if (status == SOLVER_UNKNOWN) return true;
    state->checked_open = false;
    if (status == SOLVER_WIN) atomic_store(&search->refuted, best);
    return false;
}

void beside_slice(Search *search, int best, int64_t nodes) {
    if (search->solver && nodes > 0) work(search, best, nodes);
}

static void *solver_main(void *argument) {
    Search *search = argument;
    while (!stopped(search)) {
        const int best = atomic_load(&search->shared_best);
        if (!work(search, best, SOLVER_THREAD_SLICE) && atomic_load(&search->solver_win) != NO_CELL) {
            search_request_stop(search);    /* a proved win ends the think */
            break;
        }
        if (!search->beside.root_open && search->beside.checked == best && !search->beside.checked_open) {
            /* nothing to ask until the best move changes */
            while (!stopped(search) && atomic_load(&search->shared_best) == best) {
                const struct timespec pause = {0, SOLVER_IDLE_NS};
                nanosleep(&pause, NULL);
            }
        }
    }
    return NULL;
}

bool beside_start_thread(Search *search) {
    if (!search->solver) return false;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return false;
    pthread_attr_setstacksize(&attributes, ENGINE_THREAD_STACK);
    search->solver_threaded = pthread_create(&search->solver_thread, &attributes, solver_main, search) == 0;
    pthread_attr_destroy(&attributes);
    return search->solver_threaded;
}

void beside_finish(Search *search) {
    if (!search->solver_threaded) return;
    pthread_join(search->solver_thread, NULL);
    search->solver_threaded = false;
}

/* search_context: what the two halves of the search share, inside the engine only: the Search
 * context and its per-thread Workers, and the tree's entry points. search.c sets up, runs the
 * threads, the root and the iterative deepening; search_tree.c searches below the root
 * (alpha-beta, its pruning and the quiescence of fours). */
#ifndef WUZI_SEARCH_CONTEXT_H
#define WUZI_SEARCH_CONTEXT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "movegen.h"
#include "search_types.h"
#include "solver.h"
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

/* A position's static score, by its key's upper half (a zero entry is empty: `check` has its
 * low bit set). */
#define EVAL_CACHE_SIZE (1u << 16)
typedef struct EvalEntry {
    uint32_t check;
    int32_t score;
} EvalEntry;

/* Which question the threat solver beside the search works on: the root's own win while it is
 * open, then the opponent's after the root move `checked` (search_solver.c). */
typedef struct BesideState {
    bool root_open;
    int checked;        /* the root move whose opponent position the solver holds, or NO_CELL */
    bool checked_open;
} BesideState;

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
    EvalEntry eval_cache[EVAL_CACHE_SIZE];
} Worker;

typedef struct RootMove {
    int cell;
    bool loses;     /* the opponent has a VCF after it */
} RootMove;

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
    /* the threat solver beside the search (search_solver.c) */
    Solver *solver;
    pthread_t solver_thread;
    bool solver_threaded;           /* it has a thread of its own this think */
    Board solver_root;              /* the think's root position, for the solver */
    BesideState beside;             /* the solver's question, kept from one slice to the next */
    atomic_int shared_best;         /* the main thread's best root move, for the solver */
    atomic_int solver_win;          /* our win's first move it proved, or NO_CELL */
    atomic_int refuted;             /* a root move after which it proved the opponent wins */
    _Atomic uint64_t solver_nodes;  /* its nodes this think */
    int solver_line[SEARCH_MAX_PLY];    /* the proved win's line (written before solver_win) */
    int solver_line_length;
};

static inline bool stopped(const Search *search) {
    return atomic_load_explicit(&search->stop, memory_order_relaxed);
}

static inline int mate_in(int ply, int plies) { return MATE - ply - plies; }

/* What a node sees without searching (search_outcome). */
typedef enum Outcome { OUTCOME_OPEN, OUTCOME_WIN, OUTCOME_LOSS, OUTCOME_FORCED } Outcome;

/* ---- search_tree.c ---- */
void search_tree_init(void);    /* the reduction and move-count tables, once */
/* The alpha-beta search of the worker's board to `depth` at `ply` from the root. */
int search_node(Worker *worker, int depth, int ply, int alpha, int beta, bool pv_node, bool cut_node);
/* Wins and losses a node sees without searching, or the one move it must play; `plies` gets
 * the plies to the five. */
Outcome search_outcome(Board *board, int *forced, int *plies);
/* Which of the opponent's threats the side to move must answer (movegen.h). */
Defence search_defence_needed(Board *board);
void search_update_pv(Worker *worker, int ply, int move);
void search_publish_nodes(Worker *worker);
uint64_t search_total_nodes(const Search *search);

/* ---- search_solver.c: the threat solver beside the search ---- */
/* The solver and its table, made at START with the search's (nothing if out of memory). */
void beside_make(Search *search);
/* A think begins at `root`: the solver (made if missing) forgets last think's findings. */
void beside_begin(Search *search, const Board *root);
/* One slice of `nodes` on the calling thread: the root's win while it is open, then the
 * opponent's win after the root move `best`. */
void beside_slice(Search *search, int best, int64_t nodes);
/* The same for the whole think on a thread of its own (false if none could be made); the
 * thread follows shared_best, and ends when the search stops. */
bool beside_start_thread(Search *search);
void beside_finish(Search *search);

/* The think ends now (search.h's search_stop, for the files below the root). */
static inline void search_request_stop(Search *search) { atomic_store(&search->stop, 1); }

#endif

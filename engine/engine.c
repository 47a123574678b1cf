/* engine: the facade. Holds one game and routes thinking to the chosen level. */
#include "engine.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "levels.h"
#include "monotonic.h"
#include "rules.h"
#include "eval.h"
#include "search.h"
#include "timeman.h"

/* Levels beyond the reference players; the reference levels use their ReferenceLevel value.
 * LEVEL_SEARCH is the search, as deep as time allows ("max") or to a fixed depth ("depthN"). */
enum { LEVEL_SEARCH = REFERENCE_LEVEL_COUNT };
#define LEVEL_DEPTH_MAX 30
/* The transposition table's share of INFO max_memory: the rest is the process itself, the
 * threat tables and the per-thread boards. */
#define DEFAULT_HASH_BYTES (64u << 20)
#define PROCESS_OVERHEAD_BYTES (24 << 20)
#define THREAD_BYTES (8 << 20)      /* a search thread's board copy, stacks and threat table */

struct Engine {
    Board board;
    bool has_game;
    int width, height, connect, rule;
    int level;
    int level_depth;            /* LEVEL_SEARCH: 0 = as deep as time allows */
    char level_name[16];
    Search *search;
    TimeKeeper keeper;          /* what this game's clock has taught */
    int threads;
    bool net;                   /* the network evaluates where its family has one (engine_set_eval) */
    int64_t memory;
    int64_t table_bytes;        /* asked for directly (INFO hash_size); 0 = from the memory limit */
    uint64_t seed, rng;
    atomic_bool stop;
};

const char *engine_error_text(EngineError error) {
    switch (error) {
    case ENGINE_OK: return "ok";
    case ENGINE_BAD_SIZE: return "unsupported board size";
    case ENGINE_NO_GAME: return "no game: send START first";
    case ENGINE_OFF_BOARD: return "coordinates outside the board";
    case ENGINE_OCCUPIED: return "cell is occupied";
    case ENGINE_NO_STONE: return "no stone there";
    case ENGINE_BAD_POSITION: return "impossible position";
    case ENGINE_GAME_OVER: return "the board is full";
    }
    return "unknown error";
}

void engine_limits_default(EngineLimits *limits) {
    limits->turn_ms = 5000;
    limits->match_ms = 0;
    limits->time_left_ms = INT64_MAX;
    limits->max_nodes = 0;
    limits->max_depth = 0;
    limits->start_ms = 0;
    limits->realtime = false;
}

Engine *engine_new(void) {
    Engine *engine = calloc(1, sizeof *engine);
    if (!engine) return NULL;
    engine->connect = 5;
    engine->rule = 0;
    engine->level = LEVEL_SEARCH;
    snprintf(engine->level_name, sizeof engine->level_name, "max");
    engine->search = search_new();
    if (!engine->search) {
        free(engine);
        return NULL;
    }
    engine->threads = 1;
    engine->net = ENGINE_DEFAULT_NET;
    timekeeper_reset(&engine->keeper);
    engine->seed = engine->rng = 1;
    atomic_init(&engine->stop, false);
    return engine;
}

void engine_free(Engine *engine) {
    if (!engine) return;
    search_free(engine->search);
    free(engine);
}

/* Rebuild the board on another geometry with the same stones, order and side to move. */
static void rebuild(Engine *engine, const Geometry *geometry) {
    Board *board = &engine->board;
    const int count = board->move_count, to_move = board->to_move;
    uint16_t cells[MAX_MOVES];
    uint8_t colors[MAX_MOVES];
    for (int i = 0; i < count; i++) {
        cells[i] = board->history[i];
        colors[i] = board->cell[cells[i]];
    }
    board_init(board, geometry);
    for (int i = 0; i < count; i++) board_put(board, cells[i], colors[i]);
    if (board->to_move != to_move) board_pass(board);
}

void engine_set_rule(Engine *engine, int rule) {
    if (rule == engine->rule) return;
    if (engine->has_game) {
        const Geometry *geometry = geometry_get_eval(engine->width, engine->height, engine->connect, rule, engine->net);
        if (!geometry) return;
        rebuild(engine, geometry);
    }
    engine->rule = rule;
    /* what the table knows was true under the old rule */
    search_clear(engine->search);
}

EngineError engine_set_connect(Engine *engine, int connect) {
    if (connect < CONNECT_MIN || connect > CONNECT_MAX) return ENGINE_BAD_SIZE;
    if (engine->has_game) {
        const Geometry *geometry = geometry_get_eval(engine->width, engine->height, connect, engine->rule, engine->net);
        if (!geometry) return ENGINE_BAD_SIZE;
        rebuild(engine, geometry);
    }
    if (connect != engine->connect) search_clear(engine->search);
    engine->connect = connect;
    return ENGINE_OK;
}

bool engine_eval_is_net(const char *name, bool *net) {
    if (strcasecmp(name, "tables") == 0) *net = false;
    else if (strcasecmp(name, "net") == 0) *net = true;
    else return false;
    return true;
}

bool engine_set_eval(Engine *engine, const char *name) {
    bool net;
    if (!engine_eval_is_net(name, &net)) return false;
    if (net == engine->net) return true;
    engine->net = net;
    if (engine->has_game)
        rebuild(engine, geometry_get_eval(engine->width, engine->height, engine->connect, engine->rule, net));
    /* what the table knows came from the other evaluation's scores */
    search_clear(engine->search);
    return true;
}

bool engine_set_level(Engine *engine, const char *name) {
    if (strcasecmp(name, "max") == 0) {
        engine->level = LEVEL_SEARCH;
        engine->level_depth = 0;
        snprintf(engine->level_name, sizeof engine->level_name, "max");
        return true;
    }
    if (strncasecmp(name, "depth", 5) == 0) {
        char *end;
        const long depth = strtol(name + 5, &end, 10);
        if (end == name + 5 || *end || depth < 1 || depth > LEVEL_DEPTH_MAX) return false;
        engine->level = LEVEL_SEARCH;
        engine->level_depth = (int)depth;
        snprintf(engine->level_name, sizeof engine->level_name, "depth%d", engine->level_depth);
        return true;
    }
    const int level = reference_level_parse(name);
    if (level < 0) return false;
    engine->level = level;
    snprintf(engine->level_name, sizeof engine->level_name, "%s", reference_level_name((ReferenceLevel)level));
    return true;
}

const char *engine_level_name(const Engine *engine) { return engine->level_name; }

/* The table gets what the memory limit leaves after the process's own needs and each thread's
 * board and threat tables, rounded down to a power of two by tt_resize; no limit means the
 * default size. Recomputed whenever the limit or the thread count changes. */
static void size_table(Engine *engine) {
    int64_t table = DEFAULT_HASH_BYTES;
    if (engine->table_bytes > 0) {
        table = engine->table_bytes;
    } else if (engine->memory > 0) {
        const int64_t room = engine->memory - PROCESS_OVERHEAD_BYTES - (int64_t)engine->threads * THREAD_BYTES;
        table = room / 2 < table ? room / 2 : table * 4 < room / 2 ? table * 4 : room / 2;
        if (table < (1 << 20)) table = 1 << 20;
    }
    search_set_hash_bytes(engine->search, (size_t)table);
}

void engine_set_threads(Engine *engine, int threads) {
    engine->threads = threads < 1 ? 1 : threads > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : threads;
    search_set_threads(engine->search, engine->threads);
    if (engine->memory > 0) size_table(engine);
}

void engine_set_memory(Engine *engine, int64_t bytes) {
    engine->memory = bytes < 0 ? 0 : bytes;
    engine->table_bytes = 0;
    size_table(engine);
}

void engine_set_table_bytes(Engine *engine, int64_t bytes) {
    engine->table_bytes = bytes < 0 ? 0 : bytes;
    size_table(engine);
}

size_t engine_table_bytes(const Engine *engine) { return search_hash_bytes(engine->search); }

void engine_set_seed(Engine *engine, uint64_t seed) { engine->seed = engine->rng = seed; }

void engine_clear_hash(Engine *engine) { search_clear(engine->search); }

EngineError engine_start(Engine *engine, int width, int height) {
    const Geometry *geometry = geometry_get_eval(width, height, engine->connect, engine->rule, engine->net);
    if (!geometry) return ENGINE_BAD_SIZE;
    board_init(&engine->board, geometry);
    engine->width = width;
    engine->height = height;
    engine->has_game = true;
    engine->rng = engine->seed;   /* each game replays the same for the same seed */
    timekeeper_reset(&engine->keeper);
    /* A new game forgets the old ones (table and history), so that a brain process plays the
     * same game for the same moves whatever it played before. */
    search_clear(engine->search);
    return ENGINE_OK;
}

bool engine_has_game(const Engine *engine) { return engine->has_game; }
const Board *engine_board(const Engine *engine) { return &engine->board; }
int engine_rule(const Engine *engine) { return engine->rule; }
int engine_width(const Engine *engine) { return engine->board.width; }
int engine_height(const Engine *engine) { return engine->board.height; }
bool engine_on_board(const Engine *engine, int x, int y) { return board_on(&engine->board, x, y); }
bool engine_board_full(const Engine *engine) { return board_full(&engine->board); }

/* The rules' checks try a stone and take it back: the position is the same when they return. */
int engine_forbidden_cells(Engine *engine, int *cells, int max) {
    Board *board = &engine->board;
    int count = 0;
    if (!engine->has_game || !(board->rule & RULE_RENJU)) return 0;
    for (int cell = board_first(board); cell && count < max; cell = board_next(board, cell))
        if (board_empty_at(board, cell) && rules_forbidden(board, cell, BLACK)) cells[count++] = cell;
    return count;
}

int engine_winning_cells_of_opponent(Engine *engine, int *cells, int max) {
    Board *board = &engine->board;
    const int them = opponent(board->to_move);
    int count = 0;
    if (!engine->has_game) return 0;
    for (int cell = board_first(board); cell && count < max; cell = board_next(board, cell))
        if (board_empty_at(board, cell) && rules_would_win(board, cell, them)) cells[count++] = cell;
    return count;
}

static EngineError locate(const Engine *engine, int x, int y, int *cell) {
    if (!engine->has_game) return ENGINE_NO_GAME;
    if (!board_on(&engine->board, x, y)) return ENGINE_OFF_BOARD;
    *cell = cell_at(x, y);
    return ENGINE_OK;
}

EngineError engine_play(Engine *engine, int x, int y) {
    int cell;
    const EngineError error = locate(engine, x, y, &cell);
    if (error != ENGINE_OK) return error;
    if (!board_empty_at(&engine->board, cell)) return ENGINE_OCCUPIED;
    board_make(&engine->board, cell);
    return ENGINE_OK;
}

EngineError engine_takeback(Engine *engine, int x, int y) {
    int cell;
    const EngineError error = locate(engine, x, y, &cell);
    if (error != ENGINE_OK) return error;
    Board *board = &engine->board;
    const int color = board->cell[cell];
    if (color != BLACK && color != WHITE) return ENGINE_NO_STONE;
    if (board_last_move(board) == cell && board->to_move != color) {
        board_undo(board);
        return ENGINE_OK;
    }
    board_remove(board, cell);
    if (board->to_move != color) board_pass(board);
    return ENGINE_OK;
}

EngineError engine_set_position(Engine *engine, const EngineStone *stones, int count, int to_move) {
    if (!engine->has_game) return ENGINE_NO_GAME;
    if (count < 0 || count > MAX_MOVES || (to_move != BLACK && to_move != WHITE))
        return ENGINE_BAD_POSITION;
    static const uint8_t none[CELLS];
    uint8_t seen[CELLS];
    memcpy(seen, none, sizeof seen);
    for (int i = 0; i < count; i++) {
        if (!board_on(&engine->board, stones[i].x, stones[i].y)) return ENGINE_OFF_BOARD;
        if (stones[i].color != BLACK && stones[i].color != WHITE) return ENGINE_BAD_POSITION;
        const int cell = cell_at(stones[i].x, stones[i].y);
        if (seen[cell]) return ENGINE_OCCUPIED;
        seen[cell] = 1;
    }
    Board *board = &engine->board;
    board_init(board, board->geometry);
    for (int i = 0; i < count; i++)
        board_put(board, cell_at(stones[i].x, stones[i].y), stones[i].color);
    if (board->to_move != to_move) board_pass(board);
    return ENGINE_OK;
}

static bool legal_reply(Engine *engine, int cell) {
    Board *board = &engine->board;
    if (cell <= 0 || cell >= CELLS) return false;
    if (!board_on(board, cell_x(cell), cell_y(cell)) || !board_empty_at(board, cell)) return false;
    return !rules_forbidden(board, cell, board->to_move);
}

/* Distance from the centre, for a choice that needs no evaluation. */
static int centre_distance(const Board *board, int cell) {
    const int dx = 2 * cell_x(cell) - (board->width - 1), dy = 2 * cell_y(cell) - (board->height - 1);
    return abs(dx) > abs(dy) ? abs(dx) : abs(dy);
}

/* The legal cell nearest the centre; an empty forbidden one only if nothing else is left. */
static int fallback_move(Engine *engine) {
    Board *board = &engine->board;
    int best = NO_CELL, best_distance = 0, any_empty = NO_CELL;
    for (int cell = board_first(board); cell; cell = board_next(board, cell)) {
        if (!board_empty_at(board, cell)) continue;
        if (!any_empty) any_empty = cell;
        if (rules_forbidden(board, cell, board->to_move)) continue;
        const int distance = centre_distance(board, cell);
        if (!best || distance < best_distance) {
            best = cell;
            best_distance = distance;
        }
    }
    return best ? best : any_empty;
}

/* NULL limits mean the defaults. */
static const EngineLimits *limits_or_default(const EngineLimits *limits, EngineLimits *defaults) {
    if (limits) return limits;
    engine_limits_default(defaults);
    return defaults;
}

static SearchLimits search_limits(const Engine *engine, const EngineLimits *limits) {
    const int empty = board_cell_count(&engine->board) - engine->board.move_count;
    SearchLimits search = {
        .time = timeman_budget(limits, empty, engine->keeper.overhead_ms),
        .start_ms = limits->start_ms,
        .max_nodes = limits->max_nodes,
        .max_depth = limits->max_depth,
        .realtime = limits->realtime,
        .abort = &engine->stop,
    };
    if (engine->level_depth && (!search.max_depth || engine->level_depth < search.max_depth))
        search.max_depth = engine->level_depth;
    return search;
}

/* The one place that maps a level to its player. */
static int think_dispatch(Engine *engine, const EngineLimits *limits, EngineReportFn report,
                          void *context) {
    if (engine->level != LEVEL_SEARCH)
        return reference_level_choose(&engine->board, (ReferenceLevel)engine->level, &engine->rng);
    const SearchLimits search = search_limits(engine, limits);
    return search_think(engine->search, &engine->board, &search, report, context).move;
}

int engine_think(Engine *engine, const EngineLimits *limits, EngineReportFn report, void *context) {
    if (!engine->has_game || board_full(&engine->board)) return NO_CELL;
    EngineLimits defaults;
    limits = limits_or_default(limits, &defaults);
    const int64_t started = limits->start_ms ? limits->start_ms : monotonic_ms();
    const int ply = engine->board.move_count;
    timekeeper_observe(&engine->keeper, limits, ply);
    const int cell = think_dispatch(engine, limits, report, context);
    const int move = legal_reply(engine, cell) ? cell : fallback_move(engine);
    timekeeper_spent(&engine->keeper, limits, ply, monotonic_ms() - started);
    return move;
}

/* The search's own flag too, so that a threat search in hand hears it at once. */
void engine_stop(Engine *engine) {
    atomic_store(&engine->stop, true);
    search_stop(engine->search);
}
void engine_clear_stop(Engine *engine) { atomic_store(&engine->stop, false); }
bool engine_stop_requested(const Engine *engine) { return atomic_load(&engine->stop); }

int engine_best_moves(Engine *engine, const EngineLimits *limits, int count, int *cells,
                      EngineReportFn report, void *context) {
    if (count <= 0 || !engine->has_game || board_full(&engine->board)) return 0;
    EngineLimits defaults;
    limits = limits_or_default(limits, &defaults);
    if (engine->level != LEVEL_SEARCH) {
        cells[0] = engine_think(engine, limits, report, context);
        return cells[0] ? 1 : 0;
    }
    const SearchLimits search = search_limits(engine, limits);
    const int found = search_best_moves(engine->search, &engine->board, &search, count, cells, report, context);
    /* the first is played if the caller plays it: it must be legal like any think's */
    if (found > 0 && !legal_reply(engine, cells[0])) cells[0] = fallback_move(engine);
    return found;
}

/* The search's score for the side to move, in half the time a move may take. */
static int quick_score(Engine *engine, const EngineLimits *limits, int *move) {
    EngineLimits half = *limits;
    if (half.turn_ms > 0) half.turn_ms /= 2;
    if (half.time_left_ms > 0 && half.time_left_ms < INT64_MAX) half.time_left_ms /= 2;
    const SearchLimits search = search_limits(engine, &half);
    const SearchResult result = search_think(engine->search, &engine->board, &search, NULL, NULL);
    *move = result.move;
    return result.score;
}

/* With 0 stones: a quiet opening near the centre — black's two stones apart, white touching
 * the first — that gives black no clear advantage, so either choice of the opponent is fair.
 * With 3 stones the 4th move is white's, with 5 the 6th: we search it as white and take black
 * (SWAP) when white's prospects are clearly worse than black's. */
#define SWAP2_MARGIN (EVAL_UNIT / 2)
Swap2Answer engine_swap2(Engine *engine, const EngineLimits *limits) {
    Swap2Answer answer = {.swap = false, .count = 0, .cells = {NO_CELL, NO_CELL, NO_CELL}};
    if (!engine->has_game) return answer;
    const Board *board = &engine->board;
    if (board->move_count == 0) {
        const int cx = board->width / 2, cy = board->height / 2;
        const int offsets[3][2] = {{0, 0}, {1, 1}, {3, -1}};
        for (int i = 0; i < 3; i++) {
            const int x = cx + offsets[i][0], y = cy + offsets[i][1];
            if (!board_on(board, x, y)) return answer;
            answer.cells[i] = cell_at(x, y);
        }
        answer.count = 3;
        return answer;
    }
    EngineLimits defaults;
    limits = limits_or_default(limits, &defaults);
    int move = NO_CELL;
    const int white_score = engine->level == LEVEL_SEARCH ? quick_score(engine, limits, &move) : 0;
    if (engine->level != LEVEL_SEARCH) move = engine_think(engine, limits, NULL, NULL);
    if (white_score < -SWAP2_MARGIN) {
        answer.swap = true;
        return answer;
    }
    if (legal_reply(engine, move)) {
        answer.cells[0] = move;
        answer.count = 1;
    }
    return answer;
}

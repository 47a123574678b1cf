#include "board.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

/* ---- Zobrist keys: built once, read-only afterwards ------------------------------------ */

static struct {
    pthread_once_t once;
    uint64_t stone[2][CELLS];
    uint64_t side;
} zobrist = {PTHREAD_ONCE_INIT, {{0}}, 0};

static void zobrist_build(void) {
    uint64_t seed = 0x57755A49ull;    /* fixed: hashes (and so the bench) repeat across runs */
    for (int color = 0; color < 2; color++)
        for (int cell = 0; cell < CELLS; cell++) zobrist.stone[color][cell] = rng_next(&seed);
    zobrist.side = rng_next(&seed);
}

uint64_t zobrist_stone(int color, int cell) {
    pthread_once(&zobrist.once, zobrist_build);
    return zobrist.stone[color - 1][cell];
}

uint64_t zobrist_side(void) {
    pthread_once(&zobrist.once, zobrist_build);
    return zobrist.side;
}

/* Inside a board (its geometry_get has built the keys): no once-check on every make and undo. */
static uint64_t stone_key(int color, int cell) { return zobrist.stone[color - 1][cell]; }

/* ---- geometries: cached, immutable ------------------------------------------------------ */

typedef struct CachedGeometry {
    Geometry geometry;
    struct CachedGeometry *next;
} CachedGeometry;

static struct {
    pthread_mutex_t lock;
    CachedGeometry *first;
} geometry_cache = {PTHREAD_MUTEX_INITIALIZER, NULL};

const Geometry *geometry_get(int width, int height, int connect, int rule) {
    return geometry_get_eval(width, height, connect, rule, false);
}

const Geometry *geometry_get_eval(int width, int height, int connect, int rule, bool net) {
    if (connect < CONNECT_MIN || connect > CONNECT_MAX) return NULL;
    if (width < connect || height < connect || width > BOARD_MAX || height > BOARD_MAX) return NULL;
    pthread_once(&zobrist.once, zobrist_build);
    const NetWeights *network = net && connect == 5 ? net_weights_for(weight_family(rule), width, height) : NULL;
    pthread_mutex_lock(&geometry_cache.lock);
    CachedGeometry *entry = geometry_cache.first;
    while (entry && !(entry->geometry.width == width && entry->geometry.height == height &&
                      entry->geometry.connect == connect && entry->geometry.rule == rule &&
                      entry->geometry.net == network))
        entry = entry->next;
    if (!entry) {
        entry = calloc(1, sizeof *entry);
        if (!entry) abort();
        entry->geometry.width = width;
        entry->geometry.height = height;
        entry->geometry.connect = connect;
        entry->geometry.rule = rule;
        entry->geometry.shapes = shape_tables_get(connect, rule);
        entry->geometry.weights = weights_for_rule(rule);
        entry->geometry.net = network;
        entry->next = geometry_cache.first;
        geometry_cache.first = entry;
    }
    pthread_mutex_unlock(&geometry_cache.lock);
    return &entry->geometry;
}

/* ---- the board --------------------------------------------------------------------------- */

/* ---- the candidate neighbourhood ------------------------------------------------------------ */

_Static_assert(NEAR_LINE > NEAR_RADIUS, "the line cells lie outside the square");

/* The neighbourhood's offsets are constants: the loops unroll to fixed addresses (make and
 * undo are the search's hottest code). */
static inline void spread_near(Board *board, int cell, int delta) {
    uint8_t *near = board->near + cell;
#pragma GCC unroll 5
    for (int dy = -NEAR_RADIUS; dy <= NEAR_RADIUS; dy++)
#pragma GCC unroll 5
        for (int dx = -NEAR_RADIUS; dx <= NEAR_RADIUS; dx++)
            if (dx || dy) near[dy * STRIDE + dx] = (uint8_t)(near[dy * STRIDE + dx] + delta);
    /* and NEAR_LINE away along the four lines */
#pragma GCC unroll 4
    for (int direction = 0; direction < 4; direction++) {
        const int step = NEAR_LINE * DIRECTION[direction];
        near[step] = (uint8_t)(near[step] + delta);
        near[-step] = (uint8_t)(near[-step] + delta);
    }
}

static void box_add(BoardBox *box, int cell) {
    const int x = cell_x(cell), y = cell_y(cell);
    if (box->x1 < box->x0) {
        *box = (BoardBox){(int8_t)x, (int8_t)y, (int8_t)x, (int8_t)y};
        return;
    }
    if (x < box->x0) box->x0 = (int8_t)x;
    if (x > box->x1) box->x1 = (int8_t)x;
    if (y < box->y0) box->y0 = (int8_t)y;
    if (y > box->y1) box->y1 = (int8_t)y;
}

static void box_rebuild(Board *board) {
    board->box = (BoardBox){1, 1, 0, 0};
    for (int i = 0; i < board->move_count; i++) box_add(&board->box, board->history[i]);
}

void board_candidate_area(const Board *board, int *x0, int *y0, int *x1, int *y1) {
    const BoardBox box = board->box;
    *x0 = box.x0 - NEAR_LINE < 0 ? 0 : box.x0 - NEAR_LINE;
    *y0 = box.y0 - NEAR_LINE < 0 ? 0 : box.y0 - NEAR_LINE;
    *x1 = box.x1 + NEAR_LINE >= board->width ? board->width - 1 : box.x1 + NEAR_LINE;
    *y1 = box.y1 + NEAR_LINE >= board->height ? board->height - 1 : box.y1 + NEAR_LINE;
    if (box.x1 < box.x0) *x1 = *x0 - 1;
}

void board_init(Board *board, const Geometry *geometry) {
    board->geometry = geometry;
    board->width = geometry->width;
    board->height = geometry->height;
    board->connect = geometry->connect;
    board->rule = geometry->rule;
    board->to_move = BLACK;
    board->move_count = 0;
    board->hash = 0;
    memset(board->cell, WALL, sizeof board->cell);
    for (int y = 0; y < board->height; y++)
        for (int x = 0; x < board->width; x++) board->cell[cell_at(x, y)] = EMPTY;
    shape_clear(&board->shapes, geometry->shapes, geometry->weights.cell, board->cell, board->width, board->height);
    forbidden_clear(&board->fouls);
    memset(board->near, 0, sizeof board->near);
    board->box = (BoardBox){1, 1, 0, 0};
    if (geometry->net) net_reset(&board->net, geometry->net, board);
}

/* The stone on `cell` becomes `color` (EMPTY to remove it): everything but the shapes.
 * Returns the colour that was there. */
static int set_cell(Board *board, int cell, int color) {
    const int old = board->cell[cell];
    board->cell[cell] = (uint8_t)color;
    if (board->geometry->net) net_touch(&board->net, cell);
    if (old != EMPTY) {
        board->hash ^= stone_key(old, cell);
        spread_near(board, cell, -1);
    }
    if (color != EMPTY) {
        board->hash ^= stone_key(color, cell);
        spread_near(board, cell, +1);
    }
    return old;
}

static bool renju(const Board *board) { return (board->rule & RULE_RENJU) != 0; }

static void fouls_update(Board *board, int cell, bool logged) {
    if (!renju(board)) return;
    const FoulBoard view = board_fouls(board);
    forbidden_update(&view, cell, logged);
}

static void fouls_undo_logged(Board *board, int cell) {
    if (!renju(board)) return;
    const FoulBoard view = board_fouls(board);
    forbidden_undo_logged(&view, cell);
}

static void set_stone(Board *board, int cell, int color) {
    const int old = set_cell(board, cell, color);
    shape_update(&board->shapes, board->geometry->shapes, board->cell, cell, old, color);
    fouls_update(board, cell, false);
}

/* `logged`: the shapes' changes are logged for a fast undo (the search's make and undo, which
 * come in reverse order). */
static void push_stone(Board *board, int cell, int color, bool logged) {
    board->value_history[board->move_count][0] = board->shapes.totals.value_sum[0];
    board->value_history[board->move_count][1] = board->shapes.totals.value_sum[1];
    if (logged) {
        set_cell(board, cell, color);
        const int start = shape_place_logged(&board->shapes, board->geometry->shapes, board->cell, cell, color);
        board->shape_log_start[board->move_count] = (int16_t)start;
        fouls_update(board, cell, start >= 0);
    } else {
        set_stone(board, cell, color);
        board->shape_log_start[board->move_count] = -1;
    }
    board->box_history[board->move_count] = board->box;
    board->history[board->move_count++] = (uint16_t)cell;
    box_add(&board->box, cell);
}

static void pop_stone(Board *board) {
    const int cell = board->history[--board->move_count];
    const int log_start = board->shape_log_start[board->move_count];
    if (log_start >= 0) {
        const int color = set_cell(board, cell, EMPTY);
        shape_remove_logged(&board->shapes, cell, color, log_start);
        fouls_undo_logged(board, cell);
    } else {
        set_stone(board, cell, EMPTY);
    }
    board->box = board->box_history[board->move_count];
}

void board_put(Board *board, int cell, int color) { push_stone(board, cell, color, false); }

void board_pass(Board *board) {
    board->to_move = opponent(board->to_move);
    board->hash ^= zobrist.side;
}

void board_make(Board *board, int cell) {
    push_stone(board, cell, board->to_move, false);
    board_pass(board);
}

void board_undo(Board *board) {
    pop_stone(board);
    board_pass(board);
}

void board_make_fast(Board *board, int cell) {
    push_stone(board, cell, board->to_move, true);
    board_pass(board);
}

void board_remove(Board *board, int cell) {
    int index = board->move_count - 1;
    while (index >= 0 && board->history[index] != cell) index--;
    if (index < 0) return;
    memmove(&board->history[index], &board->history[index + 1],
            (size_t)(board->move_count - index - 1) * sizeof board->history[0]);
    /* Out of order: the logged moves' saved shapes no longer hold (the protocol's take-backs
     * come between searches, when nothing is logged). */
    for (int i = 0; i < board->move_count; i++) board->shape_log_start[i] = -1;
    board->shapes.log_length = 0;
    board->shapes.totals_length = 0;
    forbidden_forget_log(&board->fouls);
    board->move_count--;
    set_stone(board, cell, EMPTY);
    box_rebuild(board);
    /* The boxes before later moves may have grown from this stone: rebuild them too. */
    BoardBox box = {1, 1, 0, 0};
    for (int i = 0; i < board->move_count; i++) {
        board->box_history[i] = box;
        box_add(&box, board->history[i]);
    }
}

int board_first(const Board *board) {
    (void)board;
    return cell_at(0, 0);
}

int board_next(const Board *board, int cell) {
    int x = cell_x(cell) + 1, y = cell_y(cell);
    if (x >= board->width) {
        x = 0;
        y++;
    }
    return y < board->height ? cell_at(x, y) : NO_CELL;
}

#include "board.h"

#include <pthread.h>
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
    if (connect < CONNECT_MIN || connect > CONNECT_MAX) return NULL;
    if (width < connect || height < connect || width > BOARD_MAX || height > BOARD_MAX) return NULL;
    pthread_once(&zobrist.once, zobrist_build);
    pthread_mutex_lock(&geometry_cache.lock);
    CachedGeometry *entry = geometry_cache.first;
    while (entry && !(entry->geometry.width == width && entry->geometry.height == height &&
                      entry->geometry.connect == connect && entry->geometry.rule == rule))
        entry = entry->next;
    if (!entry) {
        entry = calloc(1, sizeof *entry);
        if (!entry) abort();
        entry->geometry.width = width;
        entry->geometry.height = height;
        entry->geometry.connect = connect;
        entry->geometry.rule = rule;
        lines_geometry_build(&entry->geometry.lines, width, height, connect);
        entry->geometry.shapes = shape_tables_get(connect, rule);
        entry->next = geometry_cache.first;
        geometry_cache.first = entry;
    }
    pthread_mutex_unlock(&geometry_cache.lock);
    return &entry->geometry;
}

/* ---- the board --------------------------------------------------------------------------- */

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
    lines_clear(&board->lines, &geometry->lines, board->cell);
    shape_clear(&board->shapes, geometry->shapes, board->cell, board->width, board->height);
}

static void set_stone(Board *board, int cell, int color) {
    const int old = board->cell[cell];
    board->cell[cell] = (uint8_t)color;
    if (old != EMPTY) {
        board->hash ^= zobrist_stone(old, cell);
        lines_update(&board->lines, &board->geometry->lines, cell, old, -1);
    }
    if (color != EMPTY) {
        board->hash ^= zobrist_stone(color, cell);
        lines_update(&board->lines, &board->geometry->lines, cell, color, +1);
    }
    shape_update(&board->shapes, board->geometry->shapes, board->cell, cell, old, color);
}

void board_put(Board *board, int cell, int color) {
    set_stone(board, cell, color);
    board->history[board->move_count++] = (uint16_t)cell;
}

void board_pass(Board *board) {
    board->to_move = opponent(board->to_move);
    board->hash ^= zobrist_side();
}

void board_make(Board *board, int cell) {
    board_put(board, cell, board->to_move);
    board_pass(board);
}

void board_undo(Board *board) {
    const int cell = board->history[--board->move_count];
    set_stone(board, cell, EMPTY);
    board_pass(board);
}

static void set_stone_tactical(Board *board, int cell, int color) {
    const int old = board->cell[cell];
    board->cell[cell] = (uint8_t)color;
    if (old != EMPTY) board->hash ^= zobrist_stone(old, cell);
    if (color != EMPTY) board->hash ^= zobrist_stone(color, cell);
    shape_update(&board->shapes, board->geometry->shapes, board->cell, cell, old, color);
}

void board_make_tactical(Board *board, int cell) {
    set_stone_tactical(board, cell, board->to_move);
    board->history[board->move_count++] = (uint16_t)cell;
    board_pass(board);
}

void board_undo_tactical(Board *board) {
    const int cell = board->history[--board->move_count];
    set_stone_tactical(board, cell, EMPTY);
    board_pass(board);
}

void board_remove(Board *board, int cell) {
    int index = board->move_count - 1;
    while (index >= 0 && board->history[index] != cell) index--;
    if (index < 0) return;
    memmove(&board->history[index], &board->history[index + 1],
            (size_t)(board->move_count - index - 1) * sizeof board->history[0]);
    board->move_count--;
    set_stone(board, cell, EMPTY);
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

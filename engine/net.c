#include "net.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

/* ---- patterns ------------------------------------------------------------------------------ */

/* Side codes by view, of the key's low byte (the 4 cells before the cell, farthest first) and
 * of its high byte (the 4 after, nearest first). */
static struct {
    pthread_once_t once;
    uint8_t before[2][256], after[2][256];
} sides = {PTHREAD_ONCE_INIT, {{0}}, {{0}}};

/* Cells nearest first (EMPTY, BLACK, WHITE, WALL) seen by `view`: without a wall, the base-3
 * number of the four (empty 0, mine 1, theirs 2, the nearest the lowest digit), so that four
 * empty cells are code 0; with one, what lies before the first wall, after the 81 codes of the
 * lines without. Cells beyond a wall are walls on a board. */
static int side_code(const int cells[NET_SIDE], int view) {
    int length = 0, number = 0, power = 1;
    while (length < NET_SIDE && cells[length] != WALL) {
        const int digit = cells[length] == EMPTY ? 0 : cells[length] == view ? 1 : 2;
        number += digit * power;
        power *= 3;
        length++;
    }
    if (length == NET_SIDE) return number;
    /* after the 81: walls at distance 4 (27 codes), 3 (9), 2 (3), 1 (1) */
    static const int first[NET_SIDE] = {120, 117, 108, 81};
    return first[length] + number;
}

static void sides_build(void) {
    for (int view = BLACK; view <= WHITE; view++)
        for (int byte = 0; byte < 256; byte++) {
            int nearest_first[NET_SIDE], farthest_first[NET_SIDE];
            for (int i = 0; i < NET_SIDE; i++) {
                nearest_first[i] = (byte >> (2 * i)) & 3;
                farthest_first[NET_SIDE - 1 - i] = nearest_first[i];
            }
            sides.after[view - 1][byte] = (uint8_t)side_code(nearest_first, view);
            sides.before[view - 1][byte] = (uint8_t)side_code(farthest_first, view);
        }
}

_Static_assert(NET_SIDE < KEY_SIDE, "the pattern lies inside the shapes' key");
#define PATTERN_SHIFT (2 * (KEY_SIDE - NET_SIDE))   /* shape_key_shift(-NET_SIDE) */

static inline int pattern_of(uint32_t key, int view_index) {
    const uint32_t inner = key >> PATTERN_SHIFT;
    int a = sides.before[view_index][inner & 255], b = sides.after[view_index][(inner >> 8) & 255];
    if (a > b) {
        const int swap = a;
        a = b;
        b = swap;
    }
    return b * (b + 1) / 2 + a;
}

int net_pattern(uint32_t key, int view) {
    pthread_once(&sides.once, sides_build);
    return pattern_of(key, view - 1);
}

/* ---- the networks by board size ------------------------------------------------------------ */

const NetSize NET_SIZES[NET_SIZE_COUNT] = {{15, NET_WEIGHTS_15}, {20, NET_WEIGHTS_20}};

const NetWeights *const *net_weights_of_size(int size) {
    for (int i = 0; i < NET_SIZE_COUNT; i++)
        if (NET_SIZES[i].side == size) return NET_SIZES[i].weights;
    return NULL;
}

const NetWeights *net_weights_for(int family, int width, int height) {
    const int side = width > height ? width : height;
    const NetWeights *best = NULL;
    int best_distance = 0;
    for (int i = 0; i < NET_SIZE_COUNT; i++) {
        const NetWeights *net = NET_SIZES[i].weights[family];
        const int distance = abs(NET_SIZES[i].side - side);
        if (net && (!best || distance < best_distance)) {
            best = net;
            best_distance = distance;
        }
    }
    return best;
}

/* ---- the sums ------------------------------------------------------------------------------ */

static inline int16_t clip(int16_t value) { return value < 0 ? 0 : value > NET_ONE ? NET_ONE : value; }

/* A pooled cell's features move by plus - minus; the pool's change is gathered in 16 bits
 * (`gathered`; a scratch for a cell that pools the foul vector instead), so that the compiler
 * vectorises the loop. */
static inline void cell_change(int16_t *restrict cell, int16_t *restrict gathered, const int16_t *restrict plus,
                               const int16_t *restrict minus) {
    for (int i = 0; i < NET_C; i++) {
        const int16_t before = cell[i], after = (int16_t)(before + plus[i] - minus[i]);
        cell[i] = after;
        gathered[i] = (int16_t)(gathered[i] + clip(after) - clip(before));
    }
}

static inline void pool_cell(int32_t *restrict pool, const int16_t *restrict cell, int sign) {
    for (int i = 0; i < NET_C; i++) pool[i] += sign * clip(cell[i]);
}

/* What an empty cell pools in a view: its lines' features, or black's foul vector. */
static inline const int16_t *pooled(const NetState *state, const NetWeights *weights, int cell, int view) {
    return view == 0 && state->foul[cell] ? weights->head[0]->foul : state->cell[cell][view];
}

static inline bool forbidden_now(const Board *board, int cell) {
    return shape_cell_class(&board->shapes, cell, BLACK) == CLASS_FORBIDDEN;
}

/* A cell's patterns and features from the board's keys. */
static void cell_compute(NetState *state, const NetWeights *weights, const Board *board, int cell) {
    for (int view = 0; view < 2; view++) {
        int16_t *features = state->cell[cell][view];
        memset(features, 0, sizeof(NetVector));
        for (int direction = 0; direction < 4; direction++) {
            const int pattern = pattern_of(board->shapes.key[cell][direction], view);
            state->pattern[cell][direction][view] = (uint16_t)pattern;
            for (int i = 0; i < NET_C; i++) features[i] = (int16_t)(features[i] + weights->codebook[view][pattern][i]);
        }
    }
}

/* The patterns of the cells within NET_SIDE of `cell` on its lines, and its own place in the
 * pools (an empty cell is pooled); `held` is what the cell held at the last evaluation. Only
 * the pooled cells are kept (walls and stones are not): a cell is computed afresh when it empties.
 * `fouls`: the network pools black's forbidden cells apart (renju); each caller passes a constant,
 * so that the freestyle code reads no foul flag. */
static inline void refresh_lines(NetState *state, const NetWeights *weights, const Board *board, int cell, int held,
                                 bool fouls) {
    /* The 32 cells on the lines and the cell itself move a pooled feature by NET_ONE at most
     * each: far inside 16 bits. */
    int16_t gathered[2][NET_C] = {{0}}, scratch[NET_C];
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
        for (int distance = -NET_SIDE; distance <= NET_SIDE; distance++) {
            const int neighbour = cell + distance * step;
            if (!distance || state->seen[neighbour] != EMPTY) continue;
            const uint32_t key = board->shapes.key[neighbour][direction];
            for (int view = 0; view < 2; view++) {
                const int now = pattern_of(key, view), before = state->pattern[neighbour][direction][view];
                if (now == before) continue;
                state->pattern[neighbour][direction][view] = (uint16_t)now;
                int16_t *into = fouls && view == 0 && state->foul[neighbour] ? scratch : gathered[view];
                cell_change(state->cell[neighbour][view], into, weights->codebook[view][now], weights->codebook[view][before]);
            }
        }
    }
    const bool empty = board->cell[cell] == EMPTY;
    if (empty != (held == EMPTY)) {
        if (empty) cell_compute(state, weights, board, cell);
        for (int view = 0; view < 2; view++) {
            const int16_t *features = fouls ? pooled(state, weights, cell, view) : state->cell[cell][view];
            for (int i = 0; i < NET_C; i++) gathered[view][i] = (int16_t)(gathered[view][i] + (empty ? 1 : -1) * clip(features[i]));
        }
        if (fouls && state->foul[cell]) {
            state->foul[cell] = 0;
            state->foul_count--;
        }
    }
    for (int view = 0; view < 2; view++)
        for (int i = 0; i < NET_C; i++) state->pool[view][i] += gathered[view][i];
}

void net_reset(NetState *state, const NetWeights *weights, const Board *board) {
    pthread_once(&sides.once, sides_build);
    memset(state, 0, sizeof *state);
    memset(state->seen, WALL, sizeof state->seen);
    for (int y = 0; y < board->height; y++)
        for (int x = 0; x < board->width; x++) {
            const int cell = cell_at(x, y);
            state->seen[cell] = board->cell[cell];
            if (board->cell[cell] != EMPTY) continue;
            cell_compute(state, weights, board, cell);
            if (weights->head[0]->fouls && forbidden_now(board, cell)) {
                state->foul[cell] = 1;
                state->foul_count++;
            }
            for (int view = 0; view < 2; view++) pool_cell(state->pool[view], pooled(state, weights, cell, view), 1);
        }
}

/* Black's forbidden points, which a move can change far from its lines: every empty cell's
 * class against what it pooled, while any is or was forbidden. */
static void fouls_up_to_date(NetState *state, const NetWeights *weights, const Board *board) {
    if (!state->foul_count && !shape_class_count(&board->shapes, BLACK, CLASS_FORBIDDEN)) return;
    FOR_EACH_CELL(board, cell) {
        if (board->cell[cell] != EMPTY || forbidden_now(board, cell) == (state->foul[cell] != 0)) continue;
        pool_cell(state->pool[0], pooled(state, weights, cell, 0), -1);
        state->foul[cell] ^= 1;
        state->foul_count += state->foul[cell] ? 1 : -1;
        pool_cell(state->pool[0], pooled(state, weights, cell, 0), 1);
    }
}

static void bring_up_to_date(NetState *state, const NetWeights *weights, const Board *board) {
    if (state->stale) {
        net_reset(state, weights, board);
        return;
    }
    const bool fouls = weights->head[0]->fouls;
    /* A cell back to the stone it had (a move made and taken back since) changed no pattern:
     * every pattern that reads it reads the cells that did change too, and they refresh it. */
    for (int i = 0; i < state->touch_count; i++) {
        const int cell = state->touch[i];
        state->touched[cell] = 0;
        const int before = state->seen[cell];
        if (board->cell[cell] == before) continue;
        state->seen[cell] = board->cell[cell];
        if (fouls) refresh_lines(state, weights, board, cell, before, true);
        else refresh_lines(state, weights, board, cell, before, false);
    }
    state->touch_count = 0;
    if (fouls) fouls_up_to_date(state, weights, board);
}

/* ---- the head ------------------------------------------------------------------------------ */

static inline int32_t shift_down(int32_t value, int shift) {
    return value >= 0 ? value >> shift : -((-value) >> shift);
}

int32_t net_head_score(const NetWeights *weights, const int32_t (*pool)[NET_C], int to_move) {
    const NetHead *head = weights->head[to_move - 1];
    int16_t input[NET_INPUTS];
    for (int view = 0; view < 2; view++) {
        const int32_t *sums = pool[view == 0 ? to_move - 1 : 2 - to_move];
        for (int i = 0; i < NET_C; i++) input[view * NET_C + i] = (int16_t)(sums[i] < NET_POOL_MAX ? sums[i] : NET_POOL_MAX);
    }
    int32_t score = head->out_bias;
    for (int unit = 0; unit < NET_HIDDEN; unit++) {
        int32_t sum = head->hidden_bias[unit];
        for (int i = 0; i < NET_INPUTS; i++) sum += head->hidden[unit][i] * input[i];
        const int32_t hidden = sum <= 0 ? 0 : (sum >> head->hidden_shift) < NET_ONE ? sum >> head->hidden_shift : NET_ONE;
        score += head->out[unit] * hidden;
    }
    for (int i = 0; i < NET_INPUTS; i++) score += head->linear[i] * input[i];
    score = shift_down(score, head->out_shift);
    return score > NET_SCORE_MAX ? NET_SCORE_MAX : score < -NET_SCORE_MAX ? -NET_SCORE_MAX : score;
}

int32_t net_evaluate(NetState *state, const NetWeights *weights, const Board *board) {
    bring_up_to_date(state, weights, board);
    return net_head_score(weights, (const int32_t(*)[NET_C])state->pool, board->to_move);
}

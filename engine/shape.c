#include "shape.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "coords.h"

bool shape_run_wins(int connect, int rule, int color, int length, int before, int after) {
    if (length < connect) return false;
    const bool exact = (rule & RULE_EXACT5) || ((rule & RULE_RENJU) && color == BLACK);
    if (exact && length > connect) return false;
    if (rule & RULE_CARO) {
        const int other = opponent(color);
        if (before == other && after == other) return false;
    }
    return true;
}

/* ---- building a table ------------------------------------------------------------------ */

/* The line a key describes: LINE_LEN cells, the centre (index KEY_SIDE) holding our stone. */
#define LINE_LEN (2 * KEY_SIDE + 1)

static int key_slot(int index) { return index < KEY_SIDE ? index : index - 1; }

static void key_decode(uint32_t key, int own, uint8_t line[LINE_LEN]) {
    for (int index = 0; index < LINE_LEN; index++) {
        if (index == KEY_SIDE) {
            line[index] = (uint8_t)own;
            continue;
        }
        line[index] = (uint8_t)((key >> (2 * key_slot(index))) & 3);
    }
}

static uint32_t key_with(uint32_t key, int index, int color) {
    const int shift = 2 * key_slot(index);
    return (key & ~(3u << shift)) | ((uint32_t)color << shift);
}

typedef struct Builder {
    int connect, rule, own;
    uint8_t *memo;      /* per canonical key: shape + 1, 0 = not yet known */
} Builder;

/* Does our run through the centre win? Beyond the window counts as empty: the key cannot see
 * it, and pretending it is open errs towards valuing the cell. */
static bool centre_wins(const Builder *builder, const uint8_t line[LINE_LEN]) {
    int left = KEY_SIDE, right = KEY_SIDE;
    while (left > 0 && line[left - 1] == builder->own) left--;
    while (right < LINE_LEN - 1 && line[right + 1] == builder->own) right++;
    const int before = left > 0 ? line[left - 1] : EMPTY;
    const int after = right < LINE_LEN - 1 ? line[right + 1] : EMPTY;
    return shape_run_wins(builder->connect, builder->rule, builder->own, right - left + 1, before,
                          after);
}

static int centre_run(const Builder *builder, const uint8_t line[LINE_LEN]) {
    int left = KEY_SIDE, right = KEY_SIDE;
    while (left > 0 && line[left - 1] == builder->own) left--;
    while (right < LINE_LEN - 1 && line[right + 1] == builder->own) right++;
    return right - left + 1;
}

/* Keys differ beyond the first blocker on each side without the shape changing; canonical keys
 * (everything past a blocker zeroed) keep the brute force down to a few thousand lines. */
static uint32_t canonical(uint32_t key, int own) {
    for (int side = -1; side <= 1; side += 2) {
        bool blocked = false;
        for (int step = 1; step <= KEY_SIDE; step++) {
            const int index = KEY_SIDE + side * step;
            const int shift = 2 * key_slot(index);
            if (blocked) {
                key &= ~(3u << shift);
                continue;
            }
            const int color = (key >> shift) & 3;
            if (color != EMPTY && color != own) blocked = true;
        }
    }
    return key;
}

static Shape shape_of_key(Builder *builder, uint32_t key);

/* Below a four, a shape is what one more stone can make of it, and in how many ways: count,
 * over the empty cells between the blockers, the shapes our stone there would make. */
static Shape grown_shape(Builder *builder, uint32_t key, int low, int high) {
    int made[SHAPE_COUNT] = {0};
    for (int index = low; index <= high; index++) {
        if (index == KEY_SIDE) continue;
        const uint32_t grown = key_with(key, index, builder->own);
        if (grown != key) made[shape_of_key(builder, grown)]++;
    }
    const int open_fours = made[SHAPE_OPEN_FOUR];
    const int open_threes = made[SHAPE_OPEN_THREE] + made[SHAPE_OPEN_THREE_X2];
    const int open_twos = made[SHAPE_OPEN_TWO] + made[SHAPE_OPEN_TWO_X2] + made[SHAPE_OPEN_TWO_X3];
    if (open_fours >= 2) return SHAPE_OPEN_THREE_X2;
    if (open_fours) return SHAPE_OPEN_THREE;
    if (made[SHAPE_FOUR]) return SHAPE_THREE;
    if (open_threes >= 3) return SHAPE_OPEN_TWO_X3;
    if (open_threes == 2) return SHAPE_OPEN_TWO_X2;
    if (open_threes) return SHAPE_OPEN_TWO;
    if (made[SHAPE_THREE]) return SHAPE_TWO;
    if (open_twos) return SHAPE_OPEN_ONE;
    if (made[SHAPE_TWO]) return SHAPE_ONE;
    return SHAPE_NONE;
}

static Shape shape_of_key(Builder *builder, uint32_t key) {
    if (builder->memo[key]) return (Shape)(builder->memo[key] - 1);
    uint8_t line[LINE_LEN];
    key_decode(key, builder->own, line);

    /* Only the cells between the nearest blockers can matter. */
    int low = KEY_SIDE, high = KEY_SIDE;
    while (low > 0 && (line[low - 1] == EMPTY || line[low - 1] == builder->own)) low--;
    while (high < LINE_LEN - 1 && (line[high + 1] == EMPTY || line[high + 1] == builder->own)) high++;

    Shape shape = SHAPE_NONE;
    if (centre_wins(builder, line)) {
        shape = SHAPE_FIVE;
    } else if (centre_run(builder, line) >= builder->connect) {
        shape = SHAPE_OVERLINE;
    } else {
        int winning_cells = 0;
        for (int index = low; index <= high; index++) {
            if (line[index] != EMPTY) continue;
            line[index] = (uint8_t)builder->own;
            if (centre_wins(builder, line)) winning_cells++;
            line[index] = EMPTY;
        }
        if (winning_cells >= 2) shape = SHAPE_OPEN_FOUR;
        else if (winning_cells == 1) shape = SHAPE_FOUR;
        else shape = grown_shape(builder, key, low, high);
    }
    builder->memo[key] = (uint8_t)(shape + 1);
    return shape;
}

static void build_table(uint8_t *packed, int connect, int rule, int own) {
    Builder builder = {connect, rule, own, calloc(KEY_SPAN, 1)};
    if (!builder.memo) abort();
    /* canonical() works side by side: make it once per half-key, not once per key. */
    enum { HALF_BITS = KEY_BITS / 2, HALF_SPAN = 1u << HALF_BITS };
    static_assert(KEY_BITS % 2 == 0, "a key is two halves of KEY_SIDE cells");
    uint32_t low[HALF_SPAN], high[HALF_SPAN];
    for (uint32_t half = 0; half < HALF_SPAN; half++) {
        low[half] = canonical(half, own);
        high[half] = canonical(half << HALF_BITS, own);
    }
    const int shift = own == WHITE ? 4 : 0;
    for (uint32_t key = 0; key < KEY_SPAN; key++) {
        const uint32_t reduced = low[key & (HALF_SPAN - 1)] | high[key >> HALF_BITS];
        packed[key] |= (uint8_t)(shape_of_key(&builder, reduced) << shift);
    }
    free(builder.memo);
}

/* Pack the table to the inner cells' keys when the outermost cell on each side (the key's
 * lowest and highest slot) never changes an entry. */
static void pack_inner(ShapeTables *tables) {
    const uint32_t outer = 3u | 3u << (KEY_BITS - 2);
    tables->index_shift = 0;
    tables->index_mask = KEY_SPAN - 1;
    for (uint32_t key = 0; key < KEY_SPAN; key++)
        if (tables->packed[key] != tables->packed[key & ~outer]) return;
    /* ascending: entry i reads entry 4i, which is written only later */
    for (uint32_t inner = 0; inner < KEY_SPAN >> 4; inner++) tables->packed[inner] = tables->packed[inner << 2];
    tables->index_shift = 2;
    tables->index_mask = (KEY_SPAN >> 4) - 1;
}

/* ---- the cache: tables are immutable once built ----------------------------------------- */

#define TABLE_CACHE_MAX 16

static struct {
    pthread_mutex_t lock;
    int count;
    ShapeTables *tables[TABLE_CACHE_MAX];
} table_cache = {PTHREAD_MUTEX_INITIALIZER, 0, {0}};

/* Rule bits that change a shape: the continuous-game bit does not. */
static int shape_rule(int rule) { return rule & (RULE_EXACT5 | RULE_RENJU | RULE_CARO); }

const ShapeTables *shape_tables_get(int connect, int rule) {
    rule = shape_rule(rule);
    pthread_mutex_lock(&table_cache.lock);
    ShapeTables *found = NULL;
    for (int i = 0; i < table_cache.count && !found; i++)
        if (table_cache.tables[i]->connect == connect && table_cache.tables[i]->rule == rule)
            found = table_cache.tables[i];
    if (!found) {
        found = calloc(1, sizeof *found);
        if (!found) abort();
        found->connect = connect;
        found->rule = rule;
        build_table(found->packed, connect, rule, BLACK);
        build_table(found->packed, connect, rule, WHITE);
        pack_inner(found);
        if (table_cache.count == TABLE_CACHE_MAX) {
            /* Never freed: boards may still point at it. Beyond the cap (a process cycling
             * through more than 16 rule sets) the oldest slot is reused for lookups only. */
            table_cache.tables[0] = found;
        } else {
            table_cache.tables[table_cache.count++] = found;
        }
    }
    pthread_mutex_unlock(&table_cache.lock);
    return found;
}

/* ---- combinations and classes: tables over the four directions' shapes, built once ------ */

/* A cell's combination is read as two unordered pairs of shapes (directions 0+1 and 2+3): a
 * pair index, then one word for the pair of pairs holding the combination code and its class.
 * That table (105 x 105 words, 22 KB) stays in the first-level cache, where a table over all
 * 2^16 ordered quadruples did not: its lookup was most of the cost of make/undo. */
#define SHAPE_PAIRS (SHAPE_COUNT * (SHAPE_COUNT + 1) / 2)
#define ENTRY_CLASS_SHIFT 12
static_assert(COMBO_COUNT <= (1 << ENTRY_CLASS_SHIFT) && CLASS_COUNT <= 16, "code and class share a word");

static struct {
    pthread_once_t once;
    uint8_t pair_of[16][16];                        /* two shapes, either order */
    uint16_t entry_of[SHAPE_PAIRS][SHAPE_PAIRS];    /* combination | class << ENTRY_CLASS_SHIFT */
    uint8_t shapes_of[COMBO_COUNT][4];              /* ascending */
} combos = {PTHREAD_ONCE_INIT, {{0}}, {{0}}, {{0}}};

static CellClass classify(const Shape shapes[4]) {
    int fives = 0, open_fours = 0, fours = 0, open_threes = 0, threes = 0, twos = 0;
    for (int d = 0; d < 4; d++) {
        const Shape shape = shapes[d];
        fives += shape == SHAPE_FIVE;
        open_fours += shape == SHAPE_OPEN_FOUR;
        fours += shape == SHAPE_FOUR;
        open_threes += shape_is_open_three(shape);
        threes += shape == SHAPE_THREE;
        twos += shape == SHAPE_TWO || shape_is_open_two(shape);
    }
    if (fives) return CLASS_FIVE;
    if (open_fours || fours >= 2) return CLASS_OPEN_FOUR;
    if (fours && open_threes) return CLASS_FOUR_THREE;
    if (fours) return CLASS_FOUR;
    if (open_threes >= 2) return CLASS_DOUBLE_THREE;
    if (open_threes) return CLASS_OPEN_THREE;
    if (threes) return CLASS_THREE;
    if (twos) return CLASS_TWO;
    return CLASS_NONE;
}

static void sort4(Shape shapes[4]) {
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && shapes[j - 1] > shapes[j]; j--) {
            const Shape swap = shapes[j];
            shapes[j] = shapes[j - 1];
            shapes[j - 1] = swap;
        }
}

static uint16_t entry_lookup(Shape a, Shape b, Shape c, Shape d) {
    return combos.entry_of[combos.pair_of[a][b]][combos.pair_of[c][d]];
}

static void combos_build(void) {
    int pair = 0;
    for (int a = 0; a < SHAPE_COUNT; a++)
        for (int b = a; b < SHAPE_COUNT; b++) {
            combos.pair_of[a][b] = combos.pair_of[b][a] = (uint8_t)pair;
            pair++;
        }
    assert(pair == SHAPE_PAIRS);
    /* codes in ascending order of the sorted quadruple, as the weights file numbers them */
    static uint16_t code_of_sorted[SHAPE_COUNT][SHAPE_COUNT][SHAPE_COUNT][SHAPE_COUNT];
    int code = 0;
    for (int a = 0; a < SHAPE_COUNT; a++)
        for (int b = a; b < SHAPE_COUNT; b++)
            for (int c = b; c < SHAPE_COUNT; c++)
                for (int d = c; d < SHAPE_COUNT; d++) {
                    memcpy(combos.shapes_of[code], (uint8_t[4]){(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d}, 4);
                    code_of_sorted[a][b][c][d] = (uint16_t)code++;
                }
    assert(code == COMBO_SHAPE_SETS);
    for (int a = 0; a < SHAPE_COUNT; a++)
        for (int b = a; b < SHAPE_COUNT; b++)
            for (int c = 0; c < SHAPE_COUNT; c++)
                for (int d = c; d < SHAPE_COUNT; d++) {
                    Shape shapes[4] = {(Shape)a, (Shape)b, (Shape)c, (Shape)d};
                    sort4(shapes);
                    const uint16_t combo = code_of_sorted[shapes[0]][shapes[1]][shapes[2]][shapes[3]];
                    combos.entry_of[combos.pair_of[a][b]][combos.pair_of[c][d]] =
                        (uint16_t)(combo | classify(shapes) << ENTRY_CLASS_SHIFT);
                }
}

static void combos_ready(void) { pthread_once(&combos.once, combos_build); }

CellClass shape_combo_class(int combo) {
    combos_ready();
    if (combo == COMBO_FORBIDDEN) return CLASS_FORBIDDEN;
    const uint8_t *shapes = combos.shapes_of[combo];
    return (CellClass)(entry_lookup(shapes[0], shapes[1], shapes[2], shapes[3]) >> ENTRY_CLASS_SHIFT);
}

CellClass shape_class_of(const Shape shapes[4]) {
    /* no combos_ready(): this is hot, and every board's shape_clear has built the tables */
    return (CellClass)(entry_lookup(shapes[0], shapes[1], shapes[2], shapes[3]) >> ENTRY_CLASS_SHIFT);
}

int shape_combo_of(const Shape shapes[4], CellClass *cell_class) {
    const uint16_t entry = entry_lookup(shapes[0], shapes[1], shapes[2], shapes[3]);
    *cell_class = (CellClass)(entry >> ENTRY_CLASS_SHIFT);
    return entry & ((1 << ENTRY_CLASS_SHIFT) - 1);
}

void shape_combo_shapes(int combo, Shape shapes[4]) {
    combos_ready();
    for (int d = 0; d < 4; d++) shapes[d] = (Shape)combos.shapes_of[combo][d];
}

/* An empty cell's classes and values are counted; an occupied cell's are not. */
static void count_classes(ShapeState *state, int cell, int delta) {
    state->totals.class_count[0][state->cell_class[cell] & 15] += (int16_t)delta;
    state->totals.class_count[1][state->cell_class[cell] >> 4] += (int16_t)delta;
    state->totals.value_sum[0] += delta * state->value[0][state->combo[cell][0]];
    state->totals.value_sum[1] += delta * state->value[1][state->combo[cell][1]];
}

/* Recompute one colour's combination and class of a cell from its shapes (`color` 0 black,
 * 1 white: a constant wherever it is inlined); `counted`: the cell is empty and its old values
 * are in the counts, which follow the change. */
static inline void refresh_color(ShapeState *state, int cell, const int color, bool counted) {
    const int shift = 4 * color;
    const uint8_t *packed = state->shape[cell];
    const uint16_t entry = entry_lookup((Shape)((packed[0] >> shift) & 15), (Shape)((packed[1] >> shift) & 15),
                                        (Shape)((packed[2] >> shift) & 15), (Shape)((packed[3] >> shift) & 15));
    const uint16_t combo = entry & ((1 << ENTRY_CLASS_SHIFT) - 1);
    const uint16_t old = state->combo[cell][color];
    if (old == combo) return;
    const unsigned cell_class = entry >> ENTRY_CLASS_SHIFT;
    const unsigned classes = state->cell_class[cell];
    if (counted) {
        state->totals.class_count[color][(classes >> shift) & 15]--;
        state->totals.class_count[color][cell_class]++;
        state->totals.value_sum[color] += state->value[color][combo] - state->value[color][old];
    }
    state->cell_class[cell] = (uint8_t)((classes & ~(15u << shift)) | cell_class << shift);
    state->combo[cell][color] = combo;
}

/* Both colours, from scratch: the combination codes stored may be stale. */
static void refresh_class(ShapeState *state, int cell) {
    state->combo[cell][0] = state->combo[cell][1] = UINT16_MAX;
    refresh_color(state, cell, 0, false);
    refresh_color(state, cell, 1, false);
}

/* ---- incremental state ------------------------------------------------------------------ */

static void refresh(ShapeState *state, const ShapeTables *tables, int cell, int direction) {
    const uint32_t key = state->key[cell][direction];
    state->shape[cell][direction] = shape_entry(tables, key);
}

void shape_clear(ShapeState *state, const ShapeTables *tables, const int16_t *const value[2], const uint8_t *cell,
                 int width, int height) {
    combos_ready();
    memset(state, 0, sizeof *state);
    state->value[0] = value[0];
    state->value[1] = value[1];
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            const int c = cell_at(x, y);
            for (int direction = 0; direction < 4; direction++) {
                uint32_t key = 0;
                for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
                    if (!offset) continue;
                    key |= (uint32_t)cell[c + offset * DIRECTION[direction]] << shape_key_shift(offset);
                }
                state->key[c][direction] = key;
                refresh(state, tables, c, direction);
            }
            refresh_class(state, c);
            if (cell[c] == EMPTY) count_classes(state, c, +1);
        }
}

/* One neighbour's key gains `bits`; when `refreshed` (within the table's reach) and empty, its
 * shapes are looked up again and, where they change, logged first (with `log`) and its classes
 * refreshed. Occupied cells' shapes mean nothing: refreshed when they empty again. */
static inline int update_neighbour(ShapeState *state, const ShapeTables *tables, const uint8_t *cells,
                                   int neighbour, int direction, uint32_t bits, bool refreshed,
                                   ShapeSaved *log, int saved) {
    state->key[neighbour][direction] ^= bits;
    if (!refreshed || cells[neighbour] != EMPTY) return saved;
    const uint8_t before = state->shape[neighbour][direction];
    const uint8_t after = shape_entry(tables, state->key[neighbour][direction]);
    if (after == before) return saved;
    if (log) {
        log[saved++] = (ShapeSaved){(uint16_t)(neighbour << 2 | direction), before, state->cell_class[neighbour],
                                    {state->combo[neighbour][0], state->combo[neighbour][1]}};
    }
    state->shape[neighbour][direction] = after;
    const unsigned changed = after ^ before;
    if (changed & 15) refresh_color(state, neighbour, 0, true);
    if (changed >> 4) refresh_color(state, neighbour, 1, true);
    return saved;
}

/* The keys and shapes of the empty cells on `cell`'s four lines after its stone changed by
 * `change`; with `log`, each cell whose shapes change is saved there first. Every key within
 * KEY_SIDE follows the stone; shapes are looked up only within `reach`, where a table packed
 * to the inner cells (pack_inner) says the outermost cell cannot change them. `log` and `reach`
 * are constants wherever this is inlined, and the loops unroll to fixed offsets. Returns how
 * many cells were saved. */
static inline int update_lines(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                               uint32_t change, ShapeSaved *log, const int reach) {
    int saved = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
#pragma GCC unroll 5
        for (int distance = 1; distance <= KEY_SIDE; distance++) {
            /* `cell` sits at +distance from the cell before it and at -distance from the one after */
            saved = update_neighbour(state, tables, cells, cell - distance * step, direction,
                                     change << shape_key_shift(distance), distance <= reach, log, saved);
            saved = update_neighbour(state, tables, cells, cell + distance * step, direction,
                                     change << shape_key_shift(-distance), distance <= reach, log, saved);
        }
    }
    return saved;
}

static int update_lines_logged(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                               uint32_t change, ShapeSaved *log) {
    return tables->index_shift ? update_lines(state, tables, cells, cell, change, log, KEY_SIDE - 1)
                               : update_lines(state, tables, cells, cell, change, log, KEY_SIDE);
}

void shape_update(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                  int old_color, int new_color) {
    if (old_color == EMPTY) count_classes(state, cell, -1);
    update_lines(state, tables, cells, cell, (uint32_t)(old_color ^ new_color), NULL, KEY_SIDE);
    if (new_color != EMPTY) return;
    for (int direction = 0; direction < 4; direction++) refresh(state, tables, cell, direction);
    refresh_class(state, cell);
    count_classes(state, cell, +1);
}

int shape_place_logged(ShapeState *state, const ShapeTables *tables, const uint8_t *cells, int cell,
                       int color) {
    if (state->log_length > SHAPE_LOG_SIZE - SHAPE_LOG_MOVE - SHAPE_LOG_OVERRIDES ||
        state->totals_length == SHAPE_TOTALS_LOG_SIZE) {
        shape_update(state, tables, cells, cell, EMPTY, color);
        return -1;
    }
    const int start = state->log_length;
    state->totals_log[state->totals_length++] = state->totals;
    count_classes(state, cell, -1);
    state->log_length += update_lines_logged(state, tables, cells, cell, (uint32_t)color, state->log + start);
    return start;
}

void shape_override(ShapeState *state, int cell, int color, int combo, CellClass cell_class, bool logged) {
    const int index = color - 1, shift = 4 * index;
    const uint16_t old = state->combo[cell][index];
    const unsigned classes = state->cell_class[cell];
    if (old == combo && ((classes >> shift) & 15) == (unsigned)cell_class) return;
    if (logged) {
        state->log[state->log_length++] = (ShapeSaved){(uint16_t)(cell << 2), state->shape[cell][0], (uint8_t)classes,
                                                      {state->combo[cell][0], state->combo[cell][1]}};
    }
    state->totals.class_count[index][(classes >> shift) & 15]--;
    state->totals.class_count[index][cell_class]++;
    state->totals.value_sum[index] += state->value[index][combo] - state->value[index][old];
    state->cell_class[cell] = (uint8_t)((classes & ~(15u << shift)) | (unsigned)cell_class << shift);
    state->combo[cell][index] = (uint16_t)combo;
}

/* The cell's own entries are as they were when the stone came (nothing refreshes an occupied
 * cell), so only its neighbours come back from the log, and the totals as they were. */
void shape_remove_logged(ShapeState *state, int cell, int color, int log_start) {
#pragma GCC unroll 4
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
#pragma GCC unroll 5
        for (int distance = 1; distance <= KEY_SIDE; distance++) {
            state->key[cell - distance * step][direction] ^= (uint32_t)color << shape_key_shift(distance);
            state->key[cell + distance * step][direction] ^= (uint32_t)color << shape_key_shift(-distance);
        }
    }
    for (int i = state->log_length - 1; i >= log_start; i--) {
        const ShapeSaved *saved = &state->log[i];
        const int neighbour = saved->cell_direction >> 2;
        state->shape[neighbour][saved->cell_direction & 3] = saved->shape;
        state->cell_class[neighbour] = saved->cell_class;
        state->combo[neighbour][0] = saved->combo[0];
        state->combo[neighbour][1] = saved->combo[1];
    }
    state->log_length = log_start;
    state->totals = state->totals_log[--state->totals_length];
}

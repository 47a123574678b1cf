#include "forbidden.h"

#include <pthread.h>
#include <string.h>


/* ---- the judge ------------------------------------------------------------------------------- */

typedef struct Judge {
    uint8_t *cells;
    int connect;
    int *centres, max, count;
} Judge;

static int black_run(const uint8_t *cells, int cell, int step) {
    int back = 1, forward = 1;
    while (cells[cell - back * step] == BLACK) back++;
    while (cells[cell + forward * step] == BLACK) forward++;
    return back + forward - 1;
}

/* Cells (as offsets from `cell`) where one more black stone makes exactly five through `cell`
 * along `step`: only the empty cell at either end of the run through `cell` can lengthen it. */
static int five_points(const Judge *judge, int cell, int step, int offsets[2]) {
    const uint8_t *cells = judge->cells;
    int back = 1, forward = 1;
    while (cells[cell - back * step] == BLACK) back++;
    while (cells[cell + forward * step] == BLACK) forward++;
    const int run = back + forward - 1;
    int count = 0;
    if (cells[cell - back * step] == EMPTY) {
        int beyond = 0;
        while (cells[cell - (back + 1 + beyond) * step] == BLACK) beyond++;
        if (run + 1 + beyond == judge->connect) offsets[count++] = -back;
    }
    if (cells[cell + forward * step] == EMPTY) {
        int beyond = 0;
        while (cells[cell + (forward + 1 + beyond) * step] == BLACK) beyond++;
        if (run + 1 + beyond == judge->connect) offsets[count++] = forward;
    }
    return count;
}

/* Fours through `cell` along `step`: each five point is a four, except that a straight four
 * (_XXXX_) has two five points k cells apart and is one four. */
static int fours_along(const Judge *judge, int cell, int step) {
    int offsets[2];
    const int count = five_points(judge, cell, step, offsets);
    if (count == 2 && offsets[1] - offsets[0] == judge->connect) return 1;
    return count;
}

static bool straight_four_along(const Judge *judge, int cell, int step) {
    int offsets[2];
    const int count = five_points(judge, cell, step, offsets);
    return count == 2 && offsets[1] - offsets[0] == judge->connect;
}

static Foul foul_with_stone(Judge *judge, int cell, unsigned lines);

/* The lines through `cell` where a four or a three may run: those with two more black stones
 * within connect - 1 cells of it, short of a white stone or the edge (a three through the cell
 * needs two more stones, a four three). */
static unsigned crowded_lines(const Judge *judge, int cell) {
    unsigned lines = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
        int stones = 0;
        for (int side = -1; side <= 1; side += 2)
            for (int k = 1; k < judge->connect; k++) {
                const uint8_t here = judge->cells[cell + side * k * step];
                if (here == BLACK) stones++;
                else if (here != EMPTY) break;
            }
        lines |= (unsigned)(stones >= 2) << direction;
    }
    return lines;
}

/* A real three through `cell`: an empty cell turns it into a straight four through `cell`,
 * and black may legally play that cell. Only a cell at either end of the run through `cell`
 * can: a straight four is a run of connect - 1 with nothing black beyond its ends. */
static bool real_three_along(Judge *judge, int cell, int step) {
    uint8_t *cells = judge->cells;
    int back = 1, forward = 1;
    while (cells[cell - back * step] == BLACK) back++;
    while (cells[cell + forward * step] == BLACK) forward++;
    const int ends[2] = {-back, forward};
    for (int i = 0; i < 2; i++) {
        const int point = cell + ends[i] * step;
        if (cells[point] != EMPTY) continue;
        cells[point] = BLACK;
        bool three = straight_four_along(judge, cell, step);
        if (three) three = foul_with_stone(judge, point, crowded_lines(judge, point)) == FOUL_NONE;
        cells[point] = EMPTY;
        if (three) return true;
    }
    return false;
}

/* Black's stone is on `cell`: what it reads are the cell's lines; a four or a three only along
 * `lines` (a bit per direction: where the cell's shapes say one may be). */
static Foul foul_with_stone(Judge *judge, int cell, unsigned lines) {
    if (judge->centres && judge->count < judge->max) judge->centres[judge->count] = cell;
    judge->count++;
    const uint8_t *cells = judge->cells;
    bool overline = false;
    for (int direction = 0; direction < 4; direction++) {
        const int length = black_run(cells, cell, DIRECTION[direction]);
        if (length == judge->connect) return FOUL_NONE;   /* five takes precedence */
        if (length > judge->connect) overline = true;
    }
    if (overline) return FOUL_OVERLINE;

    int fours = 0, threes = 0;
    bool has_four[4];
    for (int direction = 0; direction < 4; direction++) {
        const int here = lines >> direction & 1 ? fours_along(judge, cell, DIRECTION[direction]) : 0;
        has_four[direction] = here > 0;
        fours += here;
    }
    if (fours >= 2) return FOUL_DOUBLE_FOUR;
    for (int direction = 0; direction < 4; direction++) {
        if (has_four[direction] || !(lines >> direction & 1)) continue;
        if (real_three_along(judge, cell, DIRECTION[direction]) && ++threes >= 2) return FOUL_DOUBLE_THREE;
    }
    return FOUL_NONE;
}

static Foul judge_lines(uint8_t *cells, int connect, int cell, unsigned lines, int *centres, int max, int *count) {
    Judge judge = {cells, connect, centres, max, 0};
    cells[cell] = BLACK;
    const Foul foul = foul_with_stone(&judge, cell, lines);
    cells[cell] = EMPTY;
    if (count) *count = judge.count;
    return foul;
}

Foul forbidden_judge(uint8_t *cells, int connect, int cell, int *centres, int max, int *count) {
    return judge_lines(cells, connect, cell, 15, centres, max, count);
}

/* The lines where black's shapes at a cell (shape.h) allow a four or a three. */
static unsigned four_or_three_lines(const uint8_t shapes[4]) {
    unsigned lines = 0;
    for (int d = 0; d < 4; d++) lines |= (unsigned)(shapes[d] >= SHAPE_OPEN_THREE) << d;
    return lines;
}

/* A foul needs an overline, two fours (an open four's line may hold both) or two threes: one
 * four and one three (black's four-three) never is. */
bool forbidden_may_be(const uint8_t shapes[4]) {
    int fours = 0, threes = 0;
    bool suspicious = false;
    for (int d = 0; d < 4; d++) {
        if (shapes[d] == SHAPE_FIVE) return false; /* a five wins, whatever else it makes */
        if (shapes[d] == SHAPE_OVERLINE || shapes[d] == SHAPE_OPEN_FOUR) suspicious = true;
        fours += shapes[d] == SHAPE_FOUR;
        threes += shapes[d] == SHAPE_OPEN_THREE || shapes[d] == SHAPE_OPEN_THREE_X2;
    }
    return suspicious || fours >= 2 || threes >= 2;
}

/* ---- what a combination says before any judging ---------------------------------------------- */

enum { COMBO_SUSPECT = 1, COMBO_HAS_FOUR = 2 };

static struct {
    pthread_once_t once;
    uint8_t flags[COMBO_COUNT];
} combos = {PTHREAD_ONCE_INIT, {0}};

static void combos_build(void) {
    for (int combo = 0; combo < COMBO_SHAPE_SETS; combo++) {
        Shape shapes[4];
        shape_combo_shapes(combo, shapes);
        const uint8_t packed[4] = {(uint8_t)shapes[0], (uint8_t)shapes[1], (uint8_t)shapes[2], (uint8_t)shapes[3]};
        bool four = false, five = false;
        for (int d = 0; d < 4; d++) {
            four = four || shape_is_four(shapes[d]);
            five = five || shapes[d] == SHAPE_FIVE;
        }
        combos.flags[combo] = (uint8_t)((forbidden_may_be(packed) ? COMBO_SUSPECT : 0) |
                                        (four && !five ? COMBO_HAS_FOUR : 0));
    }
    combos.flags[COMBO_FORBIDDEN] = COMBO_SUSPECT;
}

/* A log header's flags: the list before the move follows below it; the move was not logged
 * (its undo judges again). */
enum { HEADER_SAVED = 1, HEADER_OVERFLOW = 2, HEADER_RECOMPUTE = 4 };

typedef struct Pass {
    const FoulBoard *board;
    bool logged, saved, recompute;
    int saved_count;
    bool saved_overflow;
} Pass;

/* Before the watch list first changes in a logged move: the list as it was goes to the log,
 * when it fits beside the headers of the moves that may still come. */
static void save_list(Pass *pass) {
    if (!pass->logged || pass->saved || pass->recompute) return;
    FoulState *state = pass->board->state;
    if (state->log_length + state->watch_count + 1 + SHAPE_TOTALS_LOG_SIZE > FOUL_LOG_SIZE) {
        pass->recompute = true;
        return;
    }
    memcpy(&state->log[state->log_length], state->watch, (size_t)state->watch_count * sizeof state->watch[0]);
    state->log_length += state->watch_count;
    pass->saved = true;
    pass->saved_count = state->watch_count;
    pass->saved_overflow = state->overflow;
}

/* ---- the verdicts of one cell ------------------------------------------------------------------ */

#define MAX_CENTRES 64

static FoulReach reach_of(int cell) {
    const int8_t x = (int8_t)cell_x(cell), y = (int8_t)cell_y(cell);
    return (FoulReach){x, y, x, y};
}

static void reach_add(FoulReach *reach, int cell) {
    const int x = cell_x(cell), y = cell_y(cell);
    if (x < reach->x0) reach->x0 = (int8_t)x;
    if (x > reach->x1) reach->x1 = (int8_t)x;
    if (y < reach->y0) reach->y0 = (int8_t)y;
    if (y > reach->y1) reach->y1 = (int8_t)y;
}

static void shapes_of_cell(const FoulBoard *board, int cell, int color, uint8_t shapes[4]) {
    const int shift = color == WHITE ? 4 : 0;
    for (int d = 0; d < 4; d++) shapes[d] = (uint8_t)((board->shapes->shape[cell][d] >> shift) & 15);
}

/* The combination and class `color`'s shapes give the cell, less `raised` (a direction, or -1)
 * whose shape counts as an open four. */
static int combo_from_shapes(const uint8_t shapes[4], int raised, CellClass *cell_class) {
    Shape four[4];
    for (int d = 0; d < 4; d++) four[d] = d == raised ? SHAPE_OPEN_FOUR : (Shape)shapes[d];
    return shape_combo_of(four, cell_class);
}

/* The judge with a reach: the box of the cells it read, grown into `reach`. `shapes`: black's at
 * the cell, or more (a stone of white's since only takes fours and threes away). */
static Foul judge_reach(const FoulBoard *board, int cell, const uint8_t shapes[4], FoulReach *reach) {
    int centres[MAX_CENTRES], count;
    const Foul foul = judge_lines(board->cell, board->connect, cell, four_or_three_lines(shapes), centres,
                                  MAX_CENTRES, &count);
    if (count > MAX_CENTRES) {
        /* so many cells read that their box is unknown: the whole board */
        *reach = (FoulReach){0, 0, (int8_t)(board->width - 1), (int8_t)(board->height - 1)};
        return foul;
    }
    for (int i = 0; i < count; i++) reach_add(reach, centres[i]);
    return foul;
}

static void watch(Pass *pass, int cell, bool white, FoulReach reach) {
    FoulState *state = pass->board->state;
    save_list(pass);
    if (state->watch_count == FOUL_WATCH_MAX) {
        state->overflow = true;
        return;
    }
    state->watch[state->watch_count++] = (FoulWatch){(uint16_t)cell, white, 0, reach};
}

/* Black's verdict on the empty `cell`. */
static void judge_black(Pass *pass, int cell) {
    const FoulBoard *board = pass->board;
    const bool logged = pass->logged;
    const uint16_t stored = board->shapes->combo[cell][0];
    if (!(combos.flags[stored] & COMBO_SUSPECT)) return;    /* the shapes' own combination: legal */
    uint8_t shapes[4];
    shapes_of_cell(board, cell, BLACK, shapes);
    CellClass raw_class;
    const int raw = combo_from_shapes(shapes, -1, &raw_class);
    FoulReach reach = reach_of(cell);
    const bool foul = forbidden_may_be(shapes) && judge_reach(board, cell, shapes, &reach) != FOUL_NONE;
    if (foul) shape_override(board->shapes, cell, BLACK, COMBO_FORBIDDEN, CLASS_FORBIDDEN, logged);
    else shape_override(board->shapes, cell, BLACK, raw, raw_class, logged);
    if (reach.x0 != reach.x1 || reach.y0 != reach.y1) watch(pass, cell, false, reach);
}

/* Where one more white stone makes five through white's stone on `cell` along `direction` (the
 * cell's key says so, with that stone added): NO_CELL if nowhere. */
static int five_point(const FoulBoard *board, int cell, int direction) {
    const ShapeTables *tables = board->tables;
    const uint32_t key = board->shapes->key[cell][direction];
    for (int offset = 1 - KEY_SIDE; offset < KEY_SIDE; offset++) {
        const int point = cell + offset * DIRECTION[direction];
        if (!offset || board->cell[point] != EMPTY) continue;
        if (shape_lookup(tables, key | (uint32_t)WHITE << shape_key_shift(offset), WHITE) == SHAPE_FIVE) return point;
    }
    return NO_CELL;
}

/* The direction of white's only four at the cell, -1 if it has none, more, or an open four or
 * five (then its class says it all). */
static int single_four(const uint8_t shapes[4]) {
    int found = -1;
    for (int d = 0; d < 4; d++) {
        if (shapes[d] == SHAPE_OPEN_FOUR || shapes[d] == SHAPE_FIVE) return -1;
        if (shapes[d] != SHAPE_FOUR) continue;
        if (found >= 0) return -1;
        found = d;
    }
    return found;
}

/* Is the empty `block` forbidden to black once white's stone stands on `cell`? The reach of
 * the verdict grows into `reach`. */
static bool block_forbidden(const FoulBoard *board, int cell, int block, FoulReach *reach) {
    uint8_t shapes[4];
    shapes_of_cell(board, block, BLACK, shapes);
    /* white's stone only lowers black's shapes at the block: the pre-filter before it holds */
    if (!forbidden_may_be(shapes)) return false;
    board->cell[cell] = WHITE;
    const bool foul = judge_reach(board, block, shapes, reach) != FOUL_NONE;
    board->cell[cell] = EMPTY;
    return foul;
}

/* White's verdict on the empty `cell`: does its four win through a forbidden block? */
static void judge_white(Pass *pass, int cell) {
    const FoulBoard *board = pass->board;
    if (!(combos.flags[board->shapes->combo[cell][1]] & COMBO_HAS_FOUR)) return;
    uint8_t shapes[4];
    shapes_of_cell(board, cell, WHITE, shapes);
    const int direction = single_four(shapes);
    const int block = direction < 0 ? NO_CELL : five_point(board, cell, direction);
    FoulReach reach = reach_of(cell);
    bool wins = false;
    if (block != NO_CELL) {
        reach_add(&reach, block);
        wins = block_forbidden(board, cell, block, &reach);
        watch(pass, cell, true, reach);
    }
    CellClass cell_class;
    const int combo = combo_from_shapes(shapes, wins ? direction : -1, &cell_class);
    shape_override(board->shapes, cell, WHITE, combo, cell_class, pass->logged);
}

/* ---- the incremental state ------------------------------------------------------------------- */

/* A verdict reads the cell's lines and, for a double three, those of every cell the recursion
 * judges (its reach). After a stone comes or goes: the cells on its lines, and the watched cells
 * whose reach lies within KEY_SIDE of it; the shapes' pre-filter settles most without the judge. */

void forbidden_clear(FoulState *state) {
    pthread_once(&combos.once, combos_build);
    state->watch_count = 0;
    state->overflow = false;
    state->log_length = 0;
}

void forbidden_forget_log(FoulState *state) { state->log_length = 0; }

static void push_header(Pass *pass) {
    if (!pass->logged) return;
    FoulState *state = pass->board->state;
    const uint8_t flags = (uint8_t)((pass->saved ? HEADER_SAVED : 0) | (pass->saved_overflow ? HEADER_OVERFLOW : 0) |
                                    (pass->recompute ? HEADER_RECOMPUTE : 0));
    state->log[state->log_length++] = (FoulWatch){(uint16_t)pass->saved_count, flags, 0, {0, 0, 0, 0}};
}

/* Most cells need neither verdict: their combinations say so, read here before any call. */
static inline void judge_cell(Pass *pass, int cell) {
    const uint16_t *combo = pass->board->shapes->combo[cell];
    if (combos.flags[combo[0]] & COMBO_SUSPECT) judge_black(pass, cell);
    if (combos.flags[combo[1]] & COMBO_HAS_FOUR) judge_white(pass, cell);
}

/* Every empty cell again (the list had overflowed). */
static void judge_all(Pass *pass) {
    const FoulBoard *board = pass->board;
    save_list(pass);
    board->state->watch_count = 0;
    board->state->overflow = false;
    for (int y = 0; y < board->height; y++)
        for (int x = 0; x < board->width; x++)
            if (board->cell[cell_at(x, y)] == EMPTY) judge_cell(pass, cell_at(x, y));
}

/* Is `other` on `cell`'s lines within KEY_SIDE (or the cell itself)? */
static bool on_lines(int cell, int other) {
    const int dx = cell_x(other) - cell_x(cell), dy = cell_y(other) - cell_y(cell);
    const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    return ax <= KEY_SIDE && ay <= KEY_SIDE && (!dx || !dy || ax == ay);
}

static bool within_reach(const FoulReach *reach, int x, int y) {
    return x >= reach->x0 - KEY_SIDE && x <= reach->x1 + KEY_SIDE && y >= reach->y0 - KEY_SIDE &&
           y <= reach->y1 + KEY_SIDE;
}

static void pass_run(Pass *pass, int stone) {
    const FoulBoard *board = pass->board;
    FoulState *state = board->state;
    if (state->overflow) {
        judge_all(pass);
        return;
    }
    /* The watched cells the stone may concern leave the list, to be judged again. */
    FoulWatch pending[FOUL_WATCH_MAX];
    int pending_count = 0;
    const int x = cell_x(stone), y = cell_y(stone);
    for (int i = 0; i < state->watch_count;) {
        if (!within_reach(&state->watch[i].reach, x, y)) {
            i++;
            continue;
        }
        save_list(pass);
        if (!on_lines(stone, state->watch[i].cell)) pending[pending_count++] = state->watch[i];
        state->watch[i] = state->watch[--state->watch_count];
    }
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
        for (int distance = 1; distance <= KEY_SIDE; distance++) {
            const int before = stone - distance * step, after = stone + distance * step;
            if (board->cell[before] == EMPTY) judge_cell(pass, before);
            if (board->cell[after] == EMPTY) judge_cell(pass, after);
        }
    }
    if (board->cell[stone] == EMPTY) judge_cell(pass, stone);
    for (int i = 0; i < pending_count; i++) {
        const int cell = pending[i].cell;
        if (board->cell[cell] != EMPTY) continue;
        if (pending[i].white) judge_white(pass, cell);
        else judge_black(pass, cell);
    }
}

void forbidden_update(const FoulBoard *board, int stone, bool logged) {
    Pass pass = {board, logged, false, false, 0, false};
    pass_run(&pass, stone);
    push_header(&pass);
}

void forbidden_undo_logged(const FoulBoard *board, int stone) {
    FoulState *state = board->state;
    const FoulWatch header = state->log[--state->log_length];
    if (header.white & HEADER_RECOMPUTE) {
        Pass pass = {board, false, false, false, 0, false};
        pass_run(&pass, stone);
        return;
    }
    if (!(header.white & HEADER_SAVED)) return;
    const int count = header.cell;
    state->log_length -= count;
    memcpy(state->watch, &state->log[state->log_length], (size_t)count * sizeof state->watch[0]);
    state->watch_count = count;
    state->overflow = (header.white & HEADER_OVERFLOW) != 0;
}

/* ---- the stops of white's four with a forbidden block ---------------------------------------- */

/* A block whose judge read more lines than this is not counted: its stops would be too many. */
#define STOP_CENTRES 8

static int add_stop(int *out, int count, int max, int cell) {
    for (int i = 0; i < count; i++)
        if (out[i] == cell) return count;
    return count < max ? (out[count] = cell, count + 1) : -1;
}

int forbidden_block_stops(const FoulBoard *board, int cell, int *out, int max) {
    uint8_t shapes[4];
    shapes_of_cell(board, cell, WHITE, shapes);
    const int direction = single_four(shapes);
    const int block = direction < 0 ? NO_CELL : five_point(board, cell, direction);
    if (block == NO_CELL || max < 1) return 0;
    int centres[MAX_CENTRES], count;
    board->cell[cell] = WHITE;
    const Foul foul = forbidden_judge(board->cell, board->connect, block, centres, MAX_CENTRES, &count);
    board->cell[cell] = EMPTY;
    if (foul == FOUL_NONE || count > STOP_CENTRES) return 0;
    int stops = 0, tried[4 * 2 * KEY_SIDE * 4], tried_count = 0;
    out[stops++] = cell;
    /* Black's stone can change the block's verdict only on the lines its judge read; kept where
     * it does, with white's stone on the cell. */
    for (int i = 0; i < count; i++)
        for (int direction = 0; direction < 4; direction++)
            for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
                const int other = centres[i] + offset * DIRECTION[direction];
                if (!offset || other == cell || other == block || board->cell[other] != EMPTY) continue;
                if (cells_contain(tried, tried_count, other)) continue;
                if (tried_count < (int)(sizeof tried / sizeof tried[0])) tried[tried_count++] = other;
                board->cell[other] = BLACK;
                board->cell[cell] = WHITE;
                const bool still = forbidden_judge(board->cell, board->connect, block, NULL, 0, NULL) != FOUL_NONE;
                board->cell[cell] = EMPTY;
                board->cell[other] = EMPTY;
                if (still) continue;
                stops = add_stop(out, stops, max, other);
                if (stops < 0) return 0;
            }
    return stops;
}

/* White's five points through its stone on `cell`, read off the stones (the shapes may not know
 * a stone just put in); up to 2 are stored, the count returned. */
static int white_fives_through(const FoulBoard *board, int cell, int fives[2]) {
    uint8_t *cells = board->cell;
    int count = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
        for (int offset = 1 - board->connect; offset < board->connect; offset++) {
            const int point = cell + offset * step;
            if (!offset || cells[point] != EMPTY) continue;
            cells[point] = WHITE;
            int run = 1;
            while (cells[cell - run * step] == WHITE) run++;
            int forward = 1;
            while (cells[cell + forward * step] == WHITE) forward++;
            cells[point] = EMPTY;
            if (run + forward - 1 < board->connect) continue;
            if (count < 2) fives[count] = point;
            count++;
        }
    }
    return count;
}

bool forbidden_block_after(const FoulBoard *board, int white_cell, int black_cell) {
    if (black_cell != NO_CELL) board->cell[black_cell] = BLACK;
    board->cell[white_cell] = WHITE;
    int fives[2];
    const bool four = white_fives_through(board, white_cell, fives) == 1;
    const bool forbidden = four && forbidden_judge(board->cell, board->connect, fives[0], NULL, 0, NULL) != FOUL_NONE;
    board->cell[white_cell] = EMPTY;
    if (black_cell != NO_CELL) board->cell[black_cell] = EMPTY;
    return forbidden;
}

#include "threat.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "table_memory.h"

/* One search explores the attacker's nodes (attacker to move: `attack`) and, after a three, the
 * defender's nodes (`defend`). Results: a win carries how many threes its proof needs (so a VCT
 * win stored in the table is never taken for a VCF win), a failure how many threes it was
 * allowed (FAIL_ABSOLUTE when no depth limit cut it). Moves are made with board_make_fast: every
 * one is taken back in the reverse order. */
enum { RESULT_FAIL = -1, RESULT_ABORT = -2 };

#define FAIL_ABSOLUTE 255
#define THREAT_MAX_PLY 400
#define MAX_THREES 16          /* VCT iterations: threes allowed on a line */
#define STACK_CELLS (1 << 17)  /* candidate lists of the nodes on the current line */
#define THREAT_MAX_CANDIDATES 128
#define MAX_REPLIES 192
#define LINE_CELLS 256

enum { ENTRY_EMPTY, ENTRY_WIN, ENTRY_FAIL };

typedef struct Entry {
    uint64_t key;
    uint16_t move;
    uint8_t kind;
    uint8_t depth;     /* win: threes used; fail: threes allowed or FAIL_ABSOLUTE */
} Entry;

struct ThreatSearch {
    Entry *table;
    size_t mask;
    const Geometry *geometry;

    /* the current search */
    Board *board;
    int attacker, defender;
    bool vcf_only;         /* lists hold fours only; a failure never claims more than no VCF */
    int64_t nodes, max_nodes;
    const atomic_int *stop;
    bool limited;          /* a depth limit (threes, ply) cut something below the current node */
    int root_move;

    uint32_t stamp;
    uint32_t mark[CELLS];  /* mark[c] == stamp: c is already in the list being built */
    int top;
    uint16_t stack[STACK_CELLS];

    int line_length;
    int line[LINE_CELLS];
};

/* ---- the table ------------------------------------------------------------------------------ */

ThreatSearch *threat_new(size_t hash_bytes) {
    ThreatSearch *search = calloc(1, sizeof *search);
    if (!search) return NULL;
    size_t entries = 1024;
    while (entries * 2 * sizeof(Entry) <= hash_bytes) entries *= 2;
    search->table = table_memory_alloc(entries * sizeof(Entry));
    if (!search->table) {
        free(search);
        return NULL;
    }
    search->mask = entries - 1;
    return search;
}

void threat_free(ThreatSearch *search) {
    if (!search) return;
    table_memory_free(search->table, (search->mask + 1) * sizeof(Entry));
    free(search);
}

void threat_clear(ThreatSearch *search) {
    memset(search->table, 0, (search->mask + 1) * sizeof(Entry));
    search->line_length = 0;
}

static void store(ThreatSearch *search, int kind, int depth, int move) {
    const uint64_t key = search->board->hash;
    Entry *entry = &search->table[key & search->mask];
    *entry = (Entry){.key = key, .move = (uint16_t)move, .kind = (uint8_t)kind,
                     .depth = (uint8_t)depth};
}

static const Entry *probe(const ThreatSearch *search) {
    const uint64_t key = search->board->hash;
    const Entry *entry = &search->table[key & search->mask];
    return entry->key == key && entry->kind != ENTRY_EMPTY ? entry : NULL;
}

/* ---- shapes --------------------------------------------------------------------------------- */

static inline int shape_of(const Board *board, int cell, int direction, int color) {
    return (int)shape_at(&board->shapes, cell, direction, color);
}

static inline bool reaches(const Board *board, int cell, int color, int least) {
    return shape_reaches(&board->shapes, cell, color, least);
}


/* A stone here would give `color` two winning cells at once (an open four, a double four). */
static bool winning_cell(const Board *board, int cell, int color) {
    return shape_cell_class(&board->shapes, cell, color) == CLASS_OPEN_FOUR;
}

/* What a stone here would threaten, from its cell class (shape.h, the one classification): a
 * win next move (open four, double four), a four-three, or nothing forcing. */
enum { THREAT_NONE, THREAT_FOUR_THREE, THREAT_WIN };

static int threat_of_class(CellClass cell_class) {
    return cell_class == CLASS_OPEN_FOUR    ? THREAT_WIN
           : cell_class == CLASS_FOUR_THREE ? THREAT_FOUR_THREE
                                            : THREAT_NONE;
}

static int threat_kind(const int shapes[4]) {
    const Shape four[4] = {(Shape)shapes[0], (Shape)shapes[1], (Shape)shapes[2], (Shape)shapes[3]};
    return threat_of_class(shape_class_of(four));
}

static int threat_at(const Board *board, int cell, int color) {
    return threat_of_class(shape_cell_class(&board->shapes, cell, color));
}

static bool has_open_three(const Board *board, int cell, int color) {
    for (int direction = 0; direction < 4; direction++)
        if (shape_is_open_three((Shape)shape_of(board, cell, direction, color))) return true;
    return false;
}

/* A threat cell of black's under renju must stay legal whatever the defender plays first. A
 * white stone can only take black's shapes away, except that it may make a three real (by
 * making the cell that completes its straight four legal): only a cell with two lines of
 * (perhaps unreal) open three could so become a double three. */
static bool stays_legal(const Board *board, int attacker, int cell) {
    if (attacker != BLACK || !(board->rule & RULE_RENJU)) return true;
    int open_threes = 0;
    for (int direction = 0; direction < 4; direction++)
        open_threes += shape_is_open_three((Shape)shape_of(board, cell, direction, BLACK));
    return open_threes < 2;
}

/* ---- budget --------------------------------------------------------------------------------- */

static bool out_of_budget(const ThreatSearch *search) {
    /* set from another thread (watchdog, YXSTOP) */
    if (search->stop && atomic_load_explicit(search->stop, memory_order_relaxed)) return true;
    return search->max_nodes > 0 && search->nodes >= search->max_nodes;
}

static void make(ThreatSearch *search, int cell) {
    board_make_fast(search->board, cell);
    search->nodes++;
}

/* ---- cell lists ----------------------------------------------------------------------------- */

/* A VCT keeps the threes in its lists even where it may no longer play them, to know whether
 * a failure was only for want of depth. */
static int threshold(const ThreatSearch *search) {
    return search->vcf_only ? SHAPE_FOUR : SHAPE_OPEN_THREE;
}

static void push_if(ThreatSearch *search, int cell, int least) {
    const Board *board = search->board;
    if (board->cell[cell] != EMPTY || search->mark[cell] == search->stamp) return;
    if (!reaches(board, cell, search->attacker, least)) return;
    search->mark[cell] = search->stamp;
    search->stack[search->top++] = (uint16_t)cell;
}

/* The attacker's cells of shape `least` or more, pushed on the stack: those of the parent's
 * list that still qualify plus those on the lines through the attacker's new stone (only
 * there can an attacker's shape have grown); a full scan at the root. Returns the count, or
 * -1 when the stack is full. */
static int build_list(ThreatSearch *search, int *start, const uint16_t *parent, int parent_count,
                      int new_stone, int least) {
    const Board *board = search->board;
    const int room = parent ? parent_count + 4 * 2 * KEY_SIDE : board_cell_count(board);
    if (search->top + room > STACK_CELLS) return -1;
    search->stamp++;
    *start = search->top;
    if (!parent) {
        FOR_EACH_CELL(board, cell) push_if(search, cell, least);
        return search->top - *start;
    }
    for (int i = 0; i < parent_count; i++) push_if(search, parent[i], least);
    if (new_stone != NO_CELL)
        for (int direction = 0; direction < 4; direction++)
            for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++)
                if (offset) push_if(search, new_stone + offset * DIRECTION[direction], least);
    return search->top - *start;
}

/* Cells where `color` would make five, on the lines through `stone` (NO_CELL: the whole
 * board). Up to `max` are stored; the count found (capped at max) is returned. */
static int fives_near(const Board *board, int stone, int color, int *out, int max) {
    int count = 0;
    if (!shape_class_count(&board->shapes, color, CLASS_FIVE)) return 0;
    if (stone == NO_CELL) {
        FOR_EACH_CELL(board, cell) {
            if (board->cell[cell] != EMPTY || !reaches(board, cell, color, SHAPE_FIVE)) continue;
            out[count++] = cell;
            if (count == max) return count;
        }
        return count;
    }
    for (int direction = 0; direction < 4; direction++)
        for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
            const int cell = stone + offset * DIRECTION[direction];
            if (!offset || board->cell[cell] != EMPTY) continue;
            if (!reaches(board, cell, color, SHAPE_FIVE)) continue;
            out[count++] = cell;
            if (count == max) return count;
        }
    return count;
}

#define MAX_FIVES 8

bool threat_spoils_five(const Board *board, int five, int cell, int owner) {
    if (cell == five) return true;
    if (!(board->rule & RULE_CARO)) return false;
    const ShapeTables *tables = board->geometry->shapes;
    const uint32_t blocker = (uint32_t)opponent(owner);
    for (int direction = 0; direction < 4; direction++) {
        if (shape_of(board, five, direction, owner) != SHAPE_FIVE) continue;
        int offset = -KEY_SIDE;
        while (offset <= KEY_SIDE && five + offset * DIRECTION[direction] != cell) offset++;
        if (offset > KEY_SIDE) return false;
        const uint32_t key = board->shapes.key[five][direction] | blocker << shape_key_shift(offset);
        if (shape_lookup(tables, key, owner) == SHAPE_FIVE) return false;
    }
    return true;
}

int threat_five_blocks(const Board *board, const int *fives, int count, int owner, int *out) {
    int candidates[THREAT_MAX_BLOCKS], candidate_count = 0;
    candidates[candidate_count++] = fives[0];
    if (board->rule & RULE_CARO)
        for (int direction = 0; direction < 4; direction++)
            for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
                const int cell = fives[0] + offset * DIRECTION[direction];
                if (offset && board->cell[cell] == EMPTY) candidates[candidate_count++] = cell;
            }
    int blocks = 0;
    for (int i = 0; i < candidate_count; i++) {
        bool spoils = true;
        for (int j = 0; j < count && spoils; j++)
            spoils = threat_spoils_five(board, fives[j], candidates[i], owner);
        if (spoils) out[blocks++] = candidates[i];
    }
    return blocks;
}

/* ---- defences: the one generator (threat.h) ------------------------------------------------- */

/* Cells where the other side's stone stops `attacker`'s winning cell `threat`: the cell itself
 * and every cell of its four-lines whose stone would leave it neither an open four nor a double
 * four there (the shape tables answer from the key with that stone added). */
/* forbidden_block_after on the board's stones (renju only: the view is made where it is asked). */
static bool block_forbidden_after(Board *board, int white_cell, int black_cell) {
    const FoulBoard view = board_fouls(board);
    return forbidden_block_after(&view, white_cell, black_cell);
}

static int defences_of(Board *board, int attacker, int threat, int *out) {
    const int defender = opponent(attacker);
    const bool white_renju = attacker == WHITE && (board->rule & RULE_RENJU);
    const ShapeTables *tables = board->geometry->shapes;
    int open_fours = 0, fours = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int shape = shape_of(board, threat, direction, attacker);
        open_fours += shape == SHAPE_OPEN_FOUR;
        fours += shape_is_four((Shape)shape);
    }
    int count = 0;
    out[count++] = threat;
    for (int direction = 0; direction < 4; direction++) {
        const int shape = shape_of(board, threat, direction, attacker);
        if (!shape_is_four((Shape)shape)) continue;
        const uint32_t key = board->shapes.key[threat][direction];
        for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
            const int cell = threat + offset * DIRECTION[direction];
            if (!offset || board->cell[cell] != EMPTY) continue;
            const int after = shape_lookup(tables, key | ((uint32_t)defender << shape_key_shift(offset)), attacker);
            const int open_left = open_fours - (shape == SHAPE_OPEN_FOUR) + (after == SHAPE_OPEN_FOUR);
            const int fours_left = fours - 1 + shape_is_four((Shape)after);
            if (open_left || fours_left >= 2) continue;
            /* renju: the four left may win still, through a block forbidden to black */
            if (fours_left == 1 && white_renju && block_forbidden_after(board, threat, cell)) continue;
            out[count++] = cell;
        }
    }
    return count;
}

#define MAX_STOPS 160

/* Do the attacker's shapes at `cell` win by themselves (an open four, two fours)? Else its
 * class says a win only because the four's one block is forbidden to black (forbidden.h). */
static bool shapes_win(const Board *board, int cell, int attacker) {
    int fours = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int shape = shape_of(board, cell, direction, attacker);
        if (shape == SHAPE_OPEN_FOUR || shape == SHAPE_FIVE) return true;
        fours += shape == SHAPE_FOUR;
    }
    return fours >= 2;
}

/* Where the other side's stone stops the attacker's winning cell `threat` (an open four, a
 * double four, or white's four whose block is forbidden to black). */
static int win_stops(Board *board, int attacker, int threat, int *out) {
    if (shapes_win(board, threat, attacker)) return defences_of(board, attacker, threat, out);
    const FoulBoard view = board_fouls(board);
    return forbidden_block_stops(&view, threat, out, MAX_STOPS);
}

static int add_unique(int *cells, int count, int cell) {
    if (!cells_contain(cells, count, cell) && count < MAX_STOPS) cells[count++] = cell;
    return count;
}

/* Keeps in `stops` only the cells also in `other`. */
static int intersect(int *stops, int count, const int *other, int other_count) {
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (cells_contain(other, other_count, stops[i])) stops[kept++] = stops[i];
    return kept;
}

/* Cells where a defender's stone would make `block` a four (or five) for the defender: then
 * blocking there would win it a tempo. */
static int block_counter_fours(const Board *board, int block, int defender, int *out, int count) {
    const ShapeTables *tables = board->geometry->shapes;
    for (int direction = 0; direction < 4; direction++) {
        const uint32_t key = board->shapes.key[block][direction];
        for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
            const int cell = block + offset * DIRECTION[direction];
            if (!offset || board->cell[cell] != EMPTY) continue;
            const int after = shape_lookup(tables, key | (uint32_t)defender << shape_key_shift(offset), defender);
            if (after >= SHAPE_FOUR) count = add_unique(out, count, cell);
        }
    }
    return count;
}

/* The cell and every empty cell near it on the lines where the attacker's stone there makes a
 * four: where a defender's stone can stop what the cell threatens. */
static int cell_and_its_four_lines(const Board *board, int cell, int attacker, int *out) {
    int count = 0;
    out[count++] = cell;
    for (int direction = 0; direction < 4; direction++) {
        if (!shape_is_four(shape_at(&board->shapes, cell, direction, attacker))) continue;
        for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
            const int other = cell + offset * DIRECTION[direction];
            if (offset && board->cell[other] == EMPTY) count = add_unique(out, count, other);
        }
    }
    return count;
}

/* A four-three cell threatens: four, the forced block, then an open four. The defender (to
 * move) stops it at the cell, on the four's line, where its stone would make the block a four
 * of its own, or where it stops every open four that follows — played out here to be sure.
 * Returns those cells, 0 when the threat is not real (or under caro, where a four has several
 * blocks). */
static int four_three_defences(Board *board, int attacker, int cell, int *out) {
    const int defender = opponent(attacker);
    if (board->rule & RULE_CARO) return 0;
    int count = cell_and_its_four_lines(board, cell, attacker, out);
    board_pass(board);                  /* the defender is to move: play the attacker's stone */
    board_make_fast(board, cell);
    int fives[2];
    const bool one_block = fives_near(board, cell, attacker, fives, 2) == 1 &&
                           !rules_forbidden(board, fives[0], defender) &&
                           !reaches(board, fives[0], defender, SHAPE_FOUR);
    if (!one_block) {
        board_undo_fast(board);
        board_pass(board);
        return 0;
    }
    const int block = fives[0];
    count = block_counter_fours(board, block, defender, out, count);
    board_make_fast(board, block);
    int stops[MAX_STOPS], stop_count = -1, other[MAX_STOPS];
    for (int direction = 0; direction < 4 && stop_count != 0; direction++)
        for (int offset = -KEY_SIDE; offset <= KEY_SIDE && stop_count != 0; offset++) {
            const int next = cell + offset * DIRECTION[direction];
            if (!offset || board->cell[next] != EMPTY || !winning_cell(board, next, attacker)) continue;
            if (rules_forbidden(board, next, attacker) || !stays_legal(board, attacker, next)) continue;
            if (stop_count < 0) {
                stop_count = win_stops(board, attacker, next, stops);
            } else {
                const int other_count = win_stops(board, attacker, next, other);
                stop_count = intersect(stops, stop_count, other, other_count);
            }
        }
    board_undo_fast(board);
    board_undo_fast(board);
    board_pass(board);
    if (stop_count < 0) return 0;
    for (int i = 0; i < stop_count; i++) count = add_unique(out, count, stops[i]);
    return count;
}

/* Caro: two five cells may fall to one stone (a stone already beyond one five, the block of
 * the other beyond both). The winning cell counts only if, played now, no single stone spoils
 * all its fives; and any stone on its four-lines might change that. */
static int caro_win_defences(Board *board, int attacker, int cell, int *out) {
    board_pass(board);                  /* the defender is to move: play the attacker's stone */
    board_make_fast(board, cell);
    int fives[MAX_FIVES], blocks[THREAT_MAX_BLOCKS];
    const int five_count = fives_near(board, cell, attacker, fives, MAX_FIVES);
    const bool wins = five_count > 0 && threat_five_blocks(board, fives, five_count, attacker, blocks) == 0;
    board_undo_fast(board);
    board_pass(board);
    if (!wins) return 0;
    return cell_and_its_four_lines(board, cell, attacker, out);
}

/* The cells that stop `attacker`'s threat at `cell` (0: it threatens nothing real, or nothing
 * of `kinds`). */
static int stops_of(Board *board, int attacker, ThreatKinds kinds, int cell, int *out) {
    if (board->cell[cell] != EMPTY) return 0;
    const int kind = threat_at(board, cell, attacker);
    if (kind == THREAT_NONE || (kind == THREAT_FOUR_THREE && kinds == THREATS_WINS)) return 0;
    if (rules_forbidden(board, cell, attacker) || !stays_legal(board, attacker, cell)) return 0;
    if (kind == THREAT_WIN && (board->rule & RULE_CARO)) return caro_win_defences(board, attacker, cell, out);
    if (kind == THREAT_WIN) return win_stops(board, attacker, cell, out);
    return four_three_defences(board, attacker, cell, out);
}

/* The attacker's cells that may be threats of the kinds, among the candidates in board order. */
static int threat_cells(const Board *board, int attacker, ThreatKinds kinds, uint16_t *out) {
    int count = 0;
    FOR_EACH_CANDIDATE(board, cell, {
        const int kind = threat_at(board, cell, attacker);
        if (kind == THREAT_WIN || (kind == THREAT_FOUR_THREE && kinds == THREATS_WINS_AND_FOUR_THREES))
            out[count++] = (uint16_t)cell;
    });
    return count;
}

/* The stops of every threat among the cells, the first threat's in their order, kept where
 * they stop each other threat too. Returns their count; *threats gets how many threats there
 * were (the count stops early once no cell stops them all). */
static int common_stops(Board *board, int attacker, ThreatKinds kinds, const uint16_t *cells, int count, int *stops,
                        int *threats) {
    int stop_count = 0, other[MAX_STOPS];
    *threats = 0;
    for (int i = 0; i < count && !(*threats && stop_count == 0); i++) {
        const int other_count = stops_of(board, attacker, kinds, cells[i], other);
        if (!other_count) continue;
        if (++*threats == 1) {
            memcpy(stops, other, (size_t)other_count * sizeof *other);
            stop_count = other_count;
        } else {
            stop_count = intersect(stops, stop_count, other, other_count);
        }
    }
    return stop_count;
}

/* Renju black's stone may make a cell forbidden that blocks a four of white's: does black's stone
 * on `cell` (black to move) leave white a cell that wins next move? Played out. */
static bool makes_white_win(Board *board, int cell) {
    if (board->to_move != BLACK || !(board->rule & RULE_RENJU)) return false;
    board_make_fast(board, cell);
    const bool wins = shape_class_count(&board->shapes, WHITE, CLASS_OPEN_FOUR) > 0;
    board_undo_fast(board);
    return wins;
}

int threat_defences(Board *board, ThreatKinds kinds, const uint16_t *cells, int count, int *out, int max,
                    int *threats) {
    const int defender = board->to_move, attacker = opponent(defender);
    uint16_t candidates[MAX_MOVES];
    if (!cells) {
        cells = candidates;
        count = threat_cells(board, attacker, kinds, candidates);
    }
    int stops[MAX_STOPS];
    const int stop_count = common_stops(board, attacker, kinds, cells, count, stops, threats);
    if (!*threats) return 0;
    int replies = 0;
    /* The defender's four cells are the empty cells of the four classes: the counts say how
     * many to look for, and whether to look at all. */
    int fours_left = shape_four_cell_count(&board->shapes, defender);
    FOR_EACH_CELL(board, cell) {
        if (!fours_left) break;
        if (board->cell[cell] != EMPTY || !class_makes_four(shape_cell_class(&board->shapes, cell, defender))) continue;
        fours_left--;
        if (replies == max) return -1;
        out[replies++] = cell;
    }
    for (int j = 0; j < stop_count; j++) {
        const int cell = stops[j];
        if (cells_contain(out, replies, cell) || rules_forbidden(board, cell, defender)) continue;
        if (makes_white_win(board, cell)) continue;
        if (replies == max) return -1;
        out[replies++] = cell;
    }
    return replies;
}

/* ---- the search ----------------------------------------------------------------------------- */

static int attack(ThreatSearch *search, int threes, int ply, const uint16_t *parent,
                  int parent_count, int new_stone, int last_defence);

/* The defender to move after the attacker's quiet move `quiet` (a three, or a block that is not
 * a four). Returns the threes the win needs (all replies lose), or a failure. */
static int defend(ThreatSearch *search, int threes, int ply, const uint16_t *parent,
                  int parent_count, int quiet) {
    if (out_of_budget(search)) return RESULT_ABORT;
    const int saved_top = search->top;
    int start;
    const int count = build_list(search, &start, parent, parent_count, quiet, threshold(search));
    if (count < 0) {
        search->limited = true;
        return RESULT_FAIL;
    }
    const uint16_t *list = search->stack + start;
    int replies[MAX_REPLIES], threats;
    const int reply_count = threat_defences(search->board, THREATS_WINS_AND_FOUR_THREES, list, count, replies, MAX_REPLIES,
                                            &threats);
    int result = 0;
    if (!threats) result = RESULT_FAIL;
    if (reply_count < 0) {
        search->limited = true;
        result = RESULT_FAIL;
    }
    for (int i = 0; i < reply_count && result >= 0; i++) {
        make(search, replies[i]);
        const int child = attack(search, threes, ply + 1, list, count, NO_CELL, replies[i]);
        board_undo_fast(search->board);
        if (child < 0) result = child;
        else if (child > result) result = child;
    }
    search->top = saved_top;
    return result;
}

typedef struct Candidate {
    uint16_t cell;
    int16_t score;
} Candidate;

int threat_candidate_score(const Board *board, int cell, int attacker, int near) {
    static const int8_t WEIGHT[SHAPE_COUNT] = {
        [SHAPE_OPEN_TWO] = 1, [SHAPE_OPEN_TWO_X2] = 1, [SHAPE_OPEN_TWO_X3] = 1, [SHAPE_THREE] = 2,
        [SHAPE_OPEN_THREE] = 6, [SHAPE_OPEN_THREE_X2] = 6, [SHAPE_FOUR] = 16, [SHAPE_OPEN_FOUR] = 64,
    };
    int score = 0;
    for (int direction = 0; direction < 4; direction++) {
        score += WEIGHT[shape_of(board, cell, direction, attacker)];
        score += WEIGHT[shape_of(board, cell, direction, opponent(attacker))] / 2;
    }
    if (near != NO_CELL) {
        const int dx = abs(cell_x(cell) - cell_x(near)), dy = abs(cell_y(cell) - cell_y(near));
        if (dx <= 2 && dy <= 2) score += 4;
    }
    return score;
}

static void add_candidate(ThreatSearch *search, int cell, int near, Candidate *out, int *total) {
    const Board *board = search->board;
    if (*total >= THREAT_MAX_CANDIDATES || search->mark[cell] == search->stamp) return;
    if (rules_forbidden(search->board, cell, search->attacker)) return;
    search->mark[cell] = search->stamp;
    const Candidate candidate = {(uint16_t)cell,
                                 (int16_t)threat_candidate_score(board, cell, search->attacker, near)};
    int at = (*total)++;
    while (at > 0 && out[at - 1].score < candidate.score) {
        out[at] = out[at - 1];
        at--;
    }
    out[at] = candidate;
}

int threat_makers(const Board *board, int attacker, int cell, int *out) {
    const ShapeTables *tables = board->geometry->shapes;
    int shapes[4], count = 0;
    for (int direction = 0; direction < 4; direction++)
        shapes[direction] = shape_of(board, cell, direction, attacker);
    if (threat_kind(shapes) != THREAT_NONE) return 0;
    for (int direction = 0; direction < 4; direction++) {
        const int before = shapes[direction];
        if (before < SHAPE_OPEN_TWO || shape_is_four((Shape)before)) continue;
        const uint32_t key = board->shapes.key[cell][direction];
        for (int offset = -(KEY_SIDE - 1); offset < KEY_SIDE; offset++) {
            const int maker = cell + offset * DIRECTION[direction];
            if (!offset || board->cell[maker] != EMPTY) continue;
            shapes[direction] = shape_lookup(tables, key | (uint32_t)attacker << shape_key_shift(offset), attacker);
            if (threat_kind(shapes) != THREAT_NONE && !reaches(board, maker, attacker, SHAPE_FOUR))
                out[count++] = maker;
        }
        shapes[direction] = before;
    }
    return count;
}

int threat_forbidden_makers(const Board *board, int forbidden_cell, int *out) {
    int count = 0;
    for (int direction = 0; direction < 4; direction++)
        for (int offset = 1 - KEY_SIDE; offset < KEY_SIDE; offset++) {
            const int maker = forbidden_cell + offset * DIRECTION[direction];
            if (offset && board->cell[maker] == EMPTY && shape_of(board, maker, direction, WHITE) == SHAPE_THREE)
                out[count++] = maker;
        }
    return count;
}

static void add_threat_makers(ThreatSearch *search, int cell, int near, Candidate *out, int *total) {
    int makers[THREAT_MAX_MAKERS];
    const int count = threat_makers(search->board, search->attacker, cell, makers);
    for (int i = 0; i < count; i++) add_candidate(search, makers[i], near, out, total);
}

static void add_forbidden_makers(ThreatSearch *search, int near, Candidate *out, int *total) {
    const Board *board = search->board;
    if (search->attacker != WHITE || !(board->rule & RULE_RENJU) ||
        !shape_class_count(&board->shapes, BLACK, CLASS_FORBIDDEN))
        return;
    FOR_EACH_CANDIDATE(board, cell, {
        if (shape_cell_class(&board->shapes, cell, BLACK) != CLASS_FORBIDDEN) continue;
        int makers[THREAT_MAX_MAKERS];
        const int count = threat_forbidden_makers(board, cell, makers);
        for (int i = 0; i < count; i++) add_candidate(search, makers[i], near, out, total);
    });
}

static int gather_candidates(ThreatSearch *search, const uint16_t *list, int count, int threes,
                             int near, Candidate *out) {
    const Board *board = search->board;
    int total = 0;
    search->stamp++;
    for (int i = 0; i < count; i++) {
        const int cell = list[i];
        const bool four = reaches(board, cell, search->attacker, SHAPE_FOUR);
        if (!four && !has_open_three(board, cell, search->attacker)) continue;
        if (!four && threes == 0) {
            search->limited = true;
            continue;
        }
        add_candidate(search, cell, near, out, &total);
    }
    if (threes > 0) {
        for (int i = 0; i < count; i++) add_threat_makers(search, list[i], near, out, &total);
        add_forbidden_makers(search, near, out, &total);
    } else if (count > 0 && !search->vcf_only)
        search->limited = true;     /* a quiet move might have made a threat of these cells */
    return total;
}

/* The attacker plays `move`; what follows: a double threat wins, a four forces the block, a
 * quiet move hands the defender a free choice among its saving replies. */
static int try_move(ThreatSearch *search, int threes, int ply, const uint16_t *list, int count,
                    int move) {
    Board *board = search->board;
    make(search, move);
    int fives[MAX_FIVES], blocks[THREAT_MAX_BLOCKS];
    const int five_count = fives_near(board, move, search->attacker, fives, MAX_FIVES);
    int result;
    if (five_count > 0) {
        /* A four: every block that saves the defender must lose (none: a win). */
        const int block_count = threat_five_blocks(board, fives, five_count, search->attacker, blocks);
        result = 0;
        for (int i = 0; i < block_count && result >= 0; i++) {
            if (rules_forbidden(search->board, blocks[i], search->defender)) continue;
            make(search, blocks[i]);
            const int child = attack(search, threes, ply + 2, list, count, move, blocks[i]);
            board_undo_fast(board);
            if (child < 0 || child > result) result = child;
        }
    } else if (threes == 0) {
        search->limited = true;
        result = RESULT_FAIL;
    } else {
        result = defend(search, threes - 1, ply + 1, list, count, move);
        if (result >= 0) result++;
    }
    board_undo_fast(board);
    return result;
}

static int attack(ThreatSearch *search, int threes, int ply, const uint16_t *parent,
                  int parent_count, int new_stone, int last_defence) {
    Board *board = search->board;
    if (out_of_budget(search)) return RESULT_ABORT;
    const Entry *entry = probe(search);
    if (entry) {
        if (entry->kind == ENTRY_WIN && entry->depth <= threes) {
            if (!ply) search->root_move = entry->move;
            return entry->depth;
        }
        if (entry->kind == ENTRY_FAIL && entry->depth >= threes) {
            if (entry->depth != FAIL_ABSOLUTE) search->limited = true;
            return RESULT_FAIL;
        }
    }
    if (ply >= THREAT_MAX_PLY) {
        search->limited = true;
        return RESULT_FAIL;
    }

    const bool outer_limited = search->limited;
    search->limited = false;
    const int saved_top = search->top;
    int start;
    const int count = build_list(search, &start, parent, parent_count, new_stone, threshold(search));
    int result = RESULT_FAIL, best = NO_CELL;
    if (count < 0) {
        search->limited = true;
        goto done;
    }
    const uint16_t *list = search->stack + start;

    for (int i = 0; i < count; i++)
        if (reaches(board, list[i], search->attacker, SHAPE_FIVE)) {
            result = 0;
            best = list[i];
            goto done;
        }

    int threats[MAX_FIVES], blocks[THREAT_MAX_BLOCKS];
    const int threat_count =
        fives_near(board, last_defence, search->defender, threats, MAX_FIVES);
    if (threat_count > 0) {
        /* The defender threatens five: only a block may follow. */
        const int block_count = threat_five_blocks(board, threats, threat_count, search->defender, blocks);
        for (int i = 0; i < block_count; i++) {
            if (rules_forbidden(search->board, blocks[i], search->attacker)) continue;
            result = try_move(search, threes, ply, list, count, blocks[i]);
            if (result != RESULT_FAIL) {
                best = blocks[i];
                break;
            }
        }
        goto done;
    }

    Candidate candidates[THREAT_MAX_CANDIDATES];
    const int candidate_count = gather_candidates(search, list, count, threes, new_stone, candidates);
    for (int i = 0; i < candidate_count; i++) {
        result = try_move(search, threes, ply, list, count, candidates[i].cell);
        if (result != RESULT_FAIL) {
            best = candidates[i].cell;
            break;
        }
    }

done:
    search->top = saved_top;
    if (result >= 0) {
        store(search, ENTRY_WIN, result, best);
        if (!ply) search->root_move = best;
    } else if (result == RESULT_FAIL) {
        const bool absolute = !search->limited && !search->vcf_only;
        store(search, ENTRY_FAIL, absolute ? FAIL_ABSOLUTE : threes, NO_CELL);
    }
    search->limited = search->limited || outer_limited;
    return result;
}

/* ---- the principal line ---------------------------------------------------------------------- */

static bool line_add(ThreatSearch *search, int cell) {
    if (search->line_length >= LINE_CELLS) return false;
    search->line[search->line_length++] = cell;
    return true;
}

/* Replays the win from the table: the attacker's stored moves, the forced blocks, and after a
 * three the first reply whose position the table holds as won. */
static void build_line(ThreatSearch *search) {
    Board *board = search->board;
    const int attacker = search->attacker;
    int made = 0;
    search->line_length = 0;
    search->top = 0;
    for (;;) {
        int fives[2];
        if (fives_near(board, NO_CELL, attacker, fives, 1)) {
            line_add(search, fives[0]);
            break;
        }
        const Entry *entry = probe(search);
        if (!entry || entry->kind != ENTRY_WIN || board->cell[entry->move] != EMPTY) break;
        const int move = entry->move;
        if (!line_add(search, move)) break;
        board_make_fast(board, move);
        made++;
        int five_cells[MAX_FIVES], blocks[THREAT_MAX_BLOCKS];
        const int five_count = fives_near(board, move, attacker, five_cells, MAX_FIVES);
        int reply = NO_CELL;
        if (five_count > 0) {
            const int block_count = threat_five_blocks(board, five_cells, five_count, attacker, blocks);
            if (block_count == 0) {
                /* a double threat: show one block and a five that it leaves */
                int five = 1;
                while (five < five_count && threat_spoils_five(board, five_cells[five], five_cells[0], attacker))
                    five++;
                if (five < five_count && line_add(search, five_cells[0])) line_add(search, five_cells[five]);
                break;
            }
            if (block_count == 1 && rules_forbidden(search->board, blocks[0], search->defender)) {
                line_add(search, blocks[0]);
                break;
            }
            for (int i = 0; i < block_count && reply == NO_CELL; i++) {
                if (rules_forbidden(search->board, blocks[i], search->defender)) continue;
                board_make_fast(board, blocks[i]);
                const Entry *child = probe(search);
                if (child && child->kind == ENTRY_WIN) reply = blocks[i];
                board_undo_fast(board);
            }
        } else {
            int start;
            const int count = build_list(search, &start, NULL, 0, NO_CELL, SHAPE_FOUR);
            int replies[MAX_REPLIES], threats;
            const int reply_count =
                count < 0 ? 0
                          : threat_defences(board, THREATS_WINS_AND_FOUR_THREES, search->stack + start, count, replies,
                                            MAX_REPLIES, &threats);
            search->top = 0;
            for (int i = 0; i < reply_count && reply == NO_CELL; i++) {
                board_make_fast(board, replies[i]);
                const Entry *child = probe(search);
                if (child && child->kind == ENTRY_WIN) reply = replies[i];
                board_undo_fast(board);
            }
        }
        if (reply == NO_CELL || !line_add(search, reply)) break;
        board_make_fast(board, reply);
        made++;
        if (made >= LINE_CELLS) break;
    }
    while (made--) board_undo_fast(board);
}

/* ---- entry points --------------------------------------------------------------------------- */

static bool solve(ThreatSearch *search, Board *board, int max_threes, int64_t max_nodes, int *move,
                  int64_t *nodes, const atomic_int *stop) {
    if (search->geometry != board->geometry) {
        threat_clear(search);
        search->geometry = board->geometry;
    }
    search->board = board;
    search->attacker = board->to_move;
    search->defender = opponent(board->to_move);
    search->vcf_only = max_threes == 0;
    search->nodes = 0;
    search->max_nodes = max_nodes;
    search->stop = stop;
    search->root_move = NO_CELL;
    search->line_length = 0;
    int result = RESULT_FAIL;
    for (int threes = 0; threes <= max_threes; threes++) {
        search->top = 0;
        search->limited = false;
        result = attack(search, threes, 0, NULL, 0, NO_CELL, NO_CELL);
        if (result != RESULT_FAIL || !search->limited) break;
    }
    if (nodes) *nodes = search->nodes;
    const bool won = result >= 0 && search->root_move != NO_CELL;
    if (won) {
        if (move) *move = search->root_move;
        build_line(search);
    }
    search->board = NULL;
    return won;
}

bool threat_vcf(ThreatSearch *search, Board *board, int64_t max_nodes, int *move, int64_t *nodes,
                const atomic_int *stop) {
    return solve(search, board, 0, max_nodes, move, nodes, stop);
}

bool threat_vct(ThreatSearch *search, Board *board, int64_t max_nodes, int *move,
                int64_t *nodes, const atomic_int *stop) {
    return solve(search, board, MAX_THREES, max_nodes, move, nodes, stop);
}

int threat_last_line(const ThreatSearch *search, int *cells, int max) {
    const int length = search->line_length < max ? search->line_length : max;
    for (int i = 0; i < length; i++) cells[i] = search->line[i];
    return length;
}

/* levels: the simple players n1..n5 and `greedy` (described in docs/levels.md).
 *
 * Every level scores the empty cells and keeps the best by a (primary, secondary) key. The
 * outer loop (reference_level_choose) asks again without a cell that renju forbids black, so
 * no level needs to know about fouls itself. "Me" is always the side to move. "The note" below
 * is the level's first description, which docs/levels.md now gives in the project's words. */
#include "levels.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "rules.h"

static const char *const LEVEL_NAMES[REFERENCE_LEVEL_COUNT] = {"n1", "n2", "n3",
                                                                "n4", "n5", "greedy"};

const char *reference_level_name(ReferenceLevel level) {
    return (unsigned)level < REFERENCE_LEVEL_COUNT ? LEVEL_NAMES[level] : "?";
}

int reference_level_parse(const char *name) {
    if (!name) return -1;
    for (int level = 0; level < REFERENCE_LEVEL_COUNT; level++)
        if (strcasecmp(name, LEVEL_NAMES[level]) == 0) return level;
    return -1;
}

/* ---- keeping the best cell ----------------------------------------------------------------- */

/* The best cell offered so far. Equal keys: with an rng, reservoir sampling (each of n tied
 * cells is kept with probability 1/n, so games stay reproducible from the seed); without one,
 * the last cell offered wins, as N1's note does it. */
typedef struct Best {
    int cell;
    int64_t primary, secondary;
    uint64_t ties;
    uint64_t *rng;
} Best;

static Best best_start(uint64_t *rng) {
    return (Best){.cell = NO_CELL, .primary = 0, .secondary = 0, .ties = 0, .rng = rng};
}

static void best_offer(Best *best, int cell, int64_t primary, int64_t secondary) {
    if (best->cell != NO_CELL) {
        if (primary < best->primary) return;
        if (primary == best->primary && secondary < best->secondary) return;
        if (primary == best->primary && secondary == best->secondary) {
            best->ties++;
            if (best->rng && rng_next(best->rng) % best->ties != 0) return;
        } else {
            best->ties = 1;
        }
    } else {
        best->ties = 1;
    }
    best->cell = cell;
    best->primary = primary;
    best->secondary = secondary;
}

/* The cells a level may choose: empty and not yet found forbidden. */
static bool open_cell(const Board *board, const uint8_t *banned, int cell) {
    return board->cell[cell] == EMPTY && !banned[cell];
}

/* ---- N1: pattern strings per direction, looked up by the whole string ---------------------- */

typedef struct PatternWeight {
    const char *pattern;
    int weight;
} PatternWeight;

/* The note's table: '2' is the player to move (the note's AI), '1' the opponent. Some keys
 * ("1020", "11021", "2222010", ...) continue past a stone of the other colour, which the
 * note's own walk never writes; they are kept as the note has them and simply never match. */
static const PatternWeight N1_PATTERNS[] = {
    {"10", 30},        {"1020", 30},      {"1021", 30},      {"12", 10},
    {"110", 100},      {"11020", 100},    {"11021", 100},    {"1010", 100},
    {"101012", 100},   {"101020", 100},   {"101021", 100},   {"220", 150},
    {"22010", 150},    {"22012", 150},    {"2020", 150},     {"202021", 150},
    {"202010", 150},   {"202012", 150},   {"112", 80},       {"1012", 80},
    {"1110", 200},     {"111010", 200},   {"111012", 200},   {"10110", 200},
    {"1011021", 200},  {"1011020", 200},  {"2220", 250},     {"222020", 250},
    {"222021", 250},   {"20220", 250},    {"2022012", 250},  {"2022010", 250},
    {"1112", 90},      {"11012", 90},     {"10112", 90},     {"2221", 95},
    {"22021", 95},     {"20221", 95},     {"22220", 2000},   {"2222010", 2000},
    {"22220110", 2000}, {"2222012", 2000}, {"11112", 1000},  {"22221", 2000},
};

static int n1_pattern_weight(const char *pattern) {
    for (size_t i = 0; i < sizeof N1_PATTERNS / sizeof N1_PATTERNS[0]; i++)
        if (strcmp(pattern, N1_PATTERNS[i].pattern) == 0) return N1_PATTERNS[i].weight;
    return 0;
}

/* The note's walk: write what is met, stop at the second empty cell in a row (not written),
 * keep the first stone's colour and stones of that colour, stop after the first stone of the
 * other colour (written). The board's edge ends the walk too. */
static void n1_walk(const Board *board, int cell, int step, int me, char *out, size_t size) {
    size_t length = 0;
    int first = EMPTY, empties = 0;
    for (int at = cell + step; length + 1 < size; at += step) {
        const int value = board->cell[at];
        if (value == WALL) break;
        if (value == EMPTY) {
            if (++empties == 2) break;
            out[length++] = '0';
            continue;
        }
        empties = 0;
        out[length++] = value == me ? '2' : '1';
        if (first == EMPTY)
            first = value;
        else if (value != first)
            break;
    }
    out[length] = '\0';
}

/* The table counts towards five. For shorter k the first run of stones is read as k − 5
 * stones longer (as N2 and N5 do), so that "the stone here makes k − 1" is what "makes four"
 * is for five: with k = 3, "20" reads "2220". */
static void n1_lengthen(char *pattern, int connect) {
    const size_t extra = (size_t)(5 - connect);
    if (extra == 0 || (pattern[0] != '1' && pattern[0] != '2')) return;
    memmove(pattern + extra, pattern, strlen(pattern) + 1);
    memset(pattern, pattern[extra], extra);
}

static int n1_cell_weight(const Board *board, int cell, int me) {
    int weight = 0;
    for (int direction = 0; direction < 4; direction++)
        for (int sign = -1; sign <= 1; sign += 2) {
            char pattern[BOARD_MAX + 2 + 5 - CONNECT_MIN];
            n1_walk(board, cell, sign * DIRECTION[direction], me, pattern, BOARD_MAX + 2);
            n1_lengthen(pattern, board->connect);
            weight += n1_pattern_weight(pattern);
        }
    return weight;
}

/* Ties: the last cell found in row-major order, as the note does. */
static int choose_n1(Board *board, const uint8_t *banned, uint64_t *rng) {
    (void)rng;
    Best best = best_start(NULL);
    FOR_EACH_CELL(board, cell) {
        if (open_cell(board, banned, cell))
            best_offer(&best, cell, n1_cell_weight(board, cell, board->to_move), 0);
    }
    return best.cell;
}

/* ---- N2: stone counts per direction, both ways at once ------------------------------------ */

/* Stones of `color` next to `cell` along `step`, at most 4 as in the note; an empty cell just
 * past them is an open end. */
static int n2_run(const Board *board, int cell, int step, int color, int *open_ends) {
    int count = 0;
    for (int i = 1; i <= 4; i++) {
        const int value = board->cell[cell + i * step];
        if (value == color) {
            count++;
            continue;
        }
        if (value == EMPTY) (*open_ends)++;
        break;
    }
    return count;
}

/* The note counts towards five; for shorter k a count means what count + (5 - k) means there,
 * so that k - 1 stones are always "four". Counts past four join two runs: still a win. */
static int n2_size(int count, int connect) {
    if (count == 0) return 0;
    const int size = count + 5 - connect;
    return size > 4 ? 4 : size;
}

static int n2_opponent_score(int size, int open_ends) {
    switch (size) {
    case 1: return 10;
    case 2: return open_ends == 1 ? 30 : open_ends == 2 ? 40 : 0;
    case 3: return open_ends == 1 ? 60 : open_ends == 2 ? 200 : 0;
    case 4: return 20000;
    default: return 0;
    }
}

static int n2_own_score(int size, int open_ends) {
    switch (size) {
    case 0: return 5;
    case 1: return 10;
    case 2: return open_ends == 1 ? 25 : open_ends == 2 ? 50 : 0;
    case 3: return open_ends == 1 ? 55 : open_ends == 2 ? 300 : 0;
    default: return 30000;
    }
}

static int n2_side_score(const Board *board, int cell, int direction, int color, bool own) {
    int open_ends = 0;
    const int step = DIRECTION[direction];
    const int count = n2_run(board, cell, step, color, &open_ends) +
                      n2_run(board, cell, -step, color, &open_ends);
    const int size = n2_size(count, board->connect);
    return own ? n2_own_score(size, open_ends) : n2_opponent_score(size, open_ends);
}

/* The note's slip fixed: both sides' scores add over the four directions. */
static int n2_cell_score(const Board *board, int cell) {
    const int me = board->to_move;
    int score = 0;
    for (int direction = 0; direction < 4; direction++)
        score += n2_side_score(board, cell, direction, opponent(me), false) +
                 n2_side_score(board, cell, direction, me, true);
    return score;
}

static int choose_n2(Board *board, const uint8_t *banned, uint64_t *rng) {
    Best best = best_start(rng);
    FOR_EACH_CELL(board, cell) {
        if (open_cell(board, banned, cell)) best_offer(&best, cell, n2_cell_score(board, cell), 0);
    }
    return best.cell;
}

/* ---- win lines (N3, N4 and greedy): counted from the board when a level asks -------------- */

/* How many stones the side to move and the opponent have in one win line. */
typedef struct LineStones {
    int mine, theirs;
} LineStones;

#define LINES_THROUGH_MAX (4 * CONNECT_MAX)

/* Every win line through `cell` (k cells in a row, all on the board) with its stones; returns
 * how many. The padding is wider than k, so a line's cells never leave the array. */
static int lines_through(const Board *board, int cell, LineStones *out) {
    const int me = board->to_move, connect = board->connect;
    int count = 0;
    for (int direction = 0; direction < 4; direction++) {
        const int step = DIRECTION[direction];
        for (int back = 0; back < connect; back++) {
            LineStones line = {0, 0};
            bool on_board = true;
            for (int i = 0, at = cell - back * step; i < connect && on_board; i++, at += step) {
                const int value = board->cell[at];
                on_board = value != WALL;
                line.mine += value == me;
                line.theirs += value == opponent(me);
            }
            if (on_board) out[count++] = line;
        }
    }
    return count;
}

/* ---- N3: win-line counts ----------------------------------------------------------------- */

/* Over the live win lines through `cell`: the opponent's lines with n stones weigh n²·200, our
 * own (n²−1)·200 + 399, so our line beats the opponent's line of the same size. */
static void n3_cell_scores(const Board *board, int cell, int64_t *own, int64_t *theirs) {
    LineStones lines[LINES_THROUGH_MAX];
    const int count = lines_through(board, cell, lines);
    *own = *theirs = 0;
    for (int i = 0; i < count; i++) {
        const int64_t mine = lines[i].mine, their = lines[i].theirs;
        if (mine && !their) *own += (mine * mine - 1) * 200 + 399;
        if (their && !mine) *theirs += their * their * 200;
    }
}

/* The highest score of either kind; on a tie the higher other score, which is the smaller of
 * the two. */
static int choose_n3(Board *board, const uint8_t *banned, uint64_t *rng) {
    Best best = best_start(rng);
    FOR_EACH_CELL(board, cell) {
        if (!open_cell(board, banned, cell)) continue;
        int64_t own, theirs;
        n3_cell_scores(board, cell, &own, &theirs);
        best_offer(&best, cell, own > theirs ? own : theirs, own > theirs ? theirs : own);
    }
    return best.cell;
}

/* ---- N4: tic-tac-toe line weights --------------------------------------------------------- */

/* The note's weights for a line through the cell, with "two" read as k − 1 and "one" as any
 * smaller count; a line holding both colours is worth nothing. */
static int n4_line_weight(int mine, int theirs, int connect) {
    if (mine && theirs) return 0;
    if (mine == connect - 1) return 10000;
    if (theirs == connect - 1) return 1000;
    if (theirs) return 10;
    if (mine) return 6;
    return 4;
}

static int choose_n4(Board *board, const uint8_t *banned, uint64_t *rng) {
    Best best = best_start(rng);
    FOR_EACH_CELL(board, cell) {
        if (!open_cell(board, banned, cell)) continue;
        LineStones lines[LINES_THROUGH_MAX];
        const int count = lines_through(board, cell, lines);
        int64_t score = 0;
        for (int i = 0; i < count; i++) score += n4_line_weight(lines[i].mine, lines[i].theirs, board->connect);
        best_offer(&best, cell, score, 0);
    }
    return best.cell;
}

/* ---- shape classes (N5's, shared with greedy) ------------------------------------------- */

typedef struct ShapeCounts {
    int five, open_four, four, open_three, three, open_two, two, open_one, one;
} ShapeCounts;

/* N5's cell score from the shapes of its four directions: the first rule that applies. */
static int n5_class(const ShapeCounts *s) {
    if (s->five) return 100;
    if (s->open_four || s->four >= 2 || (s->four && s->open_three) || s->open_three >= 2)
        return 90;
    if (s->open_three && s->three) return 80;
    if (s->four) return 70;
    if (s->open_three) return 60;
    if (s->open_two >= 2) return 50;
    if (s->three) return 40;
    if (s->open_two) return 30;
    if (s->two) return 20;
    if (s->open_one) return 15;
    if (s->one) return 5;
    return 0;
}

/* ---- N5: attack and defence by the note's run/room shapes ------------------------------- */

/* Cells of `color` or empty from `at` along `step`, up to the first opponent stone or edge. */
static int n5_room(const Board *board, int at, int step, int color) {
    int room = 0;
    while (room < 5) {
        const int value = board->cell[at + room * step];
        if (value != EMPTY && value != color) break;
        room++;
    }
    return room;
}

/* The shape a stone of `color` on `cell` makes along one direction, as the note defines it.
 * The note counts towards five: a run of r stones is read as r + (5 − k), so its room
 * thresholds (total room ≥ 5 − size) are exactly "room for k in a row". */
static void n5_add_shape(const Board *board, int cell, int step, int color, ShapeCounts *s) {
    int back = 1, forward = 1;
    while (board->cell[cell - back * step] == color) back++;
    while (board->cell[cell + forward * step] == color) forward++;
    const int run = back + forward - 1;
    const int before = cell - back * step, after = cell + forward * step;
    if (run >= board->connect) {
        if (shape_run_wins(board->connect, board->rule, color, run, board->cell[before],
                           board->cell[after]))
            s->five++;
        return;
    }
    const int size = run + 5 - board->connect;
    const int room_before = n5_room(board, before, -step, color);
    const int room_after = n5_room(board, after, step, color);
    const bool both = room_before >= 1 && room_after >= 1;
    const int total = room_before + room_after;
    switch (size) {
    case 4:
        if (both) s->open_four++;
        else if (total >= 1) s->four++;
        break;
    case 3:
        if (both) s->open_three++;
        else if (total >= 2) s->three++;
        break;
    case 2:
        if (total >= 3 && both) s->open_two++;
        else if (total >= 3) s->two++;
        break;
    case 1:
        if (room_before >= 3 && room_after >= 3) s->open_one++;
        else if (total >= 4) s->one++;
        break;
    default: break;
    }
}

static int n5_score(const Board *board, int cell, int color) {
    ShapeCounts counts = {0};
    for (int direction = 0; direction < 4; direction++)
        n5_add_shape(board, cell, DIRECTION[direction], color, &counts);
    return n5_class(&counts);
}

/* The note's choice: if the best attack or defence reaches 80, play the larger (defence on a
 * tie); otherwise play where attack − defence is largest in magnitude. Ties (which the note
 * leaves open) go to the higher other score, then at random. */
static int choose_n5(Board *board, const uint8_t *banned, uint64_t *rng) {
    static const int CELL_NONE = -1;
    const int me = board->to_move;
    int attack[CELLS], defence[CELLS];
    int best_attack = CELL_NONE, best_defence = CELL_NONE;
    FOR_EACH_CELL(board, cell) {
        if (!open_cell(board, banned, cell)) continue;
        attack[cell] = n5_score(board, cell, me);
        defence[cell] = n5_score(board, cell, opponent(me));
        if (attack[cell] > best_attack) best_attack = attack[cell];
        if (defence[cell] > best_defence) best_defence = defence[cell];
    }
    if (best_attack == CELL_NONE) return NO_CELL;
    const bool urgent = best_attack >= 80 || best_defence >= 80;
    const bool defend = best_defence >= best_attack;
    Best best = best_start(rng);
    FOR_EACH_CELL(board, cell) {
        if (!open_cell(board, banned, cell)) continue;
        const int a = attack[cell], d = defence[cell];
        if (urgent && defend)
            best_offer(&best, cell, d, a);
        else if (urgent)
            best_offer(&best, cell, a, d);
        else
            best_offer(&best, cell, a > d ? a - d : d - a, a + d);
    }
    return best.cell;
}

/* ---- greedy: N3's line weights with N5's classes from the shape tables ------------------ */

static void greedy_count(const Board *board, int cell, int color, ShapeCounts *s) {
    *s = (ShapeCounts){0};
    for (int direction = 0; direction < 4; direction++) {
        switch (shape_at(&board->shapes, cell, direction, color)) {
        case SHAPE_FIVE: s->five++; break;
        case SHAPE_OPEN_FOUR: s->open_four++; break;
        case SHAPE_FOUR: s->four++; break;
        case SHAPE_OPEN_THREE:
        case SHAPE_OPEN_THREE_X2: s->open_three++; break;
        case SHAPE_THREE: s->three++; break;
        case SHAPE_OPEN_TWO:
        case SHAPE_OPEN_TWO_X2:
        case SHAPE_OPEN_TWO_X3: s->open_two++; break;
        case SHAPE_TWO: s->two++; break;
        case SHAPE_ONE:
        case SHAPE_OPEN_ONE: s->one++; break;
        default: break;
        }
    }
}

/* Greedy splits N5's class 90 in two: a forcing win (open four, double four, four with open
 * three) and a double open three, which wins only if the opponent has nothing faster. */
enum {
    GREEDY_NONE, GREEDY_ONE, GREEDY_TWO, GREEDY_OPEN_TWO, GREEDY_THREE, GREEDY_DOUBLE_TWO,
    GREEDY_OPEN_THREE, GREEDY_FOUR, GREEDY_THREE_THREE, GREEDY_FOUR_THREE, GREEDY_DOUBLE_THREE,
    GREEDY_WINNING, GREEDY_FIVE, GREEDY_CLASSES
};

static int greedy_class(const ShapeCounts *s) {
    if (s->five) return GREEDY_FIVE;
    if (s->open_four || s->four >= 2 || (s->four && s->open_three)) return GREEDY_WINNING;
    if (s->open_three >= 2) return GREEDY_DOUBLE_THREE;
    if (s->four && s->three) return GREEDY_FOUR_THREE;
    if (s->open_three && s->three) return GREEDY_THREE_THREE;
    if (s->four) return GREEDY_FOUR;
    if (s->open_three) return GREEDY_OPEN_THREE;
    if (s->open_two >= 2) return GREEDY_DOUBLE_TWO;
    if (s->three) return GREEDY_THREE;
    if (s->open_two) return GREEDY_OPEN_TWO;
    if (s->two) return GREEDY_TWO;
    if (s->one) return GREEDY_ONE;
    return GREEDY_NONE;
}

/* Weights of a class for the side to move (attack) and for the opponent (defence). From the
 * double three up each class outweighs everything below it: our five, their five, our forcing
 * win, their forcing win (an open three of theirs becoming an open four), our double three,
 * theirs. Below that attack and defence add up, so a cell that does both is preferred. */
static const int64_t GREEDY_ATTACK[GREEDY_CLASSES] = {
    0, 50, 200, 1000, 1500, 5000, 20000, 15000, 60000, 100000, 3000000, 100000000, 10000000000,
};
static const int64_t GREEDY_DEFENCE[GREEDY_CLASSES] = {
    0, 30, 150, 600, 1000, 3000, 12000, 10000, 30000, 50000, 1000000, 10000000, 1000000000,
};

/* Under renju an opponent's shape on a cell black may not play is no threat. */
static int greedy_defence_class(Board *board, int cell, int other) {
    ShapeCounts counts;
    greedy_count(board, cell, other, &counts);
    const int class = greedy_class(&counts);
    if (class >= GREEDY_THREE_THREE && class < GREEDY_FIVE &&
        rules_forbidden(board, cell, other))
        return GREEDY_NONE;
    return class;
}

/* Own five first, then the block of the opponent's five, then the weighed classes; N3's line
 * scores are the positional term that orders the quiet cells. */
static int choose_greedy(Board *board, const uint8_t *banned, uint64_t *rng) {
    const int me = board->to_move, other = opponent(me);
    Best best = best_start(rng);
    FOR_EACH_CELL(board, cell) {
        if (!open_cell(board, banned, cell)) continue;
        ShapeCounts mine;
        greedy_count(board, cell, me, &mine);
        const int attack = greedy_class(&mine);
        const int defence = greedy_defence_class(board, cell, other);
        int64_t own, theirs;
        n3_cell_scores(board, cell, &own, &theirs);
        const int64_t score = GREEDY_ATTACK[attack] + GREEDY_DEFENCE[defence];
        best_offer(&best, cell, score + (own + theirs) / 2, own + theirs);
    }
    return best.cell;
}

/* ---- the common entry --------------------------------------------------------------------- */

typedef int (*Chooser)(Board *board, const uint8_t *banned, uint64_t *rng);

static const Chooser CHOOSERS[REFERENCE_LEVEL_COUNT] = {
    choose_n1, choose_n2, choose_n3, choose_n4, choose_n5, choose_greedy,
};

static bool board_has_stones(const Board *board) {
    FOR_EACH_CELL(board, cell) {
        if (board->cell[cell] != EMPTY) return true;
    }
    return false;
}

int reference_level_choose(Board *board, ReferenceLevel level, uint64_t *rng) {
    if ((unsigned)level >= REFERENCE_LEVEL_COUNT) level = LEVEL_GREEDY;
    if (!board_has_stones(board)) return cell_at(board->width / 2, board->height / 2);
    const bool fouls = (board->rule & RULE_RENJU) && board->to_move == BLACK;
    uint8_t banned[CELLS];
    memset(banned, 0, sizeof banned);
    int first = NO_CELL;
    for (;;) {
        const int cell = CHOOSERS[level](board, banned, rng);
        /* Every empty cell forbidden (or none left): black has lost anyway; play the best. */
        if (cell == NO_CELL) return first;
        if (first == NO_CELL) first = cell;
        if (!fouls || !rules_forbidden(board, cell, BLACK)) return cell;
        banned[cell] = 1;
    }
}

#include "movegen.h"

#include "eval.h"
#include "rules.h"
#include "threat.h"

/* Ordering bonuses on top of the cell's weight: the killers of this ply come right after the
 * table move. */
#define KILLER_BONUS 1000000
#define DEFENCE_FOUR_BONUS 2000000

bool movegen_legal(Board *board, int cell) {
    return board->cell[cell] == EMPTY && !rules_forbidden(board, cell, board->to_move);
}

/* The cell of a class there is exactly one of: usually the last move made it, so its lines
 * are looked at before the board. */
static int find_near_last_move(const Board *board, int color, CellClass cell_class) {
    const int last = board_last_move(board);
    if (last == NO_CELL) return NO_CELL;
    for (int d = 0; d < 4; d++)
        for (int step = -KEY_SIDE; step <= KEY_SIDE; step++) {
            const int cell = last + step * DIRECTION[d];
            if (step && board->cell[cell] == EMPTY && shape_cell_class(&board->shapes, cell, color) == cell_class)
                return cell;
        }
    return NO_CELL;
}

int movegen_find(const Board *board, int color, CellClass cell_class) {
    const int count = shape_class_count(&board->shapes, color, cell_class);
    if (!count) return NO_CELL;
    if (count == 1) {
        const int cell = find_near_last_move(board, color, cell_class);
        if (cell != NO_CELL) return cell;
    }
    FOR_EACH_CANDIDATE(board, cell, {
        if (shape_cell_class(&board->shapes, cell, color) == cell_class) return cell;
    });
    return NO_CELL;
}

bool movegen_has_winning_threat(Board *board, int color) {
    if (!shape_class_count(&board->shapes, color, CLASS_OPEN_FOUR)) return false;
    if (color != BLACK || !(board->rule & RULE_RENJU)) return true;
    FOR_EACH_CANDIDATE(board, cell, {
        if (shape_cell_class(&board->shapes, cell, BLACK) == CLASS_OPEN_FOUR &&
            !rules_forbidden(board, cell, BLACK))
            return true;
    });
    return false;
}

/* The defences are threat.h's: one generator for the threat search and the picker. */
int movegen_defences(Board *board, int *cells, int max) {
    int threats;
    const int count = threat_defences(board, THREATS_WINS, NULL, 0, cells, max, &threats);
    return threats ? count : -1;
}

int movegen_four_three_defences(Board *board, int *cells, int max) {
    int threats;
    const int count = threat_defences(board, THREATS_WINS_AND_FOUR_THREES, NULL, 0, cells, max, &threats);
    return threats && count > 0 ? count : -1;
}

/* Their five point on `direction` once their stone stands on `threat`: where the block of that
 * four must go. NO_CELL if there is none. */
static int five_point_after(const Board *board, int threat, int direction, int them) {
    const ShapeTables *tables = board->geometry->shapes;
    for (int step = 1 - KEY_SIDE; step < KEY_SIDE; step++) {
        const int cell = threat + step * DIRECTION[direction];
        if (!step || board->cell[cell] != EMPTY) continue;
        const uint32_t key = board->shapes.key[cell][direction] | (uint32_t)them << shape_key_shift(-step);
        if (shape_lookup(tables, key, them) == SHAPE_FIVE) return cell;
    }
    return NO_CELL;
}

/* Renju black's four-three cell, played out: legal, and once white has blocked its four (with
 * no five of white's own), black still has a legal open four or double four to make. The side
 * to move is black; the board is unchanged on return. */
static bool black_four_three_wins_at(Board *board, int cell) {
    if (rules_forbidden(board, cell, BLACK)) return false;
    board_make_fast(board, cell);
    bool wins = false;
    if (shape_class_count(&board->shapes, BLACK, CLASS_FIVE) == 1) {
        board_make_fast(board, movegen_find(board, BLACK, CLASS_FIVE));
        wins = !shape_class_count(&board->shapes, WHITE, CLASS_FIVE) && movegen_has_winning_threat(board, BLACK);
        board_undo_fast(board);
    }
    board_undo_fast(board);
    return wins;
}

/* The first of renju black's four-three cells that wins as black_four_three_wins_at says, for
 * whichever side is to move; NO_CELL if none. */
static int black_winning_four_three(Board *board) {
    if (!shape_class_count(&board->shapes, BLACK, CLASS_FOUR_THREE)) return NO_CELL;
    const bool pass = board->to_move != BLACK;
    if (pass) board_pass(board);
    int found = NO_CELL;
    FOR_EACH_CANDIDATE(board, cell, {
        if (found == NO_CELL && shape_cell_class(&board->shapes, cell, BLACK) == CLASS_FOUR_THREE &&
            black_four_three_wins_at(board, cell))
            found = cell;
    });
    if (pass) board_pass(board);
    return found;
}

bool movegen_wins_by_three(Board *board) {
    const int me = board->to_move, them = opponent(me);
    const ShapeState *shapes = &board->shapes;
    if (me == BLACK && (board->rule & RULE_RENJU)) return black_winning_four_three(board) != NO_CELL;
    const int four_threes = shape_class_count(shapes, me, CLASS_FOUR_THREE);
    if (!four_threes && !shape_class_count(shapes, me, CLASS_DOUBLE_THREE)) return false;
    if (!shape_four_cell_count(shapes, them)) return true;
    if (!four_threes) return false;
    /* They have fours somewhere: a four-three still wins where the block of its four is not one
     * of them (our stone only lowers their shapes, so reading them before it is safe). */
    FOR_EACH_CANDIDATE(board, cell, {
        if (shape_cell_class(shapes, cell, me) != CLASS_FOUR_THREE) continue;
        for (int d = 0; d < 4; d++) {
            if (shape_at(shapes, cell, d, me) != SHAPE_FOUR) continue;
            const int block = five_point_after(board, cell, d, me);
            if (block != NO_CELL && !class_makes_four(shape_cell_class(shapes, block, them))) return true;
        }
    });
    return false;
}

/* ---- the picker --------------------------------------------------------------------------- */

enum { STAGE_TABLE, STAGE_GENERATE, STAGE_REST, STAGE_DONE };

void movepick_init(MovePicker *picker, Board *board, int tt_move, const int killers[2],
                   const int32_t *history, Defence defence) {
    picker->board = board;
    picker->stage = STAGE_TABLE;
    picker->tt_move = tt_move;
    picker->killers[0] = killers ? killers[0] : NO_CELL;
    picker->killers[1] = killers ? killers[1] : NO_CELL;
    picker->history = history;
    picker->defence = defence;
    picker->count = picker->next = 0;
}

static void add(MovePicker *picker, int cell, int32_t score) {
    picker->cells[picker->count] = (int16_t)cell;
    picker->scores[picker->count++] = score;
}

static int32_t ordering_score(const MovePicker *picker, int cell) {
    int32_t score = eval_move_score(picker->board, cell);
    /* The history tells what the tables cannot: without it -26.8 +/- 41.9 Elo
     * (docs/experiments.md). */
    if (picker->history) score += picker->history[cell] / 32;
    if (cell == picker->killers[0] || cell == picker->killers[1]) score += KILLER_BONUS;
    return score;
}

static void generate(MovePicker *picker) {
    Board *board = picker->board;
    int cells[PICK_MAX];
    const int count = picker->defence == DEFEND_OPEN_FOUR    ? movegen_defences(board, cells, PICK_MAX)
                      : picker->defence == DEFEND_FOUR_THREE ? movegen_four_three_defences(board, cells, PICK_MAX)
                                                             : -1;
    if (count >= 0) {
        const int me = board->to_move;
        for (int i = 0; i < count; i++) {
            /* the table move was not handed out first (finding the defences costs): first now */
            const bool four = class_makes_four(shape_cell_class(&board->shapes, cells[i], me));
            const int32_t bonus = cells[i] == picker->tt_move ? 2 * DEFENCE_FOUR_BONUS : four ? 0 : DEFENCE_FOUR_BONUS;
            add(picker, cells[i], ordering_score(picker, cells[i]) + bonus);
        }
        return;
    }
    /* Where a four-three's defences were not narrowed, the table move is among the rest. */
    const bool table_move_waits = picker->defence != DEFEND_NONE;
    picker->defence = DEFEND_NONE;
    FOR_EACH_CANDIDATE(board, cell, {
        if (cell != picker->tt_move)
            add(picker, cell, ordering_score(picker, cell));
        else if (table_move_waits)
            add(picker, cell, ordering_score(picker, cell) + 2 * DEFENCE_FOUR_BONUS);
    });
}

/* The table move is handed out before generating only where every candidate is a move. */
static bool table_move_fits(MovePicker *picker) {
    Board *board = picker->board;
    const int move = picker->tt_move;
    if (picker->defence != DEFEND_NONE || move <= 0 || move >= CELLS || !board_is_candidate(board, move)) return false;
    return !rules_forbidden(board, move, board->to_move);
}

int movepick_next(MovePicker *picker) {
    switch (picker->stage) {
    case STAGE_TABLE:
        picker->stage = STAGE_GENERATE;
        if (table_move_fits(picker)) return picker->tt_move;
        if (picker->defence == DEFEND_NONE) picker->tt_move = NO_CELL;
        /* fall through */
    case STAGE_GENERATE:
        generate(picker);
        picker->stage = STAGE_REST;
        /* fall through */
    case STAGE_REST:
        while (picker->next < picker->count) {
            int best = picker->next;
            for (int i = picker->next + 1; i < picker->count; i++)
                if (picker->scores[i] > picker->scores[best]) best = i;
            const int16_t cell = picker->cells[best];
            const int32_t score = picker->scores[best];
            picker->cells[best] = picker->cells[picker->next];
            picker->scores[best] = picker->scores[picker->next];
            picker->cells[picker->next] = cell;
            picker->scores[picker->next++] = score;
            if (!rules_forbidden(picker->board, cell, picker->board->to_move)) return cell;
        }
        picker->stage = STAGE_DONE;
        /* fall through */
    default:
        return NO_CELL;
    }
}

int movepick_all(MovePicker *picker, int *cells, int max) {
    int count = 0;
    for (int cell = movepick_next(picker); cell != NO_CELL && count < max; cell = movepick_next(picker))
        cells[count++] = cell;
    return count;
}

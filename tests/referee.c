#include "referee.h"

#include "rules.h"

static bool legal(const Board *board, int cell, int color) {
    return board->cell[cell] == EMPTY && !rules_forbidden(board, cell, color);
}

int referee_winning_cells(Board *board, int color, int *out, int max) {
    int count = 0;
    for (int cell = board_first(board); cell && count < max; cell = board_next(board, cell))
        if (board->cell[cell] == EMPTY && rules_would_win(board, cell, color)) out[count++] = cell;
    return count;
}

/* The defender's moves that leave the attacker no winning cell: the five cell itself, and under
 * caro also a stone just beyond the five (a five blocked at both ends does not count). */
static int blocks_of_five(Board *board, int five, int attacker, int *out) {
    int count = 0, cells[1];
    out[count++] = five;
    if (!(board->rule & RULE_CARO)) return count;
    for (int direction = 0; direction < 4; direction++)
        for (int offset = -5; offset <= 5; offset++) {
            const int cell = five + offset * DIRECTION[direction];
            if (!offset || board->cell[cell] != EMPTY) continue;
            board_make(board, cell);
            if (!referee_winning_cells(board, attacker, cells, 1)) out[count++] = cell;
            board_undo(board);
        }
    return count;
}

bool referee_brute_vcf(Board *board, int depth) {
    const int attacker = board->to_move, defender = opponent(attacker);
    int cells[4];
    if (referee_winning_cells(board, attacker, cells, 1)) return true;
    const int threats = referee_winning_cells(board, defender, cells, 2);
    if (depth == 0 || (threats >= 2 && !(board->rule & RULE_CARO))) return false;
    int forced[64];
    const int forced_count = threats ? blocks_of_five(board, cells[0], defender, forced) : 0;
    for (int cell = board_first(board); cell; cell = board_next(board, cell)) {
        bool allowed = !threats;
        for (int i = 0; i < forced_count; i++) allowed = allowed || forced[i] == cell;
        if (!allowed || !legal(board, cell, attacker)) continue;
        board_make(board, cell);
        int fives[2], blocks[64];
        bool won = referee_winning_cells(board, attacker, fives, 1) > 0 && !referee_winning_cells(board, defender, cells, 1);
        const int block_count = won ? blocks_of_five(board, fives[0], attacker, blocks) : 0;
        for (int i = 0; i < block_count && won; i++) {
            if (rules_forbidden(board, blocks[i], defender)) continue;
            board_make(board, blocks[i]);
            won = !referee_winning_cells(board, attacker, fives, 1) ? referee_brute_vcf(board, depth - 1) : true;
            board_undo(board);
        }
        board_undo(board);
        if (won) return true;
    }
    return false;
}

RefereeVerdict referee_holds(Board *board, int quiet, RefereeClaim claim, void *context) {
    const int attacker = board->to_move, defender = opponent(attacker);
    int cells[1], move = NO_CELL;
    if (referee_winning_cells(board, attacker, cells, 1)) return REFEREE_HOLDS;
    if (!claim(board, context, &move) || !legal(board, move, attacker)) return REFEREE_REFUTED;
    board_make(board, move);
    const bool four = referee_winning_cells(board, attacker, cells, 1) > 0;
    if (!four && quiet == 0) {
        board_undo(board);
        return REFEREE_TOO_DEEP;
    }
    RefereeVerdict verdict = REFEREE_HOLDS;
    bool any_reply = false;
    for (int reply = board_first(board); reply && verdict == REFEREE_HOLDS; reply = board_next(board, reply)) {
        if (!legal(board, reply, defender)) continue;
        any_reply = true;
        if (rules_would_win(board, reply, defender)) {
            verdict = REFEREE_REFUTED;
            break;
        }
        board_make(board, reply);
        verdict = referee_holds(board, four ? quiet : quiet - 1, claim, context);
        board_undo(board);
    }
    board_undo(board);
    return any_reply ? verdict : REFEREE_REFUTED;
}

bool referee_line_replays(Board *board, const int *line, int length) {
    const int attacker = board->to_move, defender = opponent(attacker);
    int made = 0;
    bool ok = true, ended = false;
    for (int i = 0; i < length && ok && !ended; i++) {
        const int cell = line[i];
        int fives[8];
        if (board->cell[cell] != EMPTY) {
            ok = false;
        } else if (board->to_move == attacker) {
            if (!legal(board, cell, attacker)) ok = false;
            else if (rules_would_win(board, cell, attacker)) ended = true;
            else {
                board_make(board, cell);
                made++;
                ok = referee_winning_cells(board, attacker, fives, 1) == 1;
            }
        } else {
            const int count = referee_winning_cells(board, attacker, fives, 8);
            bool blocks = false;
            for (int j = 0; j < count; j++) blocks = blocks || fives[j] == cell;
            if (!blocks && (board->rule & RULE_CARO)) {
                board_make(board, cell);
                blocks = !referee_winning_cells(board, attacker, fives, 1);
                board_undo(board);
            }
            if (!blocks) ok = false;
            else if (rules_forbidden(board, cell, defender)) ended = true;
            else {
                board_make(board, cell);
                made++;
            }
        }
    }
    while (made--) board_undo(board);
    return ok && ended;
}

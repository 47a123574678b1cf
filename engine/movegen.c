#include "movegen.h"

#include <string.h>

#include "eval.h"
#include "rules.h"

#define REGION_MAX (BOARD_MAX * BOARD_MAX)

/* Could black's stone here be a renju foul? Only a cell with an overline, an open four (a
 * straight four or two fours in one line) or two lines of three or more can be; everything
 * else skips the exact (recursive) check. */
static bool may_be_foul(const Board *board, int cell) {
    int strong = 0;
    for (int d = 0; d < 4; d++) {
        const Shape shape = shape_at(&board->shapes, cell, d, BLACK);
        if (shape == SHAPE_OVERLINE || shape == SHAPE_OPEN_FOUR) return true;
        if (shape >= SHAPE_OPEN_THREE && shape != SHAPE_FIVE) strong++;
    }
    return strong >= 2;
}

static bool forbidden_here(Board *board, int cell, int color) {
    if (color != BLACK || !(board->rule & RULE_RENJU)) return false;
    if (!may_be_foul(board, cell)) return false;
    return rules_foul(board, cell) != FOUL_NONE;
}

bool movegen_legal(Board *board, int cell) {
    return board->cell[cell] == EMPTY && !forbidden_here(board, cell, board->to_move);
}

/* Empty cells within two of a stone, in cell order (so lists are deterministic). */
static int collect_region(const Board *board, int *cells) {
    uint8_t marked[CELLS];
    memset(marked, 0, sizeof marked);
    int low = CELLS, high = 0;
    for (int i = 0; i < board->move_count; i++) {
        const int stone = board->history[i];
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                const int c = stone + dy * STRIDE + dx;
                if (board->cell[c] != EMPTY) continue;
                marked[c] = 1;
                if (c < low) low = c;
                if (c > high) high = c;
            }
    }
    int n = 0;
    for (int c = low; c <= high; c++)
        if (marked[c]) cells[n++] = c;
    return n;
}

static void push(MoveList *list, int cell, int32_t score) {
    for (int i = 0; i < list->count; i++)
        if (list->cells[i] == cell) return;
    if (list->count == MAX_CANDIDATES) return;
    list->cells[list->count] = cell;
    list->scores[list->count] = score;
    list->count++;
}

static void sort_list(MoveList *list) {
    for (int i = 1; i < list->count; i++) {
        const int cell = list->cells[i];
        const int32_t score = list->scores[i];
        int j = i - 1;
        while (j >= 0 && list->scores[j] < score) {
            list->cells[j + 1] = list->cells[j];
            list->scores[j + 1] = list->scores[j];
            j--;
        }
        list->cells[j + 1] = cell;
        list->scores[j + 1] = score;
    }
}

bool movegen_has_winning_threat(Board *board, int color) {
    /* Such a cell makes a four along some line through one of `color`'s stones, at most four
     * cells from it: look only there. */
    for (int i = 0; i < board->move_count; i++) {
        const int stone = board->history[i];
        if (board->cell[stone] != color) continue;
        for (int d = 0; d < 4; d++)
            for (int step = -4; step <= 4; step++) {
                const int c = stone + step * DIRECTION[d];
                if (board->cell[c] != EMPTY || shape_at(&board->shapes, c, d, color) < SHAPE_FOUR)
                    continue;
                if (eval_cell_class(board, c, color) >= CLASS_OPEN_FOUR && !forbidden_here(board, c, color))
                    return true;
            }
    }
    return false;
}

/* The opponent has open-four threats: keep our fours and every cell that removes all of the
 * threats (tried on the board). With no such cell, keep the cells on the threat lines: the
 * position is probably lost, and the search will say so. */
static void defend_threes(Board *board, MoveList *list, const int *region, int count) {
    const int me = board->to_move, other = opponent(me);
    uint8_t tried[CELLS];
    memset(tried, 0, sizeof tried);
    int fallback[MAX_CANDIDATES], fallback_count = 0;

    for (int i = 0; i < count; i++) {
        const int c = region[i];
        const CellClass mine = eval_cell_class(board, c, me);
        if (mine >= CLASS_FOUR && mine != CLASS_DOUBLE_THREE && !forbidden_here(board, c, me))
            push(list, c, eval_cell_score(board, c) + 100000);
    }
    for (int i = 0; i < count; i++) {
        const int threat = region[i];
        if (eval_cell_class(board, threat, other) < CLASS_OPEN_FOUR) continue;
        for (int d = 0; d < 4; d++) {
            if (shape_at(&board->shapes, threat, d, other) < SHAPE_FOUR) continue;
            for (int step = -5; step <= 5; step++) {
                const int c = threat + step * DIRECTION[d];
                if (board->cell[c] != EMPTY || tried[c]) continue;
                tried[c] = 1;
                if (forbidden_here(board, c, me)) continue;
                board_make(board, c);
                const bool stops = !movegen_has_winning_threat(board, other);
                board_undo(board);
                if (stops) push(list, c, eval_cell_score(board, c));
                else if (fallback_count < MAX_CANDIDATES) fallback[fallback_count++] = c;
            }
        }
    }
    bool defended = false;
    for (int i = 0; i < list->count; i++)
        if (list->scores[i] < 100000) defended = true;
    if (!defended)
        for (int i = 0; i < fallback_count; i++) push(list, fallback[i], eval_cell_score(board, fallback[i]));
}

void movegen_generate(Board *board, MoveList *list, int limit) {
    int region[REGION_MAX];
    const int count = collect_region(board, region);
    const int me = board->to_move, other = opponent(me);
    list->count = 0;
    list->kind = MOVES_NORMAL;

    if (!count) {
        /* empty board: the centre */
        push(list, cell_at(board->width / 2, board->height / 2), 0);
        return;
    }
    int blocks[MAX_CANDIDATES], block_count = 0;
    bool threatened = false;
    for (int i = 0; i < count; i++) {
        const int c = region[i];
        const CellClass mine = eval_cell_class(board, c, me);
        const CellClass theirs = eval_cell_class(board, c, other);
        if (mine == CLASS_FIVE) {
            list->kind = MOVES_WIN;
            push(list, c, 0);
            return;
        }
        if (theirs == CLASS_FIVE && block_count < MAX_CANDIDATES) blocks[block_count++] = c;
        if (theirs >= CLASS_OPEN_FOUR) threatened = true;
    }
    if (block_count) {
        list->kind = MOVES_BLOCK_FOUR;
        for (int i = 0; i < block_count; i++)
            if (!forbidden_here(board, blocks[i], me)) push(list, blocks[i], 0);
        return;
    }
    if (threatened && movegen_has_winning_threat(board, other)) {
        list->kind = MOVES_DEFEND_THREE;
        defend_threes(board, list, region, count);
        sort_list(list);
        return;
    }
    /* Unforced: score everything, keep the best `limit`. */
    MoveList all = {.kind = MOVES_NORMAL, .count = 0};
    for (int i = 0; i < count; i++) {
        const int c = region[i];
        const int32_t score = eval_cell_score(board, c);
        if (all.count < MAX_CANDIDATES) {
            all.cells[all.count] = c;
            all.scores[all.count++] = score;
            continue;
        }
        /* full: replace the weakest if this one is better */
        int weakest = 0;
        for (int j = 1; j < all.count; j++)
            if (all.scores[j] < all.scores[weakest]) weakest = j;
        if (score > all.scores[weakest]) {
            all.cells[weakest] = c;
            all.scores[weakest] = score;
        }
    }
    sort_list(&all);
    for (int i = 0; i < all.count && list->count < limit; i++)
        if (!forbidden_here(board, all.cells[i], me)) push(list, all.cells[i], all.scores[i]);
}

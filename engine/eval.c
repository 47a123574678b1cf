#include "eval.h"

#include "weights.h"

int eval_threat_mask(const Board *board) {
    const int me = board->to_move;
    const int16_t *mine = board->shapes.totals.class_count[me - 1];
    const int16_t *theirs = board->shapes.totals.class_count[opponent(me) - 1];
    return (theirs[CLASS_FIVE] > 0) << THREAT_THEIR_FIVE |
           (mine[CLASS_OPEN_FOUR] > 0) << THREAT_MY_OPEN_FOUR |
           (theirs[CLASS_OPEN_FOUR] > 0) << THREAT_THEIR_OPEN_FOUR |
           (mine[CLASS_FOUR_THREE] > 0) << THREAT_MY_FOUR_THREE |
           (theirs[CLASS_FOUR_THREE] > 0) << THREAT_THEIR_FOUR_THREE |
           (mine[CLASS_FOUR] > 0) << THREAT_MY_FOUR |
           (theirs[CLASS_FOUR] > 0) << THREAT_THEIR_FOUR |
           (mine[CLASS_DOUBLE_THREE] > 0) << THREAT_MY_DOUBLE_THREE |
           (theirs[CLASS_DOUBLE_THREE] > 0) << THREAT_THEIR_DOUBLE_THREE |
           (mine[CLASS_OPEN_THREE] > 0) << THREAT_MY_OPEN_THREE |
           (theirs[CLASS_OPEN_THREE] > 0) << THREAT_THEIR_OPEN_THREE;
}

/* The count term (weights.h) of the side to move `me`. */
static int32_t count_value(const Board *board, const int16_t *table, int me) {
    const int16_t *mine = board->shapes.totals.class_count[me - 1];
    const int16_t *theirs = board->shapes.totals.class_count[opponent(me) - 1];
    int32_t value = 0;
    for (int counted = 0; counted < COUNT_CLASSES; counted++)
        value += table[count_term(0, counted, mine[COUNTED_CLASS[counted]])] +
                 table[count_term(1, counted, theirs[COUNTED_CLASS[counted]])];
    return value;
}

/* The cells' part swings towards whoever moved last (a stone raises its owner's cells and
 * spoils the other's): averaged with the position before the last move, the swing between odd
 * and even depths halves. The position alone measured -166 +/- 74 Elo (docs/experiments.md). */
int32_t eval_position(const Board *board) {
    /* The network's sums are a cache the board carries, brought up to date here (net.h). Its
     * scores spread three times as wide as the tables' in a search (mean |score| 2830 against
     * 964) and the search's margins were tuned on the tables: ÷4 gained +77.9 +/- 59.7 at
     * 10/0.2 (docs/experiments.md). */
    if (board->geometry->net)
        return net_evaluate((NetState *)&board->net, board->geometry->net, board) / NET_SEARCH_DIVISOR;
    const int me = board->to_move, them = opponent(me);
    const int32_t *now = board->shapes.totals.value_sum, *before = board_previous_values(board);
    const int32_t cells = (now[me - 1] - now[them - 1] + before[me - 1] - before[them - 1]) / 2;
    const RuleWeights *weights = &board->geometry->weights;
    return cells + weights->threat[me - 1][eval_threat_mask(board)] + count_value(board, weights->count[me - 1], me);
}

/* The learned order (docs/tuning.md): +29.2 +/- 32.0 Elo against the cells' values
 * (docs/experiments.md). */
int32_t eval_move_score(const Board *board, int cell) {
    const int me = board->to_move, them = opponent(me);
    const RuleWeights *weights = &board->geometry->weights;
    return weights->order_mine[me - 1][board->shapes.combo[cell][me - 1]] +
           weights->order_theirs[me - 1][board->shapes.combo[cell][them - 1]];
}

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

/* The cells' part swings towards whoever moved last (a stone raises its owner's cells around
 * it and spoils the other's): averaged with the position before the last move, the swing
 * between odd and even depths halves. Measured against other shares (tournament/sprt.sh -E 20,
 * tc=10/0.2 freestyle, on 0f5f333; the weights were fitted to the half-and-half average): the
 * position alone, 30-79-1, -166 +/- 74, H0 after 110 games; 3/4 of the position and 1/4 of the
 * one before, 31-38-1 after 70 (stopped); 1/4 and 3/4, 85-119-7, -57 +/- 47, H0; 1/4, 1/2 and
 * 1/4 of the last three positions, 107-136-6, -41 +/- 43, H0. Not kept either: the count term
 * averaged the same way (the class counts before the last move kept beside the value sums),
 * 250-264-19, -9.1 +/- 29.0 over 533 games; a tempo of +50 for the side to move, 286-292-22,
 * -3.5 +/- 27.3 over 600 games; the whole score times 5/4 (as if every margin of the search were
 * 4/5 as wide), 297-286-17, +6.4 +/- 27.5 over 600 games, no decision. */
int32_t eval_position(const Board *board) {
    const int me = board->to_move, them = opponent(me);
    const int32_t *now = board->shapes.totals.value_sum, *before = board_previous_values(board);
    const int32_t cells = (now[me - 1] - now[them - 1] + before[me - 1] - before[them - 1]) / 2;
    const RuleWeights *weights = &board->geometry->weights;
    return cells + weights->threat[me - 1][eval_threat_mask(board)] + count_value(board, weights->count[me - 1], me);
}

/* The fitted order (README, "The move order learned from games") against the cells' values,
 * freestyle: 231-194-16, +29.2 +/- 32.0, pentanomial +30.1 +/- 22.7, H1 after 440 games
 * (tournament/sprt.sh -E 20, tc=10/0.2, on 27dfc83), in the old order's spread; spread wider
 * (tune/order.h, so that the history weighs less) +27.5 at five times, +44.5 more at seventeen. */
int32_t eval_move_score(const Board *board, int cell) {
    const int me = board->to_move, them = opponent(me);
    const RuleWeights *weights = &board->geometry->weights;
    return weights->order_mine[me - 1][board->shapes.combo[cell][me - 1]] +
           weights->order_theirs[me - 1][board->shapes.combo[cell][them - 1]];
}

/* order: the move order's tables (weights.h, ORDER_WEIGHTS) learned from the moves of recorded
 * games.
 *
 * Every position of a game after its opening where no five is there to make or to stop gives
 * its candidate cells (board.h) and the move played. A candidate's score is mine[the side to
 * move's combination there] + theirs[the opponent's], and a softmax over the candidates is
 * fitted to the played move (cross-entropy, AdaGrad, a pass over the positions per epoch; one
 * game in ten held out): the moves of a searching engine teach the order what its search
 * found. It starts from the cells' values (what the order was before, in logits: the values
 * divided by the temperature; -warm: the build's own tables) and is written as logits times the
 * scale. The wider its scores spread, the less the history (movegen.c) weighs in the order: a
 * scale of 1000 gained +44.5 +/- 37.6 Elo against 300 (docs/experiments.md). Under renju each
 * side to move has tables of its own; elsewhere both colours share them. */
#ifndef WUZI_TUNE_ORDER_H
#define WUZI_TUNE_ORDER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pgn_reader.h"
#include "weights.h"

typedef struct OrderOptions {
    int epochs;
    double rate;            /* AdaGrad's step */
    double temperature;     /* the cells' values per logit at the start */
    double scale;           /* the written tables' units per logit */
    bool warm;              /* start from the build's own tables (ORDER_WEIGHTS) where it has them */
    FILE *log;              /* progress lines, or NULL */
} OrderOptions;

typedef struct OrderReport {
    int64_t train_positions, held_out_positions;
    /* on the held-out positions (the training ones when none is held out): the mean
     * cross-entropy of the played move, and how often it is the first, among the first 8 */
    double loss_before, loss_after, first_before, first_after, top8_before, top8_after;
} OrderReport;

/* [side to move - 1][combo] */
typedef struct OrderTables {
    int16_t mine[2][COMBO_COUNT], theirs[2][COMBO_COUNT];
} OrderTables;

void order_options_default(OrderOptions *options);
/* Fits `family`'s tables to the games of that family. Returns false if there are no positions;
 * the tables are then the starting point. */
bool order_fit(const GameList *games, WeightFamily family, const OrderOptions *options, OrderTables *tables,
               OrderReport *report);
#endif

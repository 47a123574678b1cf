/* net_train: the network's parameters (net_model.h) learned from labelled positions.
 *
 * A position's target mixes the game's result and the search's score: lambda * points + (1 -
 * lambda) * sigmoid(score / K), lambda the run's or the position's list's (NetSample), K fitted
 * first so that sigmoid(score / K) predicts the results best — the search's units, which the
 * network's score keeps. The loss is the cross-entropy of
 * sigmoid(output) against the target; minibatch Adam over the shuffled training positions, each
 * batch split over threads and summed in a fixed order (the same data give the same bytes);
 * one game in ten held out, whose loss after each epoch halves the rate when it stops falling,
 * stops the training after `patience` such epochs and chooses the parameters kept. */
#ifndef WUZI_TUNE_NET_TRAIN_H
#define WUZI_TUNE_NET_TRAIN_H

#include <stdio.h>

#include "net_model.h"
#include "net_samples.h"

typedef struct TrainOptions {
    int epochs;         /* at most */
    int patience;       /* epochs without a held-out improvement before stopping */
    int batch;          /* positions a step */
    int threads;
    double rate;        /* Adam's step */
    double lambda;      /* the result's share of the target */
    double l2;          /* pull of the residuals (net_model.h) towards zero */
    uint64_t seed;      /* the starting point and the shuffles */
    FILE *log;          /* each epoch's line, or NULL */
} TrainOptions;

typedef struct TrainReport {
    int64_t train_positions, held_out_positions;
    double k;           /* the score's scale: sigmoid(score / k) */
    int epochs;         /* run */
    /* held out: the cross-entropy against the target, before and after */
    double loss_before, loss_after, train_loss_after;
    /* held out, against the results alone: the network's log-loss, the search's score's
     * (sigmoid(score / k)), the tables' static score's (its own scale fitted), and the
     * integer network's (what the engine computes) */
    double result_loss, search_result_loss, tables_result_loss, integer_result_loss;
    double integer_loss;    /* the integer network against the target */
} TrainReport;

void train_options_default(TrainOptions *options);
/* Trains `model` on the positions of `family` in `samples` (from its current parameters).
 * False when there are none to train on. */
bool net_train(NetModel *model, int family, const NetSamples *samples, const TrainOptions *options,
               TrainReport *report);
/* How well the labels' scores predict the results, over every position of `family`: the
 * log-loss of sigmoid(score / k) against the points, k fitted, and the same of the tables'
 * static score (wuzi-tune score: which search labels better). False when there are none. */
typedef struct ScoreReport {
    int64_t positions;
    double k, loss;             /* the labels' search */
    double tables_k, tables_loss;
} ScoreReport;
bool net_train_score_loss(const NetSamples *samples, int family, ScoreReport *report);

/* The held-out losses of the integer network (report's integer fields). */
void net_train_check(const NetTables *tables, int family, const NetSamples *samples, const TrainOptions *options,
                     TrainReport *report);

#endif

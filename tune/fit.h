/* fit: the model's parameters by logistic regression on game results (the Texel method).
 *
 * The loss is the mean log-loss of sigmoid(eval / K) against the side to move's points. K is
 * fitted first, with the starting parameters, so that the scale of the weights stays that of
 * the engine's units; then every parameter is fitted by Adam on the full batch, with the
 * residuals (per combination, per threat mask) pulled towards zero and each count weight towards
 * its neighbours. One game in ten is held out
 * and the fit stops when the held-out loss no longer improves, keeping its best parameters. */
#ifndef WUZI_TUNE_FIT_H
#define WUZI_TUNE_FIT_H

#include <stdio.h>

#include "model.h"
#include "positions.h"

typedef struct FitOptions {
    int iterations;         /* at most */
    int patience;           /* iterations without a held-out improvement before stopping */
    double learning_rate;
    double residual_l2;     /* pull of the residuals towards zero */
    double count_smoothing; /* pull of each count weight towards its neighbours (a cell more, less) */
    bool counts_only;       /* fit the count term alone; every other table stays as it starts */
    int threads;
    FILE *log;              /* progress lines, or NULL */
} FitOptions;

typedef struct FitReport {
    double k;
    int64_t train_positions, held_out_positions;
    double train_loss_before, held_out_loss_before;
    double train_loss_after, held_out_loss_after;
    int iterations;
} FitReport;

void fit_options_default(FitOptions *options);
/* Fits `model` to the positions of its family in `set`. Returns false if there are none. */
bool fit_model(Model *model, const PositionSet *set, const FitOptions *options, FitReport *report);

#endif

/* model: the evaluation's parameters as the tuner sees them, and how they become the engine's
 * tables (weights.h).
 *
 * A cell's worth to a colour is the sum of its four directions' shape weights, a bonus for the
 * class the four make together, and a residual of its own for the exact combination; the threat
 * term is a weight per bit of the threat mask plus a residual per mask; the count term a weight
 * per side, counted class and number of cells (weights.h), from zero. Residuals start at zero
 * and are pulled towards zero while fitting, so that a combination seen in few positions keeps
 * the value its shapes give it. Under renju black and white have parameters apart; under the
 * other rules both colours share one set. */
#ifndef WUZI_TUNE_MODEL_H
#define WUZI_TUNE_MODEL_H

#include <stdbool.h>

#include "weights.h"

typedef struct Model {
    WeightFamily family;
    double shape[2][SHAPE_COUNT];
    double class_bonus[2][CLASS_COUNT];
    double combo[2][COMBO_COUNT];
    double threat_bit[2][THREAT_BITS];
    double threat[2][THREAT_MASKS];
    double count[2][COUNT_TERMS];
} Model;

/* Offsets of each part in the flat parameter vector (model_params). */
enum {
    PARAM_SHAPE = 0,
    PARAM_CLASS = PARAM_SHAPE + 2 * SHAPE_COUNT,
    PARAM_COMBO = PARAM_CLASS + 2 * CLASS_COUNT,
    PARAM_THREAT_BIT = PARAM_COMBO + 2 * COMBO_COUNT,
    PARAM_THREAT = PARAM_THREAT_BIT + 2 * THREAT_BITS,
    PARAM_COUNT_TERM = PARAM_THREAT + 2 * THREAT_MASKS,
    PARAM_COUNT = PARAM_COUNT_TERM + 2 * COUNT_TERMS,
};

/* The hand-set starting point: shape weights that grow by a few times per level and bonuses
 * for the combinations that win by force. */
void model_init(Model *model, WeightFamily family);
/* The hand-set starting point with residuals that make it give exactly `current`'s tables (the
 * weights the build was made with): a fit from there moves the engine's own weights only as far
 * as the held-out games support, where a fit from the hand-set point starts over. */
void model_init_from(Model *model, WeightFamily family, const EvalWeights *current);
/* The model as one vector of PARAM_COUNT numbers, and back. */
double *model_params(Model *model);
/* Does this combination count at all? Cells far from every stone (every direction a one at
 * most) are worth nothing to either side, so the empty board scores zero. */
bool model_combo_counts(int combo);
/* Does the cell value of (colour index, combination) count in this family, and its value. */
bool model_cell_counts(WeightFamily family, int color, int combo);
double model_cell_value(const Model *model, int color, int combo);
double model_threat_value(const Model *model, int color, int mask);
/* Is the parameter tied to another (colours share parameters outside renju)? Then its index in
 * the vector that carries the value. */
int model_param_owner(WeightFamily family, int index);
/* The engine's tables. */
void model_tables(const Model *model, WeightTables *out);

#endif

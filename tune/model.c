#include "model.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

static_assert(offsetof(Model, class_bonus) - offsetof(Model, shape) == PARAM_CLASS * sizeof(double),
              "the parameters are one vector");
static_assert(offsetof(Model, combo) - offsetof(Model, shape) == PARAM_COMBO * sizeof(double),
              "the parameters are one vector");
static_assert(offsetof(Model, threat_bit) - offsetof(Model, shape) == PARAM_THREAT_BIT * sizeof(double),
              "the parameters are one vector");
static_assert(offsetof(Model, threat) - offsetof(Model, shape) == PARAM_THREAT * sizeof(double),
              "the parameters are one vector");
static_assert(offsetof(Model, count) - offsetof(Model, shape) == PARAM_COUNT_TERM * sizeof(double),
              "the parameters are one vector");

/* Per direction: each level of a shape is worth a few of the level below; a four a little more
 * than an open three because it forces, an open four nearly a win. */
static const double START_SHAPE[SHAPE_COUNT] = {
    [SHAPE_ONE] = 1,          [SHAPE_OPEN_ONE] = 2,        [SHAPE_TWO] = 4,
    [SHAPE_OPEN_TWO] = 10,    [SHAPE_OPEN_TWO_X2] = 12,    [SHAPE_OPEN_TWO_X3] = 14,
    [SHAPE_THREE] = 14,       [SHAPE_OPEN_THREE] = 36,     [SHAPE_OPEN_THREE_X2] = 40,
    [SHAPE_FOUR] = 45,        [SHAPE_OPEN_FOUR] = 160,     [SHAPE_FIVE] = 400,
};

/* Combinations that win by force are worth more than their parts. */
static const double START_CLASS[CLASS_COUNT] = {
    [CLASS_DOUBLE_THREE] = 80, [CLASS_FOUR_THREE] = 200, [CLASS_OPEN_FOUR] = 300,
};

/* Who threatens what: the side to move gets to play its threat first. */
static const double START_THREAT[THREAT_BITS] = {
    [THREAT_THEIR_FIVE] = -50,        [THREAT_MY_OPEN_FOUR] = 800,
    [THREAT_THEIR_OPEN_FOUR] = -300,  [THREAT_MY_FOUR_THREE] = 500,
    [THREAT_THEIR_FOUR_THREE] = -200, [THREAT_MY_FOUR] = 30,
    [THREAT_THEIR_FOUR] = -20,        [THREAT_MY_DOUBLE_THREE] = 300,
    [THREAT_THEIR_DOUBLE_THREE] = -100, [THREAT_MY_OPEN_THREE] = 60,
    [THREAT_THEIR_OPEN_THREE] = -30,
};

void model_init(Model *model, WeightFamily family) {
    memset(model, 0, sizeof *model);
    model->family = family;
    for (int color = 0; color < 2; color++) {
        memcpy(model->shape[color], START_SHAPE, sizeof START_SHAPE);
        memcpy(model->class_bonus[color], START_CLASS, sizeof START_CLASS);
        memcpy(model->threat_bit[color], START_THREAT, sizeof START_THREAT);
    }
}

void model_init_from(Model *model, WeightFamily family, const EvalWeights *current) {
    model_init(model, family);
    for (int color = 0; color < 2; color++) {
        for (int combo = 0; combo < COMBO_COUNT; combo++)
            if (model_cell_counts(family, color, combo))
                model->combo[color][combo] = current->cell[color][combo] - model_cell_value(model, color, combo);
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            model->threat[color][mask] = current->threat[color][mask] - model_threat_value(model, color, mask);
        for (int term = 0; term < COUNT_TERMS; term++) model->count[color][term] = current->count[color][term];
    }
}

double *model_params(Model *model) { return &model->shape[0][0]; }

bool model_combo_counts(int combo) {
    Shape shapes[4];
    shape_combo_shapes(combo, shapes);
    return shapes[3] > SHAPE_OPEN_ONE;      /* ascending: the last is the strongest */
}

int model_param_owner(WeightFamily family, int index) {
    if (family == FAMILY_RENJU) return index;
    static const int parts[][2] = {
        {PARAM_SHAPE, SHAPE_COUNT},   {PARAM_CLASS, CLASS_COUNT},  {PARAM_COMBO, COMBO_COUNT},
        {PARAM_THREAT_BIT, THREAT_BITS}, {PARAM_THREAT, THREAT_MASKS}, {PARAM_COUNT_TERM, COUNT_TERMS},
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        const int start = parts[i][0], size = parts[i][1];
        if (index >= start + size && index < start + 2 * size) return index - size;
    }
    return index;
}

/* Under renju a black stone on an overline or on two open threes is a foul (unless it makes
 * five): such a cell is worth nothing to black. */
static bool renju_foul_like(int combo) {
    Shape shapes[4];
    shape_combo_shapes(combo, shapes);
    int open_threes = 0;
    for (int d = 0; d < 4; d++) {
        if (shapes[d] == SHAPE_FIVE) return false;
        open_threes += shape_is_open_three(shapes[d]);
    }
    for (int d = 0; d < 4; d++)
        if (shapes[d] == SHAPE_OVERLINE) return true;
    return open_threes >= 2;
}

static int16_t clamp16(double value) {
    const double rounded = round(value);
    return (int16_t)(rounded > 32000 ? 32000 : rounded < -32000 ? -32000 : rounded);
}

bool model_cell_counts(WeightFamily family, int color, int combo) {
    if (!model_combo_counts(combo)) return false;
    return !(family == FAMILY_RENJU && color == 0 && renju_foul_like(combo));
}

double model_cell_value(const Model *model, int color, int combo) {
    if (!model_cell_counts(model->family, color, combo)) return 0;
    Shape shapes[4];
    shape_combo_shapes(combo, shapes);
    double value = model->class_bonus[color][shape_combo_class(combo)] + model->combo[color][combo];
    for (int d = 0; d < 4; d++) value += model->shape[color][shapes[d]];
    return value;
}

double model_threat_value(const Model *model, int color, int mask) {
    double value = model->threat[color][mask];
    for (int bit = 0; bit < THREAT_BITS; bit++)
        if (mask & (1 << bit)) value += model->threat_bit[color][bit];
    return value;
}

void model_tables(const Model *model, WeightTables *out) {
    for (int color = 0; color < 2; color++) {
        for (int combo = 0; combo < COMBO_COUNT; combo++)
            out->cell[color][combo] = clamp16(model_cell_value(model, color, combo));
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            out->threat[color][mask] = clamp16(model_threat_value(model, color, mask));
        for (int term = 0; term < COUNT_TERMS; term++) out->count[color][term] = clamp16(model->count[color][term]);
    }
}

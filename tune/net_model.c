#include "net_model.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "rng.h"

/* the same bytes from the same data: no fused multiply-adds (gcc's ISO mode has none) */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

static float uniform(uint64_t *rng, float low, float high) {
    return low + (high - low) * (float)((rng_next(rng) >> 11) * (1.0 / 9007199254740992.0));
}

/* Features start mostly inside (0, 1), where they learn; the hidden units likewise, on the
 * pools of a middle game's hundred or so cells. The residuals start at zero. */
void net_model_init(NetModel *model, uint64_t seed) {
    memset(model, 0, sizeof *model);
    uint64_t rng = seed;
    for (int set = 0; set < 2; set++) {
        for (int side = 0; side < 2; side++)
            for (int shape = 0; shape < SHAPE_COUNT; shape++)
                for (int i = 0; i < NET_C; i++) model->shape[set][side][shape][i] = uniform(&rng, -0.03f, 0.08f);
        for (int unit = 0; unit < NET_HIDDEN; unit++) {
            for (int i = 0; i < NET_INPUTS; i++) model->hidden[set][unit][i] = uniform(&rng, -0.1f, 0.1f);
            model->hidden_bias[set][unit] = 0.5f;
            model->out[set][unit] = uniform(&rng, -0.1f, 0.1f);
        }
    }
    for (int i = 0; i < NET_C; i++) model->foul[i] = uniform(&rng, -0.03f, 0.08f);
}

/* ---- the shapes of the patterns ---------------------------------------------------------------- */

/* [family][set][the view's colour, the other][pattern]: the shapes a stone of either colour
 * would make on the pattern's line, by the rule the family is trained on. */
static struct {
    pthread_once_t once;
    uint8_t shape[FAMILY_COUNT][2][2][NET_PATTERNS];
} pattern_shapes = {PTHREAD_ONCE_INIT, {{{{0}}}}};

static const int FAMILY_RULE[FAMILY_COUNT] = {[FAMILY_FREESTYLE] = 0, [FAMILY_RENJU] = RULE_RENJU, [FAMILY_CARO] = RULE_CARO};

/* Every line a board can hold (past a wall only walls), the cells beyond the pattern's reach
 * empty unless a wall came first. */
static void pattern_shapes_build(void) {
    for (uint32_t inner = 0; inner < 1u << 16; inner++) {
        bool valid = true, wall_before = false, wall_after = false;
        for (int step = 0; step < NET_SIDE && valid; step++) {
            const int before = (inner >> (6 - 2 * step)) & 3, after = (inner >> (8 + 2 * step)) & 3;
            valid = (!wall_before || before == WALL) && (!wall_after || after == WALL);
            wall_before |= before == WALL;
            wall_after |= after == WALL;
        }
        if (!valid) continue;
        const uint32_t key = inner << 2 | (wall_before ? WALL : 0) | (uint32_t)(wall_after ? WALL : 0) << (KEY_BITS - 2);
        for (int family = 0; family < FAMILY_COUNT; family++) {
            const ShapeTables *tables = shape_tables_get(5, FAMILY_RULE[family]);
            for (int set = 0; set < 2; set++) {
                const int view = set + 1, pattern = net_pattern(key, view);
                pattern_shapes.shape[family][set][0][pattern] = (uint8_t)shape_lookup(tables, key, view);
                pattern_shapes.shape[family][set][1][pattern] = (uint8_t)shape_lookup(tables, key, opponent(view));
            }
        }
    }
}

void net_model_book(const NetModel *model, int family, NetBook *book) {
    pthread_once(&pattern_shapes.once, pattern_shapes_build);
    for (int set = 0; set < 2; set++) {
        const uint8_t *mine = pattern_shapes.shape[family][set][0], *theirs = pattern_shapes.shape[family][set][1];
        memset(book->codebook[set][NET_EMPTY_PATTERN], 0, sizeof book->codebook[set][0]);
        for (int pattern = 1; pattern < NET_PATTERNS; pattern++)
            for (int i = 0; i < NET_C; i++)
                book->codebook[set][pattern][i] = model->shape[set][0][mine[pattern]][i] +
                                                  model->shape[set][1][theirs[pattern]][i] +
                                                  model->residual[set][pattern][i];
    }
}

void net_model_book_gradient(int family, const NetBook *book_gradient, NetModel *gradient) {
    pthread_once(&pattern_shapes.once, pattern_shapes_build);
    for (int set = 0; set < 2; set++) {
        const uint8_t *mine = pattern_shapes.shape[family][set][0], *theirs = pattern_shapes.shape[family][set][1];
        for (int pattern = 1; pattern < NET_PATTERNS; pattern++)
            for (int i = 0; i < NET_C; i++) {
                const float g = book_gradient->codebook[set][pattern][i];
                gradient->shape[set][0][mine[pattern]][i] += g;
                gradient->shape[set][1][theirs[pattern]][i] += g;
                gradient->residual[set][pattern][i] += g;
            }
    }
}

static inline float clip01(float value) { return value < 0 ? 0 : value > 1 ? 1 : value; }

/* The clip's slope as the training sees it: a little outside (0, 1) too, so that a feature or
 * unit pushed out of it can come back (a shape vector is shared by thousands of patterns: one
 * step too far would otherwise silence them all for good). */
#define LEAK 0.02f
static inline float clip_slope(float value) { return value > 0 && value < 1 ? 1 : LEAK; }

/* A cell pools the foul vector in black's view (renju). */
static inline bool pools_foul(int family, const NetCell *cell, int view) {
    return family == FAMILY_RENJU && view == 0 && cell->foul;
}

/* A cell's features from one view's codebook. */
static inline void cell_features(const float (*book)[NET_C], const NetCell *cell, int view, float features[NET_C]) {
    for (int i = 0; i < NET_C; i++) features[i] = 0;
    for (int direction = 0; direction < 4; direction++) {
        const float *vector = book[cell->pattern[view][direction]];
        for (int i = 0; i < NET_C; i++) features[i] += vector[i];
    }
}

float net_model_forward(const NetModel *model, const NetBook *book_of, const NetSamples *samples, const NetSample *sample,
                        float target, NetModel *gradient, NetBook *book_gradient) {
    const int family = sample->family, me = sample->to_move;
    const NetCell *cells = &samples->cells[sample->first];
    float pool[2][NET_C] = {{0}};
    float features[NET_C];
    for (int view = 0; view < 2; view++) {
        const float (*book)[NET_C] = book_of->codebook[net_model_set(family, view)];
        for (int c = 0; c < sample->count; c++) {
            if (pools_foul(family, &cells[c], view)) memcpy(features, model->foul, sizeof features);
            else cell_features(book, &cells[c], view, features);
            for (int i = 0; i < NET_C; i++) pool[view][i] += clip01(features[i]);
        }
    }
    float input[NET_INPUTS];
    for (int i = 0; i < NET_C; i++) {
        input[i] = pool[me][i] / NET_MODEL_POOL_SCALE;
        input[NET_C + i] = pool[1 - me][i] / NET_MODEL_POOL_SCALE;
    }
    const int set = net_model_set(family, me);
    float sums[NET_HIDDEN], hidden[NET_HIDDEN];
    float output = model->out_bias[set];
    for (int unit = 0; unit < NET_HIDDEN; unit++) {
        float sum = model->hidden_bias[set][unit];
        for (int i = 0; i < NET_INPUTS; i++) sum += model->hidden[set][unit][i] * input[i];
        sums[unit] = sum;
        hidden[unit] = clip01(sum);
        output += model->out[set][unit] * hidden[unit];
    }
    for (int i = 0; i < NET_INPUTS; i++) output += model->linear[set][i] * input[i];
    if (!gradient) return output;

    const float delta = 1.0f / (1.0f + expf(-output)) - target;   /* d loss / d output */
    float input_delta[NET_INPUTS];
    gradient->out_bias[set] += delta;
    for (int i = 0; i < NET_INPUTS; i++) {
        gradient->linear[set][i] += delta * input[i];
        input_delta[i] = delta * model->linear[set][i];
    }
    for (int unit = 0; unit < NET_HIDDEN; unit++) {
        gradient->out[set][unit] += delta * hidden[unit];
        const float sum_delta = delta * model->out[set][unit] * clip_slope(sums[unit]);
        gradient->hidden_bias[set][unit] += sum_delta;
        for (int i = 0; i < NET_INPUTS; i++) {
            gradient->hidden[set][unit][i] += sum_delta * input[i];
            input_delta[i] += sum_delta * model->hidden[set][unit][i];
        }
    }
    for (int view = 0; view < 2; view++) {
        const int book_set = net_model_set(family, view);
        const float (*book)[NET_C] = book_of->codebook[book_set];
        float (*vectors_gradient)[NET_C] = book_gradient->codebook[book_set];
        float pool_delta[NET_C];
        for (int i = 0; i < NET_C; i++) pool_delta[i] = input_delta[(view == me ? 0 : NET_C) + i] / NET_MODEL_POOL_SCALE;
        for (int c = 0; c < sample->count; c++) {
            if (pools_foul(family, &cells[c], view)) {
                for (int i = 0; i < NET_C; i++) gradient->foul[i] += pool_delta[i] * clip_slope(model->foul[i]);
                continue;
            }
            cell_features(book, &cells[c], view, features);
            float feature_delta[NET_C];
            for (int i = 0; i < NET_C; i++) feature_delta[i] = pool_delta[i] * clip_slope(features[i]);
            for (int direction = 0; direction < 4; direction++) {
                float *vector = vectors_gradient[cells[c].pattern[view][direction]];
                for (int i = 0; i < NET_C; i++) vector[i] += feature_delta[i];
            }
        }
    }
    return output;
}

/* ---- the integer form ------------------------------------------------------------------------- */

enum { CODEBOOK_MAX = 8191 };          /* four of them add up inside 16 bits */
#define SUM_LIMIT (2147483647.0 - 1048576.0)

static int32_t round_to(double value, double limit) {
    const double rounded = floor(value + 0.5);
    return (int32_t)(rounded > limit ? limit : rounded < -limit ? -limit : rounded);
}

/* The largest shift ≤ 20 whose hidden weights fit 16 bits and whose sums 32. */
static int hidden_shift(const NetModel *model, int set) {
    for (int shift = 20; shift > 0; shift--) {
        const double scale = ldexp(1.0, shift);
        bool fits = true;
        for (int unit = 0; unit < NET_HIDDEN && fits; unit++) {
            double total = fabs(model->hidden_bias[set][unit] * NET_ONE * scale);
            for (int i = 0; i < NET_INPUTS; i++) {
                const double weight = fabs(floor(model->hidden[set][unit][i] * scale / NET_MODEL_POOL_SCALE + 0.5));
                fits &= weight <= 32767;
                total += weight * NET_POOL_MAX;
            }
            fits &= total < SUM_LIMIT;
        }
        if (fits) return shift;
    }
    return 0;
}

static int out_shift(const NetModel *model, int set, double k) {
    for (int shift = 20; shift > 0; shift--) {
        const double scale = ldexp(1.0, shift) * k;
        double total = fabs(model->out_bias[set] * scale) + 1;
        for (int unit = 0; unit < NET_HIDDEN; unit++)
            total += (fabs(model->out[set][unit] * scale / NET_ONE) + 1) * NET_ONE;
        for (int i = 0; i < NET_INPUTS; i++)
            total += (fabs(model->linear[set][i] * scale / (NET_MODEL_POOL_SCALE * NET_ONE)) + 1) * NET_POOL_MAX;
        if (total < SUM_LIMIT) return shift;
    }
    return 0;
}

static void quantize_head(const NetModel *model, int set, double k, NetHead *head) {
    const int shift1 = hidden_shift(model, set), shift2 = out_shift(model, set, k);
    const double scale1 = ldexp(1.0, shift1), scale2 = ldexp(1.0, shift2) * k;
    head->hidden_shift = shift1;
    head->out_shift = shift2;
    for (int unit = 0; unit < NET_HIDDEN; unit++) {
        for (int i = 0; i < NET_INPUTS; i++)
            head->hidden[unit][i] = (int16_t)round_to(model->hidden[set][unit][i] * scale1 / NET_MODEL_POOL_SCALE, 32767);
        head->hidden_bias[unit] = round_to(model->hidden_bias[set][unit] * NET_ONE * scale1, SUM_LIMIT);
        head->out[unit] = round_to(model->out[set][unit] * scale2 / NET_ONE, SUM_LIMIT);
    }
    for (int i = 0; i < NET_INPUTS; i++)
        head->linear[i] = round_to(model->linear[set][i] * scale2 / (NET_MODEL_POOL_SCALE * NET_ONE), SUM_LIMIT);
    head->out_bias = round_to(model->out_bias[set] * scale2, SUM_LIMIT);
}

void net_model_quantize(const NetModel *model, const NetBook *book, int family, double k, NetTables *tables) {
    const int sets = family == FAMILY_RENJU ? 2 : 1;
    tables->shared = sets == 1;
    memset(tables->codebook, 0, sizeof tables->codebook);
    for (int set = 0; set < sets; set++) {
        for (int pattern = 1; pattern < NET_PATTERNS; pattern++)
            for (int i = 0; i < NET_C; i++)
                tables->codebook[set][pattern][i] = (int16_t)round_to(book->codebook[set][pattern][i] * NET_ONE, CODEBOOK_MAX);
        quantize_head(model, set, k, &tables->head[set]);
    }
    tables->head[0].fouls = family == FAMILY_RENJU;
    for (int i = 0; i < NET_C; i++)
        tables->head[0].foul[i] = (int16_t)(family == FAMILY_RENJU ? round_to(model->foul[i] * NET_ONE, CODEBOOK_MAX) : 0);
    for (int color = 0; color < 2; color++) {
        tables->weights.codebook[color] = tables->codebook[net_model_set(family, color)];
        tables->weights.head[color] = &tables->head[net_model_set(family, color)];
    }
}

static inline int clip_int(int value) { return value < 0 ? 0 : value > NET_ONE ? NET_ONE : value; }

int32_t net_tables_score(const NetTables *tables, const NetSamples *samples, const NetSample *sample) {
    int32_t pool[2][NET_C] = {{0}};
    const NetCell *cells = &samples->cells[sample->first];
    const NetHead *black = tables->weights.head[0];
    for (int view = 0; view < 2; view++) {
        const NetVector *book = tables->weights.codebook[view];
        for (int c = 0; c < sample->count; c++) {
            int features[NET_C] = {0};
            if (view == 0 && cells[c].foul && black->fouls)
                for (int i = 0; i < NET_C; i++) features[i] = black->foul[i];
            else
                for (int direction = 0; direction < 4; direction++)
                    for (int i = 0; i < NET_C; i++) features[i] += book[cells[c].pattern[view][direction]][i];
            for (int i = 0; i < NET_C; i++) pool[view][i] += clip_int(features[i]);
        }
    }
    return net_head_score(&tables->weights, (const int32_t(*)[NET_C])pool, sample->to_move + 1);
}

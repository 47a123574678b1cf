#include "fit.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define HELD_OUT_EVERY 10      /* games whose index is a multiple of this are held out */
#define MAX_THREADS 16

void fit_options_default(FitOptions *options) {
    options->iterations = 3000;
    options->patience = 200;
    options->learning_rate = 0.5;
    options->count_smoothing = 1e-8;
    options->counts_only = false;
    options->residual_l2 = 0;  /* with Adam even 1e-6 held the residuals back: early stopping regularises */
    options->threads = 2;
    options->log = NULL;
}

/* The model flattened into the two tables a position reads, in doubles. */
typedef struct Tables {
    double cell[2][COMBO_COUNT];
    double threat[2][THREAT_MASKS];
    double count[2][COUNT_TERMS];
} Tables;

static void tables_from_model(const Model *model, Tables *tables) {
    for (int color = 0; color < 2; color++) {
        for (int combo = 0; combo < COMBO_COUNT; combo++)
            tables->cell[color][combo] = model_cell_value(model, color, combo);
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            tables->threat[color][mask] = model_threat_value(model, color, mask);
        for (int term = 0; term < COUNT_TERMS; term++) tables->count[color][term] = model->count[color][term];
    }
}

static double position_eval(const PositionSet *set, const Position *position, const Tables *tables) {
    double eval = tables->threat[position->to_move][position->mask];
    for (int side = 0; side < 2; side++)
        for (int counted = 0; counted < COUNT_CLASSES; counted++)
            eval += tables->count[position->to_move][count_term(side, counted, position->cells[side][counted])];
    const Feature *feature = &set->features[position->first];
    for (int i = 0; i < position->count; i++, feature++)
        eval += feature->sign * feature->weight * tables->cell[feature->color][feature->combo];
    return eval;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double log_loss(double p, double label) {
    const double eps = 1e-12;
    if (p < eps) p = eps;
    if (p > 1 - eps) p = 1 - eps;
    return -(label * log(p) + (1 - label) * log(1 - p));
}

static bool held_out(const Position *position) { return position->game % HELD_OUT_EVERY == 0; }

/* ---- one pass: loss and gradient, split over threads ------------------------------------------ */

typedef struct Pass {
    const PositionSet *set;
    const int64_t *indices;
    int64_t begin, end;
    const Tables *tables;
    double k;
    bool want_gradient;
    /* out */
    double loss;
    int64_t count;
    Tables gradient;
} Pass;

static void *pass_run(void *argument) {
    Pass *pass = argument;
    pass->loss = 0;
    pass->count = 0;
    if (pass->want_gradient) memset(&pass->gradient, 0, sizeof pass->gradient);
    for (int64_t i = pass->begin; i < pass->end; i++) {
        const Position *position = &pass->set->positions[pass->indices[i]];
        const double p = sigmoid(position_eval(pass->set, position, pass->tables) / pass->k);
        pass->loss += log_loss(p, position->label);
        pass->count++;
        if (!pass->want_gradient) continue;
        const double g = (p - position->label) / pass->k;  /* d loss / d eval */
        pass->gradient.threat[position->to_move][position->mask] += g;
        for (int side = 0; side < 2; side++)
            for (int counted = 0; counted < COUNT_CLASSES; counted++)
                pass->gradient.count[position->to_move][count_term(side, counted, position->cells[side][counted])] += g;
        const Feature *feature = &pass->set->features[position->first];
        for (int f = 0; f < position->count; f++, feature++)
            pass->gradient.cell[feature->color][feature->combo] += g * feature->sign * feature->weight;
    }
    return NULL;
}

typedef struct Batch {
    int64_t *indices;
    int64_t count;
} Batch;

/* Mean loss (and, if asked, the mean gradient with respect to the tables). */
static double run_pass(const PositionSet *set, const Batch *batch, const Tables *tables, double k, int threads,
                       Tables *gradient) {
    static Pass passes[MAX_THREADS];
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    pthread_t ids[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        passes[t] = (Pass){.set = set, .indices = batch->indices, .tables = tables, .k = k,
                           .want_gradient = gradient != NULL,
                           .begin = batch->count * t / threads, .end = batch->count * (t + 1) / threads};
        if (t > 0 && pthread_create(&ids[t], NULL, pass_run, &passes[t]) != 0) pass_run(&passes[t]), ids[t] = 0;
    }
    pass_run(&passes[0]);
    double loss = 0;
    int64_t count = 0;
    if (gradient) memset(gradient, 0, sizeof *gradient);
    for (int t = 0; t < threads; t++) {
        if (t > 0 && ids[t]) pthread_join(ids[t], NULL);
        loss += passes[t].loss;
        count += passes[t].count;
        if (!gradient) continue;
        double *into = &gradient->cell[0][0];
        const double *from = &passes[t].gradient.cell[0][0];
        for (size_t i = 0; i < sizeof(Tables) / sizeof(double); i++) into[i] += from[i];
    }
    if (!count) return 0;
    if (gradient) {
        double *into = &gradient->cell[0][0];
        for (size_t i = 0; i < sizeof(Tables) / sizeof(double); i++) into[i] /= (double)count;
    }
    return loss / (double)count;
}

/* ---- from the tables' gradient to the parameters' -------------------------------------------- */

/* The gradient of count_smoothing * (the sum of squared steps between neighbouring buckets): a
 * count weight far from its neighbours is a few positions' noise, and the evaluation should not
 * jump when one cell changes class. 1e-8 by default: the count term fitted so gained +24.4 +/-
 * 22.7 Elo (docs/experiments.md). */
static void smooth_counts(const Model *model, double smoothing, double *out) {
    for (int color = 0; color < 2; color++)
        for (int row = 0; row < 2 * COUNT_CLASSES; row++) {
            const double *weight = &model->count[color][row * COUNT_BUCKETS];
            double *gradient = &out[PARAM_COUNT_TERM + color * COUNT_TERMS + row * COUNT_BUCKETS];
            for (int bucket = 1; bucket < COUNT_BUCKETS; bucket++) {
                const double step = 2 * smoothing * (weight[bucket] - weight[bucket - 1]);
                gradient[bucket] += step;
                gradient[bucket - 1] -= step;
            }
        }
}

static void parameter_gradient(const Model *model, const Tables *tables_gradient, const FitOptions *options,
                               double *out) {
    memset(out, 0, PARAM_COUNT * sizeof *out);
    for (int color = 0; color < 2; color++) {
        for (int combo = 0; combo < COMBO_COUNT; combo++) {
            const double g = tables_gradient->cell[color][combo];
            if (g == 0 || !model_cell_counts(model->family, color, combo)) continue;
            Shape shapes[4];
            shape_combo_shapes(combo, shapes);
            for (int d = 0; d < 4; d++) out[PARAM_SHAPE + color * SHAPE_COUNT + shapes[d]] += g;
            out[PARAM_CLASS + color * CLASS_COUNT + shape_combo_class(combo)] += g;
            out[PARAM_COMBO + color * COMBO_COUNT + combo] += g;
        }
        for (int mask = 0; mask < THREAT_MASKS; mask++) {
            const double g = tables_gradient->threat[color][mask];
            if (g == 0) continue;
            for (int bit = 0; bit < THREAT_BITS; bit++)
                if (mask & (1 << bit)) out[PARAM_THREAT_BIT + color * THREAT_BITS + bit] += g;
            out[PARAM_THREAT + color * THREAT_MASKS + mask] += g;
        }
        for (int term = 0; term < COUNT_TERMS; term++)
            out[PARAM_COUNT_TERM + color * COUNT_TERMS + term] += tables_gradient->count[color][term];
    }
    const double *params = &model->shape[0][0];
    for (int i = PARAM_COMBO; i < PARAM_THREAT_BIT; i++) out[i] += options->residual_l2 * params[i];
    for (int i = PARAM_THREAT; i < PARAM_COUNT_TERM; i++) out[i] += options->residual_l2 * params[i];
    smooth_counts(model, options->count_smoothing, out);
    /* Parameters shared between the colours: the owner collects both gradients. */
    for (int i = 0; i < PARAM_COUNT; i++) {
        const int owner = model_param_owner(model->family, i);
        if (owner != i) {
            out[owner] += out[i];
            out[i] = 0;
        }
    }
    if (options->counts_only) memset(out, 0, PARAM_COUNT_TERM * sizeof *out);
    /* The shape weights of NONE and OVERLINE stay at zero: they only shift every cell. */
    for (int color = 0; color < 2; color++) {
        out[PARAM_SHAPE + color * SHAPE_COUNT + SHAPE_NONE] = 0;
        out[PARAM_SHAPE + color * SHAPE_COUNT + SHAPE_OVERLINE] = 0;
    }
}

static void tie_shared(Model *model) {
    double *params = model_params(model);
    for (int i = 0; i < PARAM_COUNT; i++) params[i] = params[model_param_owner(model->family, i)];
}

/* ---- K ----------------------------------------------------------------------------------------- */

static double fit_k(const PositionSet *set, const Batch *batch, const Tables *tables, int threads) {
    double low = log(10.0), high = log(5000.0);
    for (int i = 0; i < 40; i++) {
        const double a = low + (high - low) / 3, b = high - (high - low) / 3;
        if (run_pass(set, batch, tables, exp(a), threads, NULL) < run_pass(set, batch, tables, exp(b), threads, NULL))
            high = b;
        else
            low = a;
    }
    return exp((low + high) / 2);
}

/* ---- the fit ----------------------------------------------------------------------------------- */

static bool split(const PositionSet *set, WeightFamily family, Batch *train, Batch *test) {
    train->indices = malloc((size_t)(set->position_count + 1) * sizeof(int64_t));
    test->indices = malloc((size_t)(set->position_count + 1) * sizeof(int64_t));
    if (!train->indices || !test->indices) return false;
    train->count = test->count = 0;
    for (int64_t i = 0; i < set->position_count; i++) {
        const Position *position = &set->positions[i];
        if (position->family != family) continue;
        if (held_out(position)) test->indices[test->count++] = i;
        else train->indices[train->count++] = i;
    }
    return true;
}

bool fit_model(Model *model, const PositionSet *set, const FitOptions *options, FitReport *report) {
    memset(report, 0, sizeof *report);
    Batch train = {0}, test = {0};
    static Tables tables, gradient;
    double *param_gradient = calloc(PARAM_COUNT, sizeof(double));
    double *m = calloc(PARAM_COUNT, sizeof(double)), *v = calloc(PARAM_COUNT, sizeof(double));
    Model *best = malloc(sizeof *best);
    bool ok = param_gradient && m && v && best && split(set, model->family, &train, &test) && train.count > 0;
    if (!ok) goto done;
    report->train_positions = train.count;
    report->held_out_positions = test.count;

    tie_shared(model);
    tables_from_model(model, &tables);
    const double k = fit_k(set, &train, &tables, options->threads);
    report->k = k;
    report->train_loss_before = run_pass(set, &train, &tables, k, options->threads, NULL);
    report->held_out_loss_before = run_pass(set, &test, &tables, k, options->threads, NULL);
    double best_loss = test.count ? report->held_out_loss_before : report->train_loss_before;
    *best = *model;
    int since_best = 0;
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    double *params = model_params(model);
    int iteration;
    for (iteration = 1; iteration <= options->iterations; iteration++) {
        const double train_loss = run_pass(set, &train, &tables, k, options->threads, &gradient);
        parameter_gradient(model, &gradient, options, param_gradient);
        for (int i = 0; i < PARAM_COUNT; i++) {
            const double g = param_gradient[i];
            m[i] = beta1 * m[i] + (1 - beta1) * g;
            v[i] = beta2 * v[i] + (1 - beta2) * g * g;
            const double m_hat = m[i] / (1 - pow(beta1, iteration));
            const double v_hat = v[i] / (1 - pow(beta2, iteration));
            params[i] -= options->learning_rate * m_hat / (sqrt(v_hat) + eps);
        }
        tie_shared(model);
        tables_from_model(model, &tables);
        const double test_loss = test.count ? run_pass(set, &test, &tables, k, options->threads, NULL) : train_loss;
        if (test_loss < best_loss - 1e-7) {
            best_loss = test_loss;
            *best = *model;
            since_best = 0;
        } else if (++since_best >= options->patience) {
            break;
        }
        if (options->log && iteration % 50 == 0)
            fprintf(options->log, "  iteration %4d: train %.6f held-out %.6f\n", iteration, train_loss, test_loss);
    }
    *model = *best;
    tables_from_model(model, &tables);
    report->iterations = iteration;
    report->train_loss_after = run_pass(set, &train, &tables, k, options->threads, NULL);
    report->held_out_loss_after = run_pass(set, &test, &tables, k, options->threads, NULL);
done:
    free(train.indices);
    free(test.indices);
    free(param_gradient);
    free(m);
    free(v);
    free(best);
    return ok;
}

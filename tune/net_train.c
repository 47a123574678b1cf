#include "net_train.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "search.h"

/* the same bytes from the same data: no fused multiply-adds (gcc's ISO mode has none) */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#define HELD_OUT_EVERY 10      /* games whose index is a multiple of this are held out, as fit.c's */
#define MAX_THREADS 8

void train_options_default(TrainOptions *options) {
    *options = (TrainOptions){.epochs = 40, .patience = 4, .batch = 512, .threads = 2, .rate = 0.002,
                              .lambda = 0.5, .l2 = 0, .seed = 1, .log = NULL};
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double cross_entropy(double p, double target) {
    const double eps = 1e-12;
    p = p < eps ? eps : p > 1 - eps ? 1 - eps : p;
    return -(target * log(p) + (1 - target) * log(1 - p));
}

static double bounded_score(int32_t score) {
    return score > MATE_BOUND ? MATE_BOUND : score < -MATE_BOUND ? -MATE_BOUND : score;
}

typedef struct Indices {
    int64_t *items;
    int64_t count;
} Indices;

/* ---- the scale K --------------------------------------------------------------------------- */

/* The mean log-loss of sigmoid(value / k) against the points, the values the search's scores
 * (tables = false) or the tables' static scores. */
static double scale_loss(const NetSamples *samples, const Indices *indices, double k, bool tables) {
    double loss = 0;
    for (int64_t i = 0; i < indices->count; i++) {
        const NetSample *sample = &samples->samples[indices->items[i]];
        const double value = tables ? sample->tables : bounded_score(sample->score);
        loss += cross_entropy(sigmoid(value / k), sample->points);
    }
    return indices->count ? loss / (double)indices->count : 0;
}

static double fit_scale(const NetSamples *samples, const Indices *indices, bool tables) {
    double low = log(10.0), high = log(20000.0);
    for (int i = 0; i < 60; i++) {
        const double a = low + (high - low) / 3, b = high - (high - low) / 3;
        if (scale_loss(samples, indices, exp(a), tables) < scale_loss(samples, indices, exp(b), tables)) high = b;
        else low = a;
    }
    return exp((low + high) / 2);
}

bool net_train_score_loss(const NetSamples *samples, int family, ScoreReport *report) {
    Indices all = {.items = malloc((size_t)(samples->count + 1) * sizeof(int64_t)), .count = 0};
    if (!all.items) return false;
    for (int64_t i = 0; i < samples->count; i++)
        if (samples->samples[i].family == family) all.items[all.count++] = i;
    report->positions = all.count;
    if (all.count) {
        report->k = fit_scale(samples, &all, false);
        report->loss = scale_loss(samples, &all, report->k, false);
        report->tables_k = fit_scale(samples, &all, true);
        report->tables_loss = scale_loss(samples, &all, report->tables_k, true);
    }
    free(all.items);
    return all.count > 0;
}

/* ---- a pass over positions, split over threads ---------------------------------------------- */

typedef struct Worker {
    const NetModel *model;
    const NetBook *book;
    const NetSamples *samples;
    const float *targets;
    const int64_t *indices;
    int64_t begin, end;
    NetModel *gradient;     /* NULL: the loss only */
    NetBook *book_gradient;
    double loss, result_loss;
} Worker;

static void *worker_run(void *argument) {
    Worker *worker = argument;
    worker->loss = worker->result_loss = 0;
    if (worker->gradient) {
        memset(worker->gradient, 0, sizeof *worker->gradient);
        memset(worker->book_gradient, 0, sizeof *worker->book_gradient);
    }
    for (int64_t i = worker->begin; i < worker->end; i++) {
        const int64_t index = worker->indices[i];
        const NetSample *sample = &worker->samples->samples[index];
        const float target = worker->targets[index];
        const double p = sigmoid(net_model_forward(worker->model, worker->book, worker->samples, sample, target,
                                                   worker->gradient, worker->book_gradient));
        worker->loss += cross_entropy(p, target);
        worker->result_loss += cross_entropy(p, sample->points);
    }
    return NULL;
}

typedef struct Trainer {
    const NetSamples *samples;
    const float *targets;
    int family, threads;
    NetBook *book;      /* the codebooks of the parameters being trained */
    NetModel *gradients[MAX_THREADS];
    NetBook *book_gradients[MAX_THREADS];
} Trainer;

static void add_floats(float *into, const float *from, size_t count) {
    for (size_t i = 0; i < count; i++) into[i] += from[i];
}

/* Losses summed over indices[begin, end) (trainer->book made from `model`); with `gradient`,
 * the gradient summed, in thread order, into trainer->gradients[0]. */
static void run(Trainer *trainer, const NetModel *model, const int64_t *indices, int64_t begin, int64_t end,
                bool gradient, double *loss, double *result_loss) {
    Worker workers[MAX_THREADS];
    pthread_t ids[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    const int threads = trainer->threads;
    for (int t = 0; t < threads; t++) {
        workers[t] = (Worker){.model = model, .book = trainer->book, .samples = trainer->samples,
                              .targets = trainer->targets, .indices = indices,
                              .begin = begin + (end - begin) * t / threads,
                              .end = begin + (end - begin) * (t + 1) / threads,
                              .gradient = gradient ? trainer->gradients[t] : NULL,
                              .book_gradient = gradient ? trainer->book_gradients[t] : NULL};
        if (t > 0) started[t] = pthread_create(&ids[t], NULL, worker_run, &workers[t]) == 0;
    }
    worker_run(&workers[0]);
    *loss = workers[0].loss;
    if (result_loss) *result_loss = workers[0].result_loss;
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(ids[t], NULL);
        else worker_run(&workers[t]);
        *loss += workers[t].loss;
        if (result_loss) *result_loss += workers[t].result_loss;
        if (!gradient) continue;
        add_floats((float *)trainer->gradients[0], (const float *)trainer->gradients[t], NET_MODEL_FLOATS);
        add_floats((float *)trainer->book_gradients[0], (const float *)trainer->book_gradients[t],
                   sizeof(NetBook) / sizeof(float));
    }
    if (gradient) net_model_book_gradient(trainer->family, trainer->book_gradients[0], trainer->gradients[0]);
}

static double mean_loss(Trainer *trainer, const NetModel *model, const Indices *indices, double *result_loss) {
    if (!indices->count) return 0;
    net_model_book(model, trainer->family, trainer->book);
    double loss, results;
    run(trainer, model, indices->items, 0, indices->count, false, &loss, &results);
    if (result_loss) *result_loss = results / (double)indices->count;
    return loss / (double)indices->count;
}

/* ---- Adam ------------------------------------------------------------------------------------ */

typedef struct Adam {
    NetModel *m, *v;
    int64_t step;
} Adam;

/* One step on the mean gradient (`gradient` × `scale`), the residuals pulled towards zero. */
static void adam_step(Adam *adam, NetModel *model, const NetModel *gradient, double scale, double l2, double rate) {
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    adam->step++;
    const double correction1 = 1 - pow(beta1, (double)adam->step), correction2 = 1 - pow(beta2, (double)adam->step);
    float *params = (float *)model, *m = (float *)adam->m, *v = (float *)adam->v;
    const float *g = (const float *)gradient;
    const size_t residual_begin = (size_t)(model->residual[0][0] - params);
    const size_t residual_end = residual_begin + sizeof model->residual / sizeof(float);
    for (size_t i = 0; i < NET_MODEL_FLOATS; i++) {
        const bool residual = i >= residual_begin && i < residual_end;
        if (g[i] == 0 && m[i] == 0 && (!residual || params[i] == 0)) continue;   /* never used yet */
        const double grad = g[i] * scale + (residual ? l2 * params[i] : 0);
        m[i] = (float)(beta1 * m[i] + (1 - beta1) * grad);
        v[i] = (float)(beta2 * v[i] + (1 - beta2) * grad * grad);
        params[i] -= (float)(rate * (m[i] / correction1) / (sqrt(v[i] / correction2) + eps));
    }
}

/* ---- the training ---------------------------------------------------------------------------- */

static bool split(const NetSamples *samples, int family, Indices *train, Indices *test) {
    train->items = malloc((size_t)(samples->count + 1) * sizeof(int64_t));
    test->items = malloc((size_t)(samples->count + 1) * sizeof(int64_t));
    if (!train->items || !test->items) return false;
    train->count = test->count = 0;
    for (int64_t i = 0; i < samples->count; i++) {
        const NetSample *sample = &samples->samples[i];
        if (sample->family != family) continue;
        if (sample->game % HELD_OUT_EVERY == 0) test->items[test->count++] = i;
        else train->items[train->count++] = i;
    }
    return true;
}

static void shuffle(Indices *indices, uint64_t *rng) {
    for (int64_t i = indices->count - 1; i > 0; i--) {
        const int64_t j = (int64_t)(rng_next(rng) % (uint64_t)(i + 1));
        const int64_t swap = indices->items[i];
        indices->items[i] = indices->items[j];
        indices->items[j] = swap;
    }
}

/* The result's share in the target: the sample's list's, else the run's. */
static double target_of(const NetSample *sample, double k, double run_lambda) {
    const double lambda = sample->lambda >= 0 ? sample->lambda : run_lambda;
    return lambda * sample->points + (1 - lambda) * sigmoid(bounded_score(sample->score) / k);
}

static float *make_targets(const NetSamples *samples, double k, double lambda) {
    float *targets = malloc((size_t)(samples->count + 1) * sizeof(float));
    if (!targets) return NULL;
    for (int64_t i = 0; i < samples->count; i++) targets[i] = (float)target_of(&samples->samples[i], k, lambda);
    return targets;
}

static void free_all(Trainer *trainer, Adam *adam, NetModel *best, float *targets, Indices *train, Indices *test) {
    for (int t = 0; t < MAX_THREADS; t++) {
        free(trainer->gradients[t]);
        free(trainer->book_gradients[t]);
    }
    free(trainer->book);
    free(adam->m);
    free(adam->v);
    free(best);
    free(targets);
    free(train->items);
    free(test->items);
}

bool net_train(NetModel *model, int family, const NetSamples *samples, const TrainOptions *options,
               TrainReport *report) {
    memset(report, 0, sizeof *report);
    Indices train = {0}, test = {0};
    Trainer trainer = {.samples = samples, .family = family, .book = malloc(sizeof(NetBook)),
                       .threads = options->threads < 1 ? 1 : options->threads > MAX_THREADS ? MAX_THREADS : options->threads};
    Adam adam = {calloc(1, sizeof(NetModel)), calloc(1, sizeof(NetModel)), 0};
    NetModel *best = malloc(sizeof *best);
    float *targets = NULL;
    bool ok = trainer.book && adam.m && adam.v && best && split(samples, family, &train, &test) && train.count > 0;
    for (int t = 0; t < trainer.threads && ok; t++)
        ok = (trainer.gradients[t] = malloc(sizeof(NetModel))) && (trainer.book_gradients[t] = malloc(sizeof(NetBook)));
    if (ok) {
        report->k = fit_scale(samples, &train, false);
        ok = (targets = make_targets(samples, report->k, options->lambda)) != NULL;
    }
    if (!ok) {
        free_all(&trainer, &adam, best, targets, &train, &test);
        return false;
    }
    trainer.targets = targets;
    report->train_positions = train.count;
    report->held_out_positions = test.count;
    report->search_result_loss = scale_loss(samples, &test, report->k, false);
    report->tables_result_loss = scale_loss(samples, &test, fit_scale(samples, &train, true), true);
    const Indices *judge = test.count ? &test : &train;
    report->loss_before = mean_loss(&trainer, model, judge, NULL);
    double best_loss = report->loss_before, rate = options->rate;
    *best = *model;
    uint64_t rng = options->seed ^ 0x5EEDu;
    int since_best = 0, epoch;
    for (epoch = 1; epoch <= options->epochs; epoch++) {
        shuffle(&train, &rng);
        double train_loss = 0;
        for (int64_t begin = 0; begin < train.count; begin += options->batch) {
            const int64_t end = begin + options->batch < train.count ? begin + options->batch : train.count;
            double loss;
            net_model_book(model, family, trainer.book);
            run(&trainer, model, train.items, begin, end, true, &loss, NULL);
            train_loss += loss;
            adam_step(&adam, model, trainer.gradients[0], 1.0 / (double)(end - begin), options->l2, rate);
        }
        double result_loss;
        const double loss = mean_loss(&trainer, model, judge, &result_loss);
        if (options->log)
            fprintf(options->log, "  epoch %2d: train %.5f held-out %.5f (results %.5f), rate %g\n", epoch,
                    train_loss / (double)train.count, loss, result_loss, rate);
        if (loss < best_loss - 1e-6) {
            best_loss = loss;
            *best = *model;
            since_best = 0;
            continue;
        }
        rate /= 2;
        if (++since_best >= options->patience) break;
    }
    *model = *best;
    report->epochs = epoch > options->epochs ? options->epochs : epoch;
    report->loss_after = mean_loss(&trainer, model, judge, &report->result_loss);
    report->train_loss_after = mean_loss(&trainer, model, &train, NULL);
    free_all(&trainer, &adam, best, targets, &train, &test);
    return true;
}

void net_train_check(const NetTables *tables, int family, const NetSamples *samples, const TrainOptions *options,
                     TrainReport *report) {
    double loss = 0, result_loss = 0;
    int64_t count = 0;
    /* the held-out games, or every game when none is held out */
    for (int pass = 0; pass < 2 && !count; pass++)
        for (int64_t i = 0; i < samples->count; i++) {
            const NetSample *sample = &samples->samples[i];
            if (sample->family != family || (pass == 0 && sample->game % HELD_OUT_EVERY != 0)) continue;
            const double p = sigmoid(net_tables_score(tables, samples, sample) / report->k);
            const double target = target_of(sample, report->k, options->lambda);
            loss += cross_entropy(p, target);
            result_loss += cross_entropy(p, sample->points);
            count++;
        }
    report->integer_loss = count ? loss / (double)count : 0;
    report->integer_result_loss = count ? result_loss / (double)count : 0;
}

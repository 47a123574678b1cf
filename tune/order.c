#include "order.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "board.h"

#define HELD_OUT_EVERY 10   /* games whose index is a multiple of this are held out, as fit.c's */

void order_options_default(OrderOptions *options) {
    *options = (OrderOptions){.epochs = 4, .rate = 0.05, .temperature = 300, .scale = 1000, .warm = false, .log = NULL};
}

/* One position: its candidates' combinations [first, first + count) and the played one's index. */
typedef struct Sample {
    uint32_t first;
    uint16_t count, played;
    uint8_t side;       /* the side to move's table: 0, or 1 for renju's white */
    bool held_out;
} Sample;

typedef struct Samples {
    Sample *samples;
    uint16_t (*combos)[2];      /* [candidate][mine, theirs] */
    int64_t count, capacity, combo_count, combo_capacity;
} Samples;

static bool reserve(Samples *set, int candidates) {
    return array_reserve((void **)&set->samples, &set->capacity, set->count + 1, sizeof *set->samples, 4096) &&
           array_reserve((void **)&set->combos, &set->combo_capacity, set->combo_count + candidates,
                         sizeof *set->combos, 1 << 16);
}

/* The position on `board` before `played`, unless a five is there to make or to stop (the
 * search plays those without ordering anything). */
static bool add_position(Samples *set, const Board *board, int played, int side, bool held_out) {
    const int me = board->to_move, them = opponent(me);
    if (shape_class_count(&board->shapes, me, CLASS_FIVE) || shape_class_count(&board->shapes, them, CLASS_FIVE))
        return true;
    if (!reserve(set, MAX_MOVES)) return false;
    int x0, y0, x1, y1, count = 0, index = -1;
    board_candidate_area(board, &x0, &y0, &x1, &y1);
    uint16_t(*combos)[2] = set->combos + set->combo_count;
    for (int y = y0; y <= y1; y++)
        for (int cell = cell_at(x0, y), end = cell_at(x1, y); cell <= end; cell++) {
            if (!board_is_candidate(board, cell)) continue;
            if (cell == played) index = count;
            combos[count][0] = board->shapes.combo[cell][me - 1];
            combos[count][1] = board->shapes.combo[cell][them - 1];
            count++;
        }
    if (index < 0 || count < 2) return true;
    set->samples[set->count++] =
        (Sample){(uint32_t)set->combo_count, (uint16_t)count, (uint16_t)index, (uint8_t)side, held_out};
    set->combo_count += count;
    return true;
}

static bool collect(const GameList *games, WeightFamily family, Samples *set) {
    static Board board;
    for (int g = 0; g < games->count; g++) {
        const Game *game = &games->games[g];
        if (weight_family(game->rule) != family) continue;
        const Geometry *geometry = geometry_get(game->width, game->height, 5, game->rule);
        if (!geometry) continue;
        board_init(&board, geometry);
        for (int move = 0; move < game->count; move++) {
            const int cell = cell_at(game->x[move], game->y[move]);
            if (!board_empty_at(&board, cell)) break;
            const int side = family == FAMILY_RENJU ? board.to_move - 1 : 0;
            if (move >= game->opening && !add_position(set, &board, cell, side, g % HELD_OUT_EVERY == 0)) return false;
            board_make(&board, cell);
        }
    }
    return true;
}

typedef struct Logits {
    double mine[2][COMBO_COUNT], theirs[2][COMBO_COUNT];
} Logits;

static double candidate_logit(const Logits *logits, const Samples *set, const Sample *sample, int i) {
    const uint16_t *combos = set->combos[sample->first + i];
    return logits->mine[sample->side][combos[0]] + logits->theirs[sample->side][combos[1]];
}

/* Mean cross-entropy of the played moves of the held-out positions (or of the training ones),
 * and how often the played move comes first, among the first 8. */
static double measure(const Logits *logits, const Samples *set, bool held_out, double *first, double *top8) {
    double loss = 0;
    int64_t count = 0, firsts = 0, top8s = 0;
    for (int64_t s = 0; s < set->count; s++) {
        const Sample *sample = &set->samples[s];
        if (sample->held_out != held_out) continue;
        const double played = candidate_logit(logits, set, sample, sample->played);
        double best = played, sum = 0;
        int above = 0;
        for (int i = 0; i < sample->count; i++) {
            const double logit = candidate_logit(logits, set, sample, i);
            if (logit > best) best = logit;
            above += logit > played;
        }
        for (int i = 0; i < sample->count; i++) sum += exp(candidate_logit(logits, set, sample, i) - best);
        loss += log(sum) - (played - best);
        firsts += above == 0;
        top8s += above < 8;
        count++;
    }
    *first = count ? (double)firsts / (double)count : 0;
    *top8 = count ? (double)top8s / (double)count : 0;
    return count ? loss / (double)count : 0;
}

/* One pass over the training positions: each one's gradient, applied at once (AdaGrad). */
static void epoch(Logits *logits, Logits *squares, const Samples *set, double rate) {
    double probability[MAX_MOVES];
    for (int64_t s = 0; s < set->count; s++) {
        const Sample *sample = &set->samples[s];
        if (sample->held_out) continue;
        double best = -INFINITY, sum = 0;
        for (int i = 0; i < sample->count; i++) {
            probability[i] = candidate_logit(logits, set, sample, i);
            if (probability[i] > best) best = probability[i];
        }
        for (int i = 0; i < sample->count; i++) sum += probability[i] = exp(probability[i] - best);
        for (int i = 0; i < sample->count; i++) {
            const double gradient = probability[i] / sum - (i == sample->played);
            const uint16_t *combos = set->combos[sample->first + i];
            double *mine = &logits->mine[sample->side][combos[0]], *theirs = &logits->theirs[sample->side][combos[1]];
            double *mine_square = &squares->mine[sample->side][combos[0]];
            double *theirs_square = &squares->theirs[sample->side][combos[1]];
            *mine_square += gradient * gradient;
            *theirs_square += gradient * gradient;
            *mine -= rate * gradient / sqrt(*mine_square + 1e-8);
            *theirs -= rate * gradient / sqrt(*theirs_square + 1e-8);
        }
    }
}

/* The build's own tables (-warm, where the family has them), or the cells' values. */
static void start_logits(Logits *logits, WeightFamily family, const OrderOptions *options) {
    const EvalWeights *weights = &WEIGHTS[family];
    const OrderWeights *order = &ORDER_WEIGHTS[family];
    const bool warm = options->warm && order->mine[0];
    for (int side = 0; side < 2; side++)
        for (int combo = 0; combo < COMBO_COUNT; combo++) {
            /* under renju side 0 is black to move; elsewhere one table serves both */
            if (warm) {
                logits->mine[side][combo] = order->mine[side][combo] / options->scale;
                logits->theirs[side][combo] = order->theirs[side][combo] / options->scale;
            } else {
                logits->mine[side][combo] = weights->cell[side][combo] / options->temperature;
                logits->theirs[side][combo] = weights->cell[1 - side][combo] / options->temperature;
            }
        }
}

/* Where there is nothing to fit (a family left out of the round), the order the engine reads
 * now: the build's own tables where it has them, else the cells' values. */
static void start_tables(WeightFamily family, OrderTables *tables) {
    const EvalWeights *weights = &WEIGHTS[family];
    const OrderWeights *order = &ORDER_WEIGHTS[family];
    const bool warm = order->mine[0] != NULL;
    for (int side = 0; side < 2; side++)
        for (int combo = 0; combo < COMBO_COUNT; combo++) {
            tables->mine[side][combo] = warm ? order->mine[side][combo] : weights->cell[side][combo];
            tables->theirs[side][combo] = warm ? order->theirs[side][combo] : weights->cell[1 - side][combo];
        }
}

static int16_t clamp16(double value) {
    return (int16_t)(value > INT16_MAX ? INT16_MAX : value < -INT16_MAX ? -INT16_MAX : lrint(value));
}

bool order_fit(const GameList *games, WeightFamily family, const OrderOptions *options, OrderTables *tables,
               OrderReport *report) {
    Samples set = {0};
    memset(report, 0, sizeof *report);
    const bool collected = collect(games, family, &set);
    for (int64_t s = 0; s < set.count; s++) {
        if (set.samples[s].held_out) report->held_out_positions++;
        else report->train_positions++;
    }
    bool fitted = false;
    Logits *logits = calloc(2, sizeof *logits);
    if (collected && logits && report->train_positions) {
        Logits *squares = logits + 1;
        start_logits(logits, family, options);
        const bool held = report->held_out_positions > 0;
        report->loss_before = measure(logits, &set, held, &report->first_before, &report->top8_before);
        for (int e = 0; e < options->epochs; e++) {
            epoch(logits, squares, &set, options->rate);
            if (options->log) {
                double first, top8;
                const double loss = measure(logits, &set, held, &first, &top8);
                fprintf(options->log, "  epoch %d: loss %.4f, first %.4f, among 8 %.4f\n", e + 1, loss, first, top8);
            }
        }
        report->loss_after = measure(logits, &set, held, &report->first_after, &report->top8_after);
        const int sides = family == FAMILY_RENJU ? 2 : 1;
        for (int side = 0; side < 2; side++)
            for (int combo = 0; combo < COMBO_COUNT; combo++) {
                tables->mine[side][combo] = clamp16(logits->mine[side % sides][combo] * options->scale);
                tables->theirs[side][combo] = clamp16(logits->theirs[side % sides][combo] * options->scale);
            }
        fitted = true;
    }
    if (!fitted) start_tables(family, tables);
    free(logits);
    free(set.samples);
    free(set.combos);
    return fitted;
}

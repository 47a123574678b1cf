/* The network's training (tune/net_train.h): positions of random games labelled by a planted
 * network — a cell's features count the stones on its lines, a hidden unit and a linear part
 * read the pools — and a network trained from a random start on them predicts what the planted
 * one does on held-out games; its integer form (what the engine computes) agrees. Also: the
 * labelled positions' file read back, the same data giving the same parameters, and the
 * tuner's integer score the engine's on random boards (renju's forbidden points too). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "label.h"
#include "net_model.h"
#include "net_samples.h"
#include "net_train.h"
#include "rng.h"

static NetModel planted, trained, again;
static NetBook book;
static NetSamples samples;
static NetTables tables;
static Board board;
static int games_count = 400;

/* A feature for the cells where a stone of the view's colour would make a two or more (a
 * share for each line), one for the other colour's; a linear part and a hidden unit read them. */
static void plant(NetModel *model) {
    memset(model, 0, sizeof *model);
    static const float worth[SHAPE_COUNT] = {
        [SHAPE_OPEN_ONE] = 0.05f, [SHAPE_TWO] = 0.1f, [SHAPE_OPEN_TWO] = 0.2f, [SHAPE_OPEN_TWO_X2] = 0.25f,
        [SHAPE_OPEN_TWO_X3] = 0.3f, [SHAPE_THREE] = 0.3f, [SHAPE_OPEN_THREE] = 0.6f, [SHAPE_OPEN_THREE_X2] = 0.7f,
        [SHAPE_FOUR] = 0.7f, [SHAPE_OPEN_FOUR] = 1, [SHAPE_FIVE] = 1,
    };
    for (int shape = 0; shape < SHAPE_COUNT; shape++) {
        model->shape[0][0][shape][0] = worth[shape];
        model->shape[0][1][shape][1] = worth[shape];
    }
    model->linear[0][0] = 8.0f;
    model->linear[0][NET_C] = -8.0f;
    model->linear[0][1] = -3.0f;
    model->hidden[0][0][0] = 4.0f;
    model->hidden_bias[0][0] = -1.0f;
    model->out[0][0] = 2.0f;
    model->out_bias[0] = 3.6f;
}

/* Positions of random games near the centre, each labelled by the planted network: its
 * probability as the points, its log-odds × 1000 as the search's score. */
static void make_samples(int games) {
    uint64_t rng = 2024;
    for (int game = 0; game < games; game++) {
        board_init(&board, geometry_get(15, 15, 5, 0));
        const int length = 6 + (int)(rng_next(&rng) % 30);
        for (int ply = 0; ply < length; ply++) {
            int cell;
            do cell = cell_at(3 + (int)(rng_next(&rng) % 9), 3 + (int)(rng_next(&rng) % 9));
            while (board.cell[cell] != EMPTY);
            board_make(&board, cell);
            if (ply < 4 || ply % 3) continue;
            net_samples_add(&samples, &board, 0.5, 0, (uint32_t)game);
            NetSample *sample = &samples.samples[samples.count - 1];
            const float logit = net_model_forward(&planted, &book, &samples, sample, 0, NULL, NULL);
            sample->points = 1.0f / (1.0f + expf(-logit));
            sample->score = (int32_t)lroundf(logit * 1000);
            if (getenv("SHOW")) fprintf(stderr, "%.3f\n", logit);
        }
    }
}

static TrainOptions options(void) {
    TrainOptions chosen;
    train_options_default(&chosen);
    chosen.lambda = 0;
    chosen.epochs = 25;
    chosen.batch = 64;
    chosen.rate = 0.003;
    chosen.seed = 9;
    if (getenv("SHOW")) chosen.log = stderr;
    if (getenv("EPOCHS")) chosen.epochs = atoi(getenv("EPOCHS"));
    if (getenv("RATE")) chosen.rate = atof(getenv("RATE"));
    if (getenv("BATCH")) chosen.batch = atoi(getenv("BATCH"));
    if (getenv("PATIENCE")) chosen.patience = atoi(getenv("PATIENCE"));
    if (getenv("GAMES")) games_count = atoi(getenv("GAMES"));
    return chosen;
}

static void test_recovers_a_planted_network(void) {
    const TrainOptions chosen = options();
    plant(&planted);
    net_model_book(&planted, FAMILY_FREESTYLE, &book);
    make_samples(games_count);
    net_model_init(&trained, chosen.seed);
    TrainReport report;
    CHECK(net_train(&trained, FAMILY_FREESTYLE, &samples, &chosen, &report));
    CHECKF(fabs(report.k - 1000) < 20, "K %.1f", report.k);
    /* the held-out predictions, and the loss against the planted network's own entropy */
    net_model_book(&trained, FAMILY_FREESTYLE, &book);
    double gap = 0, entropy = 0;
    int64_t count = 0;
    for (int64_t i = 0; i < samples.count; i++) {
        const NetSample *sample = &samples.samples[i];
        if (sample->game % 10) continue;
        const double p = 1 / (1 + exp(-net_model_forward(&trained, &book, &samples, sample, 0, NULL, NULL)));
        const double q = sample->points;
        gap += fabs(p - q);
        entropy += -(q * log(q) + (1 - q) * log(1 - q));
        count++;
    }
    gap /= (double)count;
    entropy /= (double)count;
    CHECKF(count > 100 && gap < 0.04, "%lld held-out positions, mean gap %.4f", (long long)count, gap);
    CHECKF(report.loss_after < entropy + 0.004 && report.loss_before > entropy + 0.03,
           "held-out loss %.4f -> %.4f, the planted network's %.4f", report.loss_before, report.loss_after, entropy);
    /* the engine's integers: the same predictions, near enough */
    net_model_quantize(&trained, &book, FAMILY_FREESTYLE, report.k, &tables);
    net_train_check(&tables, FAMILY_FREESTYLE, &samples, &chosen, &report);
    CHECKF(fabs(report.integer_loss - report.loss_after) < 0.002, "integer %.4f, float %.4f", report.integer_loss,
           report.loss_after);
    /* the same data, the same bytes (two epochs each) */
    TrainOptions short_run = chosen;
    short_run.epochs = 2;
    TrainReport second;
    net_model_init(&trained, chosen.seed);
    net_model_init(&again, chosen.seed);
    CHECK(net_train(&trained, FAMILY_FREESTYLE, &samples, &short_run, &second));
    CHECK(net_train(&again, FAMILY_FREESTYLE, &samples, &short_run, &second));
    CHECK(memcmp(&again, &trained, sizeof again) == 0);
    /* a list's own lambda (wuzi-tune train -list-lambda) stands for the run's */
    TrainOptions results_only = short_run;
    results_only.lambda = 1;
    net_model_init(&trained, chosen.seed);
    CHECK(net_train(&trained, FAMILY_FREESTYLE, &samples, &results_only, &second));
    for (int64_t i = 0; i < samples.count; i++) samples.samples[i].lambda = 1;
    net_model_init(&again, chosen.seed);
    CHECK(net_train(&again, FAMILY_FREESTYLE, &samples, &short_run, &second));
    CHECK(memcmp(&again, &trained, sizeof again) == 0);
    for (int64_t i = 0; i < samples.count; i++) samples.samples[i].lambda = -1;
    net_model_init(&again, chosen.seed);
    CHECK(net_train(&again, FAMILY_FREESTYLE, &samples, &short_run, &second));
    CHECK(memcmp(&again, &trained, sizeof again) != 0);
}

static void test_reads_labelled_positions(void) {
    static const char TEXT[] = "3 0 15 15 1 250 5 7 7 8 8 7 8 6 6 9 9\n"
                               "3 0 15 15 0 -250 6 7 7 8 8 7 8 6 6 9 9 5 5\n";
    char path[] = "/tmp/wuzi-test-labels-XXXXXX";
    const int fd = mkstemp(path);
    FILE *file = fd >= 0 ? fdopen(fd, "w+") : NULL;
    CHECK(file != NULL);
    if (!file) return;
    fputs(TEXT, file);
    rewind(file);
    NetSamples read = {0};
    char error[128] = "";
    CHECKF(net_samples_read(file, &read, error, sizeof error), "%s", error);
    CHECK(read.count == 2);
    if (read.count == 2) {
        CHECK(read.samples[0].points == 1 && read.samples[0].score == 250 && read.samples[0].to_move == 1);
        CHECK(read.samples[1].points == 0 && read.samples[1].to_move == 0 && read.samples[1].game == 3);
        CHECK(read.samples[0].count > 20);
    }
    net_samples_free(&read);
    fputs("3 0 15 15 1 250 2 7 7 7 7\n", file);
    fseek(file, (long)strlen(TEXT), SEEK_SET);
    CHECK(!net_samples_read(file, &read, error, sizeof error));
    net_samples_free(&read);
    fclose(file);
    remove(path);
}

/* The tuner's integer score of a position is the engine's (net_evaluate) on its board, under
 * renju too, where black's forbidden cells pool the foul vector: a random network, random games. */
static void test_integer_form_is_the_engines(void) {
    static NetModel model;
    static NetSamples positions;
    net_model_init(&model, 77);
    for (int i = 0; i < NET_C; i++) model.foul[i] = 0.3f + 0.05f * (float)i;
    const int rules[] = {0, RULE_RENJU};
    for (int r = 0; r < 2; r++) {
        const int family = weight_family(rules[r]);
        net_model_book(&model, family, &book);
        net_model_quantize(&model, &book, family, 3000, &tables);
        Geometry geometry = *geometry_get(15, 15, 5, rules[r]);
        geometry.net = &tables.weights;
        uint64_t rng = 5 + (uint64_t)r;
        int fouls = 0, same = 0, count = 0;
        for (int game = 0; game < 40; game++) {
            board_init(&board, &geometry);
            const int length = 8 + (int)(rng_next(&rng) % 50);
            while (board.move_count < length) {
                int cell;
                do cell = cell_at(3 + (int)(rng_next(&rng) % 9), 3 + (int)(rng_next(&rng) % 9));
                while (board.cell[cell] != EMPTY);
                board_make(&board, cell);
                net_samples_add(&positions, &board, 0.5, 0, (uint32_t)game);
                const NetSample *sample = &positions.samples[positions.count - 1];
                for (int c = 0; c < sample->count; c++) fouls += positions.cells[sample->first + c].foul;
                same += net_tables_score(&tables, &positions, sample) == net_evaluate(&board.net, &tables.weights, &board);
                count++;
            }
        }
        CHECKF(same == count, "rule %d: %d of %d positions score alike", rules[r], same, count);
        if (rules[r] == RULE_RENJU) CHECKF(fouls > 50, "%d forbidden cells", fouls);
    }
    net_samples_free(&positions);
}

int main(void) {
    RUN(test_recovers_a_planted_network);
    RUN(test_reads_labelled_positions);
    RUN(test_integer_form_is_the_engines);
    net_samples_free(&samples);
    return check_summary();
}

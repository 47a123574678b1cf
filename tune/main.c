/* wuzi-tune: the evaluation's weights and the move order learned from games (docs/tuning.md).
 *
 *   wuzi-tune init [-o FILE]                 the hand-set starting weights, fitted to nothing
 *   wuzi-tune fit [-o FILE] [options] PGN…   quiet positions of recorded games → fitted weights,
 *                                            from the hand-set point or (-warm) the build's own
 *   wuzi-tune order [-o FILE] [options] PGN… the moves played in recorded games → the move
 *                                            order's tables (tune/order.h)
 *   wuzi-tune label [-o FILE] [options] PGN… the quiet positions of recorded games with their
 *                                            results and a fixed-depth search's scores (label.h),
 *                                            or (-scores) those a search wrote before
 *   wuzi-tune train [-o FILE] [options] LABELLED…  those positions → the network (net_train.h)
 *   wuzi-tune score LABELLED…                how well their search's scores predict the results
 *   wuzi-tune pack [-o FILE] [-note TEXT] PGN…   the decided games as a compact list (game_list.h)
 * FILE is engine/weights.c, for order engine/order_weights.c, for train engine/net_weights_<size>.c
 * by default (-size: the board side the network is for, 15 or 20); label and pack write to
 * standard output. Where games are read, a game list file
 * does as well as a PGN. */
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fit.h"
#include "game_list.h"
#include "label.h"
#include "model.h"
#include "net_file.h"
#include "net_train.h"
#include "order.h"
#include "positions.h"
#include "weights_file.h"

static const char *const FAMILY_TEXT[FAMILY_COUNT] = {"freestyle/exact five", "renju", "caro"};

static int usage(void) {
    fprintf(stderr,
            "usage: wuzi-tune init [-o FILE]\n"
            "       wuzi-tune fit [-o FILE] [-iterations N] [-patience N] [-rate R] [-l2 L]\n"
            "                     [-smooth S] [-threads N] [-warm] [-counts-only]\n"
            "                     [-note TEXT] PGN...\n"
            "       wuzi-tune order [-o FILE] [-epochs N] [-rate R] [-temperature T] [-scale S]\n"
            "                       [-warm] [-note TEXT] PGN...\n"
            "       wuzi-tune label [-o FILE] [-depth D] [-threads N] [-eval tables|net] [-scores FILE] PGN...\n"
            "       wuzi-tune train [-o FILE] [-epochs N] [-patience N] [-batch N] [-rate R]\n"
            "                       [-lambda L] [-l2 L] [-threads N] [-seed N] [-size S] [-note TEXT]\n"
            "                       [-list-lambda L] LABELLED... (each -list-lambda: the lambda of\n"
            "                       the files after it; -1: -lambda's)\n"
            "       wuzi-tune score LABELLED...\n"
            "       wuzi-tune pack [-o FILE] [-note TEXT] PGN...\n"
            "  -warm: start from the weights (order: the order's tables) this program was built with,\n"
            "         not the hand-set point (order: the cells' values)\n"
            "  -counts-only: fit the count term (weights.h) alone, every other table as it starts\n");
    return 2;
}

/* The exit status once `path` is written (0), or could not be (1, said on stderr). */
static int written_status(bool written, const char *path) {
    if (written) return 0;
    fprintf(stderr, "wuzi-tune: cannot write %s\n", path);
    return 1;
}

static int command_init(int argc, char **argv) {
    const char *out = "engine/weights.c";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) out = argv[++i];
        else return usage();
    }
    static Model models[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) model_init(&models[family], (WeightFamily)family);
    const char *provenance = "wuzi-tune init: the hand-set starting point (tune/model.c), fitted to nothing.";
    return written_status(weights_file_write(out, models, provenance), out);
}

/* One of a command's options: its name and where its value goes (the one pointer set). */
typedef struct Option {
    const char *name;
    int *integer;
    double *real;
    const char **text;
    bool *flag; /* takes no value */
} Option;

/* What the commands read alike: the file to write and the games (train: the labelled
 * positions), with the provenance the file's header gives (the command, the files' names, the
 * note, the options, each family's result). */
typedef struct Inputs Inputs;
struct Inputs {
    const char *out;
    bool (*read)(Inputs *in, const char *path);    /* one file of the command's input */
    GameList games;
    NetSamples *samples;
    double list_lambda;     /* train: -list-lambda, for the files named after it (below 0: -lambda) */
    double named_lambda;    /* the list_lambda the provenance names last */
    char provenance[8192];
};

static void add(Inputs *in, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void add(Inputs *in, const char *format, ...) {
    const size_t used = strlen(in->provenance);
    va_list args;
    va_start(args, format);
    vsnprintf(in->provenance + used, sizeof in->provenance - used, format, args);
    va_end(args);
}

/* A family's line of the header, also shown as it comes. */
static void say(Inputs *in, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void say(Inputs *in, const char *format, ...) {
    char line[512];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    fputs(line, stderr);
    add(in, "%s", line);
}

/* Adds the file's name to the provenance. */
static void add_name(Inputs *in, const char *path) {
    char name[1024];
    snprintf(name, sizeof name, "%s", path);
    add(in, " %s", basename(name));
}

/* Adds the file's games to the list and its name to the provenance. */
static bool read_games(Inputs *in, const char *path) {
    char error[256];
    if (!games_read_file(path, &in->games, error, sizeof error)) {
        fprintf(stderr, "wuzi-tune: %s\n", error);
        return false;
    }
    add_name(in, path);
    return true;
}

/* Adds the file's labelled positions (label.h) to the samples and its name to the provenance. */
static bool read_samples(Inputs *in, const char *path) {
    char error[256] = "cannot read";
    const int64_t before = in->samples->count;
    FILE *file = fopen(path, "r");
    const bool ok = in->list_lambda <= 1 && file && net_samples_read(file, in->samples, error, sizeof error);
    if (file) fclose(file);
    if (!ok) {
        fprintf(stderr, "wuzi-tune: %s: %s\n", path, in->list_lambda > 1 ? "-list-lambda above 1" : error);
        return false;
    }
    for (int64_t i = before; i < in->samples->count; i++) in->samples->samples[i].lambda = (float)in->list_lambda;
    if (in->list_lambda != in->named_lambda) add(in, " -list-lambda %g", in->list_lambda);
    in->named_lambda = in->list_lambda;
    add_name(in, path);
    return true;
}

/* The option named `name` in `table` (ended by a NULL name), or NULL. */
static const Option *find_option(const Option *table, const char *name) {
    while (table->name && strcmp(name, table->name) != 0) table++;
    return table->name ? table : NULL;
}

static void set_option(const Option *option, const char *value) {
    if (option->integer) *option->integer = atoi(value);
    if (option->real) *option->real = atof(value);
    if (option->text) *option->text = value;
}

/* -o FILE, -note TEXT, the command's `own` options and its files (in->read) into `in`. 0, or
 * the status to exit with. */
static int read_arguments(int argc, char **argv, const Option *own, Inputs *in) {
    const char *note = NULL;
    const Option common[] = {{"-o", .text = &in->out}, {"-note", .text = &note}, {.name = NULL}};
    int files = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const Option *option = find_option(own, arg);
        if (!option) option = find_option(common, arg);
        if (option && option->flag) *option->flag = true;
        else if (option && i + 1 < argc) set_option(option, argv[++i]);
        else if (arg[0] == '-') return usage();
        else if (!in->read(in, arg)) return 1;
        else files++;
    }
    if (!files) return usage();
    if (note) add(in, "\n%s", note);
    return 0;
}

static int command_fit(int argc, char **argv) {
    Inputs in = {.out = "engine/weights.c", .provenance = "wuzi-tune fit", .read = read_games};
    FitOptions options;
    fit_options_default(&options);
    options.log = stderr;
    bool warm = false;
    const Option own[] = {{"-iterations", .integer = &options.iterations},
                          {"-patience", .integer = &options.patience},
                          {"-rate", .real = &options.learning_rate},
                          {"-l2", .real = &options.residual_l2},
                          {"-threads", .integer = &options.threads},
                          {"-warm", .flag = &warm},
                          {"-counts-only", .flag = &options.counts_only},
                          {"-smooth", .real = &options.count_smoothing},
                          {.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    add(&in, "\n%d games (%d undecided skipped); options: iterations %d, rate %g", in.games.count, in.games.skipped,
        options.iterations, options.learning_rate);
    add(&in, ", residual l2 %g, count smoothing %g", options.residual_l2, options.count_smoothing);
    add(&in, "%s", options.counts_only ? ", the count term only" : "");
    add(&in, "%s", warm ? ", from the build's weights\n" : ", from the hand-set point\n");
    fprintf(stderr, "wuzi-tune: %d games read (%d undecided skipped)\n", in.games.count, in.games.skipped);
    static PositionSet set;
    if (!positions_extract(&in.games, &set)) {
        fprintf(stderr, "wuzi-tune: out of memory\n");
        return 1;
    }
    fprintf(stderr, "wuzi-tune: %lld quiet positions\n", (long long)set.position_count);
    static Model models[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) {
        if (warm) model_init_from(&models[family], (WeightFamily)family, &WEIGHTS[family]);
        else model_init(&models[family], (WeightFamily)family);
        FitReport r;
        fprintf(stderr, "wuzi-tune: fitting %s\n", FAMILY_TEXT[family]);
        if (!fit_model(&models[family], &set, &options, &r)) {
            say(&in, "%s: no positions, the starting point\n", FAMILY_TEXT[family]);
            continue;
        }
        say(&in, "%s: %lld positions (%lld held out), K %.1f, %d iterations; log-loss train %.4f -> %.4f, "
                 "held out %.4f -> %.4f\n",
            FAMILY_TEXT[family], (long long)r.train_positions, (long long)r.held_out_positions, r.k, r.iterations,
            r.train_loss_before, r.train_loss_after, r.held_out_loss_before, r.held_out_loss_after);
    }
    const bool written = weights_file_write(in.out, models, in.provenance);
    positions_free(&set);
    games_free(&in.games);
    return written_status(written, in.out);
}

static int command_order(int argc, char **argv) {
    Inputs in = {.out = "engine/order_weights.c", .provenance = "wuzi-tune order", .read = read_games};
    OrderOptions options;
    order_options_default(&options);
    options.log = stderr;
    const Option own[] = {{"-epochs", .integer = &options.epochs},
                          {"-rate", .real = &options.rate},
                          {"-temperature", .real = &options.temperature},
                          {"-scale", .real = &options.scale},
                          {"-warm", .flag = &options.warm},
                          {.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    if (options.epochs < 0 || options.temperature <= 0) return usage();
    add(&in, "\n%d games; options: epochs %d, rate %g, temperature %g, scale %g", in.games.count, options.epochs,
        options.rate, options.temperature, options.scale);
    add(&in, "%s", options.warm ? ", from the build's tables\n" : ", from the cells' values\n");
    static OrderTables tables[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) {
        fprintf(stderr, "wuzi-tune: ordering %s\n", FAMILY_TEXT[family]);
        OrderReport r;
        if (!order_fit(&in.games, (WeightFamily)family, &options, &tables[family], &r)) {
            const bool has_tables = ORDER_WEIGHTS[family].mine[0] != NULL;
            say(&in, "%s: no positions, %s\n", FAMILY_TEXT[family],
                has_tables ? "the build's tables" : "the cells' values");
            continue;
        }
        say(&in, "%s: %lld positions (%lld held out); held out: cross-entropy %.4f -> %.4f, played move "
                 "first %.4f -> %.4f, among the first 8 %.4f -> %.4f\n",
            FAMILY_TEXT[family], (long long)r.train_positions, (long long)r.held_out_positions, r.loss_before,
            r.loss_after, r.first_before, r.first_after, r.top8_before, r.top8_after);
    }
    games_free(&in.games);
    return written_status(weights_file_write_order(in.out, tables, in.provenance), in.out);
}

static int command_label(int argc, char **argv) {
    Inputs in = {.out = NULL, .read = read_games};
    LabelOptions options = {.depth = 6, .threads = 2, .log = stderr};
    const char *eval = "tables", *scores = NULL;
    const Option own[] = {{"-depth", .integer = &options.depth},
                          {"-threads", .integer = &options.threads},
                          {"-eval", .text = &eval},
                          {"-scores", .text = &scores},
                          {.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    if (options.depth < 1 || !engine_eval_is_net(eval, &options.net)) return usage();
    if (scores && !(options.scores = fopen(scores, "r"))) {
        fprintf(stderr, "wuzi-tune: cannot read %s\n", scores);
        games_free(&in.games);
        return 1;
    }
    FILE *file = in.out ? fopen(in.out, "w") : stdout;
    if (!file) {
        if (options.scores) fclose(options.scores);
        return written_status(false, in.out);
    }
    if (scores)
        fprintf(stderr, "wuzi-tune: %d games read (%d undecided skipped); the scores from %s\n", in.games.count,
                in.games.skipped, scores);
    else
        fprintf(stderr, "wuzi-tune: %d games read (%d undecided skipped); searching each position to depth %d\n",
                in.games.count, in.games.skipped, options.depth);
    bool ok = label_games(&in.games, &options, file);
    if (in.out) ok &= fclose(file) == 0;
    if (options.scores) fclose(options.scores);
    games_free(&in.games);
    if (!ok) fprintf(stderr, "wuzi-tune: labelling failed%s\n", scores ? " (not one score a position)" : "");
    return ok ? 0 : 1;
}

/* A family's line of the network's header. */
static void say_trained(Inputs *in, int family, const TrainReport *r) {
    say(in, "%s: %lld positions (%lld held out), K %.1f, %d epochs; held out: cross-entropy against the target "
            "%.4f -> %.4f (integer %.4f, train %.4f); log-loss against the results: network %.4f (integer %.4f), "
            "search's score %.4f, tables %.4f\n",
        FAMILY_TEXT[family], (long long)r->train_positions, (long long)r->held_out_positions, r->k, r->epochs,
        r->loss_before, r->loss_after, r->integer_loss, r->train_loss_after, r->result_loss, r->integer_result_loss,
        r->search_result_loss, r->tables_result_loss);
}

/* The build's networks for boards of side `size`, or NULL (said on stderr) where it has none. */
static const NetWeights *const *size_networks(int size) {
    const NetWeights *const *built = net_weights_of_size(size);
    if (built) return built;
    fprintf(stderr, "wuzi-tune: -size %d: the engine has networks for boards of side", size);
    for (int i = 0; i < NET_SIZE_COUNT; i++) fprintf(stderr, " %d", NET_SIZES[i].side);
    fprintf(stderr, "\n");
    return NULL;
}

static int command_train(int argc, char **argv) {
    static NetSamples samples;
    Inputs in = {.out = NULL, .provenance = "wuzi-tune train", .read = read_samples, .samples = &samples,
                 .list_lambda = -1, .named_lambda = -1};
    TrainOptions options;
    train_options_default(&options);
    options.log = stderr;
    int seed = (int)options.seed, size = 15;
    const Option own[] = {{"-epochs", .integer = &options.epochs},   {"-patience", .integer = &options.patience},
                          {"-batch", .integer = &options.batch},     {"-rate", .real = &options.rate},
                          {"-lambda", .real = &options.lambda},      {"-l2", .real = &options.l2},
                          {"-threads", .integer = &options.threads}, {"-seed", .integer = &seed},
                          {"-size", .integer = &size},               {"-list-lambda", .real = &in.list_lambda},
                          {.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    options.seed = (uint64_t)seed;
    if (options.batch < 1 || options.epochs < 0 || options.lambda < 0 || options.lambda > 1) return usage();
    const NetWeights *const *built = size_networks(size);
    if (!built) return 2;
    static char default_out[64];
    snprintf(default_out, sizeof default_out, "engine/net_weights_%d.c", size);
    if (!in.out) in.out = default_out;
    add(&in, "\n%lld positions; options: epochs %d, patience %d, batch %d", (long long)samples.count, options.epochs,
        options.patience, options.batch);
    add(&in, ", rate %g, lambda %g, l2 %g, seed %d\n", options.rate, options.lambda, options.l2, seed);
    fprintf(stderr, "wuzi-tune: %lld positions\n", (long long)samples.count);
    static NetModel model;
    static NetTables tables[FAMILY_COUNT];
    const NetWeights *networks[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) {
        net_model_init(&model, options.seed);
        fprintf(stderr, "wuzi-tune: training %s\n", FAMILY_TEXT[family]);
        TrainReport report;
        if (!net_train(&model, family, &samples, &options, &report)) {
            networks[family] = built[family];
            say(&in, "%s: no positions, %s\n", FAMILY_TEXT[family],
                built[family] ? "the build's network" : "no network (the tables)");
            continue;
        }
        static NetBook book;
        net_model_book(&model, family, &book);
        net_model_quantize(&model, &book, family, report.k, &tables[family]);
        net_train_check(&tables[family], family, &samples, &options, &report);
        networks[family] = &tables[family].weights;
        say_trained(&in, family, &report);
    }
    net_samples_free(&samples);
    return written_status(net_file_write(in.out, networks, size, in.provenance), in.out);
}

/* Per family, the log-loss against the results of the labels' search and of the tables. */
static int command_score(int argc, char **argv) {
    static NetSamples samples;
    Inputs in = {.out = NULL, .read = read_samples, .samples = &samples, .list_lambda = -1, .named_lambda = -1};
    const Option own[] = {{.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    for (int family = 0; family < FAMILY_COUNT; family++) {
        ScoreReport r;
        if (!net_train_score_loss(&samples, family, &r)) continue;
        printf("%s: %lld positions; log-loss against the results: search's score %.4f (K %.0f), tables %.4f (K %.0f)\n",
               FAMILY_TEXT[family], (long long)r.positions, r.loss, r.k, r.tables_loss, r.tables_k);
    }
    return 0;
}

static int command_pack(int argc, char **argv) {
    Inputs in = {.out = NULL, .provenance = "wuzi-tune pack", .read = read_games};
    const Option own[] = {{.name = NULL}};
    const int status = read_arguments(argc, argv, own, &in);
    if (status) return status;
    FILE *file = in.out ? fopen(in.out, "w") : stdout;
    if (!file) return written_status(false, in.out);
    add(&in, "\n%d games (%d undecided left out)", in.games.count, in.games.skipped);
    bool ok = games_write_list(file, &in.games, in.provenance);
    if (in.out) ok &= fclose(file) == 0;
    games_free(&in.games);
    return written_status(ok, in.out ? in.out : "the standard output");
}

int main(int argc, char **argv) {
    if (argc < 2) return usage();
    if (!strcmp(argv[1], "init")) return command_init(argc - 2, argv + 2);
    if (!strcmp(argv[1], "fit")) return command_fit(argc - 2, argv + 2);
    if (!strcmp(argv[1], "order")) return command_order(argc - 2, argv + 2);
    if (!strcmp(argv[1], "label")) return command_label(argc - 2, argv + 2);
    if (!strcmp(argv[1], "train")) return command_train(argc - 2, argv + 2);
    if (!strcmp(argv[1], "score")) return command_score(argc - 2, argv + 2);
    if (!strcmp(argv[1], "pack")) return command_pack(argc - 2, argv + 2);
    return usage();
}

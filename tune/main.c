/* wuzi-tune: the evaluation's weights and the move order learned from games (docs/tuning.md).
 *
 *   wuzi-tune init [-o FILE]                 the hand-set starting weights, fitted to nothing
 *   wuzi-tune fit [-o FILE] [options] PGN…   quiet positions of recorded games → fitted weights,
 *                                            from the hand-set point or (-warm) the build's own
 *   wuzi-tune order [-o FILE] [options] PGN… the moves played in recorded games → the move
 *                                            order's tables (tune/order.h)
 * FILE is engine/weights.c, for order engine/order_weights.c, by default. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "pgn_reader.h"
#include "model.h"
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
            "  -warm: start from the weights (order: the order's tables) this program was built with,\n"
            "         not the hand-set point (order: the cells' values)\n"
            "  -counts-only: fit the count term (weights.h) alone, every other table as it starts\n");
    return 2;
}

static int command_init(int argc, char **argv) {
    const char *out = "engine/weights.c";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) out = argv[++i];
        else return usage();
    }
    static Model models[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) model_init(&models[family], (WeightFamily)family);
    if (!weights_file_write(out, models, "wuzi-tune init: the hand-set starting point (tune/model.c), fitted to nothing.")) {
        fprintf(stderr, "wuzi-tune: cannot write %s\n", out);
        return 1;
    }
    return 0;
}

static void append(char *text, size_t size, const char *format, double a, double b, double c, double d) {
    const size_t used = strlen(text);
    snprintf(text + used, size - used, format, a, b, c, d);
}

static void append_text(char *text, size_t size, const char *prefix, const char *more) {
    const size_t used = strlen(text);
    snprintf(text + used, size - used, "%s%s", prefix, more);
}

/* A family's line of the header, also shown as it comes. */
static void say(char *provenance, size_t size, const char *line) {
    fputs(line, stderr);
    append_text(provenance, size, "", line);
}

/* Appends the file's name to the provenance and its games to the list. */
static bool read_games(const char *path, GameList *games, char *provenance, size_t size) {
    if (!games_read_pgn(path, games)) {
        fprintf(stderr, "wuzi-tune: cannot read %s\n", path);
        return false;
    }
    char name[1024];
    snprintf(name, sizeof name, "%s", path);
    append_text(provenance, size, " ", basename(name));
    return true;
}

static int command_fit(int argc, char **argv) {
    const char *out = "engine/weights.c";
    FitOptions options;
    fit_options_default(&options);
    options.log = stderr;
    static GameList games;
    char provenance[8192] = "wuzi-tune fit";
    const char *note = NULL;
    bool warm = false;
    int files = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (!strcmp(arg, "-o") && has_value) out = argv[++i];
        else if (!strcmp(arg, "-iterations") && has_value) options.iterations = atoi(argv[++i]);
        else if (!strcmp(arg, "-patience") && has_value) options.patience = atoi(argv[++i]);
        else if (!strcmp(arg, "-rate") && has_value) options.learning_rate = atof(argv[++i]);
        else if (!strcmp(arg, "-l2") && has_value) options.residual_l2 = atof(argv[++i]);
        else if (!strcmp(arg, "-threads") && has_value) options.threads = atoi(argv[++i]);
        else if (!strcmp(arg, "-note") && has_value) note = argv[++i];
        else if (!strcmp(arg, "-warm")) warm = true;
        else if (!strcmp(arg, "-counts-only")) options.counts_only = true;
        else if (!strcmp(arg, "-smooth") && has_value) options.count_smoothing = atof(argv[++i]);
        else if (arg[0] == '-') return usage();
        else if (!read_games(arg, &games, provenance, sizeof provenance)) return 1;
        else files++;
    }
    if (!files) return usage();
    if (note) append_text(provenance, sizeof provenance, "\n", note);
    append(provenance, sizeof provenance, "\n%.0f games (%.0f undecided skipped); options: iterations %.0f, rate %g",
           games.count, games.skipped, options.iterations, options.learning_rate);
    append(provenance, sizeof provenance, ", residual l2 %g, count smoothing %g", options.residual_l2,
           options.count_smoothing, 0, 0);
    append(provenance, sizeof provenance, options.counts_only ? ", the count term only" : "", 0, 0, 0, 0);
    append(provenance, sizeof provenance, warm ? ", from the build's weights\n" : ", from the hand-set point\n", 0, 0, 0, 0);
    fprintf(stderr, "wuzi-tune: %d games read (%d undecided skipped)\n", games.count, games.skipped);
    static PositionSet set;
    if (!positions_extract(&games, &set)) {
        fprintf(stderr, "wuzi-tune: out of memory\n");
        return 1;
    }
    fprintf(stderr, "wuzi-tune: %lld quiet positions\n", (long long)set.position_count);
    static Model models[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) {
        if (warm) model_init_from(&models[family], (WeightFamily)family, &WEIGHTS[family]);
        else model_init(&models[family], (WeightFamily)family);
        FitReport report;
        fprintf(stderr, "wuzi-tune: fitting %s\n", FAMILY_TEXT[family]);
        char line[512];
        if (!fit_model(&models[family], &set, &options, &report)) {
            snprintf(line, sizeof line, "%s: no positions, the starting point\n", FAMILY_TEXT[family]);
            say(provenance, sizeof provenance, line);
            continue;
        }
        snprintf(line, sizeof line,
                 "%s: %lld positions (%lld held out), K %.1f, %d iterations; log-loss train %.4f -> %.4f, "
                 "held out %.4f -> %.4f\n",
                 FAMILY_TEXT[family], (long long)report.train_positions, (long long)report.held_out_positions,
                 report.k, report.iterations, report.train_loss_before, report.train_loss_after,
                 report.held_out_loss_before, report.held_out_loss_after);
        say(provenance, sizeof provenance, line);
    }
    if (!weights_file_write(out, models, provenance)) {
        fprintf(stderr, "wuzi-tune: cannot write %s\n", out);
        return 1;
    }
    positions_free(&set);
    games_free(&games);
    return 0;
}

static int command_order(int argc, char **argv) {
    const char *out = "engine/order_weights.c", *note = NULL;
    OrderOptions options;
    order_options_default(&options);
    options.log = stderr;
    static GameList games;
    char provenance[8192] = "wuzi-tune order";
    int files = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (!strcmp(arg, "-o") && has_value) out = argv[++i];
        else if (!strcmp(arg, "-epochs") && has_value) options.epochs = atoi(argv[++i]);
        else if (!strcmp(arg, "-rate") && has_value) options.rate = atof(argv[++i]);
        else if (!strcmp(arg, "-temperature") && has_value) options.temperature = atof(argv[++i]);
        else if (!strcmp(arg, "-scale") && has_value) options.scale = atof(argv[++i]);
        else if (!strcmp(arg, "-warm")) options.warm = true;
        else if (!strcmp(arg, "-note") && has_value) note = argv[++i];
        else if (arg[0] == '-') return usage();
        else if (!read_games(arg, &games, provenance, sizeof provenance)) return 1;
        else files++;
    }
    if (!files || options.epochs < 0 || options.temperature <= 0) return usage();
    if (note) append_text(provenance, sizeof provenance, "\n", note);
    append(provenance, sizeof provenance, "\n%.0f games; options: epochs %.0f, rate %g, temperature %g",
           games.count, options.epochs, options.rate, options.temperature);
    append(provenance, sizeof provenance, ", scale %g", options.scale, 0, 0, 0);
    append(provenance, sizeof provenance, options.warm ? ", from the build's tables\n" : ", from the cells' values\n", 0, 0, 0,
           0);
    static OrderTables tables[FAMILY_COUNT];
    for (int family = 0; family < FAMILY_COUNT; family++) {
        fprintf(stderr, "wuzi-tune: ordering %s\n", FAMILY_TEXT[family]);
        OrderReport report;
        const bool fitted = order_fit(&games, (WeightFamily)family, &options, &tables[family], &report);
        const bool has_tables = ORDER_WEIGHTS[family].mine[0] != NULL;
        char line[512];
        if (!fitted) {
            snprintf(line, sizeof line, "%s: no positions, %s\n", FAMILY_TEXT[family],
                     options.warm && has_tables ? "the build's tables" : "the cells' values");
        } else {
            snprintf(line, sizeof line,
                     "%s: %lld positions (%lld held out); held out: cross-entropy %.4f -> %.4f, played move "
                     "first %.4f -> %.4f, among the first 8 %.4f -> %.4f\n",
                     FAMILY_TEXT[family], (long long)report.train_positions, (long long)report.held_out_positions,
                     report.loss_before, report.loss_after, report.first_before, report.first_after,
                     report.top8_before, report.top8_after);
        }
        say(provenance, sizeof provenance, line);
    }
    games_free(&games);
    if (!weights_file_write_order(out, tables, provenance)) {
        fprintf(stderr, "wuzi-tune: cannot write %s\n", out);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage();
    if (!strcmp(argv[1], "init")) return command_init(argc - 2, argv + 2);
    if (!strcmp(argv[1], "fit")) return command_fit(argc - 2, argv + 2);
    if (!strcmp(argv[1], "order")) return command_order(argc - 2, argv + 2);
    return usage();
}

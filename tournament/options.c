#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule_names.h"

#define MAX_TOKENS 64
#define DEFAULT_MAX_MEMORY 367001600LL /* 350 MiB, as Gomocup */
#define DEFAULT_START_TIMEOUT_MS 10000

typedef struct EngineArgs {
    const char *tokens[MAX_TOKENS];
    int count;
} EngineArgs;

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: wuzi-tournament -engine name=N cmd=CMD [tc=MATCH/TURN] [option.K=V ...]\n"
        "                       -engine ... [options]\n"
        "Plays Gomocup (pbrain) brains against each other and judges the games.\n\n"
        "Engine settings (after -engine, or after -each for every engine):\n"
        "  name=N          name shown in the results\n"
        "  cmd=CMD         command line, run by /bin/sh (quote it if it has spaces)\n"
        "  tc=MATCH/TURN   seconds per game (0 = no game clock) / seconds per move;\n"
        "                  tc=T means T/T (default 0/5)\n"
        "  option.K=V      sent as INFO K V before every game\n\n"
        "Options:\n"
        "  -games N        games per encounter (default 1)\n"
        "  -rounds N       play the whole schedule N times (default 1)\n"
        "  -repeat         play each opening twice, colours swapped (pentanomial statistics)\n"
        "  -gauntlet       first engine against each other (default: round robin)\n"
        "  -concurrency N  games at the same time (default 1)\n"
        "  -openings file=F [type=offset|pos] [order=sequential|random] [srand=N]\n"
        "  -rule R         0 freestyle, 1 exact five, 4 renju, 8 caro, 9 caro + exact five\n"
        "  -boardsize N    N x N board, or WxH (default 15)\n"
        "  -tolerance MS   extra time before a late move loses (default 1000)\n"
        "  -drawafter N    adjudicate a draw once N stones are on the board\n"
        "  -starttimeout MS  before the first game each brain is started once and must answer\n"
        "                  START with OK within MS (default 10000), or nothing is played\n"
        "  -sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the SPRT decides (two engines;\n"
        "                  defaults 0, 5, 0.05, 0.05; the first engine is the one tested)\n"
        "  -pgn F          append every game to F (PGN-like; Result as PGN: 0-1 = black won)\n"
        "  -sgf F          append every game to F (SGF)\n"
        "  -psq DIR        one Piskvork record per game in DIR\n"
        "  -log            each worker's engine I/O with timestamps in wuzi-tournament.N.log\n"
        "  -seed N         seed for random opening order (default: from the clock)\n"
        "  -shard K/N      play only the K-th of N disjoint parts of the schedule (needs -seed;\n"
        "                  the two games of an opening stay together)\n"
        "  -results F      append one JSON line per finished game to F (for merge)\n"
        "  -only-games L   play only these game numbers of the schedule, e.g. 3,7-9\n"
        "  -h              this help\n\n"
        "wuzi-tournament genopenings -h: making balanced opening files.\n"
        "wuzi-tournament merge FILE...: the results of the shards of one run, as one run prints them.\n"
        "wuzi-tournament sprt -h: the SPRT of counts played in chunks (W-L-D, Ptnml), summed.\n\n"
        "Output: 'Started game i of n (A vs B)', 'Finished game i (A vs B): 1-0 {reason}' (A has\n"
        "black; 1-0 = A won), 'Times in game i (A vs B): ...' (each side's longest move and game\n"
        "clock left), 'Score of A vs B: W - L - D [score] N', then the final table and each\n"
        "engine's longest move.\n");
}

_Noreturn void options_fail(const char *format, const char *detail) {
    fprintf(stderr, "wuzi-tournament: ");
    fprintf(stderr, format, detail);
    fprintf(stderr, "\n(wuzi-tournament -h for help)\n");
    exit(2);
}

static bool parse_long(const char *text, long min, long max, long *value) {
    char *end;
    errno = 0;
    const long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < min || v > max) return false;
    *value = v;
    return true;
}

static int int_arg(const char *option, const char *text, long min, long max) {
    long v;
    if (!text || !parse_long(text, min, max, &v)) options_fail("bad or missing value for %s", option);
    return (int)v;
}

static double double_value(const char *key, const char *text) {
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v)) options_fail("bad number in %s", key);
    return v;
}

/* tc=MATCH/TURN in seconds; tc=T means T/T. */
static void parse_tc(EngineSpec *spec, const char *text) {
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    char *slash = strchr(copy, '/');
    if (slash) *slash = '\0';
    const double match = double_value("tc", copy);
    const double turn = slash ? double_value("tc", slash + 1) : match;
    if (match < 0 || turn <= 0) options_fail("tc=%s: the turn time must be positive", text);
    spec->match_ms = (int64_t)llround(match * 1000);
    spec->turn_ms = (int64_t)llround(turn * 1000);
}

static void apply_engine_token(EngineSpec *spec, const char *token) {
    const char *eq = strchr(token, '=');
    if (!eq) options_fail("engine setting \"%s\" is not KEY=VALUE", token);
    const char *value = eq + 1;
    const size_t key_length = (size_t)(eq - token);
    if (key_length == 4 && strncmp(token, "name", 4) == 0) {
        snprintf(spec->name, sizeof spec->name, "%s", value);
    } else if (key_length == 3 && strncmp(token, "cmd", 3) == 0) {
        snprintf(spec->command, sizeof spec->command, "%s", value);
    } else if (key_length == 2 && strncmp(token, "tc", 2) == 0) {
        parse_tc(spec, value);
    } else if (strncmp(token, "option.", 7) == 0 && key_length > 7) {
        if (spec->option_count == ENGINE_OPTIONS_MAX) options_fail("too many options (at %s)", token);
        EngineOption *option = &spec->options[spec->option_count++];
        snprintf(option->key, sizeof option->key, "%.*s", (int)(key_length - 7), token + 7);
        snprintf(option->value, sizeof option->value, "%s", value);
    } else {
        options_fail("unknown engine setting \"%s\"", token);
    }
}

/* Collect KEY=VALUE tokens after an option until the next option. */
static int collect(int argc, char **argv, int i, EngineArgs *args) {
    while (i + 1 < argc && argv[i + 1][0] != '-') {
        if (args->count == MAX_TOKENS) options_fail("too many settings after %s", argv[i]);
        args->tokens[args->count++] = argv[++i];
    }
    return i;
}

static void parse_openings(Options *options, const EngineArgs *args) {
    for (int i = 0; i < args->count; i++) {
        const char *token = args->tokens[i];
        if (strncmp(token, "file=", 5) == 0) {
            options->openings_file = token + 5;
        } else if (strcmp(token, "type=offset") == 0) {
            options->opening_format = OPENING_OFFSET;
        } else if (strcmp(token, "type=pos") == 0) {
            options->opening_format = OPENING_POS;
        } else if (strcmp(token, "order=random") == 0) {
            options->opening_random = true;
        } else if (strcmp(token, "order=sequential") == 0) {
            options->opening_random = false;
        } else if (strncmp(token, "srand=", 6) == 0) {
            long v;
            if (!parse_long(token + 6, 0, 0x7fffffffL, &v)) options_fail("bad %s", token);
            options->opening_seed = (uint64_t)v;
            options->opening_seed_given = v != 0;
        } else {
            options_fail("unknown -openings setting \"%s\"", token);
        }
    }
    if (!options->openings_file) options_fail("%s", "-openings needs file=F");
}

bool options_sprt_setting(SprtSettings *sprt, const char *token) {
    double *const fields[] = {&sprt->elo0, &sprt->elo1, &sprt->alpha, &sprt->beta};
    const char *const keys[] = {"elo0=", "elo1=", "alpha=", "beta="};
    for (int i = 0; i < 4; i++)
        if (strncmp(token, keys[i], strlen(keys[i])) == 0) {
            *fields[i] = double_value(token, token + strlen(keys[i]));
            return true;
        }
    return false;
}

void options_check_sprt(const SprtSettings *sprt) {
    if (!(sprt->elo1 > sprt->elo0)) options_fail("%s", "the SPRT needs elo1 > elo0");
    if (!(sprt->alpha > 0 && sprt->alpha < 0.5 && sprt->beta > 0 && sprt->beta < 0.5))
        options_fail("%s", "the SPRT needs 0 < alpha, beta < 0.5");
}

static void parse_sprt(Options *options, const EngineArgs *args) {
    SprtSettings *sprt = &options->sprt;
    *sprt = (SprtSettings){.enabled = true, .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    for (int i = 0; i < args->count; i++)
        if (!options_sprt_setting(sprt, args->tokens[i]))
            options_fail("unknown -sprt setting \"%s\"", args->tokens[i]);
    options_check_sprt(sprt);
}

static void parse_boardsize(Options *options, const char *text) {
    if (!text) options_fail("%s", "-boardsize needs a value");
    int w, h;
    char extra;
    if (sscanf(text, "%dx%d%c", &w, &h, &extra) == 2 ||
        sscanf(text, "%dX%d%c", &w, &h, &extra) == 2) {
    } else if (sscanf(text, "%d%c", &w, &extra) == 1) {
        h = w;
    } else {
        options_fail("bad -boardsize %s", text);
    }
    if (w < 5 || h < 5 || w > 32 || h > 32) options_fail("-boardsize %s: each side must be 5..32", text);
    options->settings.width = w;
    options->settings.height = h;
}

static void build_engines(Options *options, EngineArgs *engine_args, const EngineArgs *each) {
    for (int e = 0; e < options->engine_count; e++) {
        EngineSpec *spec = &options->engines[e];
        memset(spec, 0, sizeof *spec);
        spec->turn_ms = 5000;
        for (int i = 0; i < each->count; i++) apply_engine_token(spec, each->tokens[i]);
        for (int i = 0; i < engine_args[e].count; i++)
            apply_engine_token(spec, engine_args[e].tokens[i]);
        if (!spec->command[0]) options_fail("%s", "every -engine needs cmd=CMD");
        if (!spec->name[0]) snprintf(spec->name, sizeof spec->name, "engine%d", e + 1);
    }
}

static void parse_shard(Options *options, const char *text) {
    int k, n;
    char rest;
    if (!text || sscanf(text, "%d/%d%c", &k, &n, &rest) != 2 || n < 1 || n > 100000 || k < 1 || k > n)
        options_fail("-shard %s: use K/N with 1 <= K <= N", text ? text : "");
    options->shard = k;
    options->shard_count = n;
}

/* A range list: "3", "7-9", "3,7-9,12". */
static bool valid_list(const char *list) {
    const char *p = list;
    for (;;) {
        char *end;
        const long first = strtol(p, &end, 10);
        if (end == p || first < 1) return false;
        p = end;
        if (*p == '-') {
            const long last = strtol(p + 1, &end, 10);
            if (end == p + 1 || last < first) return false;
            p = end;
        }
        if (*p == '\0') return true;
        if (*p++ != ',') return false;
    }
}

bool options_list_has(const char *list, int number) {
    for (const char *p = list; *p;) {
        char *end;
        const long first = strtol(p, &end, 10);
        long last = first;
        if (*end == '-') last = strtol(end + 1, &end, 10);
        if (number >= first && number <= last) return true;
        if (*end != ',') return false;
        p = end + 1;
    }
    return false;
}

/* An option that takes a whole number: where it goes (an int, or a time in ms) and its range. */
typedef struct NumberOption {
    const char *name;
    int *value;
    int64_t *ms;
    long min, max;
} NumberOption;

/* An option without a value, which turns something on. */
typedef struct Switch {
    const char *name;
    bool *on;
} Switch;

/* Reads `arg` (with `next`, its value) if it is one of the `count` number options. */
static bool read_number(const NumberOption *numbers, size_t count, const char *arg, const char *next) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(arg, numbers[i].name) != 0) continue;
        const int v = int_arg(arg, next, numbers[i].min, numbers[i].max);
        if (numbers[i].value) *numbers[i].value = v;
        if (numbers[i].ms) *numbers[i].ms = v;
        return true;
    }
    return false;
}

static bool read_switch(const Switch *switches, size_t count, const char *arg) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(arg, switches[i].name) != 0) continue;
        *switches[i].on = true;
        return true;
    }
    return false;
}

void options_parse(int argc, char **argv, Options *options) {
    EngineArgs engine_args[MAX_ENGINES];
    EngineArgs each = {0};
    memset(options, 0, sizeof *options);
    options->games = options->rounds = options->concurrency = 1;
    options->start_timeout_ms = DEFAULT_START_TIMEOUT_MS;
    options->settings = (GameSettings){.width = 15,
                                       .height = 15,
                                       .rule = 0,
                                       .tolerance_ms = 1000,
                                       .max_memory = DEFAULT_MAX_MEMORY};
    const NumberOption numbers[] = {{"-games", &options->games, NULL, 1, 1000000},
                                    {"-rounds", &options->rounds, NULL, 1, 1000000},
                                    {"-concurrency", &options->concurrency, NULL, 1, 256},
                                    {"-tolerance", NULL, &options->settings.tolerance_ms, 0, 3600000},
                                    {"-starttimeout", NULL, &options->start_timeout_ms, 1, 3600000},
                                    {"-drawafter", &options->settings.draw_after, NULL, 0, 1024}};
    const Switch switches[] = {{"-repeat", &options->repeat}, {"-gauntlet", &options->gauntlet},
                               {"-log", &options->log}};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (read_number(numbers, sizeof numbers / sizeof numbers[0], arg, next)) {
            i++;
            continue;
        }
        if (read_switch(switches, sizeof switches / sizeof switches[0], arg)) continue;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0 || strcmp(arg, "-help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(arg, "-engine") == 0) {
            if (options->engine_count == MAX_ENGINES) options_fail("%s", "too many engines");
            engine_args[options->engine_count].count = 0;
            i = collect(argc, argv, i, &engine_args[options->engine_count++]);
        } else if (strcmp(arg, "-each") == 0) {
            i = collect(argc, argv, i, &each);
        } else if (strcmp(arg, "-openings") == 0) {
            EngineArgs args = {0};
            i = collect(argc, argv, i, &args);
            parse_openings(options, &args);
        } else if (strcmp(arg, "-sprt") == 0) {
            EngineArgs args = {0};
            i = collect(argc, argv, i, &args);
            parse_sprt(options, &args);
        } else if (strcmp(arg, "-rule") == 0) {
            const int rule = next ? rule_parse(next) : -1; /* a number, or a name: "exact five", "standard" */
            if (rule < 0) options_fail("-rule %s: use 0, 1, 4, 8 or 9 (or freestyle, exact5, renju, caro)", next ? next : "");
            options->settings.rule = rule, i++;
        } else if (strcmp(arg, "-boardsize") == 0) {
            parse_boardsize(options, next), i++;
        } else if (strcmp(arg, "-pgn") == 0 || strcmp(arg, "-sgf") == 0 ||
                   strcmp(arg, "-psq") == 0) {
            if (!next) options_fail("%s needs a file name", arg);
            if (arg[1] == 'p' && arg[2] == 'g')
                options->pgn = next;
            else if (arg[1] == 's')
                options->sgf = next;
            else
                options->psq = next;
            i++;
        } else if (strcmp(arg, "-results") == 0) {
            if (!next) options_fail("%s needs a file name", arg);
            options->results = next, i++;
        } else if (strcmp(arg, "-shard") == 0) {
            parse_shard(options, next), i++;
        } else if (strcmp(arg, "-only-games") == 0) {
            if (!next || !valid_list(next)) options_fail("-only-games %s: use numbers and ranges, like 3,7-9", next ? next : "");
            options->only_games = next, i++;
        } else if (strcmp(arg, "-seed") == 0) {
            options->seed = (uint64_t)int_arg(arg, next, 0, 0x7fffffffL), i++;
            options->seed_given = true;
        } else {
            options_fail("unknown option %s", arg);
        }
    }
    if (options->engine_count < 2) options_fail("%s", "at least two -engine are needed");
    build_engines(options, engine_args, &each);
    if (options->sprt.enabled && options->engine_count != 2)
        options_fail("%s", "-sprt needs exactly two engines");
    /* Every shard must lay out the same schedule: nothing in it may come from the clock. */
    if (options->shard_count && !options->seed_given)
        options_fail("%s", "-shard needs -seed (the shards must lay out the same schedule)");
}

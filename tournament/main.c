/* wuzi-tournament: matches between Gomocup brains, from the command line.
 *
 * Reads the options (cutechess / c-gomoku-cli conventions), builds the schedule (round robin or
 * gauntlet, -games per encounter, -rounds times, openings shared by all encounters), and plays
 * it on -concurrency worker threads. Each finished game is printed, counted and written to the
 * record files at once, under one lock; Ctrl-C (or SIGTERM, SIGHUP) stops the games in
 * progress and prints the table of the finished ones. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "opening_gen.h"
#include "openings.h"
#include "brain_process.h"
#include "records.h"
#include "stats.h"

#define MAX_ENGINES 64
#define MAX_TOKENS 64
#define DEFAULT_MAX_MEMORY 367001600LL /* 350 MiB, as Gomocup */
#define END_GRACE_MS 1000

typedef struct EngineArgs {
    const char *tokens[MAX_TOKENS];
    int count;
} EngineArgs;

typedef struct Options {
    EngineSpec engines[MAX_ENGINES];
    int engine_count;
    int games, rounds, concurrency;
    bool repeat, gauntlet, log;
    const char *openings_file;
    OpeningFormat opening_format;
    bool opening_random;
    uint64_t opening_seed;
    bool opening_seed_given;
    uint64_t seed;
    bool seed_given;
    GameSettings settings;
    SprtSettings sprt;
    const char *pgn, *sgf, *psq;
} Options;

typedef struct Job {
    int number; /* 1-based game number */
    int encounter;
    int black, white; /* engine indices */
    int opening;      /* index into the book, -1: empty board */
    int partner;      /* job index of the other game on the same opening (-repeat), or -1 */
    bool done;
    double points_a; /* for the encounter's first engine */
} Job;

typedef struct Encounter {
    int a, b;
    Score score;       /* a's view */
    Pentanomial penta; /* a's view */
} Encounter;

typedef struct Tournament {
    const Options *options;
    OpeningBook book;
    Job *jobs;
    int job_count, next_job, finished, running;
    Encounter *encounters;
    int encounter_count;
    Score engine_score[MAX_ENGINES];
    Pentanomial engine_penta[MAX_ENGINES];
    pthread_mutex_t lock;
    atomic_bool stop;   /* start no new game */
    atomic_bool cancel; /* abandon the games in progress */
    atomic_bool interrupted;
    bool tty;
    bool record_error_shown;
    int64_t start_ms;
} Tournament;

typedef struct Worker {
    Tournament *tournament;
    int id;
    int log_fd;
    pthread_t thread;
} Worker;

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
        "  -rule R         0 freestyle, 1 exactly five, 4 renju, 8 caro, 9 caro + exactly five\n"
        "  -boardsize N    N x N board, or WxH (default 15)\n"
        "  -tolerance MS   extra time before a late move loses (default 1000)\n"
        "  -drawafter N    adjudicate a draw once N stones are on the board\n"
        "  -sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the SPRT decides (two engines;\n"
        "                  defaults 0, 5, 0.05, 0.05; the first engine is the one tested)\n"
        "  -pgn F          append every game to F (PGN-like; Result as PGN: 0-1 = black won)\n"
        "  -sgf F          append every game to F (SGF)\n"
        "  -psq DIR        one Piskvork record per game in DIR\n"
        "  -log            each worker's engine I/O with timestamps in wuzi-tournament.N.log\n"
        "  -seed N         seed for random opening order (default: from the clock)\n"
        "  -h              this help\n\n"
        "wuzi-tournament genopenings -h: making balanced opening files.\n\n"
        "Output: 'Started game i of n (A vs B)', 'Finished game i (A vs B): 1-0 {reason}' (A has\n"
        "black; 1-0 = A won), 'Score of A vs B: W - L - D [score] N', then the final table.\n");
}

_Noreturn static void fail(const char *format, const char *detail) {
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
    if (!text || !parse_long(text, min, max, &v)) fail("bad or missing value for %s", option);
    return (int)v;
}

static double double_value(const char *key, const char *text) {
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v)) fail("bad number in %s", key);
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
    if (match < 0 || turn <= 0) fail("tc=%s: the turn time must be positive", text);
    spec->match_ms = (int64_t)llround(match * 1000);
    spec->turn_ms = (int64_t)llround(turn * 1000);
}

static void apply_engine_token(EngineSpec *spec, const char *token) {
    const char *eq = strchr(token, '=');
    if (!eq) fail("engine setting \"%s\" is not KEY=VALUE", token);
    const char *value = eq + 1;
    const size_t key_length = (size_t)(eq - token);
    if (key_length == 4 && strncmp(token, "name", 4) == 0) {
        snprintf(spec->name, sizeof spec->name, "%s", value);
    } else if (key_length == 3 && strncmp(token, "cmd", 3) == 0) {
        snprintf(spec->command, sizeof spec->command, "%s", value);
    } else if (key_length == 2 && strncmp(token, "tc", 2) == 0) {
        parse_tc(spec, value);
    } else if (strncmp(token, "option.", 7) == 0 && key_length > 7) {
        if (spec->option_count == ENGINE_OPTIONS_MAX) fail("too many options (at %s)", token);
        EngineOption *option = &spec->options[spec->option_count++];
        snprintf(option->key, sizeof option->key, "%.*s", (int)(key_length - 7), token + 7);
        snprintf(option->value, sizeof option->value, "%s", value);
    } else {
        fail("unknown engine setting \"%s\"", token);
    }
}

/* Collect KEY=VALUE tokens after an option until the next option. */
static int collect(int argc, char **argv, int i, EngineArgs *args) {
    while (i + 1 < argc && argv[i + 1][0] != '-') {
        if (args->count == MAX_TOKENS) fail("too many settings after %s", argv[i]);
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
            if (!parse_long(token + 6, 0, 0x7fffffffL, &v)) fail("bad %s", token);
            options->opening_seed = (uint64_t)v;
            options->opening_seed_given = v != 0;
        } else {
            fail("unknown -openings setting \"%s\"", token);
        }
    }
    if (!options->openings_file) fail("%s", "-openings needs file=F");
}

static void parse_sprt(Options *options, const EngineArgs *args) {
    SprtSettings *sprt = &options->sprt;
    *sprt = (SprtSettings){.enabled = true, .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    for (int i = 0; i < args->count; i++) {
        const char *token = args->tokens[i];
        const char *eq = strchr(token, '=');
        if (!eq) fail("bad -sprt setting \"%s\"", token);
        const double v = double_value(token, eq + 1);
        if (strncmp(token, "elo0=", 5) == 0)
            sprt->elo0 = v;
        else if (strncmp(token, "elo1=", 5) == 0)
            sprt->elo1 = v;
        else if (strncmp(token, "alpha=", 6) == 0)
            sprt->alpha = v;
        else if (strncmp(token, "beta=", 5) == 0)
            sprt->beta = v;
        else
            fail("unknown -sprt setting \"%s\"", token);
    }
    if (!(sprt->elo1 > sprt->elo0)) fail("%s", "-sprt needs elo1 > elo0");
    if (!(sprt->alpha > 0 && sprt->alpha < 0.5 && sprt->beta > 0 && sprt->beta < 0.5))
        fail("%s", "-sprt needs 0 < alpha, beta < 0.5");
}

static void parse_boardsize(Options *options, const char *text) {
    if (!text) fail("%s", "-boardsize needs a value");
    int w, h;
    char extra;
    if (sscanf(text, "%dx%d%c", &w, &h, &extra) == 2 ||
        sscanf(text, "%dX%d%c", &w, &h, &extra) == 2) {
    } else if (sscanf(text, "%d%c", &w, &extra) == 1) {
        h = w;
    } else {
        fail("bad -boardsize %s", text);
    }
    if (w < 5 || h < 5 || w > 32 || h > 32) fail("-boardsize %s: each side must be 5..32", text);
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
        if (!spec->command[0]) fail("%s", "every -engine needs cmd=CMD");
        if (!spec->name[0]) snprintf(spec->name, sizeof spec->name, "engine%d", e + 1);
    }
}

static void parse_options(int argc, char **argv, Options *options) {
    EngineArgs engine_args[MAX_ENGINES];
    EngineArgs each = {0};
    memset(options, 0, sizeof *options);
    options->games = options->rounds = options->concurrency = 1;
    options->settings = (GameSettings){.width = 15,
                                       .height = 15,
                                       .rule = 0,
                                       .tolerance_ms = 1000,
                                       .max_memory = DEFAULT_MAX_MEMORY};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0 || strcmp(arg, "-help") == 0) {
            usage(stdout);
            exit(0);
        } else if (strcmp(arg, "-engine") == 0) {
            if (options->engine_count == MAX_ENGINES) fail("%s", "too many engines");
            engine_args[options->engine_count].count = 0;
            i = collect(argc, argv, i, &engine_args[options->engine_count++]);
        } else if (strcmp(arg, "-each") == 0) {
            i = collect(argc, argv, i, &each);
        } else if (strcmp(arg, "-games") == 0) {
            options->games = int_arg(arg, next, 1, 1000000), i++;
        } else if (strcmp(arg, "-rounds") == 0) {
            options->rounds = int_arg(arg, next, 1, 1000000), i++;
        } else if (strcmp(arg, "-concurrency") == 0) {
            options->concurrency = int_arg(arg, next, 1, 256), i++;
        } else if (strcmp(arg, "-repeat") == 0) {
            options->repeat = true;
        } else if (strcmp(arg, "-gauntlet") == 0) {
            options->gauntlet = true;
        } else if (strcmp(arg, "-log") == 0) {
            options->log = true;
        } else if (strcmp(arg, "-openings") == 0) {
            EngineArgs args = {0};
            i = collect(argc, argv, i, &args);
            parse_openings(options, &args);
        } else if (strcmp(arg, "-sprt") == 0) {
            EngineArgs args = {0};
            i = collect(argc, argv, i, &args);
            parse_sprt(options, &args);
        } else if (strcmp(arg, "-rule") == 0) {
            const int rule = int_arg(arg, next, 0, 9);
            if (rule != 0 && rule != 1 && rule != 4 && rule != 8 && rule != 9)
                fail("-rule %s: use 0, 1, 4, 8 or 9", next);
            options->settings.rule = rule, i++;
        } else if (strcmp(arg, "-boardsize") == 0) {
            parse_boardsize(options, next), i++;
        } else if (strcmp(arg, "-tolerance") == 0) {
            options->settings.tolerance_ms = int_arg(arg, next, 0, 3600000), i++;
        } else if (strcmp(arg, "-drawafter") == 0) {
            options->settings.draw_after = int_arg(arg, next, 0, 1024), i++;
        } else if (strcmp(arg, "-pgn") == 0 || strcmp(arg, "-sgf") == 0 ||
                   strcmp(arg, "-psq") == 0) {
            if (!next) fail("%s needs a file name", arg);
            if (arg[1] == 'p' && arg[2] == 'g')
                options->pgn = next;
            else if (arg[1] == 's')
                options->sgf = next;
            else
                options->psq = next;
            i++;
        } else if (strcmp(arg, "-seed") == 0) {
            options->seed = (uint64_t)int_arg(arg, next, 0, 0x7fffffffL), i++;
            options->seed_given = true;
        } else {
            fail("unknown option %s", arg);
        }
    }
    if (options->engine_count < 2) fail("%s", "at least two -engine are needed");
    build_engines(options, engine_args, &each);
    if (options->sprt.enabled && options->engine_count != 2)
        fail("%s", "-sprt needs exactly two engines");
}

/* ---- schedule ---- */

static void add_encounter_games(Tournament *t, int encounter, int round) {
    const Options *options = t->options;
    const Encounter *e = &t->encounters[encounter];
    const int per_round = options->games;
    for (int g = 0; g < per_round; g++) {
        const int k = round * per_round + g; /* index of this game within its encounter */
        Job *job = &t->jobs[t->job_count];
        job->number = t->job_count + 1;
        job->encounter = encounter;
        job->black = k % 2 ? e->b : e->a;
        job->white = k % 2 ? e->a : e->b;
        const int opening_index = options->repeat ? k / 2 : k;
        job->opening = t->book.count ? opening_index % t->book.count : -1;
        job->partner = -1;
        if (options->repeat && k % 2 == 1) {
            job->partner = t->job_count - 1;
            t->jobs[t->job_count - 1].partner = t->job_count;
        }
        t->job_count++;
    }
}

static void build_schedule(Tournament *t) {
    const Options *options = t->options;
    const int n = options->engine_count;
    t->encounters = calloc((size_t)(n * n), sizeof *t->encounters);
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            if (options->gauntlet && a != 0) continue;
            t->encounters[t->encounter_count++] = (Encounter){.a = a, .b = b};
        }
    }
    const long total = (long)t->encounter_count * options->games * options->rounds;
    if (total > 10000000) fail("%s", "too many games");
    t->jobs = calloc((size_t)total, sizeof *t->jobs);
    if (!t->encounters || !t->jobs) fail("%s", "out of memory");
    /* Rounds outermost, with the games of a round in one block per encounter, so that a
     * repeated opening's pair is played back to back. */
    for (int r = 0; r < options->rounds; r++)
        for (int e = 0; e < t->encounter_count; e++) add_encounter_games(t, e, r);
}

static void load_openings(Tournament *t) {
    const Options *options = t->options;
    if (!options->openings_file) return;
    char error[512];
    if (!openings_load(&t->book, options->openings_file, options->opening_format,
                       options->settings.width, options->settings.height, error, sizeof error))
        fail("%s", error);
    for (int i = 0; i < t->book.count; i++) {
        char why[160];
        if (!game_opening_valid(&options->settings, &t->book.items[i], why, sizeof why)) {
            char message[512];
            snprintf(message, sizeof message, "%s:%d: %s", options->openings_file,
                     t->book.items[i].line, why);
            fail("%s", message);
        }
    }
    if (options->opening_random) {
        uint64_t seed = options->opening_seed_given ? options->opening_seed
                        : options->seed_given       ? options->seed
                                              : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
        openings_shuffle(&t->book, seed);
        printf("Openings: %d from %s, random order (seed %llu)\n", t->book.count,
               options->openings_file, (unsigned long long)seed);
    } else {
        printf("Openings: %d from %s, in order\n", t->book.count, options->openings_file);
    }
}

/* ---- output ---- */

static void clear_progress(const Tournament *t) {
    if (t->tty) fputs("\r\033[K", stdout);
}

static void show_progress(const Tournament *t) {
    if (!t->tty) return;
    const int64_t seconds = (monotonic_ms() - t->start_ms) / 1000;
    printf("[%d/%d games, %d running, %lld s]", t->finished, t->job_count, t->running,
           (long long)seconds);
    fflush(stdout);
}

static void format_elo(char *out, size_t size, double value) {
    if (isinf(value))
        snprintf(out, size, "%s", value > 0 ? "+inf" : "-inf");
    else
        snprintf(out, size, "%.1f", fabs(value) < 0.05 ? 0.0 : value); /* no "-0.0" */
}

static void print_score_line(const Tournament *t, const Encounter *e) {
    const Score *s = &e->score;
    const int n = score_games(s);
    const double points = s->wins + 0.5 * s->draws;
    printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", t->options->engines[e->a].name,
           t->options->engines[e->b].name, s->wins, s->losses, s->draws, n ? points / n : 0.0, n);
}

static void print_sprt_line(const Tournament *t, const Encounter *e) {
    const SprtSettings *sprt = &t->options->sprt;
    const double llr =
        t->options->repeat ? sprt_llr_pentanomial(sprt, &e->penta) : sprt_llr(sprt, &e->score);
    double lower, upper;
    sprt_bounds(sprt, &lower, &upper);
    printf("SPRT: llr %.3f (%.1f%%), lbound %.3f, ubound %.3f - %s\n", llr,
           100.0 * llr / (llr >= 0 ? upper : -lower), lower, upper,
           sprt_verdict_text(sprt_verdict(sprt, llr)));
}

static void print_encounter_summary(const Tournament *t, const Encounter *e) {
    char elo[32], error[32];
    print_score_line(t, e);
    const EloEstimate estimate = elo_estimate(&e->score);
    format_elo(elo, sizeof elo, estimate.elo);
    format_elo(error, sizeof error, estimate.error);
    printf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, error,
           100 * estimate.los, 100 * estimate.draw_ratio);
    if (t->options->repeat && pentanomial_pairs(&e->penta)) {
        const EloEstimate p = elo_estimate_pentanomial(&e->penta);
        format_elo(elo, sizeof elo, p.elo);
        format_elo(error, sizeof error, p.error);
        printf("Ptnml(0-2): [%d, %d, %d, %d, %d], Elo (ptnml): %s +/- %s, LOS (ptnml): %.1f %%\n",
               e->penta.count[0], e->penta.count[1], e->penta.count[2], e->penta.count[3],
               e->penta.count[4], elo, error, 100 * p.los);
    }
    if (t->options->sprt.enabled) print_sprt_line(t, e);
}

static int compare_points(const Tournament *t, int a, int b) {
    const Score *sa = &t->engine_score[a], *sb = &t->engine_score[b];
    const int na = score_games(sa), nb = score_games(sb);
    const double pa = na ? (sa->wins + 0.5 * sa->draws) / na : 0;
    const double pb = nb ? (sb->wins + 0.5 * sb->draws) / nb : 0;
    return pa < pb ? 1 : pa > pb ? -1 : a - b;
}

static void print_table(const Tournament *t) {
    const Options *options = t->options;
    int order[MAX_ENGINES];
    for (int i = 0; i < options->engine_count; i++) order[i] = i;
    for (int i = 1; i < options->engine_count; i++)
        for (int j = i; j > 0 && compare_points(t, order[j - 1], order[j]) > 0; j--) {
            const int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
    printf("%4s %-20s %6s %6s %6s %6s %7s %8s %7s %7s%s\n", "Rank", "Name", "Games", "W", "L", "D",
           "Score", "Elo", "+/-", "LOS", options->repeat ? "  Ptnml(0-2)" : "");
    for (int r = 0; r < options->engine_count; r++) {
        const int e = order[r];
        const Score *s = &t->engine_score[e];
        const EloEstimate estimate = elo_estimate(s);
        char elo[32], error[32];
        format_elo(elo, sizeof elo, estimate.elo);
        format_elo(error, sizeof error, estimate.error);
        const int n = score_games(s);
        printf("%4d %-20s %6d %6d %6d %6d %6.1f%% %8s %7s %6.1f%%", r + 1, options->engines[e].name,
               n, s->wins, s->losses, s->draws, n ? 100.0 * (s->wins + 0.5 * s->draws) / n : 0.0,
               elo, error, 100 * estimate.los);
        if (options->repeat) {
            const Pentanomial *p = &t->engine_penta[e];
            printf("  [%d, %d, %d, %d, %d]", p->count[0], p->count[1], p->count[2], p->count[3],
                   p->count[4]);
        }
        printf("\n");
    }
}

static void print_final(const Tournament *t) {
    clear_progress(t);
    printf("\nResults of %d of %d games%s:\n", t->finished, t->job_count,
           atomic_load(&t->interrupted) ? " (interrupted)" : "");
    for (int e = 0; e < t->encounter_count; e++) print_encounter_summary(t, &t->encounters[e]);
    printf("\n");
    print_table(t);
    fflush(stdout);
}

/* ---- finishing a game (under the lock) ---- */

static void write_records(Tournament *t, const GameRecord *record) {
    const Options *options = t->options;
    bool ok = true;
    if (options->pgn) ok = records_append_pgn(options->pgn, record) && ok;
    if (options->sgf) ok = records_append_sgf(options->sgf, record) && ok;
    if (options->psq) ok = records_write_psq(options->psq, record) && ok;
    if (!ok && !t->record_error_shown) {
        fprintf(stderr, "wuzi-tournament: cannot write a game record (%s)\n", strerror(errno));
        t->record_error_shown = true;
    }
}

static void count_pair(Tournament *t, Encounter *e, const Job *job) {
    const Job *partner = job->partner >= 0 ? &t->jobs[job->partner] : NULL;
    if (!partner || !partner->done) return;
    Pentanomial one = {0};
    pentanomial_add(&one, partner->points_a, job->points_a);
    const Pentanomial flipped = pentanomial_flip(&one);
    for (int i = 0; i < 5; i++) {
        e->penta.count[i] += one.count[i];
        t->engine_penta[e->a].count[i] += one.count[i];
        t->engine_penta[e->b].count[i] += flipped.count[i];
    }
}

static void check_sprt(Tournament *t, const Encounter *e) {
    const SprtSettings *sprt = &t->options->sprt;
    if (!sprt->enabled) return;
    const double llr =
        t->options->repeat ? sprt_llr_pentanomial(sprt, &e->penta) : sprt_llr(sprt, &e->score);
    if (sprt_verdict(sprt, llr) == SPRT_CONTINUE) return;
    if (!atomic_exchange(&t->stop, true)) print_sprt_line(t, e);
}

static void finish_game(Tournament *t, Job *job, const GameRecord *record) {
    const Options *options = t->options;
    Encounter *e = &t->encounters[job->encounter];
    const double black_points = result_black_points(record->result);
    job->points_a = job->black == e->a ? black_points : 1.0 - black_points;
    job->done = true;
    t->finished++;
    score_add(&e->score, job->points_a);
    score_add(&t->engine_score[e->a], job->points_a);
    score_add(&t->engine_score[e->b], 1.0 - job->points_a);
    count_pair(t, e, job);
    clear_progress(t);
    printf("Finished game %d (%s vs %s): %s {%s}\n", job->number, options->engines[job->black].name,
           options->engines[job->white].name, result_text(record->result), record->reason);
    print_score_line(t, e);
    write_records(t, record);
    check_sprt(t, e);
    show_progress(t);
    fflush(stdout);
}

/* ---- workers ---- */

/* The two players of a worker follow the engines of its current game; a change of engines
 * stops the old brains. */
static void assign_players(Worker *w, Player slots[2], const Job *job, Player **black,
                           Player **white) {
    const Options *options = w->tournament->options;
    const EngineSpec *want_black = &options->engines[job->black];
    const EngineSpec *want_white = &options->engines[job->white];
    const bool same = slots[0].spec == want_black && slots[1].spec == want_white;
    const bool swapped = slots[0].spec == want_white && slots[1].spec == want_black;
    if (!same && !swapped) {
        for (int i = 0; i < 2; i++) {
            brain_stop(&slots[i].brain, END_GRACE_MS);
            slots[i].spec = i == 0 ? want_black : want_white;
            brain_init(&slots[i].brain, slots[i].spec->name, w->log_fd, w->tournament->start_ms,
                       &w->tournament->cancel);
        }
    }
    *black = slots[0].spec == want_black ? &slots[0] : &slots[1];
    *white = *black == &slots[0] ? &slots[1] : &slots[0];
}

static Job *next_job(Tournament *t) {
    pthread_mutex_lock(&t->lock);
    Job *job = NULL;
    if (!atomic_load(&t->stop) && t->next_job < t->job_count) {
        job = &t->jobs[t->next_job++];
        t->running++;
        clear_progress(t);
        printf("Started game %d of %d (%s vs %s)\n", job->number, t->job_count,
               t->options->engines[job->black].name, t->options->engines[job->white].name);
        show_progress(t);
        fflush(stdout);
    }
    pthread_mutex_unlock(&t->lock);
    return job;
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    Tournament *t = w->tournament;
    Player slots[2] = {{0}};
    brain_init(&slots[0].brain, "", w->log_fd, t->start_ms, &t->cancel);
    brain_init(&slots[1].brain, "", w->log_fd, t->start_ms, &t->cancel);
    GameRecord *record = malloc(sizeof *record);
    Job *job;
    while (record && (job = next_job(t)) != NULL) {
        Player *black, *white;
        assign_players(w, slots, job, &black, &white);
        const Opening *opening = job->opening >= 0 ? &t->book.items[job->opening] : NULL;
        const bool played =
            game_play(&t->options->settings, black, white, opening, job->number, record);
        pthread_mutex_lock(&t->lock);
        t->running--;
        if (played) finish_game(t, job, record);
        pthread_mutex_unlock(&t->lock);
        if (!played) break;
    }
    const int grace = atomic_load(&t->cancel) ? 0 : END_GRACE_MS;
    brain_stop(&slots[0].brain, grace);
    brain_stop(&slots[1].brain, grace);
    free(record);
    return NULL;
}

/* ---- signals: a thread waits for them, so nothing runs in a signal handler ---- */

typedef struct SignalWatch {
    Tournament *tournament;
    sigset_t set;
    pthread_t thread;
} SignalWatch;

static void *signal_main(void *arg) {
    SignalWatch *watch = arg;
    for (;;) {
        int signal_number = 0;
        if (sigwait(&watch->set, &signal_number) != 0) continue;
        if (signal_number == SIGUSR1) return NULL;
        atomic_store(&watch->tournament->interrupted, true);
        atomic_store(&watch->tournament->stop, true);
        atomic_store(&watch->tournament->cancel, true);
    }
}

static int open_log(int id) {
    char path[64];
    snprintf(path, sizeof path, "wuzi-tournament.%d.log", id);
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
    if (fd < 0) fprintf(stderr, "wuzi-tournament: cannot write %s\n", path);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

static void run_workers(Tournament *t) {
    int count = t->options->concurrency;
    if (count > t->job_count) count = t->job_count;
    Worker *workers = calloc((size_t)(count > 0 ? count : 1), sizeof *workers);
    if (!workers) fail("%s", "out of memory");
    int started = 0;
    for (int i = 0; i < count; i++) {
        workers[i] = (Worker){
            .tournament = t, .id = i + 1, .log_fd = t->options->log ? open_log(i + 1) : -1};
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) break;
        started++;
    }
    for (int i = 0; i < started; i++) pthread_join(workers[i].thread, NULL);
    for (int i = 0; i < count; i++)
        if (workers[i].log_fd >= 0) close(workers[i].log_fd);
    free(workers);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "genopenings") == 0)
        return opening_gen_main(argc - 1, argv + 1);
    Options options;
    parse_options(argc, argv, &options);
    Tournament t = {.options = &options, .tty = isatty(STDOUT_FILENO), .start_ms = monotonic_ms()};
    pthread_mutex_init(&t.lock, NULL);
    load_openings(&t);
    build_schedule(&t);

    struct sigaction ignore = {.sa_handler = SIG_IGN};
    sigaction(SIGPIPE, &ignore, NULL);
    SignalWatch watch = {.tournament = &t};
    sigemptyset(&watch.set);
    sigaddset(&watch.set, SIGINT);
    sigaddset(&watch.set, SIGTERM);
    sigaddset(&watch.set, SIGHUP);
    sigaddset(&watch.set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &watch.set, NULL);
    pthread_create(&watch.thread, NULL, signal_main, &watch);

    run_workers(&t);
    pthread_kill(watch.thread, SIGUSR1);
    pthread_join(watch.thread, NULL);

    print_final(&t);
    openings_free(&t.book);
    free(t.jobs);
    free(t.encounters);
    pthread_mutex_destroy(&t.lock);
    return atomic_load(&t.interrupted) ? 130 : 0;
}

#include "opening_gen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "levels.h"
#include "openings.h"
#include "rules.h"

typedef struct GenSettings {
    int size, rule, count;
    int min_stones, max_stones;
    int radius;     /* stones within this many cells of the centre (Chebyshev) */
    int off_centre; /* percent of openings around a centre moved off the board's */
    int reach;      /* how far the centre may move (Chebyshev); -1: as far as radius keeps on */
    int depth;      /* search depth of the balance check */
    int margin;     /* largest |score| kept, in the engine's units */
    int verbose;    /* 1: every candidate and its score on stderr */
    uint64_t seed;
    const char *out;
} GenSettings;

typedef struct Candidate {
    Opening opening;
    int score, mate;
    bool reported;
} Candidate;

static void gen_usage(FILE *out) {
    fprintf(
        out,
        "usage: wuzi-tournament genopenings [rule=0|1|4] [size=N] [count=N] [seed=N]\n"
        "                                   [stones=MIN-MAX] [radius=N] [offcentre=PERCENT]\n"
        "                                   [reach=N] [depth=N] [margin=N] [out=FILE] [verbose=1]\n"
        "Random short openings kept only when Wuzi's search (to DEPTH) finds no forced win and\n"
        "scores the position within MARGIN for the side to move. Offset format on stdout or FILE.\n"
        "Defaults: rule=0 size=15 count=100 seed=1 stones=3-5 radius=3 offcentre=25 depth=6\n"
        "          margin=60 (an open three is worth about 100)\n"
        "A moved centre goes at most REACH cells from the board's (default: as far as RADIUS\n"
        "stays on the board; more puts openings by the edges, stones off the board drawn again).\n");
}

static bool parse_setting(GenSettings *s, const char *token) {
    const char *eq = strchr(token, '=');
    if (!eq) return false;
    const char *value = eq + 1;
    if (strncmp(token, "out=", 4) == 0) {
        s->out = value;
        return true;
    }
    if (strncmp(token, "stones=", 7) == 0)
        return sscanf(value, "%d-%d", &s->min_stones, &s->max_stones) == 2 && s->min_stones >= 1 &&
               s->max_stones >= s->min_stones && s->max_stones <= OPENING_MAX_STONES;
    char *end;
    errno = 0;
    const long v = strtol(value, &end, 10);
    if (end == value || *end || errno || v < 0) return false;
    const struct {
        const char *key;
        int *field;
        long max;
    } ints[] = {
        {"rule=", &s->rule, 9},
        {"size=", &s->size, BOARD_MAX},
        {"count=", &s->count, 100000},
        {"radius=", &s->radius, 15},
        {"offcentre=", &s->off_centre, 100},
        {"reach=", &s->reach, BOARD_MAX},
        {"depth=", &s->depth, 30},
        {"margin=", &s->margin, 1000000},
        {"verbose=", &s->verbose, 1},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (strncmp(token, ints[i].key, strlen(ints[i].key)) != 0) continue;
        if (v > ints[i].max) return false;
        *ints[i].field = (int)v;
        return true;
    }
    if (strncmp(token, "seed=", 5) == 0) {
        s->seed = (uint64_t)v;
        return true;
    }
    return false;
}

static int random_below(uint64_t *rng, int n) {
    return n > 0 ? (int)(rng_next(rng) % (uint64_t)n) : 0;
}

/* A random opening that can be played under the rule: no five, no foul, cells on the board. */
static bool draw_opening(const GenSettings *s, uint64_t *rng, Board *board, Opening *opening) {
    const int half = s->size / 2;
    int cx = half, cy = half;
    const int shift = s->reach >= 0 ? s->reach : half - s->radius - 1;
    if (shift > 0 && random_below(rng, 100) < s->off_centre) {
        cx += random_below(rng, 2 * shift + 1) - shift;
        cy += random_below(rng, 2 * shift + 1) - shift;
    }
    const int stones = s->min_stones + random_below(rng, s->max_stones - s->min_stones + 1);
    board_init(board, geometry_get(s->size, s->size, 5, s->rule));
    opening->count = 0;
    for (int tries = 0; opening->count < stones && tries < 1000; tries++) {
        const int r = opening->count == 0 ? 1 : s->radius;
        const int x = cx + random_below(rng, 2 * r + 1) - r;
        const int y = cy + random_below(rng, 2 * r + 1) - r;
        if (!board_on(board, x, y) || !board_empty_at(board, cell_at(x, y))) continue;
        const Verdict verdict = rules_play(board, x, y);
        if (verdict != VERDICT_PLAYING) {
            if (verdict != VERDICT_ILLEGAL) board_undo(board);
            continue;
        }
        opening->x[opening->count] = x;
        opening->y[opening->count] = y;
        opening->count++;
    }
    return opening->count == stones;
}

static void on_report(void *context, const EngineReport *report) {
    Candidate *candidate = context;
    candidate->score = report->score;
    candidate->mate = report->mate;
    candidate->reported = true;
}

/* The search's verdict on the position after the opening, side to move's view. */
static bool balanced(const GenSettings *s, Engine *engine, Candidate *candidate) {
    EngineStone stones[OPENING_MAX_STONES];
    const Opening *o = &candidate->opening;
    for (int i = 0; i < o->count; i++)
        stones[i] = (EngineStone){.x = o->x[i], .y = o->y[i], .color = i % 2 == 0 ? BLACK : WHITE};
    if (engine_set_position(engine, stones, o->count, o->count % 2 == 0 ? BLACK : WHITE) !=
        ENGINE_OK)
        return false;
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.turn_ms = 60000;
    limits.max_depth = s->depth;
    candidate->reported = false;
    engine_think(engine, &limits, on_report, candidate);
    if (!candidate->reported) return false;
    return candidate->mate == 0 && abs(candidate->score) <= s->margin;
}

static bool seen_before(char **kept, int count, const char *text) {
    for (int i = 0; i < count; i++)
        if (strcmp(kept[i], text) == 0) return true;
    return false;
}

static int generate(const GenSettings *s, FILE *out) {
    Engine *engine = engine_new();
    Board *board = malloc(sizeof *board);
    char **kept = calloc((size_t)s->count, sizeof *kept);
    if (!engine || !board || !kept) return 1;
    engine_set_rule(engine, s->rule);
    engine_set_seed(engine, s->seed);
    /* the margins are the tables' scores, and the same seed gives the openings it always gave */
    engine_set_eval(engine, "tables");
    if (!engine_set_level(engine, "max") || engine_start(engine, s->size, s->size) != ENGINE_OK) {
        fprintf(stderr, "genopenings: the engine cannot play %dx%d\n", s->size, s->size);
        return 1;
    }
    fprintf(out,
            "# %d openings, %dx%d, rule %d; made by: wuzi-tournament genopenings rule=%d size=%d "
            "count=%d seed=%llu stones=%d-%d radius=%d offcentre=%d depth=%d margin=%d",
            s->count, s->size, s->size, s->rule, s->rule, s->size, s->count,
            (unsigned long long)s->seed, s->min_stones, s->max_stones, s->radius, s->off_centre,
            s->depth, s->margin);
    if (s->reach >= 0) fprintf(out, " reach=%d", s->reach);
    fputc('\n', out);
    uint64_t rng = s->seed;
    int found = 0, tried = 0;
    while (found < s->count && tried < s->count * 1000) {
        tried++;
        Candidate candidate = {0};
        if (!draw_opening(s, &rng, board, &candidate.opening)) continue;
        char text[1024];
        opening_format(&candidate.opening, OPENING_OFFSET, s->size, s->size, text, sizeof text);
        if (seen_before(kept, found, text)) continue;
        const bool keep = balanced(s, engine, &candidate);
        if (s->verbose)
            fprintf(stderr, "%-40s score %6d mate %3d %s\n", text, candidate.score, candidate.mate,
                    keep ? "kept" : "");
        if (!keep) continue;
        kept[found++] = strdup(text);
        fprintf(out, "%s\n", text);
        fflush(out);
    }
    fprintf(stderr, "genopenings: kept %d of %d openings drawn\n", found, tried);
    for (int i = 0; i < found; i++) free(kept[i]);
    free(kept);
    free(board);
    engine_free(engine);
    return found == s->count ? 0 : 1;
}

int opening_gen_main(int argc, char **argv) {
    GenSettings s = {.size = 15,
                     .rule = 0,
                     .count = 100,
                     .min_stones = 3,
                     .max_stones = 5,
                     .radius = 3,
                     .off_centre = 25,
                     .reach = -1,
                     .depth = 6,
                     .margin = 60,
                     .seed = 1};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            gen_usage(stdout);
            return 0;
        }
        if (!parse_setting(&s, argv[i])) {
            fprintf(stderr, "genopenings: bad setting \"%s\"\n", argv[i]);
            gen_usage(stderr);
            return 2;
        }
    }
    if (s.size < 2 * s.radius + 3 || !geometry_get(s.size, s.size, 5, s.rule)) {
        fprintf(stderr, "genopenings: size %d does not fit radius %d or rule %d\n", s.size,
                s.radius, s.rule);
        return 2;
    }
    FILE *out = s.out ? fopen(s.out, "w") : stdout;
    if (!out) {
        fprintf(stderr, "genopenings: cannot write %s\n", s.out);
        return 1;
    }
    const int status = generate(&s, out);
    if (out != stdout && fclose(out) != 0) return 1;
    return status;
}

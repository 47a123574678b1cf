#include "merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"
#include "run.h"

#define LINE_MAX_BYTES (1 << 20)

/* ---- reading our own JSON lines: keys are searched as "key": outside strings, because every
 * quote inside a string value is written escaped ---- */

static const char *value_of(const char *line, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(line, pattern);
    return at ? at + strlen(pattern) : NULL;
}

static bool int_of(const char *line, const char *key, int *value) {
    const char *at = value_of(line, key);
    if (!at) return false;
    char *end;
    const long v = strtol(at, &end, 10);
    if (end == at) return false;
    *value = (int)v;
    return true;
}

/* A string value at `at` (just past its opening quote's position); returns the end or NULL. */
static const char *read_string(const char *at, char *out, size_t size) {
    if (*at++ != '"') return NULL;
    size_t n = 0;
    for (; *at && *at != '"'; at++) {
        char c = *at;
        if (c == '\\') {
            c = *++at;
            if (c == 'u') { /* only control characters are written this way */
                c = (char)strtol((char[]){at[1], at[2], at[3], at[4], 0}, NULL, 16);
                at += 4;
            }
        }
        if (n + 1 < size) out[n++] = c;
    }
    out[n] = '\0';
    return *at == '"' ? at + 1 : NULL;
}

static bool string_of(const char *line, const char *key, char *out, size_t size) {
    const char *at = value_of(line, key);
    return at && read_string(at, out, size);
}

/* ---- the merged run ---- */

/* What a results line says of one game. */
typedef struct Played {
    GameResult outcome;
    int black_longest_ms, white_longest_ms; /* -1: not in the line (an older runner's file) */
} Played;

typedef struct Merge {
    char digest[RESULTS_DIGEST_SIZE];
    const char *digest_file;
    bool have_header;
    Options options;
    Schedule schedule;
    bool *seen;
    Played *played;
    int skipped_lines;
} Merge;

static bool read_header(Merge *m, const char *line) {
    Options *o = &m->options;
    int games = 0, repeat = 0;
    const char *names = value_of(line, "engines"), *pairs = value_of(line, "encounters");
    if (!int_of(line, "games", &games) || games < 1 || games > 10000000 || !names || !pairs) return false;
    int_of(line, "repeat", &repeat);
    o->repeat = repeat != 0;
    o->engine_count = 0;
    for (const char *p = names + 1; *p == '"' && o->engine_count < MAX_ENGINES;) {
        p = read_string(p, o->engines[o->engine_count].name, sizeof o->engines[0].name);
        if (!p) return false;
        o->engine_count++;
        if (*p == ',') p++;
    }
    Schedule *s = &m->schedule;
    s->encounters = calloc((size_t)(o->engine_count * o->engine_count + 1), sizeof *s->encounters);
    s->jobs = calloc((size_t)games, sizeof *s->jobs);
    m->seen = calloc((size_t)games, sizeof *m->seen);
    m->played = calloc((size_t)games, sizeof *m->played);
    if (!s->encounters || !s->jobs || !m->seen || !m->played) return false;
    s->job_count = s->selected_count = games;
    for (const char *p = pairs + 1; *p == '[' && s->encounter_count < o->engine_count * o->engine_count;) {
        int a, b;
        if (sscanf(p, "[%d,%d]", &a, &b) != 2 || a < 0 || b < 0 || a >= o->engine_count || b >= o->engine_count)
            return false;
        s->encounters[s->encounter_count++] = (Encounter){.a = a, .b = b};
        p = strchr(p, ']') + 1;
        if (*p == ',') p++;
    }
    for (int i = 0; i < games; i++) s->jobs[i] = (Job){.number = i + 1, .partner = -1};
    const char *sprt = value_of(line, "sprt");
    if (sprt) {
        SprtSettings *t = &o->sprt;
        t->enabled = sscanf(sprt, "[%lf,%lf,%lf,%lf]", &t->elo0, &t->elo1, &t->alpha, &t->beta) == 4;
    }
    m->have_header = true;
    return s->encounter_count > 0;
}

static bool read_game(Merge *m, const char *line) {
    Schedule *s = &m->schedule;
    int game, encounter, black, white, partner = 0;
    char result[16];
    if (!int_of(line, "game", &game) || !int_of(line, "encounter", &encounter) || !int_of(line, "black", &black) ||
        !int_of(line, "white", &white) || !string_of(line, "result", result, sizeof result))
        return false;
    int_of(line, "partner", &partner);
    if (game < 1 || game > s->job_count || encounter < 0 || encounter >= s->encounter_count) return false;
    const GameResult outcome = strcmp(result, "1-0") == 0       ? RESULT_BLACK_WINS
                               : strcmp(result, "0-1") == 0     ? RESULT_WHITE_WINS
                               : strcmp(result, "1/2-1/2") == 0 ? RESULT_DRAW
                                                                : RESULT_NONE;
    if (outcome == RESULT_NONE) return false;
    Job *job = &s->jobs[game - 1];
    if (m->seen[game - 1]) return true; /* the same game from two files (a replayed shard) */
    m->seen[game - 1] = true;
    job->encounter = encounter;
    job->black = black;
    job->white = white;
    Played *played = &m->played[game - 1];
    played->outcome = outcome;
    if (!int_of(line, "black_longest_ms", &played->black_longest_ms)) played->black_longest_ms = -1;
    if (!int_of(line, "white_longest_ms", &played->white_longest_ms)) played->white_longest_ms = -1;
    if (partner >= 1 && partner <= s->job_count) {
        job->partner = partner - 1;
        s->jobs[partner - 1].partner = game - 1;
    }
    return true;
}

/* One file; false (after saying why) when it belongs to another schedule. */
static bool read_file(Merge *m, const char *path, char *line) {
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "wuzi-tournament merge: cannot open %s\n", path);
        return false;
    }
    bool ok = true;
    for (int number = 1; fgets(line, LINE_MAX_BYTES, file); number++) {
        const size_t length = strlen(line);
        char digest[RESULTS_DIGEST_SIZE];
        const bool whole = length > 0 && line[length - 1] == '\n';
        if (!whole || !string_of(line, "schedule", digest, sizeof digest)) {
            fprintf(stderr, "wuzi-tournament merge: warning: %s:%d is %s, skipped\n", path, number,
                    whole ? "not a results line" : "unfinished (the run was cut off)");
            m->skipped_lines++;
            continue;
        }
        if (!m->digest[0]) {
            snprintf(m->digest, sizeof m->digest, "%s", digest);
            m->digest_file = path;
        }
        if (strcmp(digest, m->digest) != 0) {
            fprintf(stderr,
                    "wuzi-tournament merge: %s comes from another schedule than %s (schedule %s, not %s: other "
                    "engines, settings, openings, games or seed); not merged\n",
                    path, m->digest_file, digest, m->digest);
            ok = false;
            break;
        }
        int header = 0;
        const bool read = int_of(line, "header", &header) && header
                              ? m->have_header || read_header(m, line)
                              : m->have_header && read_game(m, line);
        if (!read) {
            fprintf(stderr, "wuzi-tournament merge: warning: %s:%d %s, skipped\n", path, number,
                    m->have_header ? "cannot be read" : "comes before the run's header line");
            m->skipped_lines++;
        }
    }
    fclose(file);
    return ok;
}

/* "3,7-9": the games no file holds, as -only-games wants them. */
static void print_missing(const Merge *m) {
    const int total = m->schedule.job_count;
    int missing = 0;
    for (int i = 0; i < total; i++) missing += !m->seen[i];
    if (!missing) {
        printf("\nAll %d games of the schedule are here.\n", total);
        return;
    }
    printf("\nMissing %d of %d games (a shard that died or is still running); replay them with -only-games ",
           missing, total);
    bool first = true;
    for (int i = 0; i < total; i++) {
        if (m->seen[i]) continue;
        int j = i;
        while (j + 1 < total && !m->seen[j + 1]) j++;
        printf(j > i ? "%s%d-%d" : "%s%d", first ? "" : ",", i + 1, j + 1);
        first = false;
        i = j;
    }
    printf("\n");
}

int merge_main(int argc, char **argv) {
    if (argc < 2 || strcmp(argv[1], "-h") == 0) {
        printf("usage: wuzi-tournament merge FILE...\n"
               "Reads the -results files of the shards of one run and prints what the unsharded run\n"
               "prints at its end, then which games of the schedule are missing.\n");
        return argc < 2 ? 2 : 0;
    }
    Merge *m = calloc(1, sizeof *m);
    char *line = malloc(LINE_MAX_BYTES);
    if (!m || !line) return 2;
    int status = 0;
    for (int i = 1; i < argc && status == 0; i++)
        if (!read_file(m, argv[i], line)) status = 2;
    if (status == 0 && !m->have_header) {
        fprintf(stderr, "wuzi-tournament merge: no header line: these are not -results files of a run\n");
        status = 2;
    }
    if (status == 0) {
        Tournament t = {.options = &m->options, .schedule = m->schedule};
        for (int i = 0; i < t.schedule.job_count; i++) {
            Job *job = &t.schedule.jobs[i];
            if (!m->seen[i]) continue;
            run_count_result(&t, job, m->played[i].outcome);
            run_count_longest(&t, job, m->played[i].black_longest_ms, m->played[i].white_longest_ms);
        }
        printf("Schedule %s: %d files, %d games\n", m->digest, argc - 1, t.finished);
        report_final(&t);
        print_missing(m);
    }
    free(m->schedule.jobs);
    free(m->schedule.encounters);
    free(m->seen);
    free(m->played);
    free(m);
    free(line);
    return status;
}

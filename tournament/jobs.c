#include "jobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void add_encounter_games(Schedule *t, const Options *options, int encounter, int round) {
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

static void lay_out(Schedule *t, const Options *options) {
    const int n = options->engine_count;
    t->encounters = calloc((size_t)(n * n), sizeof *t->encounters);
    for (int a = 0; a < n; a++) {
        for (int b = a + 1; b < n; b++) {
            if (options->gauntlet && a != 0) continue;
            t->encounters[t->encounter_count++] = (Encounter){.a = a, .b = b};
        }
    }
    const long total = (long)t->encounter_count * options->games * options->rounds;
    if (total > 10000000) options_fail("%s", "too many games");
    t->jobs = calloc((size_t)total, sizeof *t->jobs);
    if (!t->encounters || !t->jobs) options_fail("%s", "out of memory");
    /* Rounds outermost, with the games of a round in one block per encounter, so that a
     * repeated opening's pair is played back to back. */
    for (int r = 0; r < options->rounds; r++)
        for (int e = 0; e < t->encounter_count; e++) add_encounter_games(t, options, e, r);
}

/* One warning for every opening left out, naming the first lines. */
static void warn_skipped(const OpeningBook *book, const Options *options) {
    if (!book->skipped) return;
    fprintf(stderr, "wuzi-tournament: warning: %d opening%s of %s do%s not fit the %dx%d board or rule, skipped (line",
            book->skipped, book->skipped == 1 ? "" : "s", options->openings_file, book->skipped == 1 ? "es" : "",
            options->settings.width, options->settings.height);
    const int named = book->skipped < OPENING_SKIPPED_NAMED ? book->skipped : OPENING_SKIPPED_NAMED;
    for (int i = 0; i < named; i++) fprintf(stderr, "%s %d", i ? "," : (named > 1 ? "s" : ""), book->skipped_line[i]);
    fprintf(stderr, "%s)\n", book->skipped > named ? ", ..." : "");
}

static void load_openings(Schedule *t, const Options *options) {
    if (!options->openings_file) return;
    char error[512];
    if (!openings_load(&t->book, options->openings_file, options->opening_format,
                       options->settings.width, options->settings.height, error, sizeof error))
        options_fail("%s", error);
    for (int i = 0; i < t->book.count; i++) {
        char why[160];
        if (!game_opening_valid(&options->settings, &t->book.items[i], why, sizeof why))
            openings_skip(&t->book, i--);
    }
    if (t->book.count == 0) options_fail("%s holds no opening that fits these settings", options->openings_file);
    warn_skipped(&t->book, options);
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

/* Shards deal out whole openings (both games of one with -repeat) in turn, so that each shard
 * gets every encounter and the pentanomial pairs stay whole. */
static bool in_shard(const Options *options, const Job *job) {
    if (!options->shard_count) return true;
    const int unit = options->repeat ? (job->number - 1) / 2 : job->number - 1;
    return unit % options->shard_count == options->shard - 1;
}

static void select_jobs(Schedule *t, const Options *options) {
    t->selected_count = 0;
    for (int i = 0; i < t->job_count; i++) {
        Job *job = &t->jobs[i];
        job->selected = in_shard(options, job) &&
                        (!options->only_games || options_list_has(options->only_games, job->number));
        t->selected_count += job->selected;
    }
}

void schedule_build(Schedule *schedule, const Options *options) {
    memset(schedule, 0, sizeof *schedule);
    load_openings(schedule, options);
    lay_out(schedule, options);
    select_jobs(schedule, options);
}

void schedule_free(Schedule *schedule) {
    openings_free(&schedule->book);
    free(schedule->jobs);
    free(schedule->encounters);
}

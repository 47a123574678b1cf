#include "start_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

#define CHECK_END_GRACE_MS 1000

typedef struct EngineCheck {
    const Tournament *tournament;
    const EngineSpec *spec;
    pthread_t thread;
    bool started;
    bool ok;
    char why[512];
} EngineCheck;

static void *check_main(void *arg) {
    EngineCheck *check = arg;
    const Tournament *t = check->tournament;
    check->ok = game_check_brain(&t->options->settings, check->spec, t->options->start_timeout_ms,
                                 CHECK_END_GRACE_MS, &t->cancel, check->why, sizeof check->why);
    return NULL;
}

/* The engines that play at least one of this run's games. */
static void engines_in_play(const Tournament *t, bool plays[MAX_ENGINES]) {
    memset(plays, 0, MAX_ENGINES * sizeof *plays);
    for (int i = 0; i < t->schedule.job_count; i++) {
        const Job *job = &t->schedule.jobs[i];
        if (!job->selected) continue;
        plays[job->black] = plays[job->white] = true;
    }
}

/* The first engine in play with the same command as engine `e`. */
static int first_with_command(const Options *options, const bool plays[MAX_ENGINES], int e) {
    for (int i = 0; i < e; i++)
        if (plays[i] && strcmp(options->engines[i].command, options->engines[e].command) == 0) return i;
    return e;
}

static void report_failure(const Options *options, const bool plays[MAX_ENGINES], int e,
                           const char *why) {
    for (int i = e; i < options->engine_count; i++) {
        if (!plays[i] || first_with_command(options, plays, i) != e) continue;
        fprintf(stderr, "wuzi-tournament: engine %s (%s) cannot play: %s\n", options->engines[i].name,
                options->engines[i].command, why);
    }
}

bool start_check(const Tournament *t) {
    const Options *options = t->options;
    bool plays[MAX_ENGINES];
    engines_in_play(t, plays);
    EngineCheck checks[MAX_ENGINES] = {{0}};
    for (int e = 0; e < options->engine_count; e++) {
        if (!plays[e] || first_with_command(options, plays, e) != e) continue;
        checks[e] = (EngineCheck){.tournament = t, .spec = &options->engines[e]};
        checks[e].started = pthread_create(&checks[e].thread, NULL, check_main, &checks[e]) == 0;
        if (!checks[e].started) check_main(&checks[e]);
    }
    bool ready = true;
    for (int e = 0; e < options->engine_count; e++) {
        if (!checks[e].spec) continue;
        if (checks[e].started) pthread_join(checks[e].thread, NULL);
        if (checks[e].ok) continue;
        ready = false;
        if (!atomic_load(&t->cancel)) report_failure(options, plays, e, checks[e].why);
    }
    return ready;
}

#include "workers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain_process.h"
#include "records.h"
#include "report.h"
#include "results.h"

#define END_GRACE_MS 1000

typedef struct GameWorker {
    Tournament *tournament;
    int id;
    int log_fd;
    pthread_t thread;
} GameWorker;

/* ---- finishing a game (under the lock) ---- */

static void write_records(Tournament *t, const Job *job, const GameRecord *record) {
    const Options *options = t->options;
    bool ok = true;
    if (options->results) ok = results_append(options->results, t->digest, job, record, options) && ok;
    if (options->pgn) ok = records_append_pgn(options->pgn, record) && ok;
    if (options->sgf) ok = records_append_sgf(options->sgf, record) && ok;
    if (options->psq) ok = records_write_psq(options->psq, record) && ok;
    if (!ok && !t->record_error_shown) {
        fprintf(stderr, "wuzi-tournament: cannot write a game record (%s)\n", strerror(errno));
        t->record_error_shown = true;
    }
}

static void count_pair(Tournament *t, Encounter *e, const Job *job) {
    const Job *partner = job->partner >= 0 ? &t->schedule.jobs[job->partner] : NULL;
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

SprtVerdict workers_sprt_state(const Tournament *t, const Encounter *e, double *llr) {
    if (t->sprt_verdict != SPRT_CONTINUE) {
        *llr = t->sprt_llr;
        return t->sprt_verdict;
    }
    const SprtSettings *sprt = &t->options->sprt;
    *llr = t->options->repeat ? sprt_llr_pentanomial(sprt, &e->penta) : sprt_llr(sprt, &e->score);
    return sprt_verdict(sprt, *llr);
}

bool workers_check_sprt(Tournament *t, const Encounter *e) {
    if (!t->options->sprt.enabled || t->sprt_verdict != SPRT_CONTINUE) return false;
    double llr;
    const SprtVerdict verdict = workers_sprt_state(t, e, &llr);
    if (verdict == SPRT_CONTINUE) return false;
    t->sprt_verdict = verdict;
    t->sprt_llr = llr;
    t->sprt_games = score_games(&e->score);
    atomic_store(&t->stop, true);
    return true;
}

void workers_count_result(Tournament *t, Job *job, GameResult result) {
    Encounter *e = &t->schedule.encounters[job->encounter];
    const double black_points = result_black_points(result);
    job->points_a = job->black == e->a ? black_points : 1.0 - black_points;
    job->done = true;
    t->finished++;
    score_add(&e->score, job->points_a);
    score_add(&t->engine_score[e->a], job->points_a);
    score_add(&t->engine_score[e->b], 1.0 - job->points_a);
    count_pair(t, e, job);
}

static void finish_game(Tournament *t, Job *job, const GameRecord *record) {
    const Options *options = t->options;
    Encounter *e = &t->schedule.encounters[job->encounter];
    workers_count_result(t, job, record->result);
    report_clear_progress(t);
    printf("Finished game %d (%s vs %s): %s {%s}\n", job->number, options->engines[job->black].name,
           options->engines[job->white].name, result_text(record->result), record->reason);
    report_score_line(t, e);
    write_records(t, job, record);
    if (workers_check_sprt(t, e)) report_sprt_line(t, e);
    report_progress(t);
    fflush(stdout);
}

/* The two players of a worker follow the engines of its current game; a change of engines
 * stops the old brains. */
static void assign_players(GameWorker *w, Player slots[2], const Job *job, Player **black,
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
    while (t->next_job < t->schedule.job_count && !t->schedule.jobs[t->next_job].selected) t->next_job++;
    if (!atomic_load(&t->stop) && t->next_job < t->schedule.job_count) {
        job = &t->schedule.jobs[t->next_job++];
        t->running++;
        report_clear_progress(t);
        printf("Started game %d of %d (%s vs %s)\n", job->number, t->schedule.job_count,
               t->options->engines[job->black].name, t->options->engines[job->white].name);
        report_progress(t);
        fflush(stdout);
    }
    pthread_mutex_unlock(&t->lock);
    return job;
}

static void *worker_main(void *arg) {
    GameWorker *w = arg;
    Tournament *t = w->tournament;
    Player slots[2] = {{0}};
    brain_init(&slots[0].brain, "", w->log_fd, t->start_ms, &t->cancel);
    brain_init(&slots[1].brain, "", w->log_fd, t->start_ms, &t->cancel);
    GameRecord *record = malloc(sizeof *record);
    Job *job;
    while (record && (job = next_job(t)) != NULL) {
        Player *black, *white;
        assign_players(w, slots, job, &black, &white);
        const Opening *opening = job->opening >= 0 ? &t->schedule.book.items[job->opening] : NULL;
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


static int open_log(int id) {
    char path[64];
    snprintf(path, sizeof path, "wuzi-tournament.%d.log", id);
    const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
    if (fd < 0) fprintf(stderr, "wuzi-tournament: cannot write %s\n", path);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

void workers_run(Tournament *t) {
    int count = t->options->concurrency;
    if (count > t->schedule.selected_count) count = t->schedule.selected_count;
    GameWorker *workers = calloc((size_t)(count > 0 ? count : 1), sizeof *workers);
    if (!workers) options_fail("%s", "out of memory");
    int started = 0;
    for (int i = 0; i < count; i++) {
        workers[i] = (GameWorker){
            .tournament = t, .id = i + 1, .log_fd = t->options->log ? open_log(i + 1) : -1};
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) break;
        started++;
    }
    for (int i = 0; i < started; i++) pthread_join(workers[i].thread, NULL);
    for (int i = 0; i < count; i++)
        if (workers[i].log_fd >= 0) close(workers[i].log_fd);
    free(workers);
}


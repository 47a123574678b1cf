#include "workers.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "brain_process.h"
#include "game.h"

#define END_GRACE_MS 1000

typedef struct GameWorker {
    Tournament *tournament;
    const WorkerEvents *events;
    int id;
    int log_fd;
    pthread_t thread;
} GameWorker;

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

static Job *next_job(GameWorker *w) {
    Tournament *t = w->tournament;
    pthread_mutex_lock(&t->lock);
    Job *job = NULL;
    while (t->next_job < t->schedule.job_count && !t->schedule.jobs[t->next_job].selected) t->next_job++;
    if (!atomic_load(&t->stop) && t->next_job < t->schedule.job_count) {
        job = &t->schedule.jobs[t->next_job++];
        t->running++;
        w->events->started(t, job);
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
    while (record && (job = next_job(w)) != NULL) {
        Player *black, *white;
        assign_players(w, slots, job, &black, &white);
        const Opening *opening = job->opening >= 0 ? &t->schedule.book.items[job->opening] : NULL;
        const bool played =
            game_play(&t->options->settings, black, white, opening, job->number, record);
        pthread_mutex_lock(&t->lock);
        t->running--;
        if (played) w->events->finished(t, job, record);
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

void workers_run(Tournament *t, const WorkerEvents *events) {
    int count = t->options->concurrency;
    if (count > t->schedule.selected_count) count = t->schedule.selected_count;
    GameWorker *workers = calloc((size_t)(count > 0 ? count : 1), sizeof *workers);
    if (!workers) options_fail("%s", "out of memory");
    int started = 0;
    for (int i = 0; i < count; i++) {
        workers[i] = (GameWorker){
            .tournament = t, .events = events, .id = i + 1, .log_fd = t->options->log ? open_log(i + 1) : -1};
        if (pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) != 0) break;
        started++;
    }
    for (int i = 0; i < started; i++) pthread_join(workers[i].thread, NULL);
    for (int i = 0; i < count; i++)
        if (workers[i].log_fd >= 0) close(workers[i].log_fd);
    free(workers);
}


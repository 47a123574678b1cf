/* wuzi-tournament: matches between Gomocup brains, from the command line.
 *
 * options.c reads the command line, jobs.c lays out the schedule (round robin or gauntlet,
 * -games per encounter, -rounds times, openings shared by all encounters), workers.c plays it
 * on -concurrency threads, run.c counts it and report.c prints it; start_check.c first makes
 * sure that every brain starts. Here: what follows each game (counted, printed, written to the
 * record files), the signals — Ctrl-C (or SIGTERM, SIGHUP) stops the games in progress and
 * prints the table of the finished ones — and the `genopenings`, `merge` and `sprt` subcommands. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "merge.h"
#include "opening_gen.h"
#include "report.h"
#include "results.h"
#include "sprt_calc.h"
#include "start_check.h"
#include "workers.h"

/* ---- each game, as the workers report it (under the run's lock) ---- */

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

static void game_finished(Tournament *t, Job *job, const GameRecord *record) {
    const Encounter *e = &t->schedule.encounters[job->encounter];
    run_count_result(t, job, record->result);
    run_count_longest(t, job, record->black_time.longest_ms, record->white_time.longest_ms);
    report_game_finished(t, job, record);
    report_score_line(t, e);
    write_records(t, job, record);
    if (run_check_sprt(t, e)) report_sprt_line(t, e);
    report_progress(t);
    fflush(stdout);
}

static const WorkerEvents GAME_EVENTS = {.started = report_game_started, .finished = game_finished};

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

static void watch_signals(SignalWatch *watch) {
    sigemptyset(&watch->set);
    sigaddset(&watch->set, SIGINT);
    sigaddset(&watch->set, SIGTERM);
    sigaddset(&watch->set, SIGHUP);
    sigaddset(&watch->set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &watch->set, NULL);
    pthread_create(&watch->thread, NULL, signal_main, watch);
}

static void stop_watching(SignalWatch *watch) {
    pthread_kill(watch->thread, SIGUSR1);
    pthread_join(watch->thread, NULL);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "genopenings") == 0)
        return opening_gen_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "merge") == 0) return merge_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "sprt") == 0) return sprt_calc_main(argc - 1, argv + 1);
    Options options;
    options_parse(argc, argv, &options);
    Tournament t = {.options = &options, .tty = isatty(STDOUT_FILENO), .start_ms = monotonic_ms()};
    pthread_mutex_init(&t.lock, NULL);
    schedule_build(&t.schedule, &options);
    if (options.results && !results_digest(&options, t.digest))
        options_fail("cannot read %s", options.openings_file);

    /* A brain that dies leaves a closed pipe: writing to it must fail, not kill the runner. */
    struct sigaction ignore = {.sa_handler = SIG_IGN};
    sigaction(SIGPIPE, &ignore, NULL);
    SignalWatch watch = {.tournament = &t};
    watch_signals(&watch);

    fflush(stdout); /* what the schedule said comes before any complaint about a brain */
    if (!start_check(&t)) {
        stop_watching(&watch);
        schedule_free(&t.schedule);
        return atomic_load(&t.interrupted) ? 130 : 2;
    }
    if (options.results && !results_write_header(options.results, t.digest, &options, &t.schedule))
        options_fail("cannot write %s", options.results);
    workers_run(&t, &GAME_EVENTS);
    stop_watching(&watch);

    report_final(&t);
    schedule_free(&t.schedule);
    pthread_mutex_destroy(&t.lock);
    return atomic_load(&t.interrupted) ? 130 : 0;
}

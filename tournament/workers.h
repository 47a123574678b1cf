/* workers: the run's shared state and the threads that play it — each worker takes the next
 * game of the schedule, plays it with its own two brain processes, and counts, prints and
 * records the result under the run's lock. */
#ifndef WUZI_WORKERS_H
#define WUZI_WORKERS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "jobs.h"

typedef struct Tournament {
    const Options *options;
    Schedule schedule;
    int next_job, finished, running;
    Score engine_score[MAX_ENGINES];
    Pentanomial engine_penta[MAX_ENGINES];
    pthread_mutex_t lock;
    atomic_bool stop;   /* start no new game */
    atomic_bool cancel; /* abandon the games in progress */
    atomic_bool interrupted;
    bool tty;
    bool record_error_shown;
    int64_t start_ms;
    char digest[17]; /* the schedule's identity in -results files */
    /* The SPRT's decision, once made: final, though games still in progress are counted after
     * it (one of them could take the LLR back inside the bounds). */
    SprtVerdict sprt_verdict;
    double sprt_llr;
    int sprt_games;
} Tournament;

/* Play the whole schedule on options->concurrency threads; returns when every game is done or
 * `stop` / `cancel` ended the run. */
void workers_run(Tournament *t);
/* Count a finished game in the encounter's and engines' scores and pentanomial pairs (also used
 * by merge, which counts games that other runs played). */
void workers_count_result(Tournament *t, Job *job, GameResult result);
/* After a game of encounter e: has the SPRT decided? Then the decision is kept and no new game
 * starts. Returns true on the call that decides. */
bool workers_check_sprt(Tournament *t, const Encounter *e);
/* The SPRT's verdict and LLR: the decision if one was made, else where the test stands. */
SprtVerdict workers_sprt_state(const Tournament *t, const Encounter *e, double *llr);

#endif

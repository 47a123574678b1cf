/* run: the run's shared state — its options and schedule, the games counted so far, the flags
 * that stop it — and the counting of a finished game: the encounter's and engines' scores, the
 * pentanomial pairs, the SPRT's decision, each engine's longest move. Used under the run's lock;
 * prints nothing. */
#ifndef WUZI_RUN_H
#define WUZI_RUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "jobs.h"
#include "records.h"

typedef struct Tournament {
    const Options *options;
    Schedule schedule;
    int next_job, finished, running;
    Score engine_score[MAX_ENGINES];
    Pentanomial engine_penta[MAX_ENGINES];
    int64_t engine_longest_ms[MAX_ENGINES]; /* the longest wait for a move over the run */
    int engine_longest_game[MAX_ENGINES];   /* the game it was in; 0: none counted */
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

/* Count a finished game in the encounter's and engines' scores and pentanomial pairs (also used
 * by merge, which counts games that other runs played). */
void run_count_result(Tournament *t, Job *job, GameResult result);
/* Count the longest moves of a finished game's black and white players (-1: not known). */
void run_count_longest(Tournament *t, const Job *job, int64_t black_ms, int64_t white_ms);
/* After a game of encounter e: has the SPRT decided? Then the decision is kept and no new game
 * starts. Returns true on the call that decides. */
bool run_check_sprt(Tournament *t, const Encounter *e);
/* The SPRT's verdict and LLR: the decision if one was made, else where the test stands. */
SprtVerdict run_sprt_state(const Tournament *t, const Encounter *e, double *llr);

#endif

/* jobs: the schedule — which engines meet, with which colours, on which opening, in which
 * order — built from the options alone, and the opening book it plays from. */
#ifndef WUZI_JOBS_H
#define WUZI_JOBS_H

#include "options.h"
#include "stats.h"

typedef struct Job {
    int number; /* 1-based game number */
    int encounter;
    int black, white; /* engine indices */
    int opening;      /* index into the book, -1: empty board */
    int partner;      /* job index of the other game on the same opening (-repeat), or -1 */
    bool selected; /* in this run's part of the schedule (-shard, -only-games) */
    bool done;
    double points_a; /* for the encounter's first engine */
} Job;

typedef struct Encounter {
    int a, b;
    Score score;       /* a's view */
    Pentanomial penta; /* a's view */
} Encounter;

typedef struct Schedule {
    OpeningBook book;
    Job *jobs;
    int job_count;      /* the whole schedule */
    int selected_count; /* the games this run plays */
    Encounter *encounters;
    int encounter_count;
} Schedule;

/* Load the openings (-openings) and lay out every game, marking the ones this run plays; exits
 * with a message on bad input. The layout depends on the options alone (given -seed), so every
 * shard of a run numbers the games alike. */
void schedule_build(Schedule *schedule, const Options *options);
void schedule_free(Schedule *schedule);

#endif

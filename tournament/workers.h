/* workers: the threads that play the schedule — each takes the next game of the schedule,
 * plays it with its own two brain processes, and hands the finished game to its caller through
 * a callback. The workers print and count nothing themselves. */
#ifndef WUZI_WORKERS_H
#define WUZI_WORKERS_H

#include "records.h"
#include "run.h"

/* Called under the run's lock: a game of the schedule starts; a game is over (not called for a
 * game that `cancel` abandoned). */
typedef struct WorkerEvents {
    void (*started)(const Tournament *t, const Job *job);
    void (*finished)(Tournament *t, Job *job, const GameRecord *record);
} WorkerEvents;

/* Play the schedule's selected games on options->concurrency threads; returns when every game
 * is done or `stop` / `cancel` ended the run. */
void workers_run(Tournament *t, const WorkerEvents *events);

#endif

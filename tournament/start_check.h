/* start_check: before the first game, every engine that plays in this run is started once and
 * must answer START (RECTSTART) with OK within -starttimeout: a brain whose command cannot run,
 * that dies, hangs or refuses the board would only forfeit every game. Engines that share a
 * command are checked once, and the checks run side by side, so the wait is one timeout at most.
 * A brain that fails later, mid-match, forfeits its games as before. */
#ifndef WUZI_START_CHECK_H
#define WUZI_START_CHECK_H

#include <stdbool.h>

#include "run.h"

/* True when every engine of the run's selected games is ready; else each one that is not is
 * named on stderr ("wuzi-tournament: engine A cannot play: …"). False too when the run was
 * cancelled meanwhile. */
bool start_check(const Tournament *t);

#endif

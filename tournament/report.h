/* report: what the runner prints — the progress line, each encounter's score, Elo, LOS,
 * pentanomial and SPRT lines, and the final table. Called under the run's lock. */
#ifndef WUZI_REPORT_H
#define WUZI_REPORT_H

#include "workers.h"

void report_clear_progress(const Tournament *t);
void report_progress(const Tournament *t);
void report_score_line(const Tournament *t, const Encounter *e);
void report_sprt_line(const Tournament *t, const Encounter *e);
void report_final(const Tournament *t);

#endif

/* report: what the runner prints — the progress line, each game's start and end, each
 * encounter's score, Elo, LOS, pentanomial and SPRT lines, and the final table. Called under
 * the run's lock. */
#ifndef WUZI_REPORT_H
#define WUZI_REPORT_H

#include "records.h"
#include "run.h"

void report_progress(const Tournament *t);
/* "Started game i of n (A vs B)" */
void report_game_started(const Tournament *t, const Job *job);
/* "Finished game i (A vs B): 1-0 {reason}" (A has black), then "Times in game i (A vs B): A
 * longest move M ms, clock C ms left; B …" ("no game clock" without one). */
void report_game_finished(const Tournament *t, const Job *job, const GameRecord *record);
/* "Score<of>: W - L - D  [score] N" */
void report_score(const char *of, const Score *score);
void report_score_line(const Tournament *t, const Encounter *e);
void report_sprt_line(const Tournament *t, const Encounter *e);
/* "Elo difference: …" from the score, then "Ptnml(0-2): …" where `penta` holds pairs. */
void report_elo_lines(const Score *score, const Pentanomial *penta);
/* "SPRT: llr … - verdict", with " after N games" for a decision when `games` is not 0. */
void report_sprt_figures(const SprtSettings *sprt, double llr, SprtVerdict verdict, int games);
void report_final(const Tournament *t);

#endif

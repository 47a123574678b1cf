/* results: the machine-readable results file (-results FILE), one JSON object per line.
 *
 * A run writes a header line when it starts and one line per finished game, each opened,
 * appended and closed at once, so a shard that dies leaves every finished game readable. Every
 * line carries the schedule's identity: a digest of what fixes the schedule and the conditions
 * (engine names and settings, time control, rule, board, openings file contents, games, seed) —
 * not of command paths, which differ between machines. `wuzi-tournament merge` reads them.
 *
 *   {"schedule":"…","header":1,"games":N,"repeat":1,"engines":["A","B"],"encounters":[[0,1]],
 *    "sprt":[elo0,elo1,alpha,beta]}
 *   {"schedule":"…","game":7,"encounter":0,"black":0,"white":1,"partner":8,"black_name":"A",
 *    "white_name":"B","rule":0,"board":"15x15","opening_stones":3,"result":"1-0",
 *    "reason":"…","black_longest_ms":412,"white_longest_ms":398,"black_clock_left_ms":9310,
 *    "white_clock_left_ms":9442,"moves":[[7,7,0],[8,8,153],…]}
 * Moves begin with the opening's stones; coordinates are 0-based x,y; the third number is the
 * move's thinking time in ms (0 for opening stones); result "1-0" means black won. A side's
 * longest move counts a move that came too late or never came too; its clock left is null
 * without a game clock. */
#ifndef WUZI_RESULTS_H
#define WUZI_RESULTS_H

#include <stdbool.h>

#include "jobs.h"
#include "records.h"

#define RESULTS_DIGEST_SIZE 17 /* 16 hex digits and the NUL */

/* The schedule's identity; false if the openings file cannot be read. */
bool results_digest(const Options *options, char digest[RESULTS_DIGEST_SIZE]);
bool results_write_header(const char *path, const char *digest, const Options *options,
                          const Schedule *schedule);
bool results_append(const char *path, const char *digest, const Job *job, const GameRecord *record,
                    const Options *options);

#endif

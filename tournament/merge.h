/* merge: `wuzi-tournament merge FILE...` — the -results files of the shards of one run read
 * back and printed as the unsharded run prints its end: each encounter's score, Elo ± 95 %, LOS,
 * pentanomial figures and SPRT verdict, then the table. Games of the schedule that no file holds
 * are listed, with the -only-games argument that replays them. Files from different schedules
 * are refused (exit 2, saying which); an unfinished or malformed line is skipped with a warning. */
#ifndef WUZI_MERGE_H
#define WUZI_MERGE_H

int merge_main(int argc, char **argv);

#endif

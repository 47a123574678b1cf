/* opening_gen: making balanced opening files (`wuzi-tournament genopenings ...`).
 *
 * Draws short random openings: the first stone near a centre (the board's, or, for a share
 * of them, a centre moved off it as Gomocup's openings are), the others within a few cells of
 * it, none making five or a renju foul, no opening twice. Each candidate is searched by Wuzi's
 * own engine (engine.h, level max to a fixed depth, so the output depends only on the seed);
 * it is kept only when the search finds no forced win and its score for the side to move is
 * within the balance margin. Output: the offset format, one opening per line, after a
 * `#` header that records how the file was made. */
#ifndef WUZI_OPENING_GEN_H
#define WUZI_OPENING_GEN_H

/* Entry point of the subcommand; argv[0] is "genopenings". Returns the exit status. */
int opening_gen_main(int argc, char **argv);

#endif

/* bench: a fixed set of positions searched to a fixed depth with one thread; prints each
 * position's nodes and best move, then total nodes, time and nodes per second
 * (`pbrain-wuzi bench [depth]`). The node count is the search's signature: it is the same on
 * every run and machine, and changes only when the search does. */
#ifndef WUZI_BENCH_H
#define WUZI_BENCH_H

#include <stdbool.h>
#include <stdio.h>

#define BENCH_DEFAULT_DEPTH 10

/* Runs the benchmark to `depth` (<= 0: the default), printing to `out`, evaluating with the
 * network where `net` (net.h; the signature is the tables'); returns the process exit status. */
int bench_run(FILE *out, int depth, bool net);

#endif

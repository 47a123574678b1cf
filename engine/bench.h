/* bench: a fixed set of positions searched to a fixed depth; prints total nodes, time and
 * nodes per second (`pbrain-wuzi bench`). The node count is the search's signature. */
#ifndef WUZI_BENCH_H
#define WUZI_BENCH_H

/* Runs the benchmark, printing to stdout; returns the process exit status. */
int bench_run(void);

#endif

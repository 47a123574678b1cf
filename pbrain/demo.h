/* demo: two levels play a game in the terminal (`pbrain-wuzi demo [A B]`, `make demo`), the
 * board shown after every move, then the result. A first look at Wuzi for newcomers. */
#ifndef WUZI_DEMO_H
#define WUZI_DEMO_H

#include <stdint.h>

typedef struct DemoOptions {
    const char *black, *white;   /* level names */
    int size, connect, rule;
    uint64_t seed;
    int pause_ms;                /* between moves, so a person can follow */
} DemoOptions;

void demo_defaults(DemoOptions *options);
/* Prints the game to stdout; returns the exit status (2 for a bad level name or size). */
int demo_run(const DemoOptions *options);

#endif

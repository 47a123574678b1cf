/* monotonic: milliseconds on a clock that wall-clock steps do not move — the one clock of the
 * engine's time limits, the runner's game clocks and the tests' deadlines. */
#ifndef WUZI_MONOTONIC_H
#define WUZI_MONOTONIC_H

#include <stdint.h>

int64_t monotonic_ms(void);

#endif

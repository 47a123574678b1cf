/* rng: splitmix64, the project's one random generator — seeded, so games, tests and the
 * Zobrist keys repeat from run to run. */
#ifndef WUZI_RNG_H
#define WUZI_RNG_H

#include <stdint.h>

static inline uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif

#include "bench.h"

#include <stdlib.h>

#include "rules.h"
#include "search.h"
#include "monotonic.h"
#include "timeman.h"

typedef struct BenchPosition {
    const char *name;
    int size, rule;
    const char *moves;      /* x,y in play order, black first (from Wuzi's own self-play) */
} BenchPosition;

/* Middle-game positions from Wuzi's own self-play, none solved by the threat searches at the
 * root, chosen so that each takes a share of the nodes at the default depth. */
static const BenchPosition POSITIONS[] = {
    {"15 freestyle a", 15, 0,
     "6,6 6,10 10,9 9,7 7,10 8,6 7,5 8,4 8,7 9,8 9,6 8,8 10,6 5,11 7,9 7,8 6,8 9,11 10,8 9,9 9,10"},
    {"15 freestyle b", 15, 0, "6,8 5,5 6,4 5,8 6,9 6,7 4,9 5,9 5,7 4,5 7,5 3,5 2,5 3,4"},
    {"15 freestyle c", 15, 0, "6,6 4,10 7,10 8,10 6,10 4,6 5,11 4,12 4,8 7,11 8,8 9,9 10,8 6,12 5,13"},
    {"15 freestyle d", 15, 0,
     "7,6 8,5 9,6 10,4 7,7 10,7 7,5 7,8 10,6 8,6 8,4 7,3 6,6 5,7 9,3 10,2 11,7 9,5 8,8 9,9 11,5 12,4 "
     "11,3 11,4"},
    {"15 standard a", 15, 1, "8,6 5,9 5,10 7,7 4,9 3,8 7,8 4,8 8,7 6,9 8,9 8,8 6,7 5,6"},
    {"15 standard b", 15, 1,
     "10,8 9,6 12,6 8,5 8,7 10,7 11,8 9,8 11,7 9,9 9,7 11,9 8,9 7,5 13,5 14,4 8,8 8,10 7,4 9,11 "
     "12,8 9,10 9,12"},
    {"15 renju a", 15, 4, "6,8 6,7 9,8 8,5 7,6 8,7 8,8 7,8 9,6 9,7 10,7 8,6 8,9 7,10"},
    {"15 renju b", 15, 4, "7,7 9,9 9,7 8,7 6,8 8,6 8,8 7,9 6,9 5,8 9,6 6,7 9,4 9,5 8,3 4,9 7,6"},
    {"15 renju c", 15, 4, "6,6 10,5 10,7 7,9 8,7 9,7 8,8 8,9 9,9 7,7 7,6 6,5 8,6 9,6 9,4"},
    {"20 freestyle", 20, 0,
     "11,10 11,8 11,13 12,9 13,10 13,9 12,10 14,10 11,12 11,9 14,9 12,11 11,11 11,14 9,9 10,10"},
};

static bool set_up(Board *board, const BenchPosition *position, bool net) {
    board_init(board, geometry_get_eval(position->size, position->size, 5, position->rule, net));
    const char *text = position->moves;
    char *end;
    while (*text) {
        const long x = strtol(text, &end, 10);
        if (end == text || *end != ',') return false;
        const long y = strtol(end + 1, &end, 10);
        if (rules_play(board, (int)x, (int)y) != VERDICT_PLAYING) return false;
        text = end;
        while (*text == ' ') text++;
    }
    return true;
}

int bench_run(FILE *out, int depth, bool net) {
    if (depth <= 0) depth = BENCH_DEFAULT_DEPTH;
    Search *search = search_new();
    if (!search) return 1;
    search_set_hash_bytes(search, 16u << 20);   /* fixed: the table size changes node counts */
    static Board board;
    uint64_t total = 0, quiescence = 0, threat = 0;
    const int64_t start = monotonic_ms();
    const int count = (int)(sizeof POSITIONS / sizeof POSITIONS[0]);
    for (int i = 0; i < count; i++) {
        if (!set_up(&board, &POSITIONS[i], net)) {
            fprintf(out, "bench: position %d is not playable\n", i + 1);
            search_free(search);
            return 1;
        }
        search_clear(search);
        const SearchLimits limits = {.time = {.unlimited = true}, .max_depth = depth};
        const int64_t position_start = monotonic_ms();
        const SearchResult result = search_think(search, &board, &limits, NULL, NULL);
        total += result.nodes;
        quiescence += result.quiescence_nodes;
        threat += result.threat_nodes;
        fprintf(out, "%-16s depth %2d  move %2d,%-2d  score %6d  nodes %9llu (quiescence %8llu, threat %7llu)  %6lld ms\n",
                POSITIONS[i].name, result.depth, cell_x(result.move), cell_y(result.move), result.score,
                (unsigned long long)result.nodes, (unsigned long long)result.quiescence_nodes,
                (unsigned long long)result.threat_nodes, (long long)(monotonic_ms() - position_start));
    }
    const int64_t elapsed = monotonic_ms() - start;
    const uint64_t alpha_beta = total - threat;
    fprintf(out, "nodes %llu\nalpha-beta nodes %llu (of which quiescence %llu), threat-search nodes %llu\n"
                 "time %lld ms\nnps %llu (alpha-beta nodes per second)\n",
            (unsigned long long)total, (unsigned long long)alpha_beta, (unsigned long long)quiescence,
            (unsigned long long)threat, (long long)elapsed,
            (unsigned long long)(elapsed > 0 ? alpha_beta * 1000 / (uint64_t)elapsed : alpha_beta));
    search_free(search);
    return 0;
}

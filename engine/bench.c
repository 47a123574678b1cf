#include "bench.h"

#include <stdlib.h>

#include "rules.h"
#include "search.h"
#include "timeman.h"

typedef struct BenchPosition {
    const char *name;
    int size, rule;
    const char *moves;      /* x,y in play order, black first (from Wuzi's own self-play) */
} BenchPosition;

static const BenchPosition POSITIONS[] = {
    {"15 freestyle opening", 15, 0, "7,7 8,6 8,8 6,6 9,6 8,4"},
    {"15 freestyle middle", 15, 0,
     "7,7 9,8 7,6 7,8 8,6 6,7 6,8 9,5 5,6 6,6 5,7 5,9 5,4 5,5 7,4 9,7 9,6 6,5 6,4"},
    {"15 freestyle late", 15, 0,
     "7,7 9,8 7,6 7,8 8,6 6,7 6,8 9,5 5,6 6,6 5,7 5,9 5,4 5,5 7,4 9,7 9,6 6,5 6,4 8,4 3,5 4,6 "
     "7,5 7,3 4,4 3,4 5,3 4,2 6,2 7,1"},
    {"15 standard middle", 15, 1, "7,7 8,6 10,6 6,6 10,7 10,8 9,7 8,7 8,8 7,9 10,5 10,4 11,5 12,4 9,5"},
    {"15 standard late", 15, 1,
     "7,7 8,6 10,6 6,6 10,7 10,8 9,7 8,7 8,8 7,9 10,5 10,4 11,5 12,4 9,5 8,5 11,6 8,4 8,3 9,4 "
     "11,4 7,4"},
    {"15 renju opening", 15, 4, "7,7 9,7 6,7 9,6 9,9 8,8 7,9 8,6"},
    {"15 renju late", 15, 4,
     "7,7 9,7 6,7 9,6 9,9 8,8 7,9 8,6 8,9 6,9 8,7 10,8 11,9 10,9 7,6 7,8 9,8 10,7 10,6 4,7 6,5 "
     "5,4 6,4 6,6 5,8 8,5 7,4 4,9 8,3 9,2 7,3 7,5 9,3 6,3 4,6 5,5 10,4 10,11"},
    {"20 freestyle middle", 20, 0,
     "10,10 11,11 10,12 11,9 11,10 12,10 10,11 10,9 12,9 9,12 10,8 10,13 8,11 8,10 7,8 9,14"},
    {"20 freestyle late", 20, 0,
     "10,10 11,11 10,12 11,9 11,10 12,10 10,11 10,9 12,9 9,12 10,8 10,13 8,11 8,10 7,8 9,14 9,8 "
     "11,8 8,15 6,8 9,10 6,7 6,11 7,10 7,9 7,11 9,6 11,12 11,6 6,9"},
};

static bool set_up(Board *board, const BenchPosition *position) {
    board_init(board, geometry_get(position->size, position->size, 5, position->rule));
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

int bench_run(FILE *out, int depth) {
    if (depth <= 0) depth = BENCH_DEFAULT_DEPTH;
    Search *search = search_new();
    if (!search) return 1;
    search_set_hash_bytes(search, 16u << 20);   /* fixed: the table size changes node counts */
    static Board board;
    uint64_t total_nodes = 0;
    const int64_t start = timeman_now_ms();
    const int count = (int)(sizeof POSITIONS / sizeof POSITIONS[0]);
    for (int i = 0; i < count; i++) {
        if (!set_up(&board, &POSITIONS[i])) {
            fprintf(out, "bench: position %d is not playable\n", i + 1);
            search_free(search);
            return 1;
        }
        search_clear(search);
        const SearchLimits limits = {.time = {.unlimited = true}, .max_depth = depth};
        const int64_t position_start = timeman_now_ms();
        const SearchResult result = search_think(search, &board, &limits, NULL, NULL);
        total_nodes += result.nodes;
        fprintf(out, "%-22s depth %2d  move %2d,%-2d  score %6d  nodes %10llu  %6lld ms\n",
                POSITIONS[i].name, result.depth, cell_x(result.move), cell_y(result.move),
                result.score, (unsigned long long)result.nodes,
                (long long)(timeman_now_ms() - position_start));
    }
    const int64_t elapsed = timeman_now_ms() - start;
    fprintf(out, "nodes %llu\ntime %lld ms\nnps %llu\n", (unsigned long long)total_nodes,
            (long long)elapsed,
            (unsigned long long)(elapsed > 0 ? total_nodes * 1000 / (uint64_t)elapsed : total_nodes));
    search_free(search);
    return 0;
}

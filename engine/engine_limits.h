/* engine_limits: what the manager allows for one move, and what a search reports of each iteration —
 * the two types that engine.h, search.h and timeman.h share, kept apart so the layers point one
 * way (search and timeman need these, not the engine's whole face). */
#ifndef WUZI_ENGINE_LIMITS_H
#define WUZI_ENGINE_LIMITS_H

#include <stdint.h>

/* What the manager allows for one move; milliseconds. */
typedef struct EngineLimits {
    int64_t turn_ms;        /* INFO timeout_turn; 0 = answer at once (no search) */
    int64_t match_ms;       /* INFO timeout_match; 0 = no limit */
    int64_t time_left_ms;   /* INFO time_left; INT64_MAX or 2147483647 = unlimited */
    int64_t max_nodes;      /* 0 = no limit */
    int max_depth;          /* 0 = no limit */
} EngineLimits;

void engine_limits_default(EngineLimits *limits);

/* One finished iteration of the search, for MESSAGE lines. */
#define REPORT_PV_MAX 32
typedef struct EngineReport {
    int depth;
    int score;              /* from the side to move's view; meaningful when mate == 0 */
    int mate;               /* > 0: side to move wins in `mate` of its own moves; < 0: loses */
    uint64_t nodes;
    int64_t elapsed_ms;
    int pv_length;
    int pv[REPORT_PV_MAX];  /* cells; cell_x / cell_y give coordinates */
} EngineReport;

typedef void (*EngineReportFn)(void *context, const EngineReport *report);

#endif

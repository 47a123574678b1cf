/* engine_limits: what the manager allows for one move, and what a search reports of each iteration —
 * the two types that engine.h, search.h and timeman.h share, kept apart so the layers point one
 * way (search and timeman need these, not the engine's whole face). */
#ifndef WUZI_ENGINE_LIMITS_H
#define WUZI_ENGINE_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the manager allows for one move; milliseconds. */
typedef struct EngineLimits {
    int64_t turn_ms;        /* INFO timeout_turn; 0 = answer at once (no search) */
    int64_t match_ms;       /* INFO timeout_match; 0 = no limit */
    int64_t time_left_ms;   /* INFO time_left; INT64_MAX or 2147483647 = unlimited */
    int64_t max_nodes;      /* 0 = no limit */
    int max_depth;          /* 0 = no limit */
    /* When the turn's clock started, on monotonic_ms(): the arrival of the command that asked
     * for the move, so that time spent on earlier commands counts. 0 = when the think starts. */
    int64_t start_ms;
    bool realtime;          /* also report each root move as it is searched (analysis GUIs) */
} EngineLimits;

void engine_limits_default(EngineLimits *limits);

/* The stack a thread that thinks needs (a deep search's frames and its leaves' threat search):
 * given to every thread that calls engine_think or searches, whatever the platform's default
 * (macOS: 512 KB). */
#define ENGINE_THREAD_STACK ((size_t)16 << 20)

/* What a search reports: a finished iteration (one line per ranked move when several are
 * asked for), or, with EngineLimits.realtime, the root move being searched. */
typedef enum EngineReportKind {
    REPORT_ITERATION,
    REPORT_ROOT_SEARCHING,  /* `cell` is being searched */
    REPORT_ROOT_SEARCHED,   /* `cell` is done for this iteration */
    REPORT_ROOT_BEST,       /* `cell` is the new best */
    REPORT_ROOT_LOST,       /* `cell` loses by force */
    REPORT_ROOT_REFRESH,    /* an iteration is over: forget the marks of the last one */
} EngineReportKind;

#define REPORT_PV_MAX 32
typedef struct EngineReport {
    EngineReportKind kind;
    int cell;               /* the root move of a REPORT_ROOT_* event */
    int depth;
    int multipv;            /* 1-based rank of this line when several moves are ranked, else 0 */
    int score;              /* from the side to move's view; meaningful when mate == 0 */
    int mate;               /* > 0: side to move wins in `mate` of its own moves; < 0: loses */
    uint64_t nodes;
    int64_t elapsed_ms;
    int pv_length;
    int pv[REPORT_PV_MAX];  /* cells; cell_x / cell_y give coordinates */
} EngineReport;

typedef void (*EngineReportFn)(void *context, const EngineReport *report);

#endif

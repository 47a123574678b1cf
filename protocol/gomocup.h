/* gomocup: the Gomocup (Piskvork) brain protocol and its Yixin-Board extensions.
 *
 * A Gomocup session takes one command line at a time (gomocup_handle), changes the engine's game
 * and writes the reply through an Output. It keeps what lives between commands: the INFO
 * settings and time limits, and a BOARD / YXBOARD / SWAP2BOARD block being read. A command that
 * cannot be done gets `ERROR <reason>` and leaves the position as it was; an unknown one gets
 * `UNKNOWN <text>`. Thinking is synchronous here: the caller decides on which thread this runs
 * and is told around every think through the hooks (pbrain uses them so that END and YXSTOP
 * can interrupt). */
#ifndef WUZI_GOMOCUP_H
#define WUZI_GOMOCUP_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "output.h"

#define GOMOCUP_NAME "Wuzi"
#define GOMOCUP_VERSION "0.1"

typedef enum GomocupStatus { GOMOCUP_CONTINUE, GOMOCUP_END } GomocupStatus;

/* Lines the reading thread must act on at once, even while a think runs. */
typedef enum GomocupUrgent { URGENT_NONE, URGENT_END, URGENT_STOP } GomocupUrgent;

typedef struct GomocupHooks {
    void (*think_begin)(void *context);   /* before engine_think */
    void (*think_end)(void *context);     /* after it returned */
    void *context;
} GomocupHooks;

typedef enum GomocupBlock { BLOCK_NONE, BLOCK_BOARD, BLOCK_YXBOARD, BLOCK_SWAP2 } GomocupBlock;

typedef struct GomocupStone { int x, y, field; } GomocupStone;

typedef struct Gomocup {
    Engine *engine;
    Output *output;
    GomocupHooks hooks;
    EngineLimits limits;
    /* When the line being handled arrived (monotonic_ms), set by the caller before each
     * gomocup_handle (0 = now): a move's clock starts when its command arrived. */
    int64_t line_arrival_ms;
    int64_t block_arrival_ms;  /* that of the line that opened the BOARD block being read */
    bool show_detail;          /* INFO show_detail: MESSAGE lines while thinking */
    int game_type;
    bool pondering;
    char folder[1024];         /* INFO folder: where persistent files may go */
    GomocupBlock block;        /* inside BOARD / YXBOARD / SWAP2BOARD until DONE */
    const char *block_error;   /* first bad line of the block, reported at DONE */
    int block_count;
    GomocupStone block_stones[MAX_MOVES];
} Gomocup;

void gomocup_init(Gomocup *session, Engine *engine, Output *output);
/* One input line (CR/LF already stripped); GOMOCUP_END after END. */
GomocupStatus gomocup_handle(Gomocup *session, const char *line);
/* The reader cut an overlong line: answer it (or spoil the block it belongs to). */
void gomocup_line_too_long(Gomocup *session);
GomocupUrgent gomocup_urgent(const char *line);
/* The engine's rule for an `INFO rule` value: Gomocup's bits (1 exact five, 4 renju, 8 caro;
 * 2, a continuous game, is ignored), except the values analysis GUIs give other meanings:
 * 2 alone is renju (Yixin-Board), 5 and 6 freestyle with a swap opening. */
int gomocup_rule(int64_t value);
/* A command that never prints anything (INFO, YXHASHCLEAR, an idle YXSTOP/STOP). */
bool gomocup_silent(const char *line);

#endif

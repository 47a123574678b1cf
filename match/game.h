/* game: one game between two brains, judged by engine/rules.
 *
 * Sends what Piskvork sends: ABOUT (once per process start), START or RECTSTART, the INFO lines
 * (timeout_turn, timeout_match, max_memory, game_type, rule, then the engine's own options),
 * INFO time_left before every move, BEGIN / BOARD (the opening, or the position so far) for a
 * brain's first move and TURN x,y after that, all with CR LF. Every wait has a deadline.
 *
 * A brain loses when it: moves later than min(turn limit, time left) + tolerance (time
 * forfeit); sends an illegal, occupied or malformed move; answers ERROR or UNKNOWN instead of a
 * move; ends its output (crash); fails to answer ABOUT or START in time. MESSAGE and DEBUG
 * lines are skipped. A forfeiting brain is stopped (killed if need be) and started afresh for
 * its next game. Under renju a forbidden black move loses; caro's blocked five plays on (the
 * rules module decides). The record keeps, per side, the longest wait for a move and what its
 * game clock had left at the end. */
#ifndef WUZI_GAME_H
#define WUZI_GAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "openings.h"
#include "brain_process.h"
#include "records.h"

#define ENGINE_OPTIONS_MAX 32

typedef struct EngineOption {
    char key[64], value[256];
} EngineOption;

typedef struct EngineSpec {
    char name[64];
    char command[2048];
    int64_t match_ms; /* 0 = no game clock */
    int64_t turn_ms;  /* > 0 */
    int option_count;
    EngineOption options[ENGINE_OPTIONS_MAX];
} EngineSpec;

typedef struct GameSettings {
    int width, height, rule;
    int64_t tolerance_ms;
    int draw_after;     /* 0 = never; otherwise a draw once that many stones are down */
    int64_t max_memory; /* bytes, sent as INFO max_memory */
} GameSettings;

/* A brain process together with the engine it runs; kept alive between games. */
typedef struct Player {
    const EngineSpec *spec;
    BrainProcess brain;
} Player;

/* Play one game; `black` owns the opening's first stone. Fills `record` (number, names and
 * board are set here). Returns false if the game was cancelled through the brains' cancel flag
 * (no result). */
bool game_play(const GameSettings *settings, Player *black, Player *white, const Opening *opening,
               int number, GameRecord *record);

/* Can the engine's brain play on the settings' board: started once, does it answer START (or
 * RECTSTART) with OK within timeout_ms? It is stopped again (END, then killed after grace_ms).
 * False with the reason in `why` ("the shell could not run its command …", "did not answer …",
 * "answered START 15 with: ERROR …", "ended its output …"), or when `cancel` was set. */
bool game_check_brain(const GameSettings *settings, const EngineSpec *spec, int64_t timeout_ms,
                      int grace_ms, const atomic_bool *cancel, char *why, size_t why_size);

/* Is the opening playable under the settings' rule (no five, no foul, no cell twice)? */
bool game_opening_valid(const GameSettings *settings, const Opening *opening, char *why,
                        int why_size);

#endif

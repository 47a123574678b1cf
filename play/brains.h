/* brains: the brains a game may seat — Wuzi (pbrain-wuzi beside wuzi-play, or on PATH) at any
 * of its levels, and the commands named with --engine. Nothing else can be started: the web
 * page names a brain by id ("wuzi:n3", "engine:1"), never by command. */
#ifndef WUZI_PLAY_BRAINS_H
#define WUZI_PLAY_BRAINS_H

#include <stdbool.h>
#include <stddef.h>

#include "table.h"

#define BRAINS_ENGINES_MAX 8

typedef struct BrainChoice {
    char name[64];
    char command[SEAT_COMMAND_MAX];
    bool rect; /* it takes RECTSTART (asked by brains_probe_rectangles) */
} BrainChoice;

typedef struct BrainList {
    char wuzi_command[SEAT_COMMAND_MAX]; /* empty when pbrain-wuzi was not found */
    int engine_count;
    BrainChoice engines[BRAINS_ENGINES_MAX];
} BrainList;

/* Finds pbrain-wuzi in the program's folder (program_files.h), else on PATH. */
void brains_init(BrainList *brains, const char *argv0);
/* An --engine command; its name is its program's file name. False when the list is full. */
bool brains_add_engine(BrainList *brains, const char *command);
/* Ask each --engine brain whether it plays rectangular boards (RECTSTART), starting it once. */
void brains_probe_rectangles(BrainList *brains);
/* Is `level` one of Wuzi's levels? */
bool brains_level_valid(const char *level);
/* The levels the page offers, weakest first, NULL-terminated. */
const char *const *brains_offered_levels(void);
/* "you", "wuzi:LEVEL" or "engine:N" (1-based) as a player; false with a reason. */
bool brains_resolve(const BrainList *brains, const char *id, TablePlayer *player, char *why,
                    size_t why_size);
/* The id of a player made by brains_resolve (for the page to show its selection). */
void brains_id_of(const BrainList *brains, const TablePlayer *player, char *id, size_t size);
/* Quote `text` for /bin/sh (single quotes). False if it does not fit. */
bool brains_shell_quote(const char *text, char *out, size_t size);

#endif

#include "start_position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "openings.h"
#include "program_files.h"
#include "rule_names.h"

bool start_position_shipped(StartPosition *start, const char *argv0, const TableRules *rules,
                            char *why, size_t why_size) {
    const char *name = rules->rule == 0 || rules->rule == 1 || rules->rule == 4 ? rule_file_name(rules->rule) : NULL;
    if (!name || rules->width != rules->height || (rules->width != 15 && rules->width != 20)) {
        snprintf(why, why_size,
                 "no shipped openings for rule %d on %dx%d (there are 15x15 and 20x20 for rules 0, 1 and 4)",
                 rules->rule, rules->width, rules->height);
        return false;
    }
    char file[64];
    snprintf(file, sizeof file, "%s-%d.txt", name, rules->width);
    if (program_openings_file(argv0, file, start->openings_path, sizeof start->openings_path)) return true;
    snprintf(why, why_size,
             "the shipped openings (%s) were found neither in tournament/openings beside wuzi-play nor in "
             "share/wuzi/openings beside its bin folder",
             file);
    start->openings_path[0] = '\0';
    return false;
}

/* splitmix64: the opening's index */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

bool start_position_new_game(StartPosition *start, Table *table, const TableRules *rules, char *why,
                             size_t why_size) {
    if (!start->openings_path[0]) return table_new_game(table, rules, 0, NULL, NULL, why, why_size);
    OpeningBook book = {0};
    if (!openings_load(&book, start->openings_path, OPENING_OFFSET, rules->width, rules->height, why,
                       why_size))
        return false;
    const GameSettings settings = {.width = rules->width, .height = rules->height, .rule = rules->rule};
    const int first = (int)(next_random(&start->seed) % (uint64_t)book.count);
    bool done = false;
    for (int i = 0; i < book.count && !done; i++) {
        const Opening *o = &book.items[(first + i) % book.count];
        char ignored[128];
        if (!game_opening_valid(&settings, o, ignored, (int)sizeof ignored)) continue;
        done = table_new_game(table, rules, o->count, o->x, o->y, why, why_size);
    }
    if (!done) snprintf(why, why_size, "no opening of %s can be played under rule %d", start->openings_path, rules->rule);
    openings_free(&book);
    return done;
}

bool start_position_first_game(StartPosition *start, const PlayOptions *options, const char *argv0,
                               Table *table, const TableRules *rules, char *why, size_t why_size) {
    start->openings_path[0] = '\0';
    if (options->opening && !start_position_shipped(start, argv0, rules, why, why_size)) return false;
    if (options->openings_file)
        snprintf(start->openings_path, sizeof start->openings_path, "%s", options->openings_file);
    if (!options->load) return start_position_new_game(start, table, rules, why, why_size);
    LoadedGame *game = malloc(sizeof *game);
    if (!game) return false;
    const bool ok = record_load(options->load, game, why, why_size) &&
                    table_load(table, game, rules->rule, rules->turn_ms, why, why_size);
    free(game);
    return ok;
}

/* wuzi-play: a person against any Gomocup brain (Wuzi at a level by default), or two brains
 * watched — in the terminal, or with --web in a browser served from 127.0.0.1. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "brains.h"
#include "play_options.h"
#include "record_file.h"
#include "start_position.h"
#include "stop_signals.h"
#include "table.h"
#include "terminal.h"
#include "web_server.h"

/* Ctrl-C in the terminal: the running question to a brain gives up, and the loop ends. The
 * handler can only reach this through a file-scope pointer. */
static atomic_bool *interrupt_flags[2];

static void on_interrupt(int signal_number) {
    (void)signal_number;
    for (int i = 0; i < 2; i++)
        if (interrupt_flags[i]) atomic_store(interrupt_flags[i], true);
}

static void catch_interrupt(void) { stop_signals_catch(on_interrupt); }

/* Who plays each colour at the start, from the command line. */
static bool seat_players(const PlayOptions *o, const BrainList *brains, Table *table, char *why, size_t size) {
    TablePlayer players[3];
    char id[64];
    if (o->engine_count >= 2 && !o->web) {
        if (!brains_resolve(brains, "engine:1", &players[BLACK], why, size) ||
            !brains_resolve(brains, "engine:2", &players[WHITE], why, size))
            return false;
    } else {
        if (o->engine_count >= 1)
            snprintf(id, sizeof id, "engine:1");
        else
            snprintf(id, sizeof id, "wuzi:%s", o->level);
        if (!brains_resolve(brains, "you", &players[o->you], why, size) ||
            !brains_resolve(brains, id, &players[opponent(o->you)], why, size))
            return false;
    }
    table_set_player(table, BLACK, &players[BLACK]);
    table_set_player(table, WHITE, &players[WHITE]);
    return true;
}

static bool first_game(const PlayOptions *o, const char *argv0, Table *table, StartPosition *start,
                       char *why, size_t size) {
    const TableRules rules = {.width = o->width, .height = o->height, .rule = o->rule, .turn_ms = o->turn_ms,
                              .game_ms = o->game_ms, .opening_rule = (TableOpeningRule)o->opening_rule};
    start->seed = o->seed ? o->seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    return start_position_first_game(start, o, argv0, table, &rules, why, size);
}

int main(int argc, char **argv) {
    PlayOptions options;
    char why[512];
    if (!play_options_parse(&options, argc, argv, why, sizeof why)) {
        fprintf(stderr, "wuzi-play: %s\n", why);
        return 2;
    }
    if (options.help) {
        play_options_usage();
        return 0;
    }
    signal(SIGPIPE, SIG_IGN); /* a brain or a browser that went away is an error, not our end */
    BrainList brains;
    brains_init(&brains, argv[0]);
    for (int i = 0; i < options.engine_count; i++) brains_add_engine(&brains, options.engines[i]);
    if (options.web) {
        brains_probe_rectangles(&brains); /* the page offers rectangles to the brains that take them */
        return web_server_run(&options, &brains, argv[0]);
    }

    const TableRules rules = {.width = options.width, .height = options.height, .rule = options.rule,
                              .turn_ms = options.turn_ms, .game_ms = options.game_ms,
                              .opening_rule = (TableOpeningRule)options.opening_rule};
    if (!table_rules_valid(&rules, why, sizeof why)) {
        fprintf(stderr, "wuzi-play: %s\n", why);
        return 2;
    }
    Table *table = malloc(sizeof *table);
    StartPosition start = {0};
    if (!table || !table_init(table, &rules)) return 1;
    int status = 2;
    if (seat_players(&options, &brains, table, why, sizeof why) &&
        first_game(&options, argv[0], table, &start, why, sizeof why)) {
        atomic_bool quit;
        atomic_init(&quit, false);
        interrupt_flags[0] = &quit;
        interrupt_flags[1] = &table->cancel;
        catch_interrupt();
        TerminalSession session = {.table = table, .start = &start, .in = stdin, .out = stdout, .quit = &quit};
        /* the analysis asks the --engine brain, else Wuzi at its strongest */
        char ignored[256];
        brains_resolve(&brains, options.engine_count ? "engine:1" : "wuzi:max", &session.analyst, ignored,
                       sizeof ignored);
        status = terminal_run(&session);
        interrupt_flags[0] = interrupt_flags[1] = NULL;
    } else {
        fprintf(stderr, "wuzi-play: %s\n", why);
    }
    table_destroy(table);
    free(table);
    return status;
}

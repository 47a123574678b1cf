#include "play_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "rule_names.h"
#include "table.h"

#define DEFAULT_PORT 8155
#define DEFAULT_TURN_MS 1000
#define DEFAULT_IDLE_SECONDS 1800
#define DEFAULT_MAX_GAMES 8

void play_options_usage(void) {
    printf("usage: wuzi-play [options]             play in the terminal\n"
           "       wuzi-play --web [PORT] [options] play in a browser (http://127.0.0.1:%d/ by default)\n"
           "options:\n"
           "  --engine CMD     the opponent: any Gomocup brain (default: Wuzi); twice to watch two\n"
           "  --level NAME     Wuzi's level: n1 n2 n3 n5 greedy depth1..depth30 max (default max)\n"
           "  --rule N         0 freestyle (default), 1 exact five, 4 renju, 8 caro, 9 caro exact five\n"
           "                   (or by name: freestyle, exact-five or standard, renju, caro)\n"
           "  --size N|WxH     the board, 5 to 32 a side (default 15)\n"
           "  --time MS        a brain's time a move (default %d)\n"
           "  --clock M[:SS]   a game clock: each side's time for the whole game (minutes, or\n"
           "                   minutes:seconds); the side whose clock runs out loses\n"
           "  --swap2, --swap  the swap2 (or swap) opening: the first player places three stones,\n"
           "                   the other picks a colour (swap2: or places two more and lets the\n"
           "                   first pick); with --you white the brain places them\n"
           "  --you black|white  your colour (default black)\n"
           "  --load FILE      play on from a saved game (.psq or .sgf)\n"
           "  --opening        start from a shipped balanced opening (15x15 or 20x20; rule 0, 1, 4)\n"
           "  --openings FILE  start from an opening of this file (offset format, one a line)\n"
           "  --seed N         which opening (default: the clock)\n"
           "  --listen ADDR    web: the address to serve on (default 127.0.0.1; others are reachable\n"
           "                   from the network: only on a network you trust)\n"
           "  --idle S         web: close a game after S seconds without a request (default %d)\n"
           "  --games N        web: games at once (default %d)\n"
           "  --help           this text\n"
           "In the terminal type a move as h8 (column letter, row from the bottom) or x,y (from the\n"
           "top left), or: undo, new, swap, hint, numbers, save FILE(.psq|.sgf), analyse, help, quit.\n",
           DEFAULT_PORT, DEFAULT_TURN_MS, DEFAULT_IDLE_SECONDS, DEFAULT_MAX_GAMES);
}

static bool number(const char *text, long min, long max, long *value) {
    char *end;
    const long v = strtol(text, &end, 10);
    if (end == text || *end || v < min || v > max) return false;
    *value = v;
    return true;
}

/* "5" (minutes) or "4:30" (minutes:seconds) as milliseconds, at most a day. */
static bool parse_clock(const char *text, int64_t *ms) {
    char *end;
    const long minutes = strtol(text, &end, 10);
    long seconds = 0;
    if (end == text || minutes < 0) return false;
    if (*end == ':') {
        const char *s = end + 1;
        seconds = strtol(s, &end, 10);
        if (end == s || seconds < 0 || seconds > 59) return false;
    }
    if (*end || minutes > 24 * 60) return false;
    *ms = ((int64_t)minutes * 60 + seconds) * 1000;
    return true;
}

static bool parse_size(const char *text, int *width, int *height) {
    long w, h;
    char copy[32];
    snprintf(copy, sizeof copy, "%s", text);
    char *x = strchr(copy, 'x');
    if (!x) x = strchr(copy, 'X');
    if (x) *x = '\0';
    if (!number(copy, 5, BOARD_MAX, &w)) return false;
    h = w;
    if (x && !number(x + 1, 5, BOARD_MAX, &h)) return false;
    *width = (int)w;
    *height = (int)h;
    return true;
}

static void defaults(PlayOptions *o) {
    memset(o, 0, sizeof *o);
    o->port = DEFAULT_PORT;
    snprintf(o->listen, sizeof o->listen, "127.0.0.1");
    o->level = "max";
    o->width = o->height = 15;
    o->turn_ms = DEFAULT_TURN_MS;
    o->you = BLACK;
    o->idle_seconds = DEFAULT_IDLE_SECONDS;
    o->max_games = DEFAULT_MAX_GAMES;
}

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        snprintf(why, why_size, __VA_ARGS__);                                                      \
        return false;                                                                              \
    } while (0)

bool play_options_parse(PlayOptions *o, int argc, char **argv, char *why, size_t why_size) {
    defaults(o);
    for (int i = 1; i < argc; i++) {
        const char *name = argv[i];
        if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
            o->help = true;
            continue;
        }
        if (strcmp(name, "--web") == 0) {
            o->web = true;
            long port;
            if (i + 1 < argc && argv[i + 1][0] != '-') {
                if (!number(argv[i + 1], 0, 65535, &port)) FAIL("--web: the port must be 0 to 65535");
                o->port = (int)port;
                i++;
            }
            continue;
        }
        if (strcmp(name, "--opening") == 0) {
            o->opening = true;
            continue;
        }
        if (strcmp(name, "--swap2") == 0 || strcmp(name, "--swap") == 0) {
            o->opening_rule = strcmp(name, "--swap2") == 0 ? OPENING_RULE_SWAP2 : OPENING_RULE_SWAP;
            continue;
        }
        if (i + 1 >= argc) FAIL("%s wants a value (see --help)", name);
        const char *value = argv[++i];
        long v;
        if (strcmp(name, "--engine") == 0) {
            if (o->engine_count >= BRAINS_ENGINES_MAX) FAIL("at most %d --engine", BRAINS_ENGINES_MAX);
            if (!value[0]) FAIL("--engine: an empty command");
            o->engines[o->engine_count++] = value;
        } else if (strcmp(name, "--level") == 0) {
            if (!brains_level_valid(value)) FAIL("--level: unknown level \"%s\" (n1 n2 n3 n5 greedy depthN max)", value);
            o->level = value;
            o->level_given = true;
        } else if (strcmp(name, "--rule") == 0) {
            const int rule = rule_parse(value);
            if (rule < 0) FAIL("--rule: 0 freestyle, 1 exact five (or standard), 4 renju, 8 caro, 9 caro exact five");
            o->rule = rule;
        } else if (strcmp(name, "--size") == 0) {
            if (!parse_size(value, &o->width, &o->height)) FAIL("--size: N or WxH, 5 to %d a side", BOARD_MAX);
        } else if (strcmp(name, "--time") == 0) {
            if (!number(value, 0, 3600000, &v)) FAIL("--time: milliseconds, 0 to 3600000");
            o->turn_ms = v;
        } else if (strcmp(name, "--clock") == 0) {
            if (!parse_clock(value, &o->game_ms)) FAIL("--clock: minutes (5) or minutes:seconds (2:30), up to a day");
        } else if (strcmp(name, "--you") == 0) {
            if (strcmp(value, "black") == 0) o->you = BLACK;
            else if (strcmp(value, "white") == 0) o->you = WHITE;
            else FAIL("--you: black or white");
        } else if (strcmp(name, "--load") == 0) {
            o->load = value;
        } else if (strcmp(name, "--openings") == 0) {
            o->openings_file = value;
        } else if (strcmp(name, "--seed") == 0) {
            char *end;
            o->seed = strtoull(value, &end, 10);
            if (end == value || *end) FAIL("--seed: a number");
        } else if (strcmp(name, "--listen") == 0) {
            if (strlen(value) >= sizeof o->listen) FAIL("--listen: too long");
            snprintf(o->listen, sizeof o->listen, "%s", value);
        } else if (strcmp(name, "--idle") == 0) {
            if (!number(value, 1, 86400 * 7, &v)) FAIL("--idle: seconds, 1 or more");
            o->idle_seconds = (int)v;
        } else if (strcmp(name, "--games") == 0) {
            if (!number(value, 1, 64, &v)) FAIL("--games: 1 to 64");
            o->max_games = (int)v;
        } else {
            FAIL("unknown option %s (see --help)", name);
        }
    }
    if (o->level_given && o->engine_count > 0 && !o->web)
        FAIL("--level is Wuzi's; with --engine the opponent is that brain");
    if (!o->web && o->engine_count > 2) FAIL("the terminal seats at most two --engine");
    if (o->opening && o->openings_file) FAIL("--opening or --openings, not both");
    if (o->load && (o->opening || o->openings_file)) FAIL("--load or an opening, not both");
    if (o->opening_rule && (o->load || o->opening || o->openings_file))
        FAIL("a swap opening starts on an empty board: not with --load or an opening");
    return true;
}

#include "brains.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "engine.h"
#include "program_files.h"

#define WUZI_PROGRAM "pbrain-wuzi"

bool brains_shell_quote(const char *text, char *out, size_t size) {
    size_t n = 0;
    if (size < 3) return false;
    out[n++] = '\'';
    for (; *text; text++) {
        const char *piece = *text == '\'' ? "'\\''" : NULL;
        const size_t len = piece ? strlen(piece) : 1;
        if (n + len + 2 > size) return false;
        if (piece) {
            memcpy(out + n, piece, len);
        } else {
            out[n] = *text;
        }
        n += len;
    }
    out[n++] = '\'';
    out[n] = '\0';
    return true;
}

static bool executable(const char *path) { return access(path, X_OK) == 0; }

/* pbrain-wuzi in wuzi-play's own folder, else the first on PATH. */
static bool find_wuzi(const char *argv0, char *path, size_t size) {
    char dir[SEAT_COMMAND_MAX / 2];
    if (program_dir(argv0, dir, sizeof dir)) {
        snprintf(path, size, "%.*s/%s", (int)(size - sizeof WUZI_PROGRAM - 2), dir, WUZI_PROGRAM);
        if (executable(path)) return true;
    }
    const char *dirs = getenv("PATH");
    while (dirs && *dirs) {
        const char *end = strchr(dirs, ':');
        const int len = end ? (int)(end - dirs) : (int)strlen(dirs);
        snprintf(path, size, "%.*s/%s", len, len ? dirs : ".", WUZI_PROGRAM);
        if (executable(path)) return true;
        dirs = end ? end + 1 : NULL;
    }
    return false;
}

void brains_init(BrainList *brains, const char *argv0) {
    memset(brains, 0, sizeof *brains);
    char path[SEAT_COMMAND_MAX / 2];
    if (find_wuzi(argv0, path, sizeof path) &&
        !brains_shell_quote(path, brains->wuzi_command, sizeof brains->wuzi_command))
        brains->wuzi_command[0] = '\0';
}

bool brains_add_engine(BrainList *brains, const char *command) {
    if (brains->engine_count >= BRAINS_ENGINES_MAX) return false;
    BrainChoice *choice = &brains->engines[brains->engine_count];
    snprintf(choice->command, sizeof choice->command, "%s", command);
    /* the program's file name: the first word, without its directory */
    const char *start = command;
    while (*start == ' ' || *start == '\'' || *start == '"') start++;
    size_t len = strcspn(start, " '\"");
    const char *base = start;
    for (size_t i = 0; i < len; i++)
        if (start[i] == '/') base = start + i + 1;
    len -= (size_t)(base - start);
    snprintf(choice->name, sizeof choice->name, "%.*s", (int)(len ? len : 6), len ? base : "engine");
    for (int i = 0; i < brains->engine_count; i++) {
        if (strcmp(brains->engines[i].name, choice->name) == 0) {
            char numbered[64];
            snprintf(numbered, sizeof numbered, "%.50s #%d", choice->name, brains->engine_count + 1);
            snprintf(choice->name, sizeof choice->name, "%s", numbered);
            break;
        }
    }
    brains->engine_count++;
    return true;
}

void brains_probe_rectangles(BrainList *brains) {
    for (int i = 0; i < brains->engine_count; i++) {
        Seat *seat = malloc(sizeof *seat);
        if (!seat) return;
        seat_init(seat, brains->engines[i].name, brains->engines[i].command, NULL);
        brains->engines[i].rect = seat_takes_board(seat, 20, 15);
        seat_destroy(seat);
        free(seat);
    }
}

bool brains_level_valid(const char *level) {
    Engine *engine = engine_new();
    const bool ok = engine && strlen(level) < 32 && engine_set_level(engine, level);
    engine_free(engine);
    return ok;
}

/* n1 … greedy in their measured order (docs/levels.md), then the search by depth */
static const char *const OFFERED_LEVELS[] = {"n1", "n3", "n2", "n5", "greedy", "depth2", "depth4",
                                             "depth6", "depth8", "max", NULL};

const char *const *brains_offered_levels(void) { return OFFERED_LEVELS; }

static void say(char *why, size_t size, const char *text, const char *id) { snprintf(why, size, text, id); }

bool brains_resolve(const BrainList *brains, const char *id, TablePlayer *player, char *why,
                    size_t why_size) {
    memset(player, 0, sizeof *player);
    if (strcmp(id, "you") == 0) {
        snprintf(player->name, sizeof player->name, "you");
        return true;
    }
    if (strncmp(id, "wuzi:", 5) == 0) {
        const char *level = id + 5;
        if (!brains_level_valid(level)) {
            say(why, why_size, "unknown Wuzi level \"%.40s\"", level);
            return false;
        }
        if (!brains->wuzi_command[0]) {
            say(why, why_size, "%s was not found beside wuzi-play nor on PATH", WUZI_PROGRAM);
            return false;
        }
        player->brain = true;
        snprintf(player->name, sizeof player->name, "Wuzi %s", level);
        snprintf(player->command, sizeof player->command, "%.1900s --level %.32s", brains->wuzi_command, level);
        return true;
    }
    if (strncmp(id, "engine:", 7) == 0) {
        char *end;
        const long n = strtol(id + 7, &end, 10);
        if (end == id + 7 || *end || n < 1 || n > brains->engine_count) {
            say(why, why_size, "no engine \"%.40s\" was named on the command line", id + 7);
            return false;
        }
        player->brain = true;
        snprintf(player->name, sizeof player->name, "%s", brains->engines[n - 1].name);
        snprintf(player->command, sizeof player->command, "%s", brains->engines[n - 1].command);
        return true;
    }
    say(why, why_size, "unknown player \"%.40s\": you, wuzi:LEVEL or engine:N", id);
    return false;
}

void brains_id_of(const BrainList *brains, const TablePlayer *player, char *id, size_t size) {
    if (!player->brain) {
        snprintf(id, size, "you");
        return;
    }
    for (int i = 0; i < brains->engine_count; i++) {
        if (strcmp(player->command, brains->engines[i].command) == 0) {
            snprintf(id, size, "engine:%d", i + 1);
            return;
        }
    }
    snprintf(id, size, "wuzi:%s", strncmp(player->name, "Wuzi ", 5) == 0 ? player->name + 5 : "max");
}

#include "web_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "json_out.h"
#include "monotonic.h"
#include "notation.h"
#include "record_file.h"
#include "web_assets.h"

#define JSON_TYPE "application/json; charset=utf-8"
#define GAMES_PREFIX "/api/games/"

static void refuse(int fd, int status, const char *reason) {
    HttpError error = {.status = status};
    snprintf(error.reason, sizeof error.reason, "%s", reason);
    http_refuse(fd, &error);
}

static void send_json(int fd, JsonOut *json) {
    if (json->failed) {
        refuse(fd, 500, "out of memory");
        return;
    }
    http_respond(fd, 200, JSON_TYPE, "", json->text, json->length);
}

static bool method_is(int fd, const HttpRequest *request, const char *method) {
    if (strcmp(request->method, method) == 0) return true;
    char allow[64], reason[96];
    snprintf(allow, sizeof allow, "Allow: %s\r\n", method);
    snprintf(reason, sizeof reason, "%s is not allowed here: use %s\n", request->method, method);
    http_respond(fd, 405, "text/plain; charset=utf-8", allow, reason, strlen(reason));
    return false;
}

/* `text` (a query or a body) as a form of the `allowed` fields; false after refusing. */
static bool parse_form(int fd, const char *text, const char *const *allowed, HttpForm *form) {
    HttpError error = {0};
    if (http_form_parse(text, allowed, form, &error)) return true;
    http_refuse(fd, &error);
    return false;
}

/* A POST's body as a form: empty, or application/x-www-form-urlencoded. */
static bool read_form(int fd, const HttpRequest *request, const char *const *allowed, HttpForm *form) {
    const char *type = http_header(request, "Content-Type");
    if (request->body_length > 0 &&
        (!type || strncmp(type, "application/x-www-form-urlencoded", 33) != 0)) {
        refuse(fd, 415, "a body must be application/x-www-form-urlencoded");
        return false;
    }
    return parse_form(fd, request->body, allowed, form);
}

/* ---- the page's files and the settings ---- */

static bool serve_asset(int fd, const HttpRequest *request) {
    for (int i = 0; i < WEB_ASSET_COUNT; i++) {
        const WebAsset *asset = &WEB_ASSETS[i];
        if (strcmp(request->path, asset->path) != 0) continue;
        if (!method_is(fd, request, "GET")) return true;
        /* nothing from elsewhere, and no framing by other sites */
        const char *headers = "Content-Security-Policy: default-src 'self'; img-src 'self' data:; "
                              "frame-ancestors 'none'\r\nX-Frame-Options: DENY\r\n";
        http_respond(fd, 200, asset->content_type, headers, (const char *)asset->data, asset->size);
        return true;
    }
    return false;
}

static const int RULES[] = {0, 1, 4, 8, 9};

/* The boards the engine plays: the common ones first, then every square from 5 to 32, then
 * rectangles (RECTSTART; offered for the brains that take it). */
static void sizes(JsonOut *json) {
    static const int common[] = {15, 19, 20};
    static const char *const rectangles[] = {"20x15", "15x20", "19x15", "15x10", "10x15", "32x20", "20x32"};
    json_key(json, "sizes");
    json_array_begin(json);
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++) json_int(json, common[i]);
    for (int n = 5; n <= BOARD_MAX; n++)
        if (n != 15 && n != 19 && n != 20) json_int(json, n);
    json_array_end(json);
    json_key(json, "rectangles");
    json_array_begin(json);
    for (size_t i = 0; i < sizeof rectangles / sizeof rectangles[0]; i++) json_string(json, rectangles[i]);
    json_array_end(json);
}

static void config(WebApi *api, int fd) {
    JsonOut json;
    json_init(&json);
    json_object_begin(&json);
    json_member_bool(&json, "wuzi", api->brains->wuzi_command[0] != '\0');
    json_key(&json, "levels");
    json_array_begin(&json);
    for (const char *const *level = brains_offered_levels(); *level; level++) json_string(&json, *level);
    json_array_end(&json);
    json_key(&json, "engines");
    json_array_begin(&json);
    for (int i = 0; i < api->brains->engine_count; i++) {
        char id[32];
        snprintf(id, sizeof id, "engine:%d", i + 1);
        json_object_begin(&json);
        json_member_string(&json, "id", id);
        json_member_string(&json, "name", api->brains->engines[i].name);
        json_member_bool(&json, "rect", api->brains->engines[i].rect);
        json_object_end(&json);
    }
    json_array_end(&json);
    json_key(&json, "rules");
    json_array_begin(&json);
    for (size_t i = 0; i < sizeof RULES / sizeof RULES[0]; i++) {
        json_object_begin(&json);
        json_member_int(&json, "id", RULES[i]);
        json_member_string(&json, "name", rule_name(RULES[i]));
        json_object_end(&json);
    }
    json_array_end(&json);
    const PlayOptions *o = api->options;
    char black[64], white[64];
    if (o->engine_count >= 2) {
        snprintf(black, sizeof black, "engine:1");
        snprintf(white, sizeof white, "engine:2");
    } else {
        char brain[64];
        if (o->engine_count == 1)
            snprintf(brain, sizeof brain, "engine:1");
        else
            snprintf(brain, sizeof brain, "wuzi:%.50s", o->level);
        snprintf(black, sizeof black, "%s", o->you == BLACK ? "you" : brain);
        snprintf(white, sizeof white, "%s", o->you == WHITE ? "you" : brain);
    }
    json_key(&json, "defaults");
    json_object_begin(&json);
    json_member_string(&json, "black", black);
    json_member_string(&json, "white", white);
    json_member_int(&json, "rule", o->rule);
    json_member_int(&json, "width", o->width);
    json_member_int(&json, "height", o->height);
    json_member_int(&json, "time", o->turn_ms);
    json_member_bool(&json, "opening", o->opening || o->openings_file);
    json_member_int(&json, "clock", o->game_ms);
    json_member_string(&json, "openingRule", table_opening_rule_name(o->opening_rule));
    json_member_string(&json, "analyst", api->brains->wuzi_command[0] ? "wuzi:max" : o->engine_count ? "engine:1" : "");
    json_object_end(&json);
    json_member_int(&json, "bestMax", TABLE_BEST_MAX);
    sizes(&json);
    json_object_end(&json);
    send_json(fd, &json);
    json_free(&json);
}

/* ---- a game's state ---- */

static void cell_pair(JsonOut *json, int x, int y) {
    json_array_begin(json);
    json_int(json, x);
    json_int(json, y);
    json_array_end(json);
}

static void cells(JsonOut *json, const int *list, int n) {
    json_array_begin(json);
    for (int i = 0; i < n; i++) cell_pair(json, cell_x(list[i]), cell_y(list[i]));
    json_array_end(json);
}

static void player(JsonOut *json, const BrainList *brains, const TablePlayer *p) {
    char id[64];
    brains_id_of(brains, p, id, sizeof id);
    json_object_begin(json);
    json_member_string(json, "id", id);
    json_member_string(json, "name", p->name);
    json_member_bool(json, "brain", p->brain);
    json_object_end(json);
}

/* An evaluation as a brain's thinking, an analysis's best moves and the graph show it: the
 * score (null for a mate, or when unknown), the mate in moves (0: none) and the depth. */
static void score_and_mate(JsonOut *json, bool known, int score, int mate) {
    json_key(json, "score");
    if (known && !mate) json_int(json, score); else json_null(json);
    json_member_int(json, "mate", known ? mate : 0);
}

static void depth(JsonOut *json, bool known, int plies) {
    json_key(json, "depth");
    if (known) json_int(json, plies); else json_null(json);
}

/* A brain's line: the moves it means to play. */
static void line_pv(JsonOut *json, const Thinking *t) {
    json_key(json, "pv");
    json_array_begin(json);
    for (int i = 0; i < t->pv_count; i++) cell_pair(json, t->pv_x[i], t->pv_y[i]);
    json_array_end(json);
}

static void thinking(JsonOut *json, const Table *table) {
    const Thinking *t = &table->thinking;
    if (!t->side) {
        json_null(json);
        return;
    }
    json_object_begin(json);
    json_member_string(json, "side", color_name(t->side)); /* whose view the score takes: the side to move */
    json_member_string(json, "brain", color_name(t->brain));
    json_member_bool(json, "hint", t->hint);
    depth(json, t->has_depth, t->depth);
    score_and_mate(json, t->has_score, t->score, t->mate);
    line_pv(json, t);
    char line[THINKING_TEXT_MAX + 64];
    thinking_describe(t, table->rules.height, line, sizeof line);
    json_member_string(json, "line", line);
    json_member_string(json, "text", t->text);
    json_object_end(json);
}

static void eval_value(JsonOut *json, const TableEval *e) {
    json_object_begin(json);
    score_and_mate(json, true, e->score, e->mate);
    depth(json, true, e->depth);
    json_object_end(json);
}

/* One best move of an analysis: its line, score and depth. */
static void best_line(JsonOut *json, const Thinking *t) {
    json_object_begin(json);
    line_pv(json, t);
    score_and_mate(json, t->has_score, t->score, t->mate);
    depth(json, t->has_depth, t->depth);
    json_object_end(json);
}

static void analysis(JsonOut *json, const BrainList *brains, const Table *table) {
    const TableAnalysis *a = &table->analysis;
    json_object_begin(json);
    json_member_bool(json, "on", a->on);
    char id[64];
    brains_id_of(brains, &a->brain, id, sizeof id);
    json_member_string(json, "brain", a->brain.brain ? id : "");
    json_member_string(json, "brainName", a->brain.name);
    json_member_int(json, "lines", a->lines);
    /* whose view the scores take: the side to move at the view */
    json_member_string(json, "side", color_name(a->view % 2 == 0 ? BLACK : WHITE));
    json_key(json, "best");
    json_array_begin(json);
    for (int i = 0; i < a->line_count; i++) best_line(json, &a->line[i]);
    json_array_end(json);
    json_member_string(json, "message", a->message);
    json_member_bool(json, "finished", a->finished);
    json_object_end(json);
}

/* The graph's points: each position with a known evaluation, black's view. */
static void evals(JsonOut *json, const Table *table) {
    json_array_begin(json);
    for (int i = 0; i <= table->count; i++) {
        if (!table->evals[i].known) continue;
        json_array_begin(json);
        json_int(json, i);
        eval_value(json, &table->evals[i]);
        json_array_end(json);
    }
    json_array_end(json);
}

static const char *winner(GameResult result) {
    return result == RESULT_BLACK_WINS ? "black" : result == RESULT_WHITE_WINS ? "white" : "draw";
}

/* Under game->lock. */
static void state(JsonOut *json, WebGame *game, const BrainList *brains) {
    Table *table = &game->table;
    json_object_begin(json);
    json_member_string(json, "id", game->id);
    json_member_int(json, "version", (int64_t)table->version);
    json_member_int(json, "width", table->rules.width);
    json_member_int(json, "height", table->rules.height);
    json_member_int(json, "rule", table->rules.rule);
    json_member_string(json, "ruleName", rule_name(table->rules.rule));
    json_member_int(json, "time", table->rules.turn_ms);
    json_key(json, "players");
    json_object_begin(json);
    json_key(json, "black");
    player(json, brains, &table->players[BLACK]);
    json_key(json, "white");
    player(json, brains, &table->players[WHITE]);
    json_object_end(json);
    json_member_string(json, "toMove", color_name(table_to_move(table)));
    json_key(json, "moves");
    json_array_begin(json);
    for (int i = 0; i < table->count; i++) cell_pair(json, table->x[i], table->y[i]);
    json_array_end(json);
    json_member_int(json, "openingCount", table->opening_count);
    json_member_bool(json, "over", table_over(table));
    json_key(json, "result");
    if (table_over(table)) json_string(json, winner(table->result)); else json_null(json);
    json_member_string(json, "end", table_end_name(table->end));
    json_member_string(json, "reason", table->reason);
    int list[MAX_MOVES];
    json_key(json, "winLine");
    cells(json, list, table_winning_line(table, list, MAX_MOVES));
    json_key(json, "forbidden");
    cells(json, list, table_forbidden(table, list, MAX_MOVES));
    json_key(json, "thinking");
    thinking(json, table);
    json_member_bool(json, "brainToMove",
                     !table_over(table) && !table->analysis.on && table->players[table_actor(table)].brain);
    json_key(json, "hint");
    if (table->has_hint) cell_pair(json, table->hint_x, table->hint_y); else json_null(json);
    json_member_bool(json, "hintPending", table->hint_wanted);
    json_key(json, "clocks");
    json_object_begin(json);
    json_member_int(json, "black", table_clock_ms(table, BLACK));
    json_member_int(json, "white", table_clock_ms(table, WHITE));
    /* whose clock runs: the seat that acts; none when stopped */
    json_member_string(json, "running",
                       table_over(table) || table->clocks_stopped ? "" : color_name(table_actor(table)));
    json_object_end(json);
    json_member_int(json, "gameTime", table->rules.game_ms);
    json_member_string(json, "openingRule", table_opening_rule_name(table->rules.opening_rule));
    json_member_string(json, "stage", table_stage_name(table->stage));
    json_member_string(json, "actor", color_name(table_actor(table)));
    json_member_bool(json, "choosing", table_choosing(table));
    json_member_int(json, "view", table->analysis.view);
    json_key(json, "analysis");
    analysis(json, brains, table);
    json_key(json, "evals");
    evals(json, table);
    json_member_string(json, "note", table->note);
    json_member_int(json, "brainsRunning", game->brains_running);
    json_object_end(json);
}

/* Under game->lock: the state as the reply. */
static void send_state(WebApi *api, int fd, WebGame *game) {
    JsonOut json;
    json_init(&json);
    state(&json, game, api->brains);
    send_json(fd, &json);
    json_free(&json);
}

/* Under game->lock: the state after a change, or (none made) the refusal that says why. */
static void send_change(WebApi *api, int fd, WebGame *game, bool changed, int status, const char *why) {
    if (!changed) {
        refuse(fd, status, why);
        return;
    }
    web_game_changed(game);
    send_state(api, fd, game);
}

/* ---- a game's set-up: players, rule, size, time, opening ---- */

static const char *const SETUP_FIELDS[] = {"black", "white", "rule", "size", "time", "opening", "first",
                                           "clock", "openingRule", NULL};

typedef struct Setup {
    TableRules rules;
    TablePlayer players[3];
    bool opening;
} Setup;

static bool parse_int(const char *text, long min, long max, long *value) {
    char *end;
    const long v = strtol(text, &end, 10);
    if (end == text || *end || v < min || v > max) return false;
    *value = v;
    return true;
}

/* Field `name`, when the form has it, as a number from min to max into *value; false after
 * refusing with `reason`. */
static bool read_number(int fd, const HttpForm *form, const char *name, long min, long max, const char *reason,
                        int64_t *value) {
    const char *text = http_form_get(form, name);
    long v;
    if (!text) return true;
    if (!parse_int(text, min, max, &v)) {
        refuse(fd, 422, reason);
        return false;
    }
    *value = v;
    return true;
}

/* Fields over `setup` (which holds the defaults); false after refusing. */
static bool read_setup(WebApi *api, int fd, const HttpForm *form, Setup *setup) {
    char why[256];
    const char *value;
    static const char *const colors[] = {NULL, "black", "white"};
    for (int c = BLACK; c <= WHITE; c++) {
        if (!(value = http_form_get(form, colors[c]))) continue;
        if (!brains_resolve(api->brains, value, &setup->players[c], why, sizeof why)) {
            refuse(fd, 422, why);
            return false;
        }
    }
    int64_t rule = setup->rules.rule;
    if (!read_number(fd, form, "rule", 0, 9, "rule: 0, 1, 4, 8 or 9", &rule)) return false;
    setup->rules.rule = (int)rule;
    if ((value = http_form_get(form, "size"))) {
        int w = 0, h = 0, n = 0;
        if (sscanf(value, "%dx%d%n", &w, &h, &n) == 2 && value[n] == '\0') {
        } else if (sscanf(value, "%d%n", &w, &n) == 1 && value[n] == '\0') {
            h = w;
        } else {
            refuse(fd, 422, "size: N or WxH");
            return false;
        }
        setup->rules.width = w;
        setup->rules.height = h;
    }
    if (!read_number(fd, form, "time", 0, 3600000, "time: milliseconds a move, 0 to 3600000", &setup->rules.turn_ms) ||
        !read_number(fd, form, "clock", 0, 24L * 3600 * 1000,
                     "clock: each side's milliseconds for the game, 0 (none) to 24 hours", &setup->rules.game_ms))
        return false;
    if ((value = http_form_get(form, "openingRule")) &&
        !table_opening_rule_parse(value, &setup->rules.opening_rule)) {
        refuse(fd, 422, "openingRule: none, swap or swap2");
        return false;
    }
    if ((value = http_form_get(form, "opening"))) {
        if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
            refuse(fd, 422, "opening: 0 or 1");
            return false;
        }
        setup->opening = value[0] == '1';
    }
    if (!table_rules_valid(&setup->rules, why, sizeof why)) {
        refuse(fd, 422, why);
        return false;
    }
    if (setup->opening && setup->rules.opening_rule != OPENING_RULE_NONE) {
        refuse(fd, 422, "a swap opening starts on an empty board: no balanced opening with it");
        return false;
    }
    return true;
}

/* Under game->lock: the set-up's players take their seats at the game just started. */
static void seat_players(WebGame *game, const Setup *setup) {
    table_set_player(&game->table, BLACK, &setup->players[BLACK]);
    table_set_player(&game->table, WHITE, &setup->players[WHITE]);
    web_game_changed(game);
}

/* Under game->lock: a new game on the table as set up; false after refusing. */
static bool start_game(WebApi *api, int fd, WebGame *game, const Setup *setup) {
    char why[256];
    StartPosition start = game->start;
    start.openings_path[0] = '\0';
    const char *file = api->options->openings_file; /* --openings: the openings the page plays */
    if (setup->opening && file) {
        snprintf(start.openings_path, sizeof start.openings_path, "%s", file);
    } else if (setup->opening && !start_position_shipped(&start, api->argv0, &setup->rules, why, sizeof why)) {
        refuse(fd, 422, why);
        return false;
    }
    if (!start_position_new_game(&start, &game->table, &setup->rules, why, sizeof why)) {
        refuse(fd, 422, why);
        return false;
    }
    game->start = start;
    seat_players(game, setup);
    return true;
}

/* Under game->lock: the page's first game, as the command line asks (--load, --opening,
 * --openings); false after refusing. */
static bool start_first_game(WebApi *api, int fd, WebGame *game, const Setup *setup) {
    char why[512];
    if (!start_position_first_game(&game->start, api->options, api->argv0, &game->table, &setup->rules, why,
                                   sizeof why)) {
        refuse(fd, 422, why);
        return false;
    }
    seat_players(game, setup);
    return true;
}

static void create_game(WebApi *api, int fd, const HttpRequest *request) {
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, SETUP_FIELDS, &form)) return;
    const PlayOptions *o = api->options;
    Setup setup = {.rules = {.width = o->width, .height = o->height, .rule = o->rule, .turn_ms = o->turn_ms,
                             .game_ms = o->game_ms, .opening_rule = o->opening_rule},
                   .opening = o->opening || o->openings_file};
    char why[256];
    const char *opponent_id = o->engine_count >= 1 ? "engine:1" : NULL;
    char wuzi[64];
    snprintf(wuzi, sizeof wuzi, "wuzi:%.50s", o->level);
    if (!opponent_id) opponent_id = wuzi;
    if (o->engine_count >= 2) {
        brains_resolve(api->brains, "engine:1", &setup.players[BLACK], why, sizeof why);
        brains_resolve(api->brains, "engine:2", &setup.players[WHITE], why, sizeof why);
    } else {
        brains_resolve(api->brains, "you", &setup.players[o->you], why, sizeof why);
        if (!brains_resolve(api->brains, opponent_id, &setup.players[opponent(o->you)], why, sizeof why))
            brains_resolve(api->brains, "you", &setup.players[opponent(o->you)], why, sizeof why);
    }
    if (!read_setup(api, fd, &form, &setup)) return;
    WebGame *game = web_games_create(api->games, &setup.rules);
    if (!game) {
        refuse(fd, 429, "too many games are open: close a page or wait for an idle game to end");
        return;
    }
    pthread_mutex_lock(&game->lock);
    game->start.seed = o->seed ? o->seed : (uint64_t)monotonic_ms() ^ ((uint64_t)time(NULL) << 16);
    const char *first = http_form_get(&form, "first");
    const bool ok = first && strcmp(first, "1") == 0 ? start_first_game(api, fd, game, &setup)
                                                       : start_game(api, fd, game, &setup);
    if (ok) send_state(api, fd, game);
    pthread_mutex_unlock(&game->lock);
    if (!ok) web_games_close(api->games, game);
    web_games_release(api->games, game);
}

/* ---- a game's routes ---- */

static void get_state(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"since", NULL};
    HttpForm form;
    if (!parse_form(fd, request->query, fields, &form)) return;
    long since = -1;
    const char *value = http_form_get(&form, "since");
    if (value && !parse_int(value, 0, 0x7fffffffL, &since)) {
        refuse(fd, 400, "since: a version number");
        return;
    }
    const int64_t until = monotonic_ms() + api->poll_ms;
    pthread_mutex_lock(&game->lock);
    /* long polling: wait for news, so the page sees a brain's lines and moves at once */
    while (since >= 0 && (long)game->table.version == since && !game->closing) {
        const int64_t left = until - monotonic_ms();
        if (left <= 0) break;
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        const int64_t step = left < 250 ? left : 250;
        t.tv_nsec += (long)step * 1000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&game->changed, &game->lock, &t);
    }
    if (table_check_time(&game->table)) web_game_changed(game);
    if (game->closing)
        refuse(fd, 410, "this game was closed");
    else
        send_state(api, fd, game);
    pthread_mutex_unlock(&game->lock);
}

static void move(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"x", "y", NULL};
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, fields, &form)) return;
    const char *xs = http_form_get(&form, "x"), *ys = http_form_get(&form, "y");
    long x, y;
    if (!xs || !ys || !parse_int(xs, -1000, 1000, &x) || !parse_int(ys, -1000, 1000, &y)) {
        refuse(fd, 400, "a move wants x and y (numbers, from the top left)");
        return;
    }
    char why[512];
    pthread_mutex_lock(&game->lock);
    send_change(api, fd, game, table_play(&game->table, (int)x, (int)y, why, sizeof why), 409, why);
    pthread_mutex_unlock(&game->lock);
}

typedef enum SimpleAction { ACTION_UNDO, ACTION_SWAP, ACTION_HINT } SimpleAction;

static void simple(WebApi *api, int fd, const HttpRequest *request, WebGame *game, SimpleAction action) {
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, NULL, &form)) return;
    char why[512];
    bool ok = true;
    pthread_mutex_lock(&game->lock);
    switch (action) {
    case ACTION_UNDO: ok = table_undo(&game->table, why, sizeof why); break;
    case ACTION_SWAP: ok = table_swap(&game->table, why, sizeof why); break;
    case ACTION_HINT: ok = table_want_hint(&game->table, why, sizeof why); break;
    }
    send_change(api, fd, game, ok, 409, why);
    pthread_mutex_unlock(&game->lock);
}

static void current_setup(const WebGame *game, Setup *setup) {
    setup->rules = game->table.rules;
    setup->players[BLACK] = game->table.players[BLACK];
    setup->players[WHITE] = game->table.players[WHITE];
    setup->opening = game->start.openings_path[0] != '\0';
}

static void new_game(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, SETUP_FIELDS, &form)) return;
    Setup setup;
    pthread_mutex_lock(&game->lock);
    current_setup(game, &setup);
    if (read_setup(api, fd, &form, &setup) && start_game(api, fd, game, &setup)) send_state(api, fd, game);
    pthread_mutex_unlock(&game->lock);
}

/* Players and time a move, in the middle of a game. */
static void settings(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"black", "white", "time", NULL};
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, fields, &form)) return;
    Setup setup;
    pthread_mutex_lock(&game->lock);
    current_setup(game, &setup);
    if (read_setup(api, fd, &form, &setup)) {
        Table *table = &game->table;
        for (int c = BLACK; c <= WHITE; c++)
            if (memcmp(&table->players[c], &setup.players[c], sizeof setup.players[c]) != 0)
                table_set_player(table, c, &setup.players[c]);
        table_set_turn_ms(table, setup.rules.turn_ms);
        web_game_changed(game);
        send_state(api, fd, game);
    }
    pthread_mutex_unlock(&game->lock);
}

/* The game as a psq or SGF file, written by match/records through a temporary file. */
static void save(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"format", NULL};
    HttpForm form;
    (void)api;
    if (!method_is(fd, request, "GET") || !parse_form(fd, request->query, fields, &form)) return;
    const char *format = http_form_get(&form, "format");
    const bool sgf = format && strcmp(format, "sgf") == 0;
    if (!format || (!sgf && strcmp(format, "psq") != 0)) {
        refuse(fd, 400, "format: psq or sgf");
        return;
    }
    GameRecord *record = malloc(sizeof *record);
    char *text = malloc(1 << 16);
    char path[] = "/tmp/wuzi-play-save-XXXXXX";
    const int temp = record && text ? mkstemp(path) : -1;
    if (temp < 0) {
        free(record);
        free(text);
        refuse(fd, 500, "cannot make a temporary file");
        return;
    }
    close(temp);
    pthread_mutex_lock(&game->lock);
    table_record(&game->table, record);
    pthread_mutex_unlock(&game->lock);
    const bool written = sgf ? records_save_sgf(path, record) : records_save_psq(path, record);
    FILE *file = written ? fopen(path, "rb") : NULL;
    const size_t n = file ? fread(text, 1, (1 << 16) - 1, file) : 0;
    if (file) fclose(file);
    unlink(path);
    if (!written || !file) {
        refuse(fd, 500, "cannot write the record");
    } else {
        char headers[128];
        snprintf(headers, sizeof headers, "Content-Disposition: attachment; filename=\"wuzi-game.%s\"\r\n",
                 sgf ? "sgf" : "psq");
        http_respond(fd, 200, sgf ? "application/x-go-sgf" : "text/plain; charset=utf-8", headers, text, n);
    }
    free(record);
    free(text);
}

/* The person's choice in the swap opening: black, white or (swap2, after three stones) two. */
static void choose(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"choice", NULL};
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, fields, &form)) return;
    const char *value = http_form_get(&form, "choice");
    TableChoice choice;
    if (value && strcmp(value, "black") == 0) choice = CHOICE_BLACK;
    else if (value && strcmp(value, "white") == 0) choice = CHOICE_WHITE;
    else if (value && strcmp(value, "two") == 0) choice = CHOICE_TWO_MORE;
    else {
        refuse(fd, 400, "choice: black, white or two");
        return;
    }
    char why[512];
    pthread_mutex_lock(&game->lock);
    send_change(api, fd, game, table_choose(&game->table, choice, why, sizeof why), 409, why);
    pthread_mutex_unlock(&game->lock);
}

/* Analysis on or off, by which brain and how many best moves; and the position shown. */
static void analyse(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"on", "brain", "lines", "view", NULL};
    HttpForm form;
    if (!method_is(fd, request, "POST") || !read_form(fd, request, fields, &form)) return;
    const char *on = http_form_get(&form, "on"), *brain = http_form_get(&form, "brain");
    const char *lines = http_form_get(&form, "lines"), *view = http_form_get(&form, "view");
    long n = 0, ply = 0;
    char why[512];
    TablePlayer analyst;
    if ((on && strcmp(on, "0") != 0 && strcmp(on, "1") != 0) || (lines && !parse_int(lines, 1, TABLE_BEST_MAX, &n)) ||
        (view && !parse_int(view, 0, MAX_MOVES, &ply))) {
        refuse(fd, 400, "on: 0 or 1; lines: 1 to 5; view: a move number");
        return;
    }
    if (brain && !brains_resolve(api->brains, brain, &analyst, why, sizeof why)) {
        refuse(fd, 422, why);
        return;
    }
    pthread_mutex_lock(&game->lock);
    Table *table = &game->table;
    const bool now_on = on ? on[0] == '1' : table->analysis.on;
    if (!brain) analyst = table->analysis.brain;
    if (!brain && !analyst.brain) brains_resolve(api->brains, api->brains->wuzi_command[0] ? "wuzi:max" : "engine:1", &analyst, why, sizeof why);
    bool ok = true;
    if (on || brain || lines) ok = table_analyse(table, now_on, &analyst, lines ? (int)n : table->analysis.lines, why, sizeof why);
    if (ok && view) ok = table_view(table, (int)ply, why, sizeof why);
    send_change(api, fd, game, ok, 409, why);
    pthread_mutex_unlock(&game->lock);
}

/* A saved game the page read from a file: the body is its text (psq or SGF, as ?format says);
 * the game goes on from it with the same players. */
static void load(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    static const char *const fields[] = {"format", NULL};
    HttpForm form;
    if (!method_is(fd, request, "POST") || !parse_form(fd, request->query, fields, &form)) return;
    const char *format = http_form_get(&form, "format");
    const RecordFormat kind = !format ? RECORD_UNKNOWN : strcmp(format, "sgf") == 0 ? RECORD_SGF
                              : strcmp(format, "psq") == 0                       ? RECORD_PSQ
                                                                                 : RECORD_UNKNOWN;
    const char *type = http_header(request, "Content-Type");
    if (kind == RECORD_UNKNOWN) {
        refuse(fd, 400, "format: psq or sgf");
        return;
    }
    if (!type || strncmp(type, "text/plain", 10) != 0) {
        refuse(fd, 415, "a saved game is sent as text/plain");
        return;
    }
    LoadedGame *loaded = malloc(sizeof *loaded);
    char why[512];
    if (!loaded || !record_parse(request->body, kind, loaded, why, sizeof why)) {
        refuse(fd, 422, loaded ? why : "out of memory");
        free(loaded);
        return;
    }
    pthread_mutex_lock(&game->lock);
    game->start.openings_path[0] = '\0';
    const TableRules *rules = &game->table.rules;
    const bool ok = table_load(&game->table, loaded, rules->rule, rules->turn_ms, why, sizeof why);
    send_change(api, fd, game, ok, 422, why);
    pthread_mutex_unlock(&game->lock);
    free(loaded);
}

/* The page goes away (navigator.sendBeacon): close the game unless a page asks for it again
 * soon, as a reload does. */
static void leave(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    if (!method_is(fd, request, "POST")) return;
    web_games_leave(api->games, game);
    http_respond(fd, 200, "text/plain; charset=utf-8", "", "left\n", 5);
}

static void close_game(WebApi *api, int fd, const HttpRequest *request, WebGame *game) {
    HttpForm form;
    /* navigator.sendBeacon posts text/plain: an empty body of any type is fine here */
    if (!method_is(fd, request, "POST")) return;
    if (request->body_length > 0 && !read_form(fd, request, NULL, &form)) return;
    web_games_close(api->games, game);
    http_respond(fd, 200, "text/plain; charset=utf-8", "", "closed\n", 7);
}

static bool valid_id(const char *id, size_t n) {
    if (n != WEB_GAME_ID_LENGTH) return false;
    for (size_t i = 0; i < n; i++)
        if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'z'))) return false;
    return true;
}

static void game_route(WebApi *api, int fd, const HttpRequest *request) {
    const char *id = request->path + strlen(GAMES_PREFIX);
    const char *slash = strchr(id, '/');
    const size_t id_length = slash ? (size_t)(slash - id) : strlen(id);
    const char *action = slash ? slash + 1 : "";
    if (!valid_id(id, id_length)) {
        refuse(fd, 404, "no such game");
        return;
    }
    char key[WEB_GAME_ID_LENGTH + 1];
    memcpy(key, id, id_length);
    key[id_length] = '\0';
    static const char *const actions[] = {"",     "move",  "undo", "swap",  "hint",   "new",     "settings",
                                          "save", "close", "load", "leave", "choose", "analysis", NULL};
    int which = -1;
    for (int i = 0; actions[i]; i++)
        if (strcmp(action, actions[i]) == 0) which = i;
    if (which < 0) {
        refuse(fd, 404, "no such page");
        return;
    }
    WebGame *game = web_games_acquire(api->games, key);
    if (!game) {
        refuse(fd, 404, "no such game (closed, or left idle too long): start a new one");
        return;
    }
    switch (which) {
    case 0:
        if (method_is(fd, request, "GET")) get_state(api, fd, request, game);
        break;
    case 1: move(api, fd, request, game); break;
    case 2: simple(api, fd, request, game, ACTION_UNDO); break;
    case 3: simple(api, fd, request, game, ACTION_SWAP); break;
    case 4: simple(api, fd, request, game, ACTION_HINT); break;
    case 5: new_game(api, fd, request, game); break;
    case 6: settings(api, fd, request, game); break;
    case 7: save(api, fd, request, game); break;
    case 8: close_game(api, fd, request, game); break;
    case 9: load(api, fd, request, game); break;
    case 10: leave(api, fd, request, game); break;
    case 11: choose(api, fd, request, game); break;
    case 12: analyse(api, fd, request, game); break;
    }
    web_games_release(api->games, game);
}

void web_api_handle(WebApi *api, int fd, const HttpRequest *request) {
    if (serve_asset(fd, request)) return;
    if (strcmp(request->path, "/api/config") == 0) {
        if (method_is(fd, request, "GET")) config(api, fd);
        return;
    }
    if (strcmp(request->path, "/api/games") == 0) {
        create_game(api, fd, request);
        return;
    }
    if (strncmp(request->path, GAMES_PREFIX, strlen(GAMES_PREFIX)) == 0) {
        game_route(api, fd, request);
        return;
    }
    refuse(fd, 404, "no such page");
}

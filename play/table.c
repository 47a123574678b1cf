#include "table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monotonic.h"
#include "notation.h"
#include "rules.h"

#define CONNECT 5

static void say(char *out, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void say(char *out, size_t size, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(out, size, format, args);
    va_end(args);
}

const char *color_name(int color) { return color == BLACK ? "black" : color == WHITE ? "white" : "nobody"; }

const char *table_end_name(TableEnd end) {
    switch (end) {
    case TABLE_PLAYING: return "playing";
    case TABLE_FIVE: return "five";
    case TABLE_FOUL: return "foul";
    case TABLE_FULL: return "full";
    case TABLE_TIME: return "time";
    case TABLE_CRASH: return "crash";
    case TABLE_ILLEGAL: return "illegal";
    }
    return "playing";
}

static bool rule_known(int rule) { return rule == 0 || rule == 1 || rule == 4 || rule == 8 || rule == 9; }

bool table_rules_valid(const TableRules *rules, char *why, size_t why_size) {
    if (!rule_known(rules->rule)) {
        say(why, why_size, "rule %d is not one of 0 (freestyle), 1 (exact five), 4 (renju), 8 (caro), 9",
            rules->rule);
        return false;
    }
    if (rules->width < CONNECT || rules->height < CONNECT || rules->width > BOARD_MAX ||
        rules->height > BOARD_MAX || !geometry_get(rules->width, rules->height, CONNECT, rules->rule)) {
        say(why, why_size, "a %dx%d board cannot be played: each side from %d to %d", rules->width,
            rules->height, CONNECT, BOARD_MAX);
        return false;
    }
    if (rules->turn_ms < 0 || rules->turn_ms > 3600000) {
        say(why, why_size, "the time a move must be from 0 to 3600000 ms");
        return false;
    }
    return true;
}

/* Any change: pages waiting for news wake up. */
static void touch(Table *table) { table->version++; }

/* A change that makes a running question pointless. */
static void disturb(Table *table) {
    table->version++;
    table->generation++;
    atomic_store(&table->cancel, true);
    table->hint_wanted = table->has_hint = false;
}

static void restart_clocks(Table *table) {
    table->used_ms[BLACK] = table->used_ms[WHITE] = 0;
    table->turn_start_ms = monotonic_ms();
}

static void clear_result(Table *table) {
    table->result = RESULT_NONE;
    table->end = TABLE_PLAYING;
    table->reason[0] = '\0';
}

bool table_init(Table *table, const TableRules *rules) {
    memset(table, 0, sizeof *table);
    atomic_init(&table->cancel, false);
    table->board = malloc(sizeof *table->board);
    if (!table->board) return false;
    table->rules = *rules;
    board_init(table->board, geometry_get(rules->width, rules->height, CONNECT, rules->rule));
    for (int c = BLACK; c <= WHITE; c++) snprintf(table->players[c].name, sizeof table->players[c].name, "you");
    restart_clocks(table);
    return true;
}

void table_destroy(Table *table) {
    free(table->board);
    table->board = NULL;
}

void table_set_player(Table *table, int color, const TablePlayer *player) {
    table->players[color] = *player;
    disturb(table);
}

void table_set_turn_ms(Table *table, int64_t turn_ms) {
    table->rules.turn_ms = turn_ms;
    touch(table);
}

/* The verdict of replaying moves[0..count) on an empty board of `rules`; on anything but
 * playing on, *at is the move that ended it. */
static Verdict replay(Board *board, const TableRules *rules, int count, const int *x, const int *y, int *at) {
    board_init(board, geometry_get(rules->width, rules->height, CONNECT, rules->rule));
    for (int i = 0; i < count; i++) {
        const Verdict verdict = rules_play(board, x[i], y[i]);
        *at = i;
        if (verdict != VERDICT_PLAYING) return verdict;
    }
    return VERDICT_PLAYING;
}

static bool set_moves(Table *table, const TableRules *rules, int count, const int *x, const int *y,
                      char *why, size_t why_size) {
    TableRules checked = *rules;
    if (!table_rules_valid(&checked, why, why_size)) return false;
    Board *trial = malloc(sizeof *trial);
    if (!trial) return false;
    int at = 0;
    const Verdict verdict = replay(trial, rules, count, x, y, &at);
    free(trial);
    if (verdict != VERDICT_PLAYING) {
        say(why, why_size, "move %d (%d,%d) %s", at + 1, x[at], y[at],
            verdict == VERDICT_WIN    ? "already makes five"
            : verdict == VERDICT_FOUL ? "is a renju foul"
            : verdict == VERDICT_DRAW ? "fills the board"
                                      : "is off the board or on a stone");
        return false;
    }
    table->rules = *rules;
    table->count = count;
    for (int i = 0; i < count; i++) {
        table->x[i] = x[i];
        table->y[i] = y[i];
        table->ms[i] = 0;
    }
    table->opening_count = count;
    clear_result(table);
    table->thinking.side = 0;
    table->note[0] = '\0';
    replay(table->board, rules, count, x, y, &at);
    restart_clocks(table);
    disturb(table);
    return true;
}

bool table_new_game(Table *table, const TableRules *rules, int count, const int *x, const int *y,
                    char *why, size_t why_size) {
    return set_moves(table, rules, count, x, y, why, why_size);
}

/* The result of the move just made by `color`, from the judge's verdict. */
static void judge(Table *table, int color, Verdict verdict, Foul foul) {
    const TablePlayer *player = &table->players[color];
    const char *who = player->brain ? player->name : "you";
    char cell[8];
    notation_cell(table->x[table->count - 1], table->y[table->count - 1], table->rules.height, cell, sizeof cell);
    switch (verdict) {
    case VERDICT_WIN:
        table->result = color == BLACK ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
        table->end = TABLE_FIVE;
        say(table->reason, sizeof table->reason, "%s wins: %s (%s) made five at %s", color_name(color), who,
            color_name(color), cell);
        break;
    case VERDICT_FOUL:
        table->result = RESULT_WHITE_WINS;
        table->end = TABLE_FOUL;
        say(table->reason, sizeof table->reason, "white wins: %s (black) played the forbidden %s (%s)", who,
            cell, foul_name(foul));
        break;
    case VERDICT_DRAW:
        table->result = RESULT_DRAW;
        table->end = TABLE_FULL;
        say(table->reason, sizeof table->reason, "a draw: the board is full");
        break;
    default: break;
    }
}

/* Put the side to move's stone on x,y (on the board, empty) and judge it. */
static void make_move(Table *table, int x, int y) {
    const int color = table_to_move(table);
    Foul foul = FOUL_NONE;
    if ((table->rules.rule & 4) && color == BLACK) foul = rules_foul(table->board, cell_at(x, y));
    const Verdict verdict = rules_play(table->board, x, y);
    const int64_t now = monotonic_ms();
    table->x[table->count] = x;
    table->y[table->count] = y;
    table->ms[table->count] = now - table->turn_start_ms;
    table->used_ms[color] += now - table->turn_start_ms;
    table->turn_start_ms = now;
    table->count++;
    judge(table, color, verdict, foul);
}

bool table_load(Table *table, const LoadedGame *game, int default_rule, int64_t turn_ms, char *why,
                size_t why_size) {
    const TableRules rules = {.width = game->width, .height = game->height,
                              .rule = game->rule >= 0 ? game->rule : default_rule, .turn_ms = turn_ms};
    if (!set_moves(table, &rules, game->count > 0 ? game->count - 1 : 0, game->x, game->y, why, why_size))
        return false;
    if (game->count > 0) {
        /* the last move may end the game: judge it as played */
        const int x = game->x[game->count - 1], y = game->y[game->count - 1];
        if (!board_on(table->board, x, y) || !board_empty_at(table->board, cell_at(x, y))) {
            say(why, why_size, "the last move (%d,%d) is off the board or on a stone", x, y);
            return false;
        }
        make_move(table, x, y);
        table->ms[table->count - 1] = 0;
        restart_clocks(table);
    }
    table->opening_count = 0; /* a saved game's moves, unlike an opening's, can be taken back */
    return true;
}

bool table_play(Table *table, int x, int y, char *why, size_t why_size) {
    const int color = table_to_move(table);
    char cell[8];
    if (table_over(table)) {
        say(why, why_size, "the game is over (%s): undo or start a new one", table->reason);
        return false;
    }
    if (table->players[color].brain) {
        say(why, why_size, "it is %s's move, and %s plays it", color_name(color), table->players[color].name);
        return false;
    }
    if (!board_on(table->board, x, y)) {
        char last[4];
        notation_column(table->rules.width - 1, last, sizeof last);
        say(why, why_size, "off the board: columns a to %s, rows 1 to %d", last, table->rules.height);
        return false;
    }
    notation_cell(x, y, table->rules.height, cell, sizeof cell);
    if (!board_empty_at(table->board, cell_at(x, y))) {
        say(why, why_size, "%s is taken", cell);
        return false;
    }
    if ((table->rules.rule & 4) && color == BLACK) {
        const Foul foul = rules_foul(table->board, cell_at(x, y));
        if (foul != FOUL_NONE) {
            say(why, why_size, "%s is forbidden for black under renju (%s)", cell, foul_name(foul));
            return false;
        }
    }
    make_move(table, x, y);
    table->note[0] = '\0';
    disturb(table);
    return true;
}

static void take_back_to(Table *table, int count) {
    int at = 0;
    table->count = count;
    replay(table->board, &table->rules, count, table->x, table->y, &at);
    clear_result(table);
    table->thinking.side = 0;
    table->turn_start_ms = monotonic_ms();
    disturb(table);
}

bool table_undo(Table *table, char *why, size_t why_size) {
    const bool person_plays = !table->players[BLACK].brain || !table->players[WHITE].brain;
    int back = table->count - 1;
    if (person_plays) {
        /* back to (and including) the person's last move */
        while (back >= table->opening_count && table->players[back % 2 == 0 ? BLACK : WHITE].brain) back--;
    }
    if (back < table->opening_count) {
        say(why, why_size, "nothing to undo%s", person_plays && table->count > table->opening_count
                                                     ? ": you have not moved yet" : "");
        return false;
    }
    take_back_to(table, back);
    return true;
}

void table_swap(Table *table) {
    const TablePlayer black = table->players[BLACK];
    table->players[BLACK] = table->players[WHITE];
    table->players[WHITE] = black;
    disturb(table);
}

bool table_want_hint(Table *table, char *why, size_t why_size) {
    const int color = table_to_move(table);
    if (table_over(table)) {
        say(why, why_size, "the game is over");
        return false;
    }
    if (table->players[color].brain) {
        say(why, why_size, "it is not your move");
        return false;
    }
    if (!table->players[opponent(color)].brain) {
        say(why, why_size, "no brain plays at this table to ask for a hint");
        return false;
    }
    table->hint_wanted = true;
    table->has_hint = false;
    table->generation++;
    touch(table);
    return true;
}

void table_snapshot(Table *table, TableSnapshot *snapshot) {
    snapshot->generation = table->generation;
    snapshot->rules = table->rules;
    snapshot->players[BLACK] = table->players[BLACK];
    snapshot->players[WHITE] = table->players[WHITE];
    snapshot->count = table->count;
    memcpy(snapshot->x, table->x, sizeof(int) * (size_t)table->count);
    memcpy(snapshot->y, table->y, sizeof(int) * (size_t)table->count);
    const int color = table_to_move(table);
    snapshot->color = snapshot->brain_color = color;
    snapshot->want = WANT_NOTHING;
    if (table_over(table) || board_full(table->board)) return;
    if (table->players[color].brain) {
        snapshot->want = WANT_MOVE;
    } else if (table->hint_wanted && table->players[opponent(color)].brain) {
        snapshot->want = WANT_HINT;
        snapshot->brain_color = opponent(color);
    }
}

/* A brain lost by forfeit: `end` and the reason. */
static void forfeit(Table *table, int color, TableEnd end, const char *reason) {
    table->result = color == BLACK ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
    table->end = end;
    say(table->reason, sizeof table->reason, "%s wins: %s", color_name(opponent(color)), reason);
}

static void apply_move(Table *table, int color, const TableAnswer *answer) {
    const char *name = table->players[color].name;
    char cell[16];
    snprintf(cell, sizeof cell, "%d,%d", answer->x, answer->y);
    char reason[TABLE_TEXT_MAX];
    switch (answer->outcome) {
    case SEAT_MOVED: break;
    case SEAT_TIMEOUT: forfeit(table, color, TABLE_TIME, answer->reason); return;
    case SEAT_CRASHED: forfeit(table, color, TABLE_CRASH, answer->reason); return;
    case SEAT_REFUSED: forfeit(table, color, TABLE_ILLEGAL, answer->reason); return;
    case SEAT_CANCELLED: return;
    }
    if (!board_on(table->board, answer->x, answer->y)) {
        say(reason, sizeof reason, "%s played %s, off the board", name, cell);
        forfeit(table, color, TABLE_ILLEGAL, reason);
        return;
    }
    if (!board_empty_at(table->board, cell_at(answer->x, answer->y))) {
        say(reason, sizeof reason, "%s played %s, a cell already taken", name, cell);
        forfeit(table, color, TABLE_ILLEGAL, reason);
        return;
    }
    make_move(table, answer->x, answer->y);
}

bool table_apply(Table *table, const TableSnapshot *snapshot, const TableAnswer *answer) {
    if (answer->note[0]) {
        snprintf(table->note, sizeof table->note, "%s", answer->note);
        touch(table);
    }
    if (snapshot->generation != table->generation || snapshot->want == WANT_NOTHING) return false;
    if (snapshot->want == WANT_HINT) {
        table->hint_wanted = false;
        if (answer->outcome == SEAT_MOVED && board_on(table->board, answer->x, answer->y) &&
            board_empty_at(table->board, cell_at(answer->x, answer->y))) {
            table->has_hint = true;
            table->hint_x = answer->x;
            table->hint_y = answer->y;
        } else {
            snprintf(table->note, sizeof table->note, "no hint: %.200s", answer->reason[0] ? answer->reason : "no move");
        }
        touch(table);
        return true;
    }
    apply_move(table, snapshot->color, answer);
    table->version++;
    table->generation++;
    return true;
}

void table_thinking(Table *table, const TableVoice *voice, const char *text) {
    if (voice->generation != table->generation) return;
    /* the score is the side to move's: for a hint, the person's, not the brain's */
    thinking_parse(&table->thinking, voice->side, text, table->rules.width, table->rules.height);
    table->thinking.brain = voice->brain_color;
    table->thinking.hint = voice->want == WANT_HINT;
    touch(table);
}

int64_t table_clock_ms(const Table *table, int color) {
    int64_t ms = table->used_ms[color];
    if (!table_over(table) && table_to_move(table) == color) ms += monotonic_ms() - table->turn_start_ms;
    return ms;
}

int table_forbidden(Table *table, int *cells, int max) {
    if (!(table->rules.rule & 4) || table_over(table)) return 0;
    int n = 0;
    for (int cell = board_first(table->board); cell && n < max; cell = board_next(table->board, cell))
        if (board_empty_at(table->board, cell) && rules_foul(table->board, cell) != FOUL_NONE) cells[n++] = cell;
    return n;
}

int table_winning_line(const Table *table, int *cells, int max) {
    if (table->end != TABLE_FIVE || table->count == 0) return 0;
    const int last = cell_at(table->x[table->count - 1], table->y[table->count - 1]);
    const int color = table->board->cell[last];
    for (int d = 0; d < 4; d++) {
        int from = last, n = 1;
        while (table->board->cell[from - DIRECTION[d]] == color) from -= DIRECTION[d];
        for (int c = from + DIRECTION[d]; table->board->cell[c] == color; c += DIRECTION[d]) n++;
        if (n < CONNECT || n > max) continue;
        for (int i = 0; i < n; i++) cells[i] = from + i * DIRECTION[d];
        return n;
    }
    return 0;
}

void table_record(const Table *table, GameRecord *record) {
    memset(record, 0, sizeof *record);
    record->number = 1;
    snprintf(record->application, sizeof record->application, "wuzi-play");
    snprintf(record->black, sizeof record->black, "%s", table->players[BLACK].name);
    snprintf(record->white, sizeof record->white, "%s", table->players[WHITE].name);
    record->width = table->rules.width;
    record->height = table->rules.height;
    record->rule = table->rules.rule;
    record->opening_count = table->opening_count;
    record->move_count = table->count;
    for (int i = 0; i < table->count; i++) {
        record->x[i] = table->x[i];
        record->y[i] = table->y[i];
        record->ms[i] = table->ms[i];
    }
    record->result = table->result;
    record->end = table->end == TABLE_TIME                                  ? END_TIME
                  : table->end == TABLE_CRASH || table->end == TABLE_ILLEGAL ? END_ERROR
                                                                             : END_NORMAL;
    snprintf(record->reason, sizeof record->reason, "%s", table->reason);
}

#include "table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monotonic.h"
#include "notation.h"
#include "rules.h"

#define CONNECT 5
#define GAME_MS_MAX (24LL * 3600 * 1000)

static void say(char *out, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));
static void say(char *out, size_t size, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(out, size, format, args);
    va_end(args);
}

const char *color_name(int color) { return color == BLACK ? "black" : color == WHITE ? "white" : "nobody"; }

/* names[value], or names[0] (the state a table starts in) for a value it does not hold. */
static const char *name_in(const char *const *names, size_t count, int value) {
    return value >= 0 && (size_t)value < count ? names[value] : names[0];
}

#define NAME_IN(names, value) name_in(names, sizeof names / sizeof names[0], (int)(value))

static const char *const END_NAMES[] = {[TABLE_PLAYING] = "playing", [TABLE_FIVE] = "five",
                                        [TABLE_FOUL] = "foul",       [TABLE_FULL] = "full",
                                        [TABLE_TIME] = "time",       [TABLE_CRASH] = "crash",
                                        [TABLE_ILLEGAL] = "illegal"};
static const char *const STAGE_NAMES[] = {[STAGE_PLAY] = "play",       [STAGE_PLACE3] = "place3",
                                          [STAGE_CHOOSE3] = "choose3", [STAGE_PLACE2] = "place2",
                                          [STAGE_CHOOSE5] = "choose5"};
static const char *const OPENING_RULE_NAMES[] = {[OPENING_RULE_NONE] = "none", [OPENING_RULE_SWAP] = "swap",
                                                 [OPENING_RULE_SWAP2] = "swap2"};

const char *table_end_name(TableEnd end) { return NAME_IN(END_NAMES, end); }

const char *table_stage_name(TableStage stage) { return NAME_IN(STAGE_NAMES, stage); }

const char *table_opening_rule_name(TableOpeningRule rule) { return NAME_IN(OPENING_RULE_NAMES, rule); }

bool table_opening_rule_parse(const char *text, TableOpeningRule *rule) {
    if (strcmp(text, "none") == 0) *rule = OPENING_RULE_NONE;
    else if (strcmp(text, "swap") == 0 || strcmp(text, "swap1") == 0) *rule = OPENING_RULE_SWAP;
    else if (strcmp(text, "swap2") == 0) *rule = OPENING_RULE_SWAP2;
    else return false;
    return true;
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
    if (rules->game_ms < 0 || rules->game_ms > GAME_MS_MAX) {
        say(why, why_size, "the game clock must be from 0 (none) to 24 hours");
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

/* What an analysis knew of the position shown is forgotten (it changed). */
static void forget_analysis(Table *table) {
    TableAnalysis *a = &table->analysis;
    a->line_count = 0;
    a->message[0] = '\0';
    a->finished = false;
    a->scored = false;
    a->round_ms = TABLE_ANALYSIS_FIRST_MS;
}

/* The evaluations of positions past `count` moves belong to moves no longer played. */
static void forget_evals_after(Table *table, int count) {
    for (int i = count + 1; i <= MAX_MOVES; i++) table->evals[i].known = false;
}

bool table_init(Table *table, const TableRules *rules) {
    memset(table, 0, sizeof *table);
    atomic_init(&table->cancel, false);
    table->board = malloc(sizeof *table->board);
    if (!table->board) return false;
    table->rules = *rules;
    board_init(table->board, geometry_get(rules->width, rules->height, CONNECT, rules->rule));
    for (int c = BLACK; c <= WHITE; c++) snprintf(table->players[c].name, sizeof table->players[c].name, "you");
    table->analysis.lines = 3;
    table->analysis.round_ms = TABLE_ANALYSIS_FIRST_MS;
    table->stage = rules->opening_rule != OPENING_RULE_NONE ? STAGE_PLACE3 : STAGE_PLAY;
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

/* A cell for people: book notation on the board ("h8"), the protocol's x,y off it. */
static void cell_words(const TableRules *rules, int x, int y, char *out, size_t size) {
    if (x >= 0 && y >= 0 && x < rules->width && y < rules->height)
        notation_cell(x, y, rules->height, out, size);
    else
        snprintf(out, size, "x,y %d,%d", x, y);
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

/* The board shows the game's first `view` moves. */
static void show_view(Table *table, int view) {
    int at = 0;
    table->analysis.view = view;
    replay(table->board, &table->rules, view, table->x, table->y, &at);
}

static bool set_moves(Table *table, const TableRules *rules, int count, const int *x, const int *y,
                      char *why, size_t why_size) {
    TableRules checked = *rules;
    if (!table_rules_valid(&checked, why, why_size)) return false;
    if (rules->opening_rule != OPENING_RULE_NONE && count > 0) {
        say(why, why_size, "a swap opening starts on an empty board, not from an opening or a saved game");
        return false;
    }
    Board *trial = malloc(sizeof *trial);
    if (!trial) return false;
    int at = 0;
    const Verdict verdict = replay(trial, rules, count, x, y, &at);
    free(trial);
    if (verdict != VERDICT_PLAYING) {
        char cell[24];
        cell_words(rules, x[at], y[at], cell, sizeof cell);
        say(why, why_size, "move %d (%s) %s", at + 1, cell,
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
    table->stage = rules->opening_rule != OPENING_RULE_NONE ? STAGE_PLACE3 : STAGE_PLAY;
    if (table->stage != STAGE_PLAY) { /* no analysis while the swap opening is played */
        table->analysis.on = false;
        table->clocks_stopped = false;
    }
    clear_result(table);
    table->thinking.side = 0;
    table->note[0] = '\0';
    forget_analysis(table);
    forget_evals_after(table, -1);
    show_view(table, count);
    restart_clocks(table);
    disturb(table);
    return true;
}

bool table_new_game(Table *table, const TableRules *rules, int count, const int *x, const int *y,
                    char *why, size_t why_size) {
    return set_moves(table, rules, count, x, y, why, why_size);
}

int table_actor(const Table *table) {
    switch (table->stage) {
    case STAGE_PLACE3:
    case STAGE_CHOOSE5: return BLACK;
    case STAGE_CHOOSE3:
    case STAGE_PLACE2: return WHITE;
    case STAGE_PLAY: break;
    }
    return table_to_move(table);
}

bool table_choosing(const Table *table) {
    return !table_over(table) && (table->stage == STAGE_CHOOSE3 || table->stage == STAGE_CHOOSE5);
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

/* The acting seat's clock takes the time since its turn began. */
static int64_t charge_clock(Table *table) {
    const int64_t now = monotonic_ms();
    const int64_t spent = table->clocks_stopped ? 0 : now - table->turn_start_ms;
    table->used_ms[table_actor(table)] += spent;
    table->turn_start_ms = now;
    return spent;
}

/* The players change colours, each keeping the time they have used. */
static void swap_seats(Table *table) {
    const TablePlayer black = table->players[BLACK];
    table->players[BLACK] = table->players[WHITE];
    table->players[WHITE] = black;
    const int64_t used = table->used_ms[BLACK];
    table->used_ms[BLACK] = table->used_ms[WHITE];
    table->used_ms[WHITE] = used;
}

/* After the swap opening's last stone or choice: moves by colour, none of the opening's undone. */
static void opening_done(Table *table) {
    table->stage = STAGE_PLAY;
    table->opening_count = table->count;
}

/* The next stone of the swap opening's placing stages was put down: on to the choice. */
static void opening_placed(Table *table) {
    if (table->stage == STAGE_PLACE3 && table->count >= 3) table->stage = STAGE_CHOOSE3;
    if (table->stage == STAGE_PLACE2 && table->count >= 5) table->stage = STAGE_CHOOSE5;
}

/* Put the side to move's stone on x,y (on the board, empty) and judge it. */
static void make_move(Table *table, int x, int y) {
    const int color = table_to_move(table);
    Foul foul = FOUL_NONE;
    if ((table->rules.rule & 4) && color == BLACK) foul = rules_foul(table->board, cell_at(x, y));
    const Verdict verdict = rules_play(table->board, x, y);
    table->x[table->count] = x;
    table->y[table->count] = y;
    table->ms[table->count] = charge_clock(table);
    table->count++;
    table->analysis.view = table->count;
    forget_evals_after(table, table->count - 1);
    judge(table, color, verdict, foul);
    opening_placed(table);
}

bool table_load(Table *table, const LoadedGame *game, int default_rule, int64_t turn_ms, char *why,
                size_t why_size) {
    const TableRules rules = {.width = game->width, .height = game->height,
                              .rule = game->rule >= 0 ? game->rule : default_rule, .turn_ms = turn_ms,
                              .game_ms = table->rules.game_ms};
    if (!set_moves(table, &rules, game->count > 0 ? game->count - 1 : 0, game->x, game->y, why, why_size))
        return false;
    if (game->count > 0) {
        /* the last move may end the game: judge it as played */
        const int x = game->x[game->count - 1], y = game->y[game->count - 1];
        if (!board_on(table->board, x, y) || !board_empty_at(table->board, cell_at(x, y))) {
            char cell[24];
            cell_words(&rules, x, y, cell, sizeof cell);
            say(why, why_size, "the last move (%s) is off the board or on a stone", cell);
            return false;
        }
        make_move(table, x, y);
        table->ms[table->count - 1] = 0;
        restart_clocks(table);
    }
    table->opening_count = 0; /* a saved game's moves, unlike an opening's, can be taken back */
    return true;
}

/* A person's stone at x,y is playable on the board shown: false with the reason. */
static bool playable(Table *table, int x, int y, char *why, size_t why_size) {
    const int color = table->analysis.view % 2 == 0 ? BLACK : WHITE;
    char cell[8];
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
    return true;
}

/* Analysis: a stone played at the position shown replaces the rest of the game. */
static void cut_game_at_view(Table *table) {
    if (table->analysis.view == table->count) return;
    table->count = table->analysis.view;
    if (table->opening_count > table->count) table->opening_count = table->count;
    clear_result(table);
    forget_evals_after(table, table->count);
}

bool table_play(Table *table, int x, int y, char *why, size_t why_size) {
    const int actor = table_actor(table);
    const bool analysing = table->analysis.on;
    if (!analysing && table_check_time(table)) {
        say(why, why_size, "too late: %s", table->reason);
        return false;
    }
    if (table_over(table) && !(analysing && table->analysis.view < table->count)) {
        say(why, why_size, "the game is over (%s): undo or start a new one", table->reason);
        return false;
    }
    if (table_choosing(table) && !analysing) {
        say(why, why_size, "%s chooses a colour first (black, white%s)", table->players[actor].brain ? table->players[actor].name : "you",
            table->stage == STAGE_CHOOSE3 && table->rules.opening_rule == OPENING_RULE_SWAP2 ? " or two more stones" : "");
        return false;
    }
    if (table->players[actor].brain && !analysing) {
        if (table->stage == STAGE_PLAY)
            say(why, why_size, "it is %s's move, and %s plays it", color_name(actor), table->players[actor].name);
        else
            say(why, why_size, "%s places the opening's stones", table->players[actor].name);
        return false;
    }
    if (!playable(table, x, y, why, why_size)) return false;
    cut_game_at_view(table);
    make_move(table, x, y);
    table->note[0] = '\0';
    forget_analysis(table);
    disturb(table);
    return true;
}

bool table_choose(Table *table, TableChoice choice, char *why, size_t why_size) {
    const int actor = table_actor(table);
    if (!table_choosing(table)) {
        say(why, why_size, "there is no colour to choose now");
        return false;
    }
    if (table->players[actor].brain) {
        say(why, why_size, "%s chooses, not you", table->players[actor].name);
        return false;
    }
    if (choice == CHOICE_TWO_MORE) {
        if (table->stage != STAGE_CHOOSE3 || table->rules.opening_rule != OPENING_RULE_SWAP2) {
            say(why, why_size, "two more stones only under swap2, after the first three");
            return false;
        }
        charge_clock(table);
        table->stage = STAGE_PLACE2;
        disturb(table);
        return true;
    }
    charge_clock(table);
    /* the chooser sits at `actor`'s colour: taking the other colour swaps the seats */
    if ((choice == CHOICE_BLACK) != (actor == BLACK)) swap_seats(table);
    opening_done(table);
    disturb(table);
    return true;
}

static void take_back_to(Table *table, int count) {
    table->count = count;
    show_view(table, count);
    clear_result(table);
    table->thinking.side = 0;
    table->turn_start_ms = monotonic_ms();
    forget_evals_after(table, count);
    forget_analysis(table);
    disturb(table);
}

bool table_undo(Table *table, char *why, size_t why_size) {
    if (table->stage != STAGE_PLAY) {
        say(why, why_size, "the swap opening cannot be taken back: start a new game");
        return false;
    }
    const bool person_plays = !table->players[BLACK].brain || !table->players[WHITE].brain;
    int back = table->count - 1;
    if (person_plays && !table->analysis.on) {
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

bool table_swap(Table *table, char *why, size_t why_size) {
    if (table->stage != STAGE_PLAY) {
        say(why, why_size, "in the swap opening the colours are chosen, not swapped");
        return false;
    }
    charge_clock(table);
    swap_seats(table);
    disturb(table);
    return true;
}

bool table_want_hint(Table *table, char *why, size_t why_size) {
    const int color = table_to_move(table);
    if (table_over(table)) {
        say(why, why_size, "the game is over");
        return false;
    }
    if (table->stage != STAGE_PLAY || table->analysis.on) {
        say(why, why_size, table->analysis.on ? "the analysis shows the best moves already" : "no hints in the swap opening");
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

/* ---- analysis ---- */

bool table_analyse(Table *table, bool on, const TablePlayer *brain, int lines, char *why, size_t why_size) {
    TableAnalysis *a = &table->analysis;
    if (on && (!brain || !brain->brain)) {
        say(why, why_size, "the analysis wants a brain (a Wuzi level or an --engine)");
        return false;
    }
    if (on && table->stage != STAGE_PLAY) {
        say(why, why_size, "the swap opening comes first: analyse once the colours are chosen");
        return false;
    }
    if (lines < 1 || lines > TABLE_BEST_MAX) {
        say(why, why_size, "an analysis shows 1 to %d best moves", TABLE_BEST_MAX);
        return false;
    }
    if (on && !a->on) {
        charge_clock(table);
        table->clocks_stopped = true;
    }
    if (!on && a->on) {
        show_view(table, table->count);
        table->clocks_stopped = false;
        table->turn_start_ms = monotonic_ms();
    }
    a->on = on;
    if (on) a->brain = *brain;
    a->lines = lines;
    forget_analysis(table);
    disturb(table);
    return true;
}

bool table_view(Table *table, int view, char *why, size_t why_size) {
    if (!table->analysis.on) {
        say(why, why_size, "earlier positions are shown in the analysis");
        return false;
    }
    if (view < 0 || view > table->count) {
        say(why, why_size, "the game has moves 0 to %d", table->count);
        return false;
    }
    if (view == table->analysis.view) return true;
    show_view(table, view);
    forget_analysis(table);
    disturb(table);
    return true;
}

/* A score from the side to move's view as black's. */
static TableEval black_view(const Thinking *t, int side) {
    TableEval e = {.known = t->has_score, .score = t->score, .mate = t->mate, .depth = t->depth};
    if (side == WHITE) {
        e.score = -e.score;
        e.mate = -e.mate;
    }
    return e;
}

/* "NBEST 7,7 8,8": the brain's best moves after its search, without scores (a brain that
 * printed no multipv lines this round shows these). */
static void analysis_nbest(Table *table, const char *cells, int side) {
    TableAnalysis *a = &table->analysis;
    if (a->scored) return;
    Thinking t;
    thinking_parse(&t, side, "", table->rules.width, table->rules.height);
    int x, y, n = 0;
    a->line_count = 0;
    while (a->line_count < a->lines && sscanf(cells, " %d,%d%n", &x, &y, &n) == 2) {
        cells += n;
        if (!board_on(table->board, x, y)) break;
        t.pv_count = 1;
        t.pv_x[0] = x;
        t.pv_y[0] = y;
        a->line[a->line_count++] = t;
    }
}

static void analysis_message(Table *table, const TableVoice *voice, const char *text) {
    TableAnalysis *a = &table->analysis;
    snprintf(a->message, sizeof a->message, "%s", text);
    if (strncmp(text, "NBEST ", 6) == 0) {
        analysis_nbest(table, text + 6, voice->side);
        return;
    }
    Thinking t;
    thinking_parse(&t, voice->side, text, table->rules.width, table->rules.height);
    if (!t.has_depth && !t.has_score && t.pv_count == 0) return; /* words only: the message shows them */
    /* multipv K is the K-th best; a brain without multipv lines says one line, the best */
    const int k = t.multipv >= 1 ? t.multipv : 1;
    if (k > TABLE_BEST_MAX) return;
    a->scored = true;
    a->line[k - 1] = t;
    if (t.multipv < 1) a->line_count = 1;
    else if (k > a->line_count) a->line_count = k;
    if (k == 1 && t.has_score) table->evals[a->view] = black_view(&t, voice->side);
}

void table_thinking(Table *table, const TableVoice *voice, const char *text) {
    if (voice->generation != table->generation) return;
    if (voice->want == WANT_ANALYSIS) {
        analysis_message(table, voice, text);
        touch(table);
        return;
    }
    /* the score is the side to move's: for a hint, the person's, not the brain's */
    thinking_parse(&table->thinking, voice->side, text, table->rules.width, table->rules.height);
    table->thinking.brain = voice->brain_color;
    table->thinking.hint = voice->want == WANT_HINT;
    table->thinking_generation = voice->generation;
    touch(table);
}

/* ---- clocks ---- */

int64_t table_clock_ms(const Table *table, int color) {
    int64_t ms = table->used_ms[color];
    if (!table_over(table) && !table->clocks_stopped && table_actor(table) == color)
        ms += monotonic_ms() - table->turn_start_ms;
    return ms;
}

int64_t table_time_left(const Table *table, int color) {
    if (table->rules.game_ms <= 0) return -1;
    const int64_t left = table->rules.game_ms - table_clock_ms(table, color);
    return left > 0 ? left : 0;
}

/* A side lost on time: the reason names who. */
static void lost_on_time(Table *table, int color) {
    const TablePlayer *p = &table->players[color];
    table->result = color == BLACK ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
    table->end = TABLE_TIME;
    charge_clock(table);
    say(table->reason, sizeof table->reason, "%s wins: %s (%s) ran out of time", color_name(opponent(color)),
        p->brain ? p->name : "you", color_name(color));
}

bool table_check_time(Table *table) {
    const int actor = table_actor(table);
    if (table_over(table) || table->clocks_stopped || table->rules.game_ms <= 0 || table->players[actor].brain)
        return false;
    if (table_clock_ms(table, actor) < table->rules.game_ms) return false;
    lost_on_time(table, actor);
    disturb(table);
    return true;
}

int64_t table_ms_until_flag(const Table *table) {
    const int actor = table_actor(table);
    if (table_over(table) || table->clocks_stopped || table->rules.game_ms <= 0 || table->players[actor].brain)
        return -1;
    const int64_t left = table->rules.game_ms - table_clock_ms(table, actor);
    return left > 0 ? left : 0;
}

/* ---- the brains' questions and answers ---- */

static void snapshot_moves(const Table *table, TableSnapshot *snapshot, int count) {
    snapshot->count = count;
    memcpy(snapshot->x, table->x, sizeof(int) * (size_t)count);
    memcpy(snapshot->y, table->y, sizeof(int) * (size_t)count);
}

/* An analysis of the position shown, if one is wanted. */
static void snapshot_analysis(const Table *table, TableSnapshot *snapshot) {
    const TableAnalysis *a = &table->analysis;
    snapshot_moves(table, snapshot, a->view);
    snapshot->color = a->view % 2 == 0 ? BLACK : WHITE;
    snapshot->brain_color = 0;
    snapshot->analyst = a->brain;
    snapshot->lines = a->lines;
    snapshot->analysis_ms = a->round_ms;
    const bool ended = a->view == table->count && table_over(table);
    if (!a->finished && !ended && !board_full(table->board)) snapshot->want = WANT_ANALYSIS;
}

void table_snapshot(Table *table, TableSnapshot *snapshot) {
    snapshot->generation = table->generation;
    snapshot->rules = table->rules;
    snapshot->players[BLACK] = table->players[BLACK];
    snapshot->players[WHITE] = table->players[WHITE];
    snapshot->want = WANT_NOTHING;
    snapshot->lines = 0;
    snapshot->time_left_ms = -1;
    if (table->analysis.on) {
        snapshot_analysis(table, snapshot);
        return;
    }
    snapshot_moves(table, snapshot, table->count);
    const int color = table_to_move(table), actor = table_actor(table);
    snapshot->color = color;
    snapshot->brain_color = actor;
    snapshot->time_left_ms = table_time_left(table, actor);
    if (table_over(table) || board_full(table->board)) return;
    if (table->stage != STAGE_PLAY) {
        /* a brain's part: the first three stones (with none down yet), or a choice */
        const bool brain_places = table->stage == STAGE_PLACE3 && table->count == 0;
        if (table->players[actor].brain && (brain_places || table_choosing(table))) snapshot->want = WANT_SWAP;
        return;
    }
    if (table->players[color].brain) {
        snapshot->want = WANT_MOVE;
    } else if (table->hint_wanted && table->players[opponent(color)].brain) {
        snapshot->want = WANT_HINT;
        snapshot->brain_color = opponent(color);
        snapshot->time_left_ms = -1;
    }
}

/* A brain lost by forfeit: `end` and the reason. */
static void forfeit(Table *table, int color, TableEnd end, const char *reason) {
    table->result = color == BLACK ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
    table->end = end;
    say(table->reason, sizeof table->reason, "%s wins: %s", color_name(opponent(color)), reason);
}

/* The outcome of a question that brought no answer: the brain forfeits; true if it did. */
static bool failed(Table *table, int color, const TableAnswer *answer) {
    switch (answer->outcome) {
    case SEAT_MOVED: return false;
    case SEAT_TIMEOUT: forfeit(table, color, TABLE_TIME, answer->reason); return true;
    case SEAT_CRASHED: forfeit(table, color, TABLE_CRASH, answer->reason); return true;
    case SEAT_REFUSED: forfeit(table, color, TABLE_ILLEGAL, answer->reason); return true;
    case SEAT_CANCELLED: return true;
    }
    return true;
}

/* A brain's stone at x,y is legal on the board; else it forfeits (true). */
static bool illegal(Table *table, int color, int x, int y) {
    const char *name = table->players[color].name;
    char reason[TABLE_TEXT_MAX], cell[24];
    cell_words(&table->rules, x, y, cell, sizeof cell);
    if (!board_on(table->board, x, y)) {
        say(reason, sizeof reason, "%s played %s, off the board", name, cell);
    } else if (!board_empty_at(table->board, cell_at(x, y))) {
        say(reason, sizeof reason, "%s played %s, a cell already taken", name, cell);
    } else {
        return false;
    }
    forfeit(table, color, TABLE_ILLEGAL, reason);
    return true;
}

/* With a game clock, a brain whose answer came after its time was up loses on time. */
static bool flag_fell(Table *table, int color, const TableSnapshot *snapshot, const TableAnswer *answer) {
    if (snapshot->time_left_ms < 0 || answer->elapsed_ms <= snapshot->time_left_ms) return false;
    table->used_ms[color] = table->rules.game_ms;
    table->turn_start_ms = monotonic_ms();
    lost_on_time(table, color);
    return true;
}

static void apply_move(Table *table, int color, const TableSnapshot *snapshot, const TableAnswer *answer) {
    if (failed(table, color, answer) || flag_fell(table, color, snapshot, answer) ||
        illegal(table, color, answer->x, answer->y))
        return;
    /* the score the brain gave the position it moved from, for the graph */
    if (table->thinking_generation == snapshot->generation && table->thinking.has_score)
        table->evals[table->count] = black_view(&table->thinking, table->thinking.side);
    make_move(table, answer->x, answer->y);
}

/* The stones a brain placed in the swap opening, each judged as a move. */
static bool place_stones(Table *table, int color, const TableAnswer *answer, int count) {
    for (int i = 0; i < count; i++) {
        if (illegal(table, color, answer->sx[i], answer->sy[i])) return false;
        make_move(table, answer->sx[i], answer->sy[i]);
        if (table_over(table)) return false;
    }
    return true;
}

/* A brain's part of the swap opening (SWAP2BOARD's answer). */
static void apply_swap(Table *table, int color, const TableSnapshot *snapshot, const TableAnswer *answer) {
    char reason[TABLE_TEXT_MAX];
    const char *name = table->players[color].name;
    if (failed(table, color, answer) || flag_fell(table, color, snapshot, answer)) return;
    const TableStage stage = table->stage;
    const int wanted_min = stage == STAGE_PLACE3 ? 3 : 1;
    const int wanted_max = stage == STAGE_PLACE3 ? 3 : stage == STAGE_CHOOSE3 && table->rules.opening_rule == OPENING_RULE_SWAP2 ? 2 : 1;
    if (answer->swap && stage != STAGE_PLACE3) {
        /* SWAP: it takes black */
        charge_clock(table);
        if (color == WHITE) swap_seats(table);
        opening_done(table);
        return;
    }
    int count = answer->count;
    if (stage == STAGE_CHOOSE3 && count == 2 && table->rules.opening_rule == OPENING_RULE_SWAP) {
        count = 1; /* swap1 has no two more stones: its 4th is the move it plays as white */
        snprintf(table->note, sizeof table->note, "%s placed two stones; under swap the first is its move", name);
    }
    if (answer->swap || count < wanted_min || count > wanted_max) {
        say(reason, sizeof reason, "%s answered the swap opening with %s", name,
            answer->swap ? "SWAP before any stone" : "the wrong number of stones");
        forfeit(table, color, TABLE_ILLEGAL, reason);
        return;
    }
    if (stage == STAGE_CHOOSE5) {
        /* a move: it plays white, the side to move */
        swap_seats(table);
        color = WHITE;
        opening_done(table);
    } else if (stage == STAGE_CHOOSE3 && count == 1) {
        opening_done(table); /* it stays white and plays the 4th */
    } else if (stage == STAGE_CHOOSE3) {
        table->stage = STAGE_PLACE2; /* two more: then black's seat chooses */
    }
    place_stones(table, color, answer, count);
}

static void apply_analysis(Table *table, const TableAnswer *answer) {
    TableAnalysis *a = &table->analysis;
    if (answer->outcome == SEAT_CANCELLED) return; /* stopped for a command: it goes on after it */
    /* another round, twice as long, until the last */
    a->scored = false;
    if (answer->outcome == SEAT_MOVED && a->round_ms < TABLE_ANALYSIS_LAST_MS) {
        a->round_ms *= 2;
    } else {
        a->finished = true;
    }
    if (answer->outcome != SEAT_MOVED && answer->reason[0])
        snprintf(a->message, sizeof a->message, "%.200s", answer->reason);
    if (answer->outcome == SEAT_MOVED && a->line_count == 0 && board_on(table->board, answer->x, answer->y)) {
        Thinking t;
        thinking_parse(&t, a->view % 2 == 0 ? BLACK : WHITE, "", table->rules.width, table->rules.height);
        t.pv_count = 1;
        t.pv_x[0] = answer->x;
        t.pv_y[0] = answer->y;
        a->line[a->line_count++] = t;
    }
}

static void apply_hint(Table *table, const TableAnswer *answer) {
    table->hint_wanted = false;
    if (answer->outcome == SEAT_MOVED && board_on(table->board, answer->x, answer->y) &&
        board_empty_at(table->board, cell_at(answer->x, answer->y))) {
        table->has_hint = true;
        table->hint_x = answer->x;
        table->hint_y = answer->y;
    } else {
        snprintf(table->note, sizeof table->note, "no hint: %.200s", answer->reason[0] ? answer->reason : "no move");
    }
}

bool table_apply(Table *table, const TableSnapshot *snapshot, const TableAnswer *answer) {
    if (answer->note[0]) {
        snprintf(table->note, sizeof table->note, "%s", answer->note);
        touch(table);
    }
    if (snapshot->generation != table->generation || snapshot->want == WANT_NOTHING) return false;
    touch(table);
    switch (snapshot->want) {
    case WANT_HINT: apply_hint(table, answer); return true;
    case WANT_ANALYSIS: apply_analysis(table, answer); return true;
    case WANT_SWAP: apply_swap(table, snapshot->brain_color, snapshot, answer); break;
    case WANT_MOVE: apply_move(table, snapshot->color, snapshot, answer); break;
    case WANT_NOTHING: return false;
    }
    table->generation++;
    return true;
}

/* ---- what is shown ---- */

int table_forbidden(Table *table, int *cells, int max) {
    const bool black_to_move = table->analysis.view % 2 == 0;
    if (!(table->rules.rule & 4) || !black_to_move || (table_over(table) && table->analysis.view == table->count))
        return 0;
    int n = 0;
    for (int cell = board_first(table->board); cell && n < max; cell = board_next(table->board, cell))
        if (board_empty_at(table->board, cell) && rules_foul(table->board, cell) != FOUL_NONE) cells[n++] = cell;
    return n;
}

int table_winning_line(const Table *table, int *cells, int max) {
    if (table->end != TABLE_FIVE || table->count == 0 || table->analysis.view != table->count) return 0;
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

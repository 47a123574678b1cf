#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain_dialogue.h"
#include "rules.h"

/* Shortest wait for ABOUT and START, whatever the turn limit. */
#define START_TIMEOUT_MIN_MS 3000

typedef struct GameState {
    const GameSettings *settings;
    Player *players[3]; /* indexed by BLACK and WHITE */
    bool informed[3];   /* has this brain been sent the position yet? */
    int64_t time_left[3];
    int64_t longest[3]; /* the longest wait for a move */
    Board *board;
    GameRecord *record;
} GameState;

typedef enum Outcome { OUTCOME_OK, OUTCOME_OVER, OUTCOME_CANCELLED } Outcome;

/* How long ABOUT and START may take in a game: a brain may load tables when it starts. */
static int64_t game_start_timeout_ms(const GameSettings *settings, const EngineSpec *spec) {
    const int64_t base =
        spec->turn_ms > START_TIMEOUT_MIN_MS ? spec->turn_ms : START_TIMEOUT_MIN_MS;
    return base + settings->tolerance_ms;
}

static const char *name_of(const GameState *state, int color) {
    return state->players[color]->spec->name;
}

static void set_reason(GameRecord *record, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void set_reason(GameRecord *record, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(record->reason, sizeof record->reason, format, args);
    va_end(args);
}

static GameResult win_for(int color) {
    return color == BLACK ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
}

/* `color` loses by forfeit; its brain is stopped so that its next game starts it afresh. */
static Outcome forfeit(GameState *state, int color, GameEnd end) {
    state->record->result = win_for(opponent(color));
    state->record->end = end;
    brain_stop(&state->players[color]->brain, 0);
    return OUTCOME_OVER;
}

/* Why a read failed, for the reason text. */
static const char *read_failure(BrainRead status) {
    return status == BRAIN_READ_TIMEOUT ? "did not answer in time" : "ended its output";
}

static Outcome start_failed(GameState *state, int color, const char *what, BrainRead status) {
    if (status == BRAIN_READ_CANCELLED) return OUTCOME_CANCELLED;
    const Outcome outcome = forfeit(state, color, status == BRAIN_READ_TIMEOUT ? END_TIME : END_ERROR);
    const bool not_run = brain_command_failed(&state->players[color]->brain);
    set_reason(state->record, "%s %s %s%s", name_of(state, color), read_failure(status), what,
               not_run ? " (the shell could not run its command)" : "");
    return outcome;
}

static bool engine_sets(const EngineSpec *spec, const char *key) {
    for (int i = 0; i < spec->option_count; i++)
        if (strcmp(spec->options[i].key, key) == 0) return true;
    return false;
}

/* The runner's INFO values, unless the engine's own options replace them (one value per key:
 * a brain that resizes its table on max_memory would otherwise do it twice a game), then the
 * engine's options. */
static void send_infos(GameState *state, int color) {
    const GameSettings *settings = state->settings;
    const EngineSpec *spec = state->players[color]->spec;
    BrainProcess *brain = &state->players[color]->brain;
    const struct { const char *key; long long value; } defaults[] = {
        {"timeout_turn", spec->turn_ms}, {"timeout_match", spec->match_ms},
        {"max_memory", settings->max_memory}, {"game_type", 1}, {"rule", settings->rule},
    };
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        if (!engine_sets(spec, defaults[i].key)) brain_sendf(brain, "INFO %s %lld", defaults[i].key, defaults[i].value);
    for (int i = 0; i < spec->option_count; i++)
        brain_sendf(brain, "INFO %s %s", spec->options[i].key, spec->options[i].value);
}

/* Start the brain's process; ABOUT is its first command and must be answered in time. */
static Outcome launch(GameState *state, int color) {
    Player *player = state->players[color];
    BrainProcess *brain = &player->brain;
    if (!brain_start(brain, player->spec->command)) {
        set_reason(state->record, "%s could not be started", name_of(state, color));
        return forfeit(state, color, END_ERROR);
    }
    char line[BRAIN_LINE_MAX];
    const int64_t deadline = monotonic_ms() + game_start_timeout_ms(state->settings, player->spec);
    BrainRead status = BRAIN_READ_EOF;
    if (brain_send(brain, "ABOUT")) status = dialogue_read(brain, line, sizeof line, deadline, NULL, NULL);
    if (status != BRAIN_READ_OK) return start_failed(state, color, "to ABOUT", status);
    return OUTCOME_OK;
}

/* Get the brain ready for a new game: started (or kept from the last game), START answered,
 * INFO sent. A kept brain found dead at START left after its last game, which is no fault
 * in this one: it is started afresh. */
static Outcome prepare(GameState *state, int color) {
    BrainProcess *brain = &state->players[color]->brain;
    const bool kept = brain_running(brain);
    if (!kept) {
        const Outcome launched = launch(state, color);
        if (launched != OUTCOME_OK) return launched;
    }
    char line[BRAIN_LINE_MAX];
    bool refused;
    const int64_t timeout = game_start_timeout_ms(state->settings, state->players[color]->spec);
    BrainRead status = dialogue_start(brain, state->settings->width, state->settings->height, monotonic_ms() + timeout, line,
                           sizeof line, &refused);
    if (status == BRAIN_READ_EOF && kept) {
        brain_stop(brain, 0);
        const Outcome launched = launch(state, color);
        if (launched != OUTCOME_OK) return launched;
        status = dialogue_start(brain, state->settings->width, state->settings->height, monotonic_ms() + timeout, line,
                           sizeof line, &refused);
    }
    if (refused) {
        set_reason(state->record, "%s answered START with: %s", name_of(state, color), line);
        return forfeit(state, color, END_ERROR);
    }
    if (status != BRAIN_READ_OK) return start_failed(state, color, "to START", status);
    send_infos(state, color);
    return OUTCOME_OK;
}

/* Send what the brain needs before its move: the whole position the first time, else TURN. */
static bool send_position(GameState *state, int color) {
    BrainProcess *brain = &state->players[color]->brain;
    const GameRecord *record = state->record;
    if (state->players[color]->spec->match_ms > 0)
        brain_sendf(brain, "INFO time_left %lld", (long long)state->time_left[color]);
    else
        brain_sendf(brain, "INFO time_left %d", UNLIMITED_TIME_LEFT);
    if (state->informed[color]) {
        const int last = record->move_count - 1;
        return brain_sendf(brain, "TURN %d,%d", record->x[last], record->y[last]);
    }
    state->informed[color] = true;
    if (record->move_count == 0) return brain_send(brain, "BEGIN");
    return dialogue_send_board(brain, record->x, record->y, record->move_count, color);
}

/* Ask `color` for its move; on OUTCOME_OK, x,y and the thinking time are set. */
static Outcome ask_move(GameState *state, int color, int *x, int *y, int64_t *elapsed) {
    const EngineSpec *spec = state->players[color]->spec;
    BrainProcess *brain = &state->players[color]->brain;
    int64_t limit = spec->turn_ms;
    const bool clock_binds = spec->match_ms > 0 && state->time_left[color] < limit;
    if (clock_binds) limit = state->time_left[color];
    const bool sent = send_position(state, color);
    const int64_t start = monotonic_ms();
    const int64_t deadline = start + limit + state->settings->tolerance_ms;
    char line[BRAIN_LINE_MAX];
    BrainRead status = sent ? BRAIN_READ_OK : BRAIN_READ_EOF;
    if (status == BRAIN_READ_OK) status = dialogue_read(brain, line, sizeof line, deadline, NULL, NULL);
    *elapsed = monotonic_ms() - start;
    if (*elapsed > state->longest[color]) state->longest[color] = *elapsed;
    /* The clock runs whatever the answer, and never goes below zero. */
    const int64_t clock = state->time_left[color];
    if (spec->match_ms > 0) state->time_left[color] = clock > *elapsed ? clock - *elapsed : 0;
    switch (status) {
    case BRAIN_READ_CANCELLED: return OUTCOME_CANCELLED;
    case BRAIN_READ_TIMEOUT:
        if (clock_binds)
            set_reason(state->record, "%s ran out of game time (%lld ms left, tolerance %lld ms)",
                       name_of(state, color), (long long)clock,
                       (long long)state->settings->tolerance_ms);
        else
            set_reason(state->record, "%s lost on time (turn limit %lld ms, tolerance %lld ms)",
                       name_of(state, color), (long long)limit,
                       (long long)state->settings->tolerance_ms);
        return forfeit(state, color, END_TIME);
    case BRAIN_READ_EOF:
        set_reason(state->record, "%s crashed (end of output)", name_of(state, color));
        return forfeit(state, color, END_ERROR);
    case BRAIN_READ_OK: break;
    }
    if (reply_is(line, "ERROR") || reply_is(line, "UNKNOWN")) {
        set_reason(state->record, "%s answered: %s", name_of(state, color), line);
        return forfeit(state, color, END_ERROR);
    }
    if (!dialogue_parse_move(line, x, y)) {
        set_reason(state->record, "%s sent a malformed move: \"%.120s\"", name_of(state, color),
                   line);
        return forfeit(state, color, END_ERROR);
    }
    /* The tolerance excuses a late answer to the turn limit, never an empty game clock: the
     * move that empties it loses. */
    if (spec->match_ms > 0 && *elapsed > clock) {
        set_reason(state->record, "%s ran out of game time (%lld ms left, the move took %lld ms)",
                   name_of(state, color), (long long)clock, (long long)*elapsed);
        return forfeit(state, color, END_TIME);
    }
    return OUTCOME_OK;
}

static void record_move(GameRecord *record, int x, int y, int64_t ms) {
    record->x[record->move_count] = x;
    record->y[record->move_count] = y;
    record->ms[record->move_count] = ms;
    record->move_count++;
}

/* Judge the move x,y by `color`. */
static Outcome judge(GameState *state, int color, int x, int y, int64_t elapsed) {
    Board *board = state->board;
    GameRecord *record = state->record;
    if (!board_on(board, x, y)) {
        set_reason(record, "%s played %d,%d, off the board", name_of(state, color), x, y);
        return forfeit(state, color, END_ERROR);
    }
    if (!board_empty_at(board, cell_at(x, y))) {
        set_reason(record, "%s played the occupied cell %d,%d", name_of(state, color), x, y);
        return forfeit(state, color, END_ERROR);
    }
    Foul foul = FOUL_NONE;
    if ((board->rule & RULE_RENJU) && color == BLACK) foul = rules_foul(board, cell_at(x, y));
    const Verdict verdict = rules_play(board, x, y);
    if (verdict == VERDICT_ILLEGAL) {
        set_reason(record, "%s played the illegal move %d,%d", name_of(state, color), x, y);
        return forfeit(state, color, END_ERROR);
    }
    record_move(record, x, y, elapsed);
    record->end = END_NORMAL;
    switch (verdict) {
    case VERDICT_WIN:
        record->result = win_for(color);
        set_reason(record, "%s made five", name_of(state, color));
        return OUTCOME_OVER;
    case VERDICT_FOUL:
        record->result = win_for(opponent(color));
        set_reason(record, "%s made a forbidden move at %d,%d (%s)", name_of(state, color), x, y,
                   foul_name(foul));
        return OUTCOME_OVER;
    case VERDICT_DRAW:
        record->result = RESULT_DRAW;
        set_reason(record, "board full");
        return OUTCOME_OVER;
    default: return OUTCOME_OK;
    }
}

static Outcome place_opening(GameState *state, const Opening *opening) {
    for (int i = 0; opening && i < opening->count; i++) {
        if (rules_play(state->board, opening->x[i], opening->y[i]) != VERDICT_PLAYING) {
            state->record->result = RESULT_DRAW;
            set_reason(state->record, "opening on line %d cannot be played under this rule",
                       opening->line);
            return OUTCOME_OVER;
        }
        record_move(state->record, opening->x[i], opening->y[i], 0);
    }
    state->record->opening_count = state->record->move_count;
    return OUTCOME_OK;
}

static void init_record(GameRecord *record, const GameSettings *settings, const Player *black,
                        const Player *white, int number) {
    memset(record, 0, sizeof *record);
    record->number = number;
    snprintf(record->black, sizeof record->black, "%s", black->spec->name);
    snprintf(record->white, sizeof record->white, "%s", white->spec->name);
    record->width = settings->width;
    record->height = settings->height;
    record->rule = settings->rule;
    record->result = RESULT_NONE;
    record->black_time.clock_left_ms = black->spec->match_ms > 0 ? black->spec->match_ms : -1;
    record->white_time.clock_left_ms = white->spec->match_ms > 0 ? white->spec->match_ms : -1;
}

static Outcome play_moves(GameState *state) {
    GameRecord *record = state->record;
    for (;;) {
        if (state->settings->draw_after > 0 && record->move_count >= state->settings->draw_after) {
            record->result = RESULT_DRAW;
            record->end = END_NORMAL;
            set_reason(record, "draw by adjudication after %d moves", record->move_count);
            return OUTCOME_OVER;
        }
        const int color = state->board->to_move;
        int x, y;
        int64_t elapsed;
        Outcome outcome = ask_move(state, color, &x, &y, &elapsed);
        if (outcome == OUTCOME_OK) outcome = judge(state, color, x, y, elapsed);
        if (outcome != OUTCOME_OK) return outcome;
    }
}

static SideTime side_time(const GameState *state, int color) {
    const bool clock = state->players[color]->spec->match_ms > 0;
    return (SideTime){state->longest[color], clock ? state->time_left[color] : -1};
}

bool game_play(const GameSettings *settings, Player *black, Player *white, const Opening *opening,
               int number, GameRecord *record) {
    init_record(record, settings, black, white, number);
    const Geometry *geometry = geometry_get(settings->width, settings->height, 5, settings->rule);
    Board *board = geometry ? malloc(sizeof *board) : NULL;
    if (!board) {
        record->result = RESULT_DRAW;
        set_reason(record, "board %dx%d is not supported", settings->width, settings->height);
        return true;
    }
    board_init(board, geometry);
    GameState state = {
        .settings = settings, .players = {NULL, black, white}, .board = board, .record = record};
    state.time_left[BLACK] = black->spec->match_ms;
    state.time_left[WHITE] = white->spec->match_ms;
    Outcome outcome = prepare(&state, BLACK);
    if (outcome == OUTCOME_OK) outcome = prepare(&state, WHITE);
    if (outcome == OUTCOME_OK) outcome = place_opening(&state, opening);
    if (outcome == OUTCOME_OK) outcome = play_moves(&state);
    record->black_time = side_time(&state, BLACK);
    record->white_time = side_time(&state, WHITE);
    free(board);
    return outcome != OUTCOME_CANCELLED;
}

/* Why a brain that was sent START gave no OK. */
static void check_failure(BrainProcess *brain, BrainRead status, const char *command,
                          int64_t timeout_ms, const char *line, bool refused, char *why,
                          size_t why_size) {
    if (refused) {
        snprintf(why, why_size, "it answered %s with: %s", command, line);
    } else if (status == BRAIN_READ_TIMEOUT) {
        snprintf(why, why_size, "it did not answer %s with OK within %lld ms", command,
                 (long long)timeout_ms);
    } else if (brain_command_failed(brain)) {
        snprintf(why, why_size, "the shell could not run its command (not found or not executable)");
    } else if (brain_exit_code(brain) >= 0) {
        snprintf(why, why_size, "it ended its output before answering %s (exit code %d)", command,
                 brain_exit_code(brain));
    } else {
        snprintf(why, why_size, "it ended its output before answering %s", command);
    }
}

bool game_check_brain(const GameSettings *settings, const EngineSpec *spec, int64_t timeout_ms,
                      int grace_ms, const atomic_bool *cancel, char *why, size_t why_size) {
    BrainProcess *brain = malloc(sizeof *brain);
    if (!brain) {
        snprintf(why, why_size, "out of memory");
        return false;
    }
    brain_init(brain, spec->name, -1, 0, cancel);
    if (!brain_start(brain, spec->command)) {
        snprintf(why, why_size, "it could not be started (no pipe or process left)");
        free(brain);
        return false;
    }
    char command[64], line[BRAIN_LINE_MAX];
    dialogue_start_command(settings->width, settings->height, command, sizeof command);
    bool refused;
    const BrainRead status = dialogue_start(brain, settings->width, settings->height,
                                            monotonic_ms() + timeout_ms, line, sizeof line, &refused);
    const bool ok = status == BRAIN_READ_OK && !refused;
    /* A brain whose output ended is leaving: its exit status tells why. */
    if (status == BRAIN_READ_EOF) brain_wait_exit(brain, grace_ms);
    brain_stop(brain, ok ? grace_ms : 0);
    if (!ok && status != BRAIN_READ_CANCELLED)
        check_failure(brain, status, command, timeout_ms, line, refused, why, why_size);
    if (status == BRAIN_READ_CANCELLED) snprintf(why, why_size, "interrupted");
    free(brain);
    return ok;
}

bool game_opening_valid(const GameSettings *settings, const Opening *opening, char *why,
                        int why_size) {
    const Geometry *geometry = geometry_get(settings->width, settings->height, 5, settings->rule);
    if (!geometry) {
        snprintf(why, (size_t)why_size, "board %dx%d is not supported", settings->width,
                 settings->height);
        return false;
    }
    Board *board = malloc(sizeof *board);
    if (!board) return false;
    board_init(board, geometry);
    bool ok = true;
    for (int i = 0; ok && i < opening->count; i++) {
        const Verdict verdict = rules_play(board, opening->x[i], opening->y[i]);
        if (verdict != VERDICT_PLAYING) {
            snprintf(why, (size_t)why_size, "stone %d (%d,%d) %s", i + 1, opening->x[i],
                     opening->y[i],
                     verdict == VERDICT_WIN    ? "makes five"
                     : verdict == VERDICT_FOUL ? "is a renju foul"
                                               : "cannot be played");
            ok = false;
        }
    }
    free(board);
    return ok;
}

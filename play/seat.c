#include "seat.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "brain_dialogue.h"

/* A brain may load tables when it starts: ABOUT and START get at least this long. */
#define START_TIMEOUT_MIN_MS 5000
#define TAKEBACK_TIMEOUT_MS 2000
#define STOP_GRACE_MS 300
/* After YXSTOP the brain answers at once; one that does not within this is stopped. */
#define STOP_ANSWER_MS 3000
#define BRAIN_MEMORY_BYTES (128LL << 20)
#define DEFAULT_TOLERANCE_MS 1000

static void forget(Seat *seat) {
    seat->started = false;
    seat->known_count = 0;
    seat->known_color = 0;
}

void seat_init(Seat *seat, const char *name, const char *command, const atomic_bool *cancel) {
    memset(seat, 0, sizeof *seat);
    snprintf(seat->name, sizeof seat->name, "%s", name);
    snprintf(seat->command, sizeof seat->command, "%s", command);
    brain_init(&seat->brain, name, -1, 0, cancel);
    seat->tolerance_ms = DEFAULT_TOLERANCE_MS;
}

void seat_stop(Seat *seat) {
    brain_stop(&seat->brain, STOP_GRACE_MS);
    forget(seat);
}

void seat_set_command(Seat *seat, const char *name, const char *command) {
    snprintf(seat->name, sizeof seat->name, "%s", name);
    snprintf(seat->brain.name, sizeof seat->brain.name, "%s", name);
    if (strcmp(seat->command, command) == 0) return;
    seat_stop(seat);
    snprintf(seat->command, sizeof seat->command, "%s", command);
    seat->lacks_takeback = false;
    seat->about[0] = '\0';
}

void seat_destroy(Seat *seat) { seat_stop(seat); }

/* The next line that is not MESSAGE or DEBUG; MESSAGE text goes to the callback. */
static BrainRead read_reply(Seat *seat, char *line, size_t size, int64_t deadline,
                            SeatMessageFn on_message, void *context) {
    return dialogue_read(&seat->brain, line, size, deadline, on_message, context);
}

static void set_reason(char *reason, size_t size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void set_reason(char *reason, size_t size, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(reason, size, format, args);
    va_end(args);
}

/* What a failed read means, with the brain stopped. */
static SeatOutcome read_failed(Seat *seat, BrainRead status, const char *what, char *reason,
                               size_t size) {
    brain_stop(&seat->brain, 0);
    forget(seat);
    if (status == BRAIN_READ_CANCELLED) {
        set_reason(reason, size, "%s was interrupted", seat->name);
        return SEAT_CANCELLED;
    }
    if (status == BRAIN_READ_TIMEOUT) {
        set_reason(reason, size, "%s did not answer %s in time", seat->name, what);
        return SEAT_TIMEOUT;
    }
    set_reason(reason, size, "%s crashed (it ended its output) instead of answering %s%s",
               seat->name, what,
               brain_command_failed(&seat->brain) ? "; the shell could not run its command" : "");
    return SEAT_CRASHED;
}

/* name="…" from the ABOUT line, or the line itself. */
static void keep_about(Seat *seat, const char *line) {
    const char *name = strstr(line, "name=\"");
    const char *from = name ? name + 6 : line;
    size_t n = 0;
    while (from[n] && (name ? from[n] != '"' : true) && n + 1 < sizeof seat->about &&
           isprint((unsigned char)from[n]))
        n++;
    memcpy(seat->about, from, n);
    seat->about[n] = '\0';
}

static SeatOutcome start(Seat *seat, const SeatPosition *position, char *reason, size_t size) {
    if (seat->started && seat->width == position->width && seat->height == position->height &&
        seat->rule == position->rule && brain_running(&seat->brain))
        return SEAT_MOVED;
    seat_stop(seat);
    if (!brain_start(&seat->brain, seat->command)) {
        set_reason(reason, size, "%s could not be started (no pipes or processes left)", seat->name);
        return SEAT_CRASHED;
    }
    const int64_t wait = position->turn_ms > START_TIMEOUT_MIN_MS ? position->turn_ms : START_TIMEOUT_MIN_MS;
    char line[BRAIN_LINE_MAX];
    BrainRead status = brain_send(&seat->brain, "ABOUT") ? BRAIN_READ_OK : BRAIN_READ_EOF;
    if (status == BRAIN_READ_OK)
        status = read_reply(seat, line, sizeof line, monotonic_ms() + wait, NULL, NULL);
    if (status != BRAIN_READ_OK) return read_failed(seat, status, "ABOUT", reason, size);
    keep_about(seat, line);
    const int w = position->width, h = position->height;
    bool refused;
    status = dialogue_start(&seat->brain, w, h, monotonic_ms() + wait, line, sizeof line, &refused);
    if (refused) {
        seat_stop(seat);
        set_reason(reason, size, "%s refused the board: %.120s", seat->name, line);
        return SEAT_REFUSED;
    }
    if (status != BRAIN_READ_OK) return read_failed(seat, status, "START", reason, size);
    brain_sendf(&seat->brain, "INFO max_memory %lld", BRAIN_MEMORY_BYTES);
    brain_sendf(&seat->brain, "INFO game_type %d", position->versus_human ? 0 : 1);
    brain_sendf(&seat->brain, "INFO rule %d", position->rule);
    brain_sendf(&seat->brain, "INFO timeout_match 0");
    seat->turn_ms_sent = -1;
    seat->match_ms_sent = 0;
    seat->started = true;
    seat->width = w;
    seat->height = h;
    seat->rule = position->rule;
    return SEAT_MOVED;
}

static int color_to_move(int count) { return count % 2 == 0 ? BLACK : WHITE; }

/* How many first stones the brain's and the position's move lists share. */
static int common_prefix(const Seat *seat, const SeatPosition *position) {
    int n = 0;
    while (n < seat->known_count && n < position->count && seat->known_x[n] == position->x[n] &&
           seat->known_y[n] == position->y[n])
        n++;
    return n;
}

/* The question for the brain: TURN, BEGIN or BOARD. */
static bool send_question(Seat *seat, const SeatPosition *position) {
    const int color = color_to_move(position->count);
    const int n = position->count;
    if (seat->known_color == color && seat->known_count + 1 == n &&
        common_prefix(seat, position) == seat->known_count)
        return brain_sendf(&seat->brain, "TURN %d,%d", position->x[n - 1], position->y[n - 1]);
    if (n == 0 && seat->known_count == 0 && seat->known_color == 0) return brain_send(&seat->brain, "BEGIN");
    return dialogue_send_board(&seat->brain, position->x, position->y, position->count, color);
}

/* The time INFOs before a question: the turn limit and the game clock when they changed, and
 * the time left. The longest the answer may take, the tolerance not included. */
static int64_t send_times(Seat *seat, const SeatPosition *position) {
    if (seat->turn_ms_sent != position->turn_ms) {
        brain_sendf(&seat->brain, "INFO timeout_turn %lld", (long long)position->turn_ms);
        seat->turn_ms_sent = position->turn_ms;
    }
    if (seat->match_ms_sent != position->game_ms) {
        brain_sendf(&seat->brain, "INFO timeout_match %lld", (long long)position->game_ms);
        seat->match_ms_sent = position->game_ms;
    }
    if (position->time_left_ms < 0) {
        brain_sendf(&seat->brain, "INFO time_left %d", UNLIMITED_TIME_LEFT);
        return position->turn_ms;
    }
    brain_sendf(&seat->brain, "INFO time_left %lld", (long long)position->time_left_ms);
    return position->time_left_ms < position->turn_ms ? position->time_left_ms : position->turn_ms;
}

/* The reason for an answer that did not come in time. */
static void late(Seat *seat, const SeatPosition *position, char *reason, size_t size) {
    if (position->time_left_ms >= 0 && position->time_left_ms < position->turn_ms)
        set_reason(reason, size, "%s ran out of time (%lld ms left on its game clock, +%lld ms grace)",
                   seat->name, (long long)position->time_left_ms, (long long)seat->tolerance_ms);
    else
        set_reason(reason, size, "%s did not move within %lld ms (+%lld ms grace)", seat->name,
                   (long long)position->turn_ms, (long long)seat->tolerance_ms);
}

/* Started, for a game on `position`: an empty board after stones restarts it (not every
 * brain takes BOARD with no stones, and BEGIN is only for a fresh game). */
static SeatOutcome ready(Seat *seat, const SeatPosition *position, char *reason, size_t reason_size) {
    reason[0] = '\0';
    if (position->count == 0 && (seat->known_count > 0 || seat->known_color != 0)) seat_stop(seat);
    return start(seat, position, reason, reason_size);
}

SeatOutcome seat_move(Seat *seat, const SeatPosition *position, SeatMessageFn on_message,
                      void *context, int *x, int *y, char *reason, size_t reason_size) {
    SeatOutcome outcome = ready(seat, position, reason, reason_size);
    if (outcome != SEAT_MOVED) return outcome;
    const int64_t deadline = monotonic_ms() + send_times(seat, position) + seat->tolerance_ms;
    char line[BRAIN_LINE_MAX];
    BrainRead status = send_question(seat, position) ? BRAIN_READ_OK : BRAIN_READ_EOF;
    if (status == BRAIN_READ_OK) status = read_reply(seat, line, sizeof line, deadline, on_message, context);
    if (status != BRAIN_READ_OK) {
        outcome = read_failed(seat, status, "with a move", reason, reason_size);
        if (outcome == SEAT_TIMEOUT) late(seat, position, reason, reason_size);
        return outcome;
    }
    if (!dialogue_parse_move(line, x, y)) {
        seat_stop(seat);
        set_reason(reason, reason_size, "%s answered \"%.120s\" instead of a move", seat->name, line);
        return SEAT_REFUSED;
    }
    for (int i = 0; i < position->count; i++) {
        seat->known_x[i] = position->x[i];
        seat->known_y[i] = position->y[i];
    }
    seat->known_count = position->count;
    if (seat->known_count < MAX_MOVES) {
        seat->known_x[seat->known_count] = *x;
        seat->known_y[seat->known_count] = *y;
        seat->known_count++;
    }
    seat->known_color = color_to_move(position->count);
    return SEAT_MOVED;
}

bool seat_take_back(Seat *seat, const SeatPosition *position) {
    if (!brain_running(&seat->brain)) return true;
    const int shared = common_prefix(seat, position);
    /* diverged (a hint's stone, another line): the next question sends BOARD anyway */
    if (shared == seat->known_count || shared < position->count) return true;
    if (seat->lacks_takeback) {
        seat_stop(seat);
        snprintf(seat->note, sizeof seat->note,
                 "%s has no TAKEBACK: restarted, it gets the position by BOARD", seat->name);
        return false;
    }
    char line[BRAIN_LINE_MAX] = "";
    while (seat->known_count > shared) {
        const int i = seat->known_count - 1;
        BrainRead status = brain_sendf(&seat->brain, "TAKEBACK %d,%d", seat->known_x[i], seat->known_y[i])
                               ? BRAIN_READ_OK : BRAIN_READ_EOF;
        if (status == BRAIN_READ_OK)
            status = read_reply(seat, line, sizeof line, monotonic_ms() + TAKEBACK_TIMEOUT_MS, NULL, NULL);
        if (status == BRAIN_READ_CANCELLED) {
            seat_stop(seat);
            return false;
        }
        if (status != BRAIN_READ_OK || strcasecmp(line, "OK") != 0) {
            seat->lacks_takeback = true;
            seat_stop(seat);
            snprintf(seat->note, sizeof seat->note,
                     "%s has no TAKEBACK (%s): restarted, it gets the position by BOARD",
                     seat->name, status == BRAIN_READ_OK ? "it answered otherwise" : "no answer");
            return false;
        }
        seat->known_count--;
    }
    return true;
}

bool seat_takes_board(Seat *seat, int width, int height) {
    const SeatPosition position = {.width = width, .height = height};
    char reason[SEAT_NOTE_MAX];
    const bool taken = start(seat, &position, reason, sizeof reason) == SEAT_MOVED;
    seat_stop(seat);
    return taken;
}

/* The brain's own board is unknown after SWAP2BOARD or YXBOARD: the next move sends BOARD. */
static void position_unknown(Seat *seat) {
    seat->known_count = 0;
    seat->known_color = -1;
}

/* "SWAP", or "x,y x,y …" (at most 3); false for anything else. */
static bool parse_swap(const char *line, SeatSwap *answer) {
    memset(answer, 0, sizeof *answer);
    if (strcasecmp(line, "SWAP") == 0) {
        answer->swap = true;
        return true;
    }
    const char *s = line;
    int n = 0;
    while (*s && answer->count < 3) {
        int x, y;
        if (sscanf(s, " %d,%d%n", &x, &y, &n) != 2) return false;
        answer->x[answer->count] = x;
        answer->y[answer->count] = y;
        answer->count++;
        s += n;
        while (*s == ' ') s++;
    }
    return *s == '\0' && answer->count > 0;
}

SeatOutcome seat_swap2(Seat *seat, const SeatPosition *position, SeatMessageFn on_message,
                       void *context, SeatSwap *answer, char *reason, size_t reason_size) {
    SeatOutcome outcome = ready(seat, position, reason, reason_size);
    if (outcome != SEAT_MOVED) return outcome;
    const int64_t deadline = monotonic_ms() + send_times(seat, position) + seat->tolerance_ms;
    position_unknown(seat);
    bool sent = brain_send(&seat->brain, "SWAP2BOARD");
    for (int i = 0; sent && i < position->count; i++)
        sent = brain_sendf(&seat->brain, "%d,%d", position->x[i], position->y[i]);
    sent = sent && brain_send(&seat->brain, "DONE");
    char line[BRAIN_LINE_MAX];
    BrainRead status = sent ? read_reply(seat, line, sizeof line, deadline, on_message, context) : BRAIN_READ_EOF;
    if (status != BRAIN_READ_OK) {
        outcome = read_failed(seat, status, "SWAP2BOARD", reason, reason_size);
        if (outcome == SEAT_TIMEOUT) late(seat, position, reason, reason_size);
        return outcome;
    }
    if (!parse_swap(line, answer)) {
        seat_stop(seat);
        set_reason(reason, reason_size, "%s answered the swap opening (SWAP2BOARD) with \"%.120s\"", seat->name, line);
        return SEAT_REFUSED;
    }
    return SEAT_MOVED;
}

/* After YXSTOP: the think's answer (its move), read without the cancel flag; false if the
 * brain had to be stopped. MESSAGE lines are dropped: they belong to the old position. */
static bool await_stop(Seat *seat, int *x, int *y) {
    const atomic_bool *cancel = seat->brain.cancel;
    seat->brain.cancel = NULL;
    const bool sent = brain_send(&seat->brain, "YXSTOP");
    const int64_t deadline = monotonic_ms() + STOP_ANSWER_MS;
    char line[BRAIN_LINE_MAX];
    bool answered = false;
    while (sent && !answered) {
        if (read_reply(seat, line, sizeof line, deadline, NULL, NULL) != BRAIN_READ_OK) break;
        answered = dialogue_parse_move(line, x, y);
    }
    seat->brain.cancel = cancel;
    if (!answered) seat_stop(seat);
    return answered;
}

/* YXBOARD: the position, the side to move's stones as its own (field 1). */
static bool send_yxboard(Seat *seat, const SeatPosition *position) {
    const int color = color_to_move(position->count);
    bool ok = brain_send(&seat->brain, "YXBOARD");
    for (int i = 0; ok && i < position->count; i++)
        ok = brain_sendf(&seat->brain, "%d,%d,%d", position->x[i], position->y[i], color_to_move(i) == color ? 1 : 2);
    return ok && brain_send(&seat->brain, "DONE");
}

SeatOutcome seat_analyse(Seat *seat, const SeatPosition *position, int lines, int64_t think_ms,
                         SeatMessageFn on_message, void *context, int *x, int *y, char *reason,
                         size_t reason_size) {
    SeatPosition round = *position;
    round.turn_ms = think_ms;
    round.game_ms = 0;
    round.time_left_ms = -1;
    if (seat->lacks_nbest) return seat_move(seat, &round, on_message, context, x, y, reason, reason_size);
    SeatOutcome outcome = ready(seat, position, reason, reason_size);
    if (outcome != SEAT_MOVED) return outcome;
    const int64_t deadline = monotonic_ms() + send_times(seat, &round) + seat->tolerance_ms;
    position_unknown(seat);
    const bool sent = send_yxboard(seat, position) && brain_sendf(&seat->brain, "YXNBEST %d", lines);
    char line[BRAIN_LINE_MAX];
    const BrainRead status = sent ? read_reply(seat, line, sizeof line, deadline, on_message, context) : BRAIN_READ_EOF;
    if (status == BRAIN_READ_CANCELLED) {
        set_reason(reason, reason_size, "%s was stopped", seat->name);
        await_stop(seat, x, y);
        return SEAT_CANCELLED;
    }
    if (status == BRAIN_READ_TIMEOUT) { /* it thinks on past the round: told to stop, as managers do */
        if (await_stop(seat, x, y)) return SEAT_MOVED;
        set_reason(reason, reason_size, "%s did not stop when told to (YXSTOP)", seat->name);
        return SEAT_TIMEOUT;
    }
    if (status != BRAIN_READ_OK) return read_failed(seat, status, "YXNBEST", reason, reason_size);
    if (dialogue_parse_move(line, x, y)) return SEAT_MOVED;
    if (reply_is(line, "UNKNOWN") || reply_is(line, "ERROR")) {
        /* no analysis commands: a fresh process, plain thinks from now on */
        seat->lacks_nbest = true;
        seat_stop(seat);
        snprintf(seat->note, sizeof seat->note, "%s has no YXNBEST: it shows its own MESSAGE lines", seat->name);
        return seat_analyse(seat, position, lines, think_ms, on_message, context, x, y, reason, reason_size);
    }
    seat_stop(seat);
    set_reason(reason, reason_size, "%s answered \"%.120s\" instead of its best move", seat->name, line);
    return SEAT_REFUSED;
}

#include "seating.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monotonic.h"



void seating_init(Seating *seating, const atomic_bool *cancel) {
    memset(seating, 0, sizeof *seating);
    seating->cancel = cancel;
}

void seating_destroy(Seating *seating) {
    for (int c = BLACK; c <= WHITE; c++) {
        if (!seating->seat[c]) continue;
        seat_destroy(seating->seat[c]);
        free(seating->seat[c]);
        seating->seat[c] = NULL;
    }
    if (seating->analyst) {
        seat_destroy(seating->analyst);
        free(seating->analyst);
        seating->analyst = NULL;
    }
}

static bool runs(const Seat *seat, const TablePlayer *player) {
    return seat && player->brain && strcmp(seat->command, player->command) == 0;
}

/* After a swap the brain that played black plays white: move its seat, keep its process. */
static void follow_swap(Seating *seating, const TableSnapshot *snapshot) {
    Seat *black = seating->seat[BLACK], *white = seating->seat[WHITE];
    const TablePlayer *p = snapshot->players;
    const int kept = runs(black, &p[BLACK]) + runs(white, &p[WHITE]);
    const int swapped = runs(white, &p[BLACK]) + runs(black, &p[WHITE]);
    if (swapped > kept) {
        seating->seat[BLACK] = white;
        seating->seat[WHITE] = black;
    }
}

/* The seat in `*slot` running `player`'s brain, made on first use. */
static Seat *seat_in(Seating *seating, Seat **slot, const TablePlayer *player) {
    if (!*slot) {
        *slot = malloc(sizeof(Seat));
        if (!*slot) return NULL;
        seat_init(*slot, player->name, player->command, seating->cancel);
    }
    seat_set_command(*slot, player->name, player->command);
    return *slot;
}

static Seat *seat_for(Seating *seating, int color, const TablePlayer *player) {
    return seat_in(seating, &seating->seat[color], player);
}

static void position_of(const TableSnapshot *snapshot, int brain_color, SeatPosition *position) {
    const bool versus_human = brain_color ? !snapshot->players[opponent(brain_color)].brain : true;
    *position = (SeatPosition){.width = snapshot->rules.width, .height = snapshot->rules.height,
                               .rule = snapshot->rules.rule, .count = snapshot->count,
                               .x = snapshot->x, .y = snapshot->y, .turn_ms = snapshot->rules.turn_ms,
                               .game_ms = snapshot->rules.game_ms, .time_left_ms = snapshot->time_left_ms,
                               .versus_human = versus_human};
}

void seating_arrange(Seating *seating, const TableSnapshot *snapshot, TableAnswer *answer) {
    follow_swap(seating, snapshot);
    /* an analysis asks its own brain; the players' brains wait as they are */
    if (snapshot->want == WANT_ANALYSIS) return;
    for (int c = BLACK; c <= WHITE; c++) {
        const TablePlayer *player = &snapshot->players[c];
        Seat *seat = seating->seat[c];
        if (!player->brain) {
            if (seat) seat_stop(seat); /* a person plays this colour now */
            continue;
        }
        seat = seat_for(seating, c, player);
        if (!seat) continue;
        SeatPosition position;
        position_of(snapshot, c, &position);
        seat->note[0] = '\0';
        if (!seat_take_back(seat, &position) && seat->note[0])
            snprintf(answer->note, sizeof answer->note, "%s", seat->note);
    }
}

typedef struct Relay {
    SeatingMessageFn on_message;
    void *context;
    TableVoice voice;
} Relay;

static void relay(void *context, const char *text) {
    const Relay *r = context;
    if (r->on_message) r->on_message(r->context, &r->voice, text);
}

/* The swap opening's answer: SWAP, or its stones (the first also as x, y). */
static void ask_swap(Seat *seat, const SeatPosition *position, Relay *r, TableAnswer *answer) {
    SeatSwap swap;
    answer->outcome = seat_swap2(seat, position, relay, r, &swap, answer->reason, sizeof answer->reason);
    if (answer->outcome != SEAT_MOVED) return;
    answer->swap = swap.swap;
    answer->count = swap.count;
    for (int i = 0; i < swap.count; i++) {
        answer->sx[i] = swap.x[i];
        answer->sy[i] = swap.y[i];
    }
    answer->x = swap.count ? swap.x[0] : -1;
    answer->y = swap.count ? swap.y[0] : -1;
}

bool seating_step(Seating *seating, const TableSnapshot *snapshot, SeatingMessageFn on_message,
                  void *context, TableAnswer *answer) {
    memset(answer, 0, sizeof *answer);
    seating_arrange(seating, snapshot, answer);
    if (snapshot->want == WANT_NOTHING) return false;
    const int color = snapshot->brain_color;
    Seat *seat = snapshot->want == WANT_ANALYSIS ? seat_in(seating, &seating->analyst, &snapshot->analyst)
                                                 : seat_for(seating, color, &snapshot->players[color]);
    if (!seat) {
        answer->outcome = SEAT_CRASHED;
        snprintf(answer->reason, sizeof answer->reason, "out of memory");
        return true;
    }
    SeatPosition position;
    position_of(snapshot, color, &position);
    Relay r = {.on_message = on_message, .context = context,
               .voice = {.generation = snapshot->generation, .want = snapshot->want,
                         .brain_color = color, .side = snapshot->color}};
    const int64_t asked = monotonic_ms();
    switch (snapshot->want) {
    case WANT_SWAP: ask_swap(seat, &position, &r, answer); break;
    case WANT_ANALYSIS:
        seat->note[0] = '\0';
        answer->outcome = seat_analyse(seat, &position, snapshot->lines, snapshot->analysis_ms, relay, &r,
                                       &answer->x, &answer->y, answer->reason, sizeof answer->reason);
        if (seat->note[0]) snprintf(answer->note, sizeof answer->note, "%s", seat->note);
        break;
    default:
        answer->outcome = seat_move(seat, &position, relay, &r, &answer->x, &answer->y, answer->reason,
                                    sizeof answer->reason);
        break;
    }
    answer->elapsed_ms = monotonic_ms() - asked;
    return true;
}

int seating_running(const Seating *seating) {
    int n = 0;
    for (int c = BLACK; c <= WHITE; c++)
        if (seating->seat[c] && brain_running(&seating->seat[c]->brain)) n++;
    if (seating->analyst && brain_running(&seating->analyst->brain)) n++;
    return n;
}

#include "seating.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static Seat *seat_for(Seating *seating, int color, const TablePlayer *player) {
    if (!seating->seat[color]) {
        seating->seat[color] = malloc(sizeof(Seat));
        if (!seating->seat[color]) return NULL;
        seat_init(seating->seat[color], player->name, player->command, seating->cancel);
    }
    seat_set_command(seating->seat[color], player->name, player->command);
    return seating->seat[color];
}

static void position_of(const TableSnapshot *snapshot, int brain_color, SeatPosition *position) {
    *position = (SeatPosition){.width = snapshot->rules.width, .height = snapshot->rules.height,
                               .rule = snapshot->rules.rule, .count = snapshot->count,
                               .x = snapshot->x, .y = snapshot->y, .turn_ms = snapshot->rules.turn_ms,
                               .versus_human = !snapshot->players[opponent(brain_color)].brain};
}

void seating_arrange(Seating *seating, const TableSnapshot *snapshot, TableAnswer *answer) {
    follow_swap(seating, snapshot);
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

bool seating_step(Seating *seating, const TableSnapshot *snapshot, SeatingMessageFn on_message,
                  void *context, TableAnswer *answer) {
    memset(answer, 0, sizeof *answer);
    seating_arrange(seating, snapshot, answer);
    if (snapshot->want == WANT_NOTHING) return false;
    const int color = snapshot->brain_color;
    Seat *seat = seat_for(seating, color, &snapshot->players[color]);
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
    answer->outcome = seat_move(seat, &position, relay, &r, &answer->x, &answer->y, answer->reason,
                                sizeof answer->reason);
    return true;
}

int seating_running(const Seating *seating) {
    int n = 0;
    for (int c = BLACK; c <= WHITE; c++)
        if (seating->seat[c] && brain_running(&seating->seat[c]->brain)) n++;
    return n;
}

/* seat: one side of the board played by a Gomocup brain, through match/brain_process.
 *
 * A seat starts its brain when first asked for a move (ABOUT, START or RECTSTART, INFO) and
 * remembers what the brain has been told, so that each question is the cheapest the protocol
 * allows: TURN when the brain knows everything but the opponent's last stone, else the whole
 * position with BOARD (BEGIN on an empty board). After an undo the removed stones go back with
 * TAKEBACK; a brain that does not answer TAKEBACK with OK is stopped, and started afresh with
 * the position replayed through BOARD when it is next asked. A brain that crashes, answers
 * late or answers nonsense is stopped too; the caller decides what that means for the game.
 *
 * A seat belongs to one thread at a time. Its cancel flag (the game's, given at init) may be
 * set from another thread to make a running question give up; the brain, in an unknown state,
 * is then stopped. */
#ifndef WUZI_PLAY_SEAT_H
#define WUZI_PLAY_SEAT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "brain_process.h"

#define SEAT_COMMAND_MAX 2048
#define SEAT_NOTE_MAX 256

/* What the brain is asked about: the board, the rule, the stones in order (black first). */
typedef struct SeatPosition {
    int width, height, rule;
    int count;
    const int *x, *y;
    int64_t turn_ms;      /* INFO timeout_turn */
    int64_t game_ms;      /* INFO timeout_match: the game clock, 0 without one */
    int64_t time_left_ms; /* INFO time_left: what is left on its game clock; -1: no clock */
    bool versus_human;    /* INFO game_type 0 rather than 1 */
} SeatPosition;

/* A brain's part of the swap opening (SWAP2BOARD): SWAP, or 1 to 3 stones. */
typedef struct SeatSwap {
    bool swap;
    int count;
    int x[3], y[3];
} SeatSwap;

typedef enum SeatOutcome {
    SEAT_MOVED,     /* *x, *y hold the brain's move */
    SEAT_CANCELLED, /* the cancel flag was set */
    SEAT_TIMEOUT,   /* no move by the turn limit plus the tolerance */
    SEAT_CRASHED,   /* it could not be started, or ended its output */
    SEAT_REFUSED,   /* ERROR, UNKNOWN or a malformed line instead of a move */
} SeatOutcome;

typedef void (*SeatMessageFn)(void *context, const char *text);

typedef struct Seat {
    char name[64];
    char command[SEAT_COMMAND_MAX];
    BrainProcess brain;
    int64_t tolerance_ms; /* past the turn limit before a move counts as late */
    bool started;         /* START answered; the brain's board is the size below */
    int width, height, rule;
    int64_t turn_ms_sent, match_ms_sent;
    int known_count;      /* the stones the brain holds, in order */
    int known_x[MAX_MOVES], known_y[MAX_MOVES];
    int known_color;      /* the colour it plays in its own view; 0: nothing since START */
    bool lacks_takeback;  /* found out once: later undos restart it at once */
    bool lacks_nbest;     /* it answered YXBOARD or YXNBEST with UNKNOWN or ERROR: analysed by
                             plain thinks */
    char about[128];      /* its name from ABOUT, for people */
    char note[SEAT_NOTE_MAX]; /* the last thing about the brain worth telling a person */
} Seat;

/* `cancel` (may be NULL) stays owned by the caller and must outlive the seat. */
void seat_init(Seat *seat, const char *name, const char *command, const atomic_bool *cancel);
/* Another brain for this seat (the old one is stopped if the command differs). */
void seat_set_command(Seat *seat, const char *name, const char *command);
/* Does the brain take a width x height board (START, or RECTSTART for a rectangle)? It is
 * started for the question and stopped after it. */
bool seat_takes_board(Seat *seat, int width, int height);
/* Stop the brain (END, a short grace, then kill): the seat can be asked again later. */
void seat_stop(Seat *seat);
void seat_destroy(Seat *seat);

/* Ask for the side to move's move in `position`. MESSAGE lines go to `on_message` as they
 * come. On anything but SEAT_MOVED `reason` says what went wrong in one line. */
SeatOutcome seat_move(Seat *seat, const SeatPosition *position, SeatMessageFn on_message,
                      void *context, int *x, int *y, char *reason, size_t reason_size);
/* The brain's part of the swap opening in `position` (0, 3 or 5 stones): SWAP2BOARD. */
SeatOutcome seat_swap2(Seat *seat, const SeatPosition *position, SeatMessageFn on_message,
                       void *context, SeatSwap *answer, char *reason, size_t reason_size);
/* Analyse `position` (the side to move's view) for `think_ms`: YXBOARD, then YXNBEST `lines`,
 * until it answers or the cancel flag is set — then YXSTOP, and its answer is awaited briefly
 * (the brain is stopped if it does not come). MESSAGE lines go to `on_message` until then;
 * *x, *y get the best move. A brain that does not take YXBOARD or YXNBEST is restarted and from
 * then on thinks as for a move (BOARD), its MESSAGE lines shown as they come. */
SeatOutcome seat_analyse(Seat *seat, const SeatPosition *position, int lines, int64_t think_ms,
                         SeatMessageFn on_message, void *context, int *x, int *y, char *reason,
                         size_t reason_size);
/* The game went back to `position` (an undo): take back what the brain holds beyond it. False
 * if the brain had to be stopped for it (seat->note says why). */
bool seat_take_back(Seat *seat, const SeatPosition *position);

#endif

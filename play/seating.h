/* seating: the brains at a table — one seat (one brain process) for each colour a brain plays,
 * and one for the brain that analyses.
 *
 * seating_step does what a table snapshot wants, without touching the table: it makes the
 * seats match the players (a new command stops the old brain; after a swap the running brains
 * change colour rather than restart), takes back what the brains hold beyond the position
 * after an undo, and asks the brain to move, to find the person's hint, to play its part of
 * the swap opening, or to analyse the position shown until it changes. The caller applies
 * the answer with table_apply. The terminal calls this in its loop; the web server from each
 * game's own thread, without the game's lock, so that pages are served while brains think. */
#ifndef WUZI_PLAY_SEATING_H
#define WUZI_PLAY_SEATING_H

#include "seat.h"
#include "table.h"

typedef struct Seating {
    Seat *seat[3]; /* by colour; allocated when a brain first plays that colour */
    Seat *analyst; /* allocated when an analysis is first asked for */
    const atomic_bool *cancel;
} Seating;

/* `cancel` is the table's flag, watched by every read from a brain. */
void seating_init(Seating *seating, const atomic_bool *cancel);
/* Stop every brain (END, a short grace, then kill) and free the seats. */
void seating_destroy(Seating *seating);

/* Receives each MESSAGE line of the brain answering, with who says it about what. */
typedef void (*SeatingMessageFn)(void *context, const TableVoice *voice, const char *text);

/* Do what `snapshot` wants; true if a brain was asked (then `answer` is filled). */
bool seating_step(Seating *seating, const TableSnapshot *snapshot, SeatingMessageFn on_message,
                  void *context, TableAnswer *answer);
/* Only the seats and takebacks (after an undo, with nothing to ask). */
void seating_arrange(Seating *seating, const TableSnapshot *snapshot, TableAnswer *answer);
/* Is any brain process running? (For the tests: one process per brain.) */
int seating_running(const Seating *seating);

#endif

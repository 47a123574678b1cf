/* thinking: what a brain says while it thinks, read from its MESSAGE lines.
 *
 * Brains word these lines differently. Wuzi writes `depth 9 score 131 … pv 5,7 7,8` (a forced
 * result as `score win in 3`); others write `DEPTH 4-12 EV 35`, `Depth: 6, Eval: +40, Best:
 * h8 i9` and the like. Keys are matched case-insensitively with an optional colon, values may
 * carry a sign or a range; the principal variation may be in protocol `x,y` or book
 * notation. An analysis (YXNBEST n) says `depth D multipv K score S … pv …` for its K-th best
 * line. Whatever cannot be read is kept as the raw text, which is always shown. */
#ifndef WUZI_PLAY_THINKING_H
#define WUZI_PLAY_THINKING_H

#include <stdbool.h>

#define THINKING_PV_MAX 24
#define THINKING_TEXT_MAX 240

typedef struct Thinking {
    int side;       /* BLACK or WHITE: the side to move in the position thought about, whose view
                       the score takes; 0 when nothing was said */
    int brain;      /* the colour of the brain that said it (for a hint, the person's opponent) */
    bool hint;      /* it was looking for the person's move */
    bool has_depth, has_score;
    int depth;
    int multipv;    /* "multipv K": the K-th best move of an analysis (YXNBEST); 0 when absent */
    int score;      /* from the thinking side's view; meaningful when mate == 0 */
    int mate;       /* > 0 it wins in `mate` moves, < 0 it loses */
    int pv_count;
    int pv_x[THINKING_PV_MAX], pv_y[THINKING_PV_MAX];
    char text[THINKING_TEXT_MAX]; /* the line after MESSAGE, printable characters only */
} Thinking;

/* Read one line that followed "MESSAGE " into `thinking` (which is reset first), for a board
 * of width x height (to read and check the variation's cells); `side` is the side to move. */
void thinking_parse(Thinking *thinking, int side, const char *text, int width, int height);
/* One line for people: "depth 9  score +131  pv h8 i9" or "depth 9  win in 3", else the raw
 * text. */
void thinking_describe(const Thinking *thinking, int height, char *out, int size);

#endif

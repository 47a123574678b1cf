#include "positions.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "board.h"
#include "eval.h"
#include "model.h"
#include "rules.h"

/* Plies after the opening before positions are kept: the first replies are book-like. */
#define SKIP_AFTER_OPENING 2

static bool quiet(const Board *board) {
    const int me = board->to_move, them = opponent(me);
    return !shape_class_count(&board->shapes, me, CLASS_FIVE) &&
           !shape_class_count(&board->shapes, them, CLASS_FIVE) &&
           !shape_class_count(&board->shapes, me, CLASS_OPEN_FOUR);
}

/* Counts, per colour and combination, of the empty cells of `board`, added with `weight`. */
static void count_combos(const Board *board, float counts[2][COMBO_COUNT], float weight) {
    for (int c = board_first(board); c; c = board_next(board, c)) {
        if (board->cell[c] != EMPTY) continue;
        for (int color = 0; color < 2; color++) counts[color][board->shapes.combo[c][color]] += weight;
    }
}

static bool add_position(PositionSet *set, const Board *board, const Board *before, double black_points,
                         uint32_t game_index) {
    static float counts[2][COMBO_COUNT];
    memset(counts, 0, sizeof counts);
    count_combos(board, counts, 0.5f);
    count_combos(before, counts, 0.5f);
    const int me = board->to_move - 1;
    const WeightFamily family = weight_family(board->rule);
    int count = 0;
    for (int color = 0; color < 2; color++)
        for (int combo = 0; combo < COMBO_COUNT; combo++)
            count += counts[color][combo] != 0 && model_cell_counts(family, color, combo);
    if (!array_reserve((void **)&set->features, &set->feature_capacity, set->feature_count + count, sizeof(Feature),
                       1 << 16) ||
        !array_reserve((void **)&set->positions, &set->position_capacity, set->position_count + 1, sizeof(Position),
                       1 << 16))
        return false;
    Position *position = &set->positions[set->position_count++];
    position->label = (float)(me == 0 ? black_points : 1.0 - black_points);
    position->family = (uint8_t)family;
    position->to_move = (uint8_t)me;
    position->mask = (uint16_t)eval_threat_mask(board);
    for (int counted = 0; counted < COUNT_CLASSES; counted++) {
        const int mine = shape_class_count(&board->shapes, board->to_move, COUNTED_CLASS[counted]);
        const int theirs = shape_class_count(&board->shapes, opponent(board->to_move), COUNTED_CLASS[counted]);
        position->cells[0][counted] = (uint8_t)(mine < 255 ? mine : 255);
        position->cells[1][counted] = (uint8_t)(theirs < 255 ? theirs : 255);
    }
    position->game = game_index;
    position->first = (uint32_t)set->feature_count;
    position->count = (uint16_t)count;
    for (int color = 0; color < 2; color++)
        for (int combo = 0; combo < COMBO_COUNT; combo++) {
            if (counts[color][combo] == 0 || !model_cell_counts(family, color, combo)) continue;
            set->features[set->feature_count++] = (Feature){
                .combo = (uint16_t)combo, .color = (uint8_t)color,
                .sign = (int8_t)(color == me ? 1 : -1), .weight = counts[color][combo]};
        }
    return true;
}

bool positions_wanted(const Game *game, int ply, const Board *board) {
    return ply + 1 >= game->opening + SKIP_AFTER_OPENING && ply + 1 < game->count && quiet(board);
}

bool positions_extract(const GameList *games, PositionSet *set) {
    static Board board, before;
    for (int g = 0; g < games->count; g++) {
        const Game *game = &games->games[g];
        const Geometry *geometry = geometry_get(game->width, game->height, 5, game->rule);
        if (!geometry) continue;
        board_init(&board, geometry);
        for (int i = 0; i < game->count; i++) {
            const int cell = cell_at(game->x[i], game->y[i]);
            if (board.cell[cell] != EMPTY) break;
            memcpy(&before, &board, sizeof board);
            board_make(&board, cell);
            if (!positions_wanted(game, i, &board)) continue;
            if (!add_position(set, &board, &before, game->black_points, (uint32_t)g)) return false;
        }
    }
    return true;
}

void positions_free(PositionSet *set) {
    free(set->positions);
    free(set->features);
    memset(set, 0, sizeof *set);
}

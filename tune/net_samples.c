#include "net_samples.h"

#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval.h"

static bool grow(void **items, int64_t *capacity, int64_t needed, size_t size) {
    if (needed <= *capacity) return true;
    int64_t larger = *capacity ? *capacity : 1 << 12;
    while (larger < needed) larger *= 2;
    void *grown = realloc(*items, (size_t)larger * size);
    if (!grown) return false;
    *items = grown;
    *capacity = larger;
    return true;
}

bool net_samples_add(NetSamples *samples, const Board *board, double points, int score, uint32_t game) {
    const int area = board->width * board->height;
    if (!grow((void **)&samples->samples, &samples->capacity, samples->count + 1, sizeof(NetSample)) ||
        !grow((void **)&samples->cells, &samples->cell_capacity, samples->cell_count + area, sizeof(NetCell)))
        return false;
    NetSample *sample = &samples->samples[samples->count++];
    *sample = (NetSample){.points = (float)points, .score = score, .tables = eval_position(board),
                          .family = (uint8_t)weight_family(board->rule), .to_move = (uint8_t)(board->to_move - 1),
                          .game = game, .first = samples->cell_count, .count = 0, .lambda = -1};
    FOR_EACH_CELL(board, cell) {
        if (board->cell[cell] != EMPTY) continue;
        NetCell *out = &samples->cells[samples->cell_count];
        bool any = false;
        for (int view = 0; view < 2; view++)
            for (int direction = 0; direction < 4; direction++) {
                const int pattern = net_pattern(board->shapes.key[cell][direction], view + 1);
                out->pattern[view][direction] = (uint16_t)pattern;
                any |= pattern != NET_EMPTY_PATTERN;
            }
        if (!any) continue;
        out->foul = shape_cell_class(&board->shapes, cell, BLACK) == CLASS_FORBIDDEN;
        samples->cell_count++;
        sample->count++;
    }
    return true;
}

bool net_samples_read(FILE *in, NetSamples *samples, char *error, size_t error_size) {
    static LabelledPosition position;
    static Board board;
    int line = 0;
    bool bad;
    while (label_read(in, &position, &bad)) {
        line++;
        const Geometry *geometry = geometry_get(position.width, position.height, 5, position.rule);
        if (!geometry) continue;
        board_init(&board, geometry);
        for (int i = 0; i < position.count; i++) {
            const int cell = cell_at(position.x[i], position.y[i]);
            if (!board_on(&board, position.x[i], position.y[i]) || board.cell[cell] != EMPTY) {
                snprintf(error, error_size, "position %d: move %d is not on an empty cell", line, i + 1);
                return false;
            }
            board_make(&board, cell);
        }
        if (!net_samples_add(samples, &board, position.points, position.score, (uint32_t)position.game)) {
            snprintf(error, error_size, "out of memory");
            return false;
        }
    }
    if (bad) snprintf(error, error_size, "position %d does not parse", line + 1);
    return !bad;
}

void net_samples_free(NetSamples *samples) {
    free(samples->samples);
    free(samples->cells);
    memset(samples, 0, sizeof *samples);
}

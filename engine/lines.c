#include "lines.h"

#include <string.h>

static void add_line(LineGeometry *geometry, int start, int direction, int connect) {
    const int id = geometry->count++;
    geometry->start[id] = (uint16_t)start;
    geometry->direction[id] = (uint8_t)direction;
    for (int i = 0, cell = start; i < connect; i++, cell += DIRECTION[direction])
        geometry->through[cell][geometry->through_count[cell]++] = (uint16_t)id;
}

void lines_geometry_build(LineGeometry *geometry, int width, int height, int connect) {
    memset(geometry, 0, sizeof *geometry);
    geometry->connect = connect;
    /* (dx, dy) of each DIRECTION, to test that a line's last cell is still on the board. */
    static const int dx[4] = {1, 0, 1, -1}, dy[4] = {0, 1, 1, 1};
    for (int direction = 0; direction < 4; direction++)
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                const int end_x = x + dx[direction] * (connect - 1);
                const int end_y = y + dy[direction] * (connect - 1);
                if (end_x < 0 || end_x >= width || end_y >= height) continue;
                add_line(geometry, cell_at(x, y), direction, connect);
            }
}

/* What a line adds to a colour's weight on each of its cells: nothing once the other colour
 * has a stone in it. */
static int32_t contribution(int own, int other) { return other ? 0 : line_weight(own); }

static void spread(LineCounts *counts, const LineGeometry *geometry, int line, int color_index,
                   int32_t amount) {
    if (!amount) return;
    const int step = DIRECTION[geometry->direction[line]];
    for (int i = 0, cell = geometry->start[line]; i < geometry->connect; i++, cell += step)
        counts->weight[color_index][cell] += amount;
}

void lines_clear(LineCounts *counts, const LineGeometry *geometry, const uint8_t *cell) {
    memset(counts, 0, sizeof *counts);
    for (int line = 0; line < geometry->count; line++) {
        const int step = DIRECTION[geometry->direction[line]];
        for (int i = 0, c = geometry->start[line]; i < geometry->connect; i++, c += step)
            if (cell[c] == BLACK || cell[c] == WHITE) counts->stones[line][cell[c] - 1]++;
        const int black = counts->stones[line][0], white = counts->stones[line][1];
        spread(counts, geometry, line, 0, contribution(black, white));
        spread(counts, geometry, line, 1, contribution(white, black));
    }
}

void lines_update(LineCounts *counts, const LineGeometry *geometry, int cell, int color,
                  int delta) {
    for (int i = 0; i < geometry->through_count[cell]; i++) {
        const int line = geometry->through[cell][i];
        uint8_t *stones = counts->stones[line];
        const int32_t black_before = contribution(stones[0], stones[1]);
        const int32_t white_before = contribution(stones[1], stones[0]);
        stones[color - 1] = (uint8_t)(stones[color - 1] + delta);
        spread(counts, geometry, line, 0, contribution(stones[0], stones[1]) - black_before);
        spread(counts, geometry, line, 1, contribution(stones[1], stones[0]) - white_before);
    }
}

#include "symmetry.h"

int symmetry_cell(int symmetry, int cell, int size) {
    int x = cell_x(cell), y = cell_y(cell);
    if (symmetry & 1) x = size - 1 - x;
    if (symmetry & 2) y = size - 1 - y;
    if (symmetry & 4) {
        const int t = x;
        x = y;
        y = t;
    }
    return cell_at(x, y);
}

void symmetry_replay(const Board *from, Board *to, const Geometry *geometry, int symmetry, bool swap_colours) {
    board_init(to, geometry);
    if (swap_colours) board_pass(to);
    for (int i = 0; i < from->move_count; i++) board_make(to, symmetry_cell(symmetry, from->history[i], from->width));
}

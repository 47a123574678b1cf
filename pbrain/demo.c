#include "demo.h"

#include <stdio.h>

#include "engine.h"
#include "notation.h"
#include "platform.h"
#include "rules.h"

void demo_defaults(DemoOptions *options) {
    /* The full engine against the strongest simple player: what Wuzi is, at a glance. */
    options->black = "max";
    options->white = "greedy";
    options->size = 15;
    options->connect = 5;
    options->rule = 0;
    options->seed = 1;
    options->pause_ms = 0;
}

static const char STONE[] = ".XO";

/* Book notation, as wuzi-play and the books: columns as letters, rows numbered from the bottom;
 * the last move in brackets. */
static void show_board(const Board *board) {
    const int last = board_last_move(board);
    printf("    ");
    for (int x = 0; x < board->width; x++) {
        char column[4];
        notation_column(x, column, sizeof column);
        printf("%2s ", column);
    }
    printf("\n");
    for (int y = 0; y < board->height; y++) {
        printf("%3d ", board->height - y);
        for (int x = 0; x < board->width; x++) {
            const int cell = cell_at(x, y);
            const char stone = STONE[board->cell[cell]];
            printf(cell == last ? "[%c]" : " %c ", stone);
        }
        printf("\n");
    }
}

static Engine *demo_engine(const DemoOptions *options, const char *level, uint64_t seed) {
    Engine *engine = engine_new();
    if (!engine) return NULL;
    engine_set_rule(engine, options->rule);
    if (engine_set_connect(engine, options->connect) != ENGINE_OK || !engine_set_level(engine, level) ||
        engine_start(engine, options->size, options->size) != ENGINE_OK) {
        engine_free(engine);
        return NULL;
    }
    engine_set_seed(engine, seed);
    engine_start(engine, options->size, options->size);   /* restart so the seed takes effect */
    return engine;
}

/* Plays one move of the side to move; returns the verdict the judge gives it. */
static Verdict play_move(Engine *players[2], Board *judge, const EngineLimits *limits, int *cell) {
    Engine *mover = players[judge->to_move == BLACK ? 0 : 1];
    *cell = engine_think(mover, limits, NULL, NULL);
    if (!*cell) return VERDICT_DRAW;
    const Verdict verdict = rules_play(judge, cell_x(*cell), cell_y(*cell));
    if (verdict != VERDICT_ILLEGAL)
        for (int i = 0; i < 2; i++) engine_play(players[i], cell_x(*cell), cell_y(*cell));
    return verdict;
}

int demo_run(const DemoOptions *options) {
    Engine *players[2] = {demo_engine(options, options->black, options->seed),
                          demo_engine(options, options->white, options->seed + 1)};
    if (!players[0] || !players[1]) {
        fprintf(stderr, "demo: unknown level or unsupported board (%s vs %s, %dx%d, k=%d)\n",
                options->black, options->white, options->size, options->size, options->connect);
        engine_free(players[0]);
        engine_free(players[1]);
        return 2;
    }
    const char *names[2] = {engine_level_name(players[0]), engine_level_name(players[1])};
    Board judge = *engine_board(players[0]);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.turn_ms = 300;   /* a whole game in a few seconds */
    printf("Wuzi demo: X = %s (black) against O = %s (white), %dx%d, %d in a row wins\n\n", names[0],
           names[1], options->size, options->size, options->connect);
    Verdict verdict = VERDICT_PLAYING;
    int cell = NO_CELL, mover = 0;
    while (verdict == VERDICT_PLAYING) {
        mover = judge.to_move == BLACK ? 0 : 1;
        verdict = play_move(players, &judge, &limits, &cell);
        if (verdict == VERDICT_ILLEGAL || !cell) break;
        char name[8];
        notation_cell(cell_x(cell), cell_y(cell), judge.height, name, sizeof name);
        printf("Move %d: %c (%s) plays %s  [protocol x,y = %d,%d]\n", judge.move_count, STONE[mover + 1],
               names[mover], name, cell_x(cell), cell_y(cell));
        show_board(&judge);
        printf("\n");
        fflush(stdout);
        if (options->pause_ms > 0 && verdict == VERDICT_PLAYING) platform_sleep_ms(options->pause_ms);
    }
    switch (verdict) {
    case VERDICT_WIN:
        printf("Result: %c (%s) wins after %d moves.\n", STONE[mover + 1], names[mover], judge.move_count);
        break;
    case VERDICT_FOUL:
        printf("Result: %c (%s) loses by a forbidden move.\n", STONE[mover + 1], names[mover]);
        break;
    case VERDICT_ILLEGAL:
        printf("Result: %c (%s) made an illegal move and loses.\n", STONE[mover + 1], names[mover]);
        break;
    default:
        printf("Result: a draw after %d moves (the board is full).\n", judge.move_count);
        break;
    }
    engine_free(players[0]);
    engine_free(players[1]);
    return 0;
}

/* The tuner: PGN records read back with their rule and result, the same games as a compact list, quiet positions whose features
 * give exactly the engine's static score, and a fit that recovers weights planted in synthetic
 * positions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "eval.h"
#include "fit.h"
#include "game_list.h"
#include "model.h"
#include "order.h"
#include "positions.h"
#include "rng.h"

static const char PGN[] =
    "[Event \"wuzi-tournament\"]\n[Round \"1\"]\n[Black \"a\"]\n[White \"b\"]\n[Result \"0-1\"]\n"
    "[Termination \"a made five\"]\n[Board \"15x15\"]\n[Rule \"renju\"]\n[OpeningStones \"3\"]\n"
    "[PlyCount \"9\"]\n\n1. h8 i9 2. i8 j10 3. j8 g8 4. k8 k10 5. l8 1-0\n\n"
    "[Event \"wuzi-tournament\"]\n[Round \"2\"]\n[Black \"b\"]\n[White \"a\"]\n[Result \"1-0\"]\n"
    "[Termination \"b lost on time\"]\n[Board \"20x20\"]\n[Rule \"freestyle\"]\n[OpeningStones \"3\"]\n"
    "[PlyCount \"4\"]\n\n1. k11 l12 2. k12 j9 1-0\n\n";

static const char *write_temp(const char *text) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/wuzi-test-tune-XXXXXX");     /* mkstemp fills the Xs in */
    const int fd = mkstemp(path);
    if (fd < 0) return NULL;
    FILE *file = fdopen(fd, "w");
    fputs(text, file);
    fclose(file);
    return path;
}

/* The games of a PGN text, through a file as the tuner reads them. */
static bool read_games(const char *text, GameList *games) {
    const char *path = write_temp(text);
    const bool ok = path && games_read_pgn(path, games);
    if (path) remove(path);
    return ok;
}

static void test_reads_pgn(void) {
    GameList games = {0};
    CHECK(read_games(PGN, &games));
    CHECKF(games.count == 1 && games.skipped == 1, "%d games, %d skipped", games.count, games.skipped);
    if (games.count == 1) {
        const Game *game = &games.games[0];
        CHECK(game->rule == 4 && game->width == 15 && game->count == 9 && game->opening == 3);
        CHECK(game->x[0] == 7 && game->y[0] == 7 && game->x[8] == 11 && game->y[8] == 7);
        CHECK(game->black_points == 1.0);     /* PGN's 1-0 is White's score first: here 0-1 */
    }
    games_free(&games);
}

/* Games written as they finished come back in the runner's order, whatever the timing was. */
static void test_reads_games_in_round_order(void) {
    static const char OUT_OF_ORDER[] =
        "[Event \"wuzi-tournament\"]\n[Round \"2\"]\n[Result \"1-0\"]\n[Termination \"b made five\"]\n"
        "[Board \"15x15\"]\n[Rule \"freestyle\"]\n[OpeningStones \"1\"]\n\n1. h8 i9 1-0\n\n"
        "[Event \"wuzi-tournament\"]\n[Round \"1\"]\n[Result \"0-1\"]\n[Termination \"a made five\"]\n"
        "[Board \"15x15\"]\n[Rule \"freestyle\"]\n[OpeningStones \"1\"]\n\n1. a1 b2 2. c3 0-1\n\n";
    GameList games = {0};
    CHECK(read_games(OUT_OF_ORDER, &games));
    CHECKF(games.count == 2, "%d games", games.count);
    if (games.count == 2) {
        CHECK(games.games[0].round == 1 && games.games[0].count == 3 && games.games[0].black_points == 1.0);
        CHECK(games.games[1].round == 2 && games.games[1].count == 2 && games.games[1].black_points == 0.0);
    }
    games_free(&games);
}

/* A renju foul decides the game on the board: white's win, read as the runner wrote it. */
static void test_reads_a_foul_as_decided(void) {
    static const char FOUL[] =
        "[Event \"wuzi-tournament\"]\n[Round \"1\"]\n[Result \"1-0\"]\n"
        "[Termination \"a made a forbidden move at 7,9 (double-three)\"]\n[Board \"15x15\"]\n"
        "[Rule \"renju\"]\n[OpeningStones \"1\"]\n\n1. h8 a1 2. h7 b1 3. i8 c1 4. g7 1-0\n\n";
    GameList games = {0};
    CHECK(read_games(FOUL, &games));
    CHECKF(games.count == 1 && games.skipped == 0, "%d games, %d skipped", games.count, games.skipped);
    if (games.count == 1) CHECK(games.games[0].black_points == 0.0 && games.games[0].count == 7);
    games_free(&games);
}

/* The features of a position, scored by the engine's rounded tables, are eval_position. */
/* The games of a PGN, packed into a game list and read back: the same games, in the same order
 * (the fits hold games out by their place); a line that is not a game is an error. */
static void test_game_list_keeps_the_games(void) {
    static const char TWO[] =
        "[Event \"wuzi-tournament\"]\n[Round \"2\"]\n[Result \"1/2-1/2\"]\n[Termination \"board full: draw\"]\n"
        "[Board \"20x20\"]\n[Rule \"exact five\"]\n[OpeningStones \"2\"]\n\n1. t20 a1 2. j10 k11 1/2-1/2\n\n"
        "[Event \"wuzi-tournament\"]\n[Round \"1\"]\n[Result \"1-0\"]\n[Termination \"b made five\"]\n"
        "[Board \"15x15\"]\n[Rule \"renju\"]\n[OpeningStones \"1\"]\n\n1. h8 i9 2. o15 1-0\n\n";
    GameList games = {0}, back = {0};
    CHECK(read_games(TWO, &games) && games.count == 2);
    char path[] = "/tmp/wuzi-test-list-XXXXXX";
    const int fd = mkstemp(path);
    FILE *file = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(file && games_write_list(file, &games, "made by a test\nover two lines"));
    if (file) fclose(file);
    char error[256] = "";
    CHECKF(games_read_file(path, &back, error, sizeof error), "%s", error);
    CHECKF(back.count == games.count, "%d games back", back.count);
    for (int i = 0; i < games.count && i < back.count; i++) {
        const Game *a = &games.games[i], *b = &back.games[i];
        CHECKF(a->width == b->width && a->height == b->height && a->rule == b->rule && a->opening == b->opening &&
                   a->black_points == b->black_points && a->count == b->count &&
                   !memcmp(a->x, b->x, (size_t)a->count) && !memcmp(a->y, b->y, (size_t)a->count),
               "game %d", i);
    }
    games_free(&back);
    remove(path);
    const char *bad = write_temp("# wuzi games\n15x15 freestyle 1 black h8i9z3\n");
    CHECK(bad && !games_read_file(bad, &back, error, sizeof error) && strstr(error, ":2: not a game"));
    if (bad) remove(bad);
    games_free(&back);
    games_free(&games);
}

static void test_features_give_the_static_score(void) {
    static GameList games;
    static Game game;
    memset(&game, 0, sizeof game);
    game.width = game.height = 15;
    game.rule = 0;
    game.black_points = 0.5;
    uint64_t rng = 5;
    static Board board;
    board_init(&board, geometry_get(15, 15, 5, 0));
    for (int i = 0; i < 24; i++) {
        int x, y;
        do {
            x = 4 + (int)(rng_next(&rng) % 7);
            y = 4 + (int)(rng_next(&rng) % 7);
        } while (board.cell[cell_at(x, y)] != EMPTY);
        board_make(&board, cell_at(x, y));
        game.x[game.count] = (uint8_t)x;
        game.y[game.count++] = (uint8_t)y;
    }
    games.games = &game;
    games.count = 1;
    PositionSet set = {0};
    CHECK(positions_extract(&games, &set));
    CHECK(set.position_count > 5);
    /* replay, scoring each kept position both ways */
    board_init(&board, geometry_get(15, 15, 5, 0));
    int64_t next = 0;
    int compared = 0;
    for (int i = 0; i < game.count && next < set.position_count; i++) {
        board_make(&board, cell_at(game.x[i], game.y[i]));
        const Position *position = &set.positions[next];
        if (position->to_move != board.to_move - 1 || position->mask != eval_threat_mask(&board)) continue;
        double score = WEIGHTS[FAMILY_FREESTYLE].threat[position->to_move][position->mask];
        for (int side = 0; side < 2; side++)
            for (int counted = 0; counted < COUNT_CLASSES; counted++) {
                const int cells = shape_class_count(&board.shapes, side ? opponent(board.to_move) : board.to_move,
                                                    COUNTED_CLASS[counted]);
                CHECK(position->cells[side][counted] == cells);
                score += WEIGHTS[FAMILY_FREESTYLE].count[position->to_move][count_term(side, counted, cells)];
            }
        for (int f = 0; f < position->count; f++) {
            const Feature *feature = &set.features[position->first + f];
            score += feature->sign * feature->weight * WEIGHTS[FAMILY_FREESTYLE].cell[feature->color][feature->combo];
        }
        const int engine = eval_position(&board);
        if (fabs(score - engine) <= 1.0) compared++;
        else CHECKF(0, "ply %d: features give %.1f, the engine %d", i + 1, score, engine);
        next++;
    }
    CHECKF(compared == set.position_count, "%d of %lld positions compared", compared, (long long)set.position_count);
    positions_free(&set);
}

/* Synthetic positions scored by a planted model, labelled by coin flips with the model's odds:
 * the fit must recover the planted order of the shape weights and the threat weights' signs. */
static void test_fit_recovers_planted_weights(void) {
    static Model planted, fitted;
    model_init(&planted, FAMILY_FREESTYLE);
    for (int color = 0; color < 2; color++) {
        planted.shape[color][SHAPE_OPEN_TWO_X2] = 30;       /* the start has 12 */
        planted.shape[color][SHAPE_THREE] = 5;               /* the start has 14 */
        planted.threat_bit[color][THREAT_MY_OPEN_THREE] = -80;  /* the start has +60 */
        planted.count[color][count_term(0, 1, 3)] = 150;        /* mine: three open-three cells */
        planted.count[color][count_term(1, 1, 3)] = -150;       /* theirs */
    }
    PositionSet set = {0};
    const int positions = 20000, per_position = 12;
    set.positions = calloc(positions, sizeof *set.positions);
    set.features = calloc((size_t)positions * per_position, sizeof *set.features);
    uint64_t rng = 99;
    int usable[COMBO_COUNT], usable_count = 0;
    for (int combo = 0; combo < COMBO_COUNT; combo++) {
        Shape shapes[4];
        shape_combo_shapes(combo, shapes);
        if (model_cell_counts(FAMILY_FREESTYLE, 0, combo) && shapes[3] <= SHAPE_OPEN_THREE_X2) usable[usable_count++] = combo;
    }
    const double k = 150;
    for (int i = 0; i < positions; i++) {
        Position *position = &set.positions[set.position_count++];
        position->family = FAMILY_FREESTYLE;
        position->to_move = (uint8_t)(rng_next(&rng) & 1);
        position->mask = (uint16_t)(rng_next(&rng) & ((1 << THREAT_MY_OPEN_THREE) | (1 << THREAT_THEIR_OPEN_THREE) |
                                                     (1 << THREAT_MY_FOUR) | (1 << THREAT_THEIR_FOUR)));
        position->game = (uint32_t)i;
        position->first = (uint32_t)set.feature_count;
        position->count = per_position;
        double eval = model_threat_value(&planted, position->to_move, position->mask);
        for (int side = 0; side < 2; side++)
            for (int counted = 0; counted < COUNT_CLASSES; counted++) {
                position->cells[side][counted] = (uint8_t)(rng_next(&rng) % 5);
                eval += planted.count[position->to_move][count_term(side, counted, position->cells[side][counted])];
            }
        for (int f = 0; f < per_position; f++) {
            Feature *feature = &set.features[set.feature_count++];
            feature->combo = (uint16_t)usable[rng_next(&rng) % (uint64_t)usable_count];
            feature->color = (uint8_t)(rng_next(&rng) & 1);
            feature->sign = feature->color == position->to_move ? 1 : -1;
            feature->weight = (float)(1 + rng_next(&rng) % 3);
            eval += feature->sign * feature->weight * model_cell_value(&planted, feature->color, feature->combo);
        }
        const double p = 1.0 / (1.0 + exp(-eval / k));
        position->label = (double)(rng_next(&rng) % 1000000) / 1e6 < p ? 1.0f : 0.0f;
    }
    model_init(&fitted, FAMILY_FREESTYLE);
    FitOptions options;
    fit_options_default(&options);
    options.iterations = 800;
    options.residual_l2 = 1e-2;
    FitReport report;
    CHECK(fit_model(&fitted, &set, &options, &report));
    CHECKF(report.held_out_loss_after < report.held_out_loss_before, "held-out loss %.4f -> %.4f",
           report.held_out_loss_before, report.held_out_loss_after);
    /* The scale is K's: compare ratios and signs. */
    const double *shape = fitted.shape[0];
    CHECKF(shape[SHAPE_OPEN_TWO_X2] > 1.5 * shape[SHAPE_OPEN_TWO], "open two x2 %.1f, open two %.1f",
           shape[SHAPE_OPEN_TWO_X2], shape[SHAPE_OPEN_TWO]);
    CHECKF(shape[SHAPE_THREE] < shape[SHAPE_OPEN_TWO], "three %.1f, open two %.1f", shape[SHAPE_THREE],
           shape[SHAPE_OPEN_TWO]);
    CHECKF(fitted.threat_bit[0][THREAT_MY_OPEN_THREE] < 0, "my open three %.1f",
           fitted.threat_bit[0][THREAT_MY_OPEN_THREE]);
    CHECKF(fitted.count[0][count_term(0, 1, 3)] > 0 && fitted.count[0][count_term(1, 1, 3)] < 0,
           "three open-three cells: mine %.1f, theirs %.1f", fitted.count[0][count_term(0, 1, 3)],
           fitted.count[0][count_term(1, 1, 3)]);
    CHECK(fitted.shape[1][SHAPE_THREE] == fitted.shape[0][SHAPE_THREE]);   /* colours share */
    CHECK(fitted.count[1][count_term(1, 1, 3)] == fitted.count[0][count_term(1, 1, 3)]);
    positions_free(&set);
}

/* A warm start gives back the build's own tables exactly, for every family and colour. */
static void test_warm_start_gives_the_build_weights(void) {
    for (int family = 0; family < FAMILY_COUNT; family++) {
        Model model;
        model_init_from(&model, (WeightFamily)family, &WEIGHTS[family]);
        static WeightTables tables;
        model_tables(&model, &tables);
        int differ = 0;
        for (int color = 0; color < 2; color++) {
            for (int combo = 0; combo < COMBO_COUNT; combo++)
                differ += tables.cell[color][combo] != WEIGHTS[family].cell[color][combo];
            for (int mask = 0; mask < THREAT_MASKS; mask++)
                differ += tables.threat[color][mask] != WEIGHTS[family].threat[color][mask];
            for (int term = 0; term < COUNT_TERMS; term++)
                differ += tables.count[color][term] != WEIGHTS[family].count[color][term];
        }
        CHECKF(differ == 0, "family %d: %d values differ", family, differ);
    }
}

/* The cells' values' order, mine plus theirs: the order's starting point. */
static int value_order(const Board *board, int cell) {
    const int me = board->to_move, them = opponent(me);
    const RuleWeights *weights = &board->geometry->weights;
    return weights->cell[me - 1][board->shapes.combo[cell][me - 1]] +
           weights->cell[them - 1][board->shapes.combo[cell][them - 1]];
}

/* The move order learns a planted one: games whose every move after a random opening is the
 * candidate the cells' values like least (ties to the first in board order), the starting
 * order reversed. Ties between cells of the same combinations cap what a table per combination
 * can learn (20 epochs reach 0.59): the played move comes first about half the time after 8. */
static void test_order_learns_planted_order(void) {
    static GameList games;
    const int game_count = 300;
    games.games = calloc(game_count, sizeof *games.games);
    static Board board;
    uint64_t rng = 7;
    for (int g = 0; g < game_count; g++) {
        Game *game = &games.games[games.count++];
        *game = (Game){.width = 15, .height = 15, .rule = 0, .opening = 3, .round = g + 1, .black_points = 0.5};
        board_init(&board, geometry_get(15, 15, 5, 0));
        while (game->count < 23) {
            int played = NO_CELL;
            if (game->count < game->opening) {
                played = cell_at(5 + (int)(rng_next(&rng) % 5), 5 + (int)(rng_next(&rng) % 5));
                if (!board_empty_at(&board, played)) continue;
            } else {
                if (shape_class_count(&board.shapes, BLACK, CLASS_FIVE) || shape_class_count(&board.shapes, WHITE, CLASS_FIVE))
                    break;
                for (int c = board_first(&board); c; c = board_next(&board, c))
                    if (board_is_candidate(&board, c) && (played == NO_CELL || value_order(&board, c) < value_order(&board, played)))
                        played = c;
            }
            game->x[game->count] = (uint8_t)cell_x(played);
            game->y[game->count++] = (uint8_t)cell_y(played);
            board_make(&board, played);
        }
    }
    OrderOptions options;
    order_options_default(&options);
    options.epochs = 8;
    static OrderTables tables;
    OrderReport report;
    CHECK(order_fit(&games, FAMILY_FREESTYLE, &options, &tables, &report));
    CHECKF(report.held_out_positions > 0 && report.train_positions > 8 * report.held_out_positions,
           "%lld positions, %lld held out", (long long)report.train_positions, (long long)report.held_out_positions);
    CHECKF(report.first_before < 0.05 && report.first_after > 0.4, "played move first: %.3f -> %.3f",
           report.first_before, report.first_after);
    CHECKF(report.loss_after < report.loss_before, "cross-entropy %.3f -> %.3f", report.loss_before, report.loss_after);
    CHECK(!memcmp(tables.mine[0], tables.mine[1], sizeof tables.mine[0]));   /* colours share */
    /* no renju or caro games: each keeps the build's order, or the cells' values (the other
     * colour's for the opponent's part) where the build has none */
    for (int family = FAMILY_RENJU; family <= FAMILY_CARO; family++) {
        CHECK(!order_fit(&games, (WeightFamily)family, &options, &tables, &report));
        const OrderWeights *built = &ORDER_WEIGHTS[family];
        const EvalWeights *cells = &WEIGHTS[family];
        for (int side = 0; side < 2; side++) {
            const int16_t *mine = built->mine[0] ? built->mine[side] : cells->cell[side];
            const int16_t *theirs = built->mine[0] ? built->theirs[side] : cells->cell[1 - side];
            CHECKF(!memcmp(tables.mine[side], mine, sizeof tables.mine[side]) &&
                       !memcmp(tables.theirs[side], theirs, sizeof tables.theirs[side]),
                   "family %d, side %d", family, side);
        }
    }
    /* -warm without an epoch: the build's own tables, where it has them */
    options.warm = true;
    options.epochs = 0;
    CHECK(order_fit(&games, FAMILY_FREESTYLE, &options, &tables, &report));
    const OrderWeights *built = &ORDER_WEIGHTS[FAMILY_FREESTYLE];
    if (built->mine[0]) {
        CHECK(!memcmp(tables.mine[0], built->mine[0], sizeof tables.mine[0]) &&
              !memcmp(tables.theirs[1], built->theirs[1], sizeof tables.theirs[1]));
    }
    games_free(&games);
}

int main(void) {
    RUN(test_reads_pgn);
    RUN(test_reads_games_in_round_order);
    RUN(test_reads_a_foul_as_decided);
    RUN(test_game_list_keeps_the_games);
    RUN(test_features_give_the_static_score);
    RUN(test_fit_recovers_planted_weights);
    RUN(test_warm_start_gives_the_build_weights);
    RUN(test_order_learns_planted_order);
    return check_summary();
}

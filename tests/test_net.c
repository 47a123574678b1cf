/* The network (engine/net.h): the patterns, the lazily kept sums against a recomputation over
 * random games under every rule (with the moves the searches make and take back, stones taken
 * out of order, passes, and more moves between two evaluations than the marks hold; under renju
 * black's forbidden cells, pooled apart, come and go), and the
 * score's symmetries: the eight images of a position score alike, and so do swapped colours
 * where black and white share the network. Random networks, with black's and white's apart, and
 * the built-in one where a family has it. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "engine.h"
#include "eval.h"
#include "net.h"
#include "rng.h"
#include "symmetry.h"

static Board board, image;
static NetState fresh;
static long fouls_pooled;   /* forbidden cells the incremental sums held, over the checks */
static NetVector random_codebook[2][NET_PATTERNS];
static NetHead random_head[2];

static int random_between(uint64_t *rng, int low, int high) {
    return low + (int)(rng_next(rng) % (uint64_t)(high - low + 1));
}

/* A network with black's and white's codebooks and heads apart and black's foul vector, `shared`: the
 * same, none. */
static NetWeights random_network(uint64_t seed, bool shared) {
    uint64_t rng = seed;
    for (int color = 0; color < 2; color++) {
        for (int pattern = 1; pattern < NET_PATTERNS; pattern++)
            for (int i = 0; i < NET_C; i++) random_codebook[color][pattern][i] = (int16_t)random_between(&rng, -60, 90);
        NetHead *head = &random_head[color];
        for (int unit = 0; unit < NET_HIDDEN; unit++) {
            for (int i = 0; i < NET_INPUTS; i++) head->hidden[unit][i] = (int16_t)random_between(&rng, -300, 300);
            head->hidden_bias[unit] = random_between(&rng, -20000, 60000);
            head->out[unit] = random_between(&rng, -3000, 3000);
        }
        for (int i = 0; i < NET_INPUTS; i++) head->linear[i] = random_between(&rng, -200, 200);
        head->out_bias = random_between(&rng, -5000, 5000);
        head->hidden_shift = 8;
        head->out_shift = 10;
    }
    random_head[0].fouls = !shared;
    for (int i = 0; i < NET_C; i++) random_head[0].foul[i] = (int16_t)random_between(&rng, -60, 90);
    const int white = shared ? 0 : 1;
    return (NetWeights){{random_codebook[0], random_codebook[white]}, {&random_head[0], &random_head[white]}};
}

/* The rule's geometry with `net` as its network. */
static Geometry with_network(int rule, const NetWeights *net) {
    Geometry geometry = *geometry_get(15, 15, 5, rule);
    geometry.net = net;
    return geometry;
}

static void test_patterns(void) {
    CHECK(net_pattern(0, BLACK) == NET_EMPTY_PATTERN && net_pattern(0, WHITE) == NET_EMPTY_PATTERN);
    static uint8_t seen[NET_PATTERNS];
    int distinct = 0;
    bool mirrored = true, swapped = true, in_range = true;
    for (uint32_t inner = 0; inner < 1u << 16; inner++) {
        /* a board's line: past a wall every cell is a wall */
        bool valid = true;
        for (int side = 0; side < 2 && valid; side++) {
            bool wall = false;
            for (int step = 0; step < NET_SIDE; step++) {
                const int index = side ? 8 + 2 * step : 6 - 2 * step;   /* nearest first */
                const int cell = (inner >> index) & 3;
                if (wall && cell != WALL) valid = false;
                wall |= cell == WALL;
            }
        }
        if (!valid) continue;
        const uint32_t key = inner << 2;
        const int pattern = net_pattern(key, BLACK);
        in_range &= pattern >= 0 && pattern < NET_PATTERNS;
        if (!in_range) break;
        if (!seen[pattern]++) distinct++;
        uint32_t mirror = 0, other = 0;
        for (int slot = 0; slot < 8; slot++) {
            const uint32_t cell = (inner >> (2 * slot)) & 3;
            mirror |= cell << (2 * (7 - slot));
            other |= (cell == BLACK ? WHITE : cell == WHITE ? BLACK : cell) << (2 * slot);
        }
        mirrored &= net_pattern(mirror << 2, BLACK) == pattern;
        swapped &= net_pattern(other << 2, WHITE) == pattern;
    }
    CHECK(in_range);
    CHECKF(distinct == NET_PATTERNS, "%d distinct patterns", distinct);
    CHECK(mirrored);
    CHECK(swapped);
}

/* The board's own sums, brought up to date by an evaluation, against a recomputation (the
 * patterns and features of the empty cells: a stone's are not kept). */
static bool matches_recomputation(const Board *current, const NetWeights *net) {
    const int32_t score = eval_position(current);
    net_reset(&fresh, net, current);
    const int32_t again = net_evaluate(&fresh, net, current);
    bool same = score == again / NET_SEARCH_DIVISOR && memcmp(current->net.pool, fresh.pool, sizeof fresh.pool) == 0;
    FOR_EACH_CELL(current, cell) {
        const bool pooled = current->cell[cell] == EMPTY;
        same &= !pooled || memcmp(current->net.cell[cell], fresh.cell[cell], sizeof fresh.cell[cell]) == 0;
        same &= !pooled || memcmp(current->net.pattern[cell], fresh.pattern[cell], sizeof fresh.pattern[cell]) == 0;
        same &= current->net.foul[cell] == fresh.foul[cell];
        same &= current->net.seen[cell] == fresh.seen[cell];
    }
    fouls_pooled += current->net.foul_count;
    CHECKF(same, "%d moves: %d incrementally, %d recomputed", current->move_count, (int)score, (int)again);
    return same && score >= -NET_SCORE_MAX && score <= NET_SCORE_MAX;
}

static int random_empty(const Board *current, uint64_t *rng) {
    int cell;
    do cell = cell_at(random_between(rng, 2, 12), random_between(rng, 2, 12));
    while (current->cell[cell] != EMPTY);
    return cell;
}

#define TREE_MOVES 6

/* A search's tree below the board, its moves among TREE_MOVES `candidates` (so that the same stone
 * comes back in another branch), evaluated at some nodes only (so that a catch-up covers several
 * moves made and taken back). */
static bool random_tree(const Geometry *geometry, uint64_t *rng, const int *candidates, int depth) {
    if (random_between(rng, 0, 1) == 0 && !matches_recomputation(&board, geometry->net)) return false;
    if (depth == 0) return true;
    const int children = random_between(rng, 1, 3);
    for (int child = 0; child < children; child++) {
        const int move = candidates[random_between(rng, 0, TREE_MOVES - 1)];
        if (board.cell[move] != EMPTY) continue;
        board_make_fast(&board, move);
        const bool same = random_tree(geometry, rng, candidates, depth - 1);
        board_undo_fast(&board);
        if (!same) return false;
    }
    return random_between(rng, 0, 1) == 0 || matches_recomputation(&board, geometry->net);
}

static bool random_search(const Geometry *geometry, uint64_t *rng) {
    /* on the lines through one cell, so that they change each other's patterns */
    int candidates[TREE_MOVES];
    const int centre = cell_at(random_between(rng, 4, 10), random_between(rng, 4, 10));
    for (int i = 0; i < TREE_MOVES; i++)
        candidates[i] = centre + random_between(rng, -3, 3) * DIRECTION[random_between(rng, 0, 3)];
    return random_tree(geometry, rng, candidates, random_between(rng, 1, 6));
}

/* A random game: moves, and now and then a search's tree made and taken back, a stone taken
 * out of order, a pass, a long stretch without an evaluation. */
static bool random_game(const Geometry *geometry, uint64_t *rng) {
    board_init(&board, geometry);
    const int length = random_between(rng, 10, 70);
    while (board.move_count < length) {
        const int action = random_between(rng, 0, 9);
        if (action <= 4) {
            board_make(&board, random_empty(&board, rng));
        } else if (action <= 6) {
            if (!random_search(geometry, rng)) return false;
        } else if (action == 7 && board.move_count > 2) {
            board_remove(&board, board.history[random_between(rng, 0, board.move_count - 1)]);
        } else if (action == 8) {
            board_pass(&board);
        } else {
            /* more stones than the marks hold before the next evaluation */
            const int before = board.move_count;
            for (int i = 0; i < NET_TOUCH_MAX + 5 && board.move_count < 115; i++)
                board_make(&board, random_empty(&board, rng));
            while (board.move_count > before + 1) board_undo(&board);
        }
        if (!matches_recomputation(&board, geometry->net)) return false;
    }
    return true;
}

static void test_sums_follow_the_moves(void) {
    const int rules[] = {0, RULE_EXACT5, RULE_RENJU, RULE_CARO, RULE_CARO | RULE_EXACT5};
    for (int r = 0; r < 5; r++) {
        const NetWeights net = random_network(100 + (uint64_t)r, false);
        const Geometry geometry = with_network(rules[r], &net);
        uint64_t rng = 42 + (uint64_t)r;
        fouls_pooled = 0;
        for (int game = 0; game < 12; game++)
            if (!random_game(&geometry, &rng)) return;
        /* renju's forbidden points come and go in these games, and black's view pools them apart */
        if (rules[r] == RULE_RENJU) CHECKF(fouls_pooled > 100, "forbidden cells pooled %ld", fouls_pooled);
        for (int s = 0; s < NET_SIZE_COUNT; s++) {
            const int side = NET_SIZES[s].side;
            const NetWeights *built_in = NET_SIZES[s].weights[weight_family(rules[r])];
            if (!built_in) continue;
            Geometry own = *geometry_get(side, side, 5, rules[r]);
            own.net = built_in;
            for (int game = 0; game < 4; game++)
                if (!random_game(&own, &rng)) return;
        }
    }
}

static void replay(const Board *from, Board *to, int symmetry, bool swap_colours) {
    symmetry_replay(from, to, from->geometry, symmetry, swap_colours);
}

static void test_symmetries(void) {
    const int rules[] = {0, RULE_RENJU, RULE_CARO};
    for (int r = 0; r < 3; r++) {
        const bool shared = rules[r] != RULE_RENJU;
        const NetWeights net = random_network(7 + (uint64_t)r, shared);
        const Geometry geometry = with_network(rules[r], &net);
        uint64_t rng = 99 + (uint64_t)r;
        for (int game = 0; game < 20; game++) {
            board_init(&board, &geometry);
            const int length = random_between(&rng, 3, 40);
            while (board.move_count < length) board_make(&board, random_empty(&board, &rng));
            const int32_t score = eval_position(&board);
            for (int symmetry = 1; symmetry < 8; symmetry++) {
                replay(&board, &image, symmetry, false);
                CHECKF(eval_position(&image) == score, "rule %d, symmetry %d: %d against %d", rules[r], symmetry,
                       (int)eval_position(&image), (int)score);
            }
            if (!shared) continue;
            replay(&board, &image, 0, true);
            CHECKF(eval_position(&image) == score, "rule %d, colours swapped: %d against %d", rules[r],
                   (int)eval_position(&image), (int)score);
        }
    }
}

/* Where black and white have networks apart (renju), the colours' views read their own. */
static void test_renju_colours_differ(void) {
    const NetWeights net = random_network(5, false);
    const Geometry geometry = with_network(RULE_RENJU, &net);
    uint64_t rng = 3;
    int differ = 0;
    for (int game = 0; game < 10; game++) {
        board_init(&board, &geometry);
        while (board.move_count < 20) board_make(&board, random_empty(&board, &rng));
        replay(&board, &image, 0, true);
        differ += eval_position(&image) != eval_position(&board);
    }
    CHECKF(differ >= 8, "%d of 10 positions score differently with the colours swapped", differ);
}

/* The engine's evaluation switch: a geometry asked for the network has the family's where it
 * has one, and the tables' geometry none. */
static void test_geometries(void) {
    CHECK(geometry_get(15, 15, 5, 0)->net == NULL);
    CHECK(geometry_get_eval(15, 15, 5, 0, true)->net == NET_WEIGHTS_15[FAMILY_FREESTYLE]);
    CHECK(geometry_get_eval(15, 15, 4, 0, true)->net == NULL);
    CHECK(geometry_get_eval(15, 15, 5, RULE_RENJU, true)->net == NET_WEIGHTS_15[FAMILY_RENJU]);
    CHECK(geometry_get_eval(15, 15, 5, 0, false) == geometry_get(15, 15, 5, 0));
    CHECK(geometry_get_eval(20, 20, 5, 0, true)->net == net_weights_for(FAMILY_FREESTYLE, 20, 20));
}

/* A new engine evaluates with the network where the rule's family has one (freestyle on both
 * boards, renju on 15x15), with the tables elsewhere (caro) and wherever it is told `tables`. */
static void test_engine_default(void) {
    Engine *engine = engine_new();
    CHECK(engine && engine_start(engine, 15, 15) == ENGINE_OK);
    CHECK(engine_board(engine)->geometry->net == NET_WEIGHTS_15[FAMILY_FREESTYLE]);
    CHECK(engine_start(engine, 20, 20) == ENGINE_OK);
    CHECK(engine_board(engine)->geometry->net == NET_WEIGHTS_20[FAMILY_FREESTYLE]);
    CHECK(engine_start(engine, 15, 15) == ENGINE_OK);
    engine_set_rule(engine, RULE_RENJU);
    CHECK(NET_WEIGHTS_15[FAMILY_RENJU] != NULL);
    CHECK(engine_board(engine)->geometry->net == NET_WEIGHTS_15[FAMILY_RENJU]);
    engine_set_rule(engine, RULE_CARO);
    CHECK(engine_board(engine)->geometry->net == NULL);
    engine_set_rule(engine, 0);
    CHECK(engine_set_eval(engine, "tables") && engine_board(engine)->geometry->net == NULL);
    CHECK(!engine_set_eval(engine, "nets") && engine_board(engine)->geometry->net == NULL);
    engine_free(engine);
}

/* A board takes the network of the nearest side that has one, by its longer side. */
static void test_network_by_size(void) {
    CHECK(net_weights_of_size(15) == NET_WEIGHTS_15 && net_weights_of_size(20) == NET_WEIGHTS_20);
    CHECK(net_weights_of_size(19) == NULL);
    for (int family = 0; family < FAMILY_COUNT; family++) {
        const NetWeights *small = NET_WEIGHTS_15[family], *large = NET_WEIGHTS_20[family];
        const NetWeights *for_small = small ? small : large, *for_large = large ? large : small;
        CHECKF(net_weights_for(family, 15, 15) == for_small, "family %d on 15x15", family);
        CHECKF(net_weights_for(family, 7, 7) == for_small, "family %d on 7x7", family);
        CHECKF(net_weights_for(family, 17, 17) == for_small, "family %d on 17x17", family);
        CHECKF(net_weights_for(family, 18, 18) == for_large, "family %d on 18x18", family);
        CHECKF(net_weights_for(family, 20, 20) == for_large, "family %d on 20x20", family);
        CHECKF(net_weights_for(family, 32, 32) == for_large, "family %d on 32x32", family);
        CHECKF(net_weights_for(family, 12, 19) == for_large, "family %d on 12x19", family);
    }
    CHECK(net_weights_for(FAMILY_FREESTYLE, 15, 15) != NULL);
}

int main(void) {
    RUN(test_patterns);
    RUN(test_sums_follow_the_moves);
    RUN(test_symmetries);
    RUN(test_renju_colours_differ);
    RUN(test_geometries);
    RUN(test_engine_default);
    RUN(test_network_by_size);
    return check_summary();
}

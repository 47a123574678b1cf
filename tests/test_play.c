/* wuzi-play's modules on their own: book and protocol notation, thinking lines in Wuzi's and
 * other words, psq and SGF records, the table's judging (refusals, renju fouls, undo, a brain's
 * bad move), the brain seat against the fake brain ($WUZI_TOOLS/fake_brain) with and without
 * TAKEBACK, a brain that is late or crashes, HTTP parsing and forms, the Host and Origin
 * checks, and the JSON writer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "http.h"
#include "json_out.h"
#include "notation.h"
#include "play_options.h"
#include "record_file.h"
#include "seat.h"
#include "seating.h"
#include "table.h"
#include "thinking.h"
#include "web_server.h"

/* ---- notation ---- */

static void test_book_notation(void) {
    char text[8];
    notation_cell(7, 7, 15, text, sizeof text);
    CHECKF(strcmp(text, "h8") == 0, "centre of 15x15 is %s", text);
    notation_cell(0, 14, 15, text, sizeof text);
    CHECK(strcmp(text, "a1") == 0);
    notation_column(25, text, sizeof text);
    CHECK(strcmp(text, "z") == 0);
    notation_column(26, text, sizeof text);
    CHECK(strcmp(text, "aa") == 0);
    notation_column(31, text, sizeof text);
    CHECK(strcmp(text, "af") == 0);
    int x, y;
    CHECK(notation_parse("h8", 15, 15, &x, &y) == NOTATION_OK && x == 7 && y == 7);
    CHECK(notation_parse(" H8 ", 15, 15, &x, &y) == NOTATION_OK && x == 7 && y == 7);
    CHECK(notation_parse("a15", 15, 15, &x, &y) == NOTATION_OK && x == 0 && y == 0);
    CHECK(notation_parse("af1", 32, 32, &x, &y) == NOTATION_OK && x == 31 && y == 31);
    CHECK(notation_parse("7,7", 15, 15, &x, &y) == NOTATION_OK && x == 7 && y == 7);
    CHECK(notation_parse("3, 12", 15, 15, &x, &y) == NOTATION_OK && x == 3 && y == 12);
    CHECK(notation_parse("p8", 15, 15, &x, &y) == NOTATION_OFF_BOARD);
    CHECK(notation_parse("h16", 15, 15, &x, &y) == NOTATION_OFF_BOARD);
    CHECK(notation_parse("h0", 15, 15, &x, &y) == NOTATION_OFF_BOARD);
    CHECK(notation_parse("15,0", 15, 15, &x, &y) == NOTATION_OFF_BOARD);
    CHECK(notation_parse("hello", 15, 15, &x, &y) == NOTATION_NOT_A_CELL);
    CHECK(notation_parse("h8x", 15, 15, &x, &y) == NOTATION_NOT_A_CELL);
    CHECK(notation_parse("7,", 15, 15, &x, &y) == NOTATION_NOT_A_CELL);
    CHECK(notation_parse("", 15, 15, &x, &y) == NOTATION_NOT_A_CELL);
    CHECK(notation_parse("-1,3", 15, 15, &x, &y) == NOTATION_NOT_A_CELL);
}

/* ---- rule names: "exact five" everywhere, "standard" read as its alias ---- */

static void test_rule_names(void) {
    CHECK(strcmp(rule_name(1), "exact five") == 0 && strcmp(rule_file_name(1), "exact-five") == 0);
    CHECK(rule_parse("standard") == 1 && rule_parse("Exact Five") == 1 && rule_parse("exact-five") == 1);
    CHECK(rule_parse("1") == 1 && rule_parse("renju") == 4 && rule_parse("caro exact five") == 9);
    CHECK(rule_parse("3") == -1 && rule_parse("chess") == -1 && rule_parse("") == -1);
    PlayOptions options;
    char why[256];
    char *argv[] = {"wuzi-play", "--rule", "standard", NULL};
    CHECKF(play_options_parse(&options, 3, argv, why, sizeof why) && options.rule == 1, "%s", why);
    LoadedGame *g = malloc(sizeof *g);
    CHECK(record_parse("(;GM[4]SZ[15]RU[standard];B[hh])", RECORD_SGF, g, why, sizeof why) && g->rule == 1);
    free(g);
    char dir[] = "/tmp/wuzi-rule-XXXXXX", path[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/g.sgf", dir);
    GameRecord *record = calloc(1, sizeof *record);
    record->width = record->height = 15;
    record->rule = 1;
    CHECK(record_save(path, record, why, sizeof why));
    FILE *file = fopen(path, "r");
    char text[256] = "";
    const size_t n = file ? fread(text, 1, sizeof text - 1, file) : 0;
    text[n] = '\0';
    if (file) fclose(file);
    CHECKF(strstr(text, "RU[exact five]") != NULL, "%s", text);
    unlink(path);
    rmdir(dir);
    free(record);
}

/* ---- thinking ---- */

static void test_thinking_wuzi_words(void) {
    Thinking t;
    thinking_parse(&t, WHITE, "depth 9 score 131 nodes 108302 nps 174399 time 621 pv 5,7 7,8 6,8", 15, 15);
    CHECK(t.side == WHITE && t.has_depth && t.depth == 9 && t.has_score && t.score == 131 && t.mate == 0);
    CHECKF(t.pv_count == 3 && t.pv_x[0] == 5 && t.pv_y[0] == 7 && t.pv_x[2] == 6 && t.pv_y[2] == 8,
           "pv count %d", t.pv_count);
    char line[256];
    thinking_describe(&t, 15, line, sizeof line);
    CHECKF(strcmp(line, "depth 9  score +131  pv f8 h7 g7") == 0, "line \"%s\"", line);
    thinking_parse(&t, BLACK, "depth 12 score win in 3 nodes 5 nps 5 time 1 pv 7,7", 15, 15);
    CHECK(t.has_score && t.mate == 3 && t.pv_count == 1);
    thinking_parse(&t, BLACK, "depth 4 score loss in 2 nodes 5 nps 5 time 1 pv -", 15, 15);
    CHECK(t.mate == -2 && t.pv_count == 0);
}

static void test_thinking_other_words(void) {
    Thinking t;
    thinking_parse(&t, BLACK, "Depth: 6, Eval: +40, Best: h8 i9", 15, 15);
    CHECK(t.has_depth && t.depth == 6 && t.has_score && t.score == 40);
    CHECK(t.pv_count == 2 && t.pv_x[0] == 7 && t.pv_y[0] == 7 && t.pv_x[1] == 8 && t.pv_y[1] == 6);
    thinking_parse(&t, BLACK, "DEPTH 4-12 EV -35 N 1000K", 15, 15);
    CHECK(t.has_depth && t.depth == 12 && t.score == -35);
    thinking_parse(&t, BLACK, "ev M5", 15, 15);
    CHECK(t.has_score && t.mate == 5);
    thinking_parse(&t, BLACK, "just some words \x1b[31m", 15, 15);
    CHECK(!t.has_depth && !t.has_score && t.pv_count == 0);
    char line[256];
    thinking_describe(&t, 15, line, sizeof line);
    CHECKF(strcmp(line, "just some words [31m") == 0, "raw text kept printable: \"%s\"", line);
}

/* The analysis output the brain prints for YXNBEST n: one line per best move per iteration. */
static void test_thinking_multipv(void) {
    Thinking t;
    thinking_parse(&t, WHITE, "depth 7 multipv 2 score -35 nodes 900 nps 9000 time 100 pv 7,7 8,8", 15, 15);
    CHECK(t.multipv == 2 && t.depth == 7 && t.has_score && t.score == -35 && t.pv_count == 2);
    thinking_parse(&t, WHITE, "depth 9 multipv 1 score win in 4 nodes 5 nps 5 time 1 pv 3,3", 15, 15);
    CHECK(t.multipv == 1 && t.mate == 4 && t.pv_x[0] == 3);
    thinking_parse(&t, WHITE, "depth 9 score 10 pv 3,3", 15, 15);
    CHECK(t.multipv == 0);
}

/* ---- records ---- */

static void test_psq_and_sgf_read(void) {
    LoadedGame *g = malloc(sizeof *g);
    char why[256];
    CHECK(record_parse("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,120\n10,8,5\nfake\nother\n0\n", RECORD_PSQ, g,
                       why, sizeof why));
    CHECK(g->width == 15 && g->count == 3 && g->x[0] == 7 && g->y[0] == 7 && g->x[2] == 9 && g->y[2] == 7);
    CHECK(!record_parse("hello\n", RECORD_PSQ, g, why, sizeof why));
    CHECK(!record_parse("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", RECORD_PSQ, g, why, sizeof why));
    CHECKF(strstr(why, "move 2 (h8) repeats move 1"), "why: %s", why); /* book notation, as people read */
    CHECK(!record_parse("Piskvorky 15x15, 11:11, 0\n16,8,0\n", RECORD_PSQ, g, why, sizeof why));
    CHECK(record_parse("(;FF[4]GM[4]SZ[20]RU[renju]C[a \\] comment];B[jj];W[kk](;B[ab])(;B[cd]))", RECORD_SGF, g,
                       why, sizeof why));
    CHECK(g->width == 20 && g->height == 20 && g->rule == 4 && g->count == 3);
    CHECK(g->x[2] == 0 && g->y[2] == 1); /* the main line: the first variation */
    CHECK(record_parse("(;GM[4]SZ[15:17];B[hh])", RECORD_SGF, g, why, sizeof why) && g->height == 17);
    CHECK(!record_parse("(;SZ[15];B[hh];B[ii])", RECORD_SGF, g, why, sizeof why));
    CHECK(!record_parse("(;SZ[15];B[])", RECORD_SGF, g, why, sizeof why));
    CHECK(!record_parse("(;SZ[15]AB[aa])", RECORD_SGF, g, why, sizeof why));
    CHECK(!record_parse("(;SZ[15];B[hh", RECORD_SGF, g, why, sizeof why));
    CHECK(!record_parse("no tree", RECORD_SGF, g, why, sizeof why));
    CHECK(record_format_of("a/b.PSQ") == RECORD_PSQ && record_format_of("x.sgf") == RECORD_SGF &&
          record_format_of("x.txt") == RECORD_UNKNOWN && record_format_of("dir.psq/x") == RECORD_UNKNOWN);
    free(g);
}

static Table *new_table(int width, int height, int rule) {
    Table *table = malloc(sizeof *table);
    const TableRules rules = {.width = width, .height = height, .rule = rule, .turn_ms = 100};
    if (table) table_init(table, &rules);
    return table;
}

static void free_table(Table *table) {
    table_destroy(table);
    free(table);
}

static bool play_all(Table *table, const int (*moves)[2], int n) {
    char why[256];
    for (int i = 0; i < n; i++)
        if (!table_play(table, moves[i][0], moves[i][1], why, sizeof why)) return false;
    return true;
}

static void test_save_and_load_round_trip(void) {
    Table *table = new_table(15, 15, 0);
    const int moves[][2] = {{7, 7}, {8, 8}, {7, 8}, {0, 0}};
    CHECK(play_all(table, moves, 4));
    GameRecord *record = malloc(sizeof *record);
    LoadedGame *loaded = malloc(sizeof *loaded);
    table_record(table, record);
    char why[256];
    char dir[] = "/tmp/wuzi-play-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *names[] = {"game.psq", "game.sgf"};
    for (int f = 0; f < 2; f++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[f]);
        CHECKF(record_save(path, record, why, sizeof why), "save %s: %s", names[f], why);
        CHECKF(record_load(path, loaded, why, sizeof why), "load %s: %s", names[f], why);
        CHECK(loaded->count == 4 && loaded->width == 15 && loaded->x[1] == 8 && loaded->y[3] == 0);
        if (f == 1) { /* an unfinished game has no result (RE[0] would be a draw); wuzi-play wrote it */
            FILE *file = fopen(path, "r");
            char text[512] = "";
            const size_t n = file ? fread(text, 1, sizeof text - 1, file) : 0;
            text[n] = '\0';
            if (file) fclose(file);
            CHECKF(!strstr(text, "RE[") && strstr(text, "AP[wuzi-play]"), "SGF: %s", text);
        }
        unlink(path);
    }
    char txt[128];
    snprintf(txt, sizeof txt, "%s/game.txt", dir);
    CHECK(!record_save(txt, record, why, sizeof why) && strstr(why, ".psq"));
    rmdir(dir);
    /* a loaded game whose last move makes five is over */
    const int five[][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}};
    loaded->width = loaded->height = 15;
    loaded->rule = -1;
    loaded->count = 9;
    for (int i = 0; i < 9; i++) {
        loaded->x[i] = five[i][0];
        loaded->y[i] = five[i][1];
    }
    CHECK(table_load(table, loaded, 0, 100, why, sizeof why));
    CHECK(table_over(table) && table->result == RESULT_BLACK_WINS && table->end == TABLE_FIVE);
    loaded->count = 10; /* a move after the five: not a game */
    loaded->x[9] = 9;
    loaded->y[9] = 9;
    CHECK(!table_load(table, loaded, 0, 100, why, sizeof why) && strstr(why, "five"));
    free(record);
    free(loaded);
    free_table(table);
}

/* ---- the table ---- */

static void test_table_refuses_bad_moves(void) {
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "Bot");
    snprintf(brain.command, sizeof brain.command, "true");
    table_set_player(table, WHITE, &brain);
    char why[256];
    CHECK(table_play(table, 7, 7, why, sizeof why));
    CHECK(!table_play(table, 8, 8, why, sizeof why) && strstr(why, "Bot"));
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    CHECK(s->want == WANT_MOVE && s->color == WHITE);
    TableAnswer answer = {.outcome = SEAT_MOVED, .x = 7, .y = 7};
    CHECK(table_apply(table, s, &answer)); /* a brain on a taken cell loses */
    CHECK(table_over(table) && table->result == RESULT_BLACK_WINS && table->end == TABLE_ILLEGAL);
    CHECK(!table_play(table, 1, 1, why, sizeof why) && strstr(why, "over"));
    CHECK(table_undo(table, why, sizeof why) && table->count == 0 && !table_over(table));
    CHECK(table_play(table, 7, 7, why, sizeof why));
    table_snapshot(table, s);
    table_set_turn_ms(table, 50);
    TableAnswer late = {.outcome = SEAT_TIMEOUT};
    snprintf(late.reason, sizeof late.reason, "Bot did not move within 100 ms");
    CHECK(table_apply(table, s, &late) && table->end == TABLE_TIME && strstr(table->reason, "did not move"));
    free(s);
    free_table(table);
}

static void test_table_occupied_and_off_board(void) {
    Table *table = new_table(15, 15, 0);
    char why[256];
    CHECK(table_play(table, 7, 7, why, sizeof why));
    CHECK(!table_play(table, 7, 7, why, sizeof why) && strstr(why, "h8 is taken"));
    CHECK(!table_play(table, 15, 0, why, sizeof why) && strstr(why, "off the board"));
    CHECK(table->count == 1);
    /* a brain's move on a stone loses, the cell named as people name it */
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "Bot");
    table_set_player(table, WHITE, &brain);
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    const TableAnswer answer = {.outcome = SEAT_MOVED, .x = 7, .y = 7};
    CHECK(table_apply(table, s, &answer) && table->end == TABLE_ILLEGAL);
    CHECKF(strstr(table->reason, "Bot played h8, a cell already taken"), "%s", table->reason);
    free(s);
    free_table(table);
}

static void test_table_renju_foul_refused(void) {
    Table *table = new_table(15, 15, 4);
    /* black f8 g8 and h10 h9: h8 would make two open threes */
    const int moves[][2] = {{5, 7}, {0, 0}, {6, 7}, {0, 2}, {7, 5}, {0, 4}, {7, 6}, {0, 6}};
    CHECK(play_all(table, moves, 8));
    int cells[MAX_MOVES];
    const int n = table_forbidden(table, cells, MAX_MOVES);
    bool h8 = false;
    for (int i = 0; i < n; i++) h8 |= cells[i] == cell_at(7, 7);
    CHECKF(h8, "h8 not among %d forbidden cells", n);
    char why[256];
    CHECK(!table_play(table, 7, 7, why, sizeof why) && strstr(why, "forbidden") && strstr(why, "double-three"));
    CHECK(table->count == 8 && !table_over(table));
    /* the same under freestyle is no foul */
    Table *free_rule = new_table(15, 15, 0);
    CHECK(play_all(free_rule, moves, 8) && table_forbidden(free_rule, cells, MAX_MOVES) == 0);
    CHECK(table_play(free_rule, 7, 7, why, sizeof why));
    free_table(free_rule);
    free_table(table);
}

static void test_table_undo_back_to_the_persons_move(void) {
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.command, sizeof brain.command, "true");
    table_set_player(table, WHITE, &brain);
    char why[256];
    CHECK(!table_undo(table, why, sizeof why) && strstr(why, "nothing"));
    CHECK(table_play(table, 7, 7, why, sizeof why));
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    TableAnswer answer = {.outcome = SEAT_MOVED, .x = 8, .y = 8};
    CHECK(table_apply(table, s, &answer) && table->count == 2);
    CHECK(table_undo(table, why, sizeof why) && table->count == 0); /* the brain's and ours */
    CHECK(table_play(table, 7, 7, why, sizeof why));
    table_snapshot(table, s);
    CHECK(table_undo(table, why, sizeof why) && table->count == 0); /* while the brain thinks */
    CHECK(!table_apply(table, s, &answer) && table->count == 0);      /* its late answer is dropped */
    /* five in a row wins, and undo reopens the game */
    Table *people = new_table(15, 15, 0);
    const int five[][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}};
    CHECK(play_all(people, five, 9) && table_over(people) && people->end == TABLE_FIVE);
    int line[MAX_MOVES];
    CHECK(table_winning_line(people, line, MAX_MOVES) == 5);
    CHECK(table_undo(people, why, sizeof why) && !table_over(people) && people->count == 8);
    free_table(people);
    free(s);
    free_table(table);
}

static void test_table_swap_and_hint(void) {
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "Bot");
    snprintf(brain.command, sizeof brain.command, "true");
    table_set_player(table, WHITE, &brain);
    char why[256];
    CHECK(table_want_hint(table, why, sizeof why));
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    CHECK(s->want == WANT_HINT && s->color == BLACK && s->brain_color == WHITE);
    TableAnswer answer = {.outcome = SEAT_MOVED, .x = 7, .y = 7};
    CHECK(table_apply(table, s, &answer) && table->has_hint && table->count == 0);
    CHECK(table_swap(table, why, sizeof why));
    CHECK(table->players[BLACK].brain && !table->players[WHITE].brain && !table->has_hint);
    table_snapshot(table, s);
    CHECK(s->want == WANT_MOVE && s->color == BLACK);
    CHECK(!table_want_hint(table, why, sizeof why));
    free(s);
    free_table(table);
}

static TablePlayer brain_player(const char *name) {
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "%s", name);
    snprintf(brain.command, sizeof brain.command, "true");
    return brain;
}

static Table *new_swap_table(TableOpeningRule rule) {
    Table *table = malloc(sizeof *table);
    const TableRules rules = {.width = 15, .height = 15, .rule = 0, .turn_ms = 100, .opening_rule = rule};
    if (table) table_init(table, &rules);
    return table;
}

/* A brain's SWAP2BOARD answer to the snapshot it was asked: SWAP, or `count` stones. */
static bool brain_answers(Table *table, bool swap, int count, const int (*cells)[2]) {
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    TableAnswer answer = {.outcome = SEAT_MOVED, .swap = swap, .count = count};
    for (int i = 0; i < count; i++) {
        answer.sx[i] = cells[i][0];
        answer.sy[i] = cells[i][1];
    }
    const bool asked = s->want == WANT_SWAP;
    const bool applied = asked && table_apply(table, s, &answer);
    free(s);
    return applied;
}

/* Swap2 both ways round: the person opens and the brain picks, or the brain opens and the
 * person picks; every choice and every refusal on the way. */
static void test_swap2_opening(void) {
    const int three[][2] = {{7, 7}, {8, 8}, {8, 6}}, two[][2] = {{3, 3}, {11, 11}}, one[][2] = {{0, 0}};
    char why[256];
    /* the person opens (black's seat), the brain takes black */
    Table *table = new_swap_table(OPENING_RULE_SWAP2);
    const TablePlayer bot = brain_player("Bot");
    table_set_player(table, WHITE, &bot);
    CHECK(table->stage == STAGE_PLACE3 && table_actor(table) == BLACK);
    CHECK(play_all(table, three, 2) && table->stage == STAGE_PLACE3); /* black, then white: the person places both */
    CHECK(!table_undo(table, why, sizeof why) && strstr(why, "swap opening"));
    CHECK(!table_swap(table, why, sizeof why));
    CHECK(play_all(table, three + 2, 1) && table->stage == STAGE_CHOOSE3 && table_actor(table) == WHITE);
    CHECK(!table_play(table, 0, 0, why, sizeof why) && strstr(why, "chooses a colour"));
    CHECK(!table_choose(table, CHOICE_BLACK, why, sizeof why) && strstr(why, "Bot chooses"));
    CHECK(brain_answers(table, true, 0, NULL));
    CHECK(table->stage == STAGE_PLAY && table->players[BLACK].brain && !table->players[WHITE].brain);
    CHECK(table_to_move(table) == WHITE && table_play(table, 0, 0, why, sizeof why) && table->count == 4);
    CHECK(table->opening_count == 3 && table_undo(table, why, sizeof why) && table->count == 3);
    CHECK(!table_undo(table, why, sizeof why)); /* not into the opening */
    free_table(table);
    /* the brain places two more, and the person picks white: the person places the 6th */
    table = new_swap_table(OPENING_RULE_SWAP2);
    table_set_player(table, WHITE, &bot);
    CHECK(play_all(table, three, 3) && brain_answers(table, false, 2, two));
    CHECKF(table->stage == STAGE_CHOOSE5 && table->count == 5 && table_actor(table) == BLACK, "stage %d", table->stage);
    CHECK(table_choose(table, CHOICE_WHITE, why, sizeof why));
    CHECK(table->stage == STAGE_PLAY && !table->players[WHITE].brain && table->players[BLACK].brain);
    CHECK(table_play(table, 0, 1, why, sizeof why) && table->count == 6);
    free_table(table);
    /* the brain opens (black's seat): three stones, the person places two more, the brain
     * then plays the 6th and so takes white */
    table = new_swap_table(OPENING_RULE_SWAP2);
    table_set_player(table, BLACK, &bot);
    CHECK(!table_play(table, 7, 7, why, sizeof why) && strstr(why, "places the opening's stones"));
    CHECK(brain_answers(table, false, 3, three) && table->count == 3 && table->stage == STAGE_CHOOSE3);
    CHECK(table_choose(table, CHOICE_TWO_MORE, why, sizeof why) && table->stage == STAGE_PLACE2);
    CHECK(play_all(table, two, 2) && table->stage == STAGE_CHOOSE5 && table_actor(table) == BLACK);
    CHECK(brain_answers(table, false, 1, one));
    CHECK(table->stage == STAGE_PLAY && table->count == 6 && table->players[WHITE].brain && !table->players[BLACK].brain);
    CHECK(table_to_move(table) == BLACK);
    free_table(table);
    /* a brain's wrong answer loses; swap1 has no two more stones */
    table = new_swap_table(OPENING_RULE_SWAP2);
    table_set_player(table, BLACK, &bot);
    CHECK(brain_answers(table, false, 2, two) && table_over(table) && table->end == TABLE_ILLEGAL);
    free_table(table);
    table = new_swap_table(OPENING_RULE_SWAP);
    table_set_player(table, BLACK, &bot);
    CHECK(brain_answers(table, false, 3, three));
    CHECK(!table_choose(table, CHOICE_TWO_MORE, why, sizeof why) && strstr(why, "only under swap2"));
    CHECK(table_choose(table, CHOICE_BLACK, why, sizeof why) && !table->players[BLACK].brain);
    CHECK(table_to_move(table) == WHITE && table->players[WHITE].brain);
    free_table(table);
    /* a swap opening starts on an empty board */
    table = new_swap_table(OPENING_RULE_NONE);
    const TableRules swap_rules = {.width = 15, .height = 15, .turn_ms = 100, .opening_rule = OPENING_RULE_SWAP2};
    const int xs[] = {7}, ys[] = {7};
    CHECK(!table_new_game(table, &swap_rules, 1, xs, ys, why, sizeof why) && strstr(why, "empty board"));
    free_table(table);
}

static void sleep_ms(int ms) {
    const struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* A game clock: a person whose clock runs out loses at once; a brain whose move comes after
 * its time is up loses; the time a move and the time left go to the brain. */
static void test_game_clock(void) {
    Table *table = malloc(sizeof *table);
    const TableRules rules = {.width = 15, .height = 15, .turn_ms = 5000, .game_ms = 300};
    table_init(table, &rules);
    char why[256];
    const int64_t until = table_ms_until_flag(table);
    CHECKF(until > 200 && until <= 300, "%lld ms left", (long long)until);
    CHECK(table_time_left(table, WHITE) == 300);
    sleep_ms(350);
    CHECK(!table_play(table, 7, 7, why, sizeof why) && strstr(why, "ran out of time"));
    CHECKF(table_over(table) && table->end == TABLE_TIME && table->result == RESULT_WHITE_WINS &&
           strstr(table->reason, "you (black) ran out of time"), "%s", table->reason);
    CHECK(table_time_left(table, BLACK) == 0 && table_ms_until_flag(table) == -1);
    /* a brain: told its time left, and its late move loses */
    const TablePlayer bot = brain_player("Bot");
    CHECK(table_new_game(table, &rules, 0, NULL, NULL, why, sizeof why));
    table_set_player(table, BLACK, &bot);
    CHECK(table_ms_until_flag(table) == -1); /* no person's clock runs */
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    CHECK(s->want == WANT_MOVE && s->time_left_ms > 250 && s->time_left_ms <= 300);
    TableAnswer answer = {.outcome = SEAT_MOVED, .x = 7, .y = 7, .elapsed_ms = 400};
    CHECK(table_apply(table, s, &answer) && table_over(table) && table->end == TABLE_TIME);
    CHECKF(strstr(table->reason, "Bot (black) ran out of time"), "%s", table->reason);
    free(s);
    free_table(table);
}

/* The analysis at the table: the position shown, its best moves and scores from the multipv
 * lines, the graph's black-view evaluation, stepping back, a move that replaces the rest. */
static void test_table_analysis(void) {
    Table *table = new_table(15, 15, 0);
    const int moves[][2] = {{7, 7}, {8, 8}, {8, 6}};
    CHECK(play_all(table, moves, 3));
    char why[256];
    const TablePlayer bot = brain_player("Analyst");
    CHECK(!table_analyse(table, true, NULL, 3, why, sizeof why));
    CHECK(table_analyse(table, true, &bot, 3, why, sizeof why) && table->analysis.on);
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    CHECK(s->want == WANT_ANALYSIS && s->count == 3 && s->color == WHITE && s->lines == 3 &&
          s->analysis_ms == TABLE_ANALYSIS_FIRST_MS);
    const TableVoice voice = {.generation = s->generation, .want = WANT_ANALYSIS, .side = WHITE};
    table_thinking(table, &voice, "depth 4 multipv 1 score 120 nodes 1 nps 1 time 1 pv 6,8 5,9");
    table_thinking(table, &voice, "depth 4 multipv 2 score 80 nodes 1 nps 1 time 1 pv 9,5");
    table_thinking(table, &voice, "depth 4 multipv 3 score 60 nodes 1 nps 1 time 1 pv 6,6");
    CHECK(table->analysis.line_count == 3 && table->analysis.line[1].pv_x[0] == 9 && table->analysis.line[2].score == 60);
    CHECK(table->evals[3].known && table->evals[3].score == -120); /* white's +120 is black's -120 */
    table_thinking(table, &voice, "NBEST 6,8 9,5 6,6"); /* after scored lines it changes nothing */
    CHECK(table->analysis.line[0].has_score);
    TableAnswer answer = {.outcome = SEAT_CANCELLED};
    CHECK(table_apply(table, s, &answer) && !table->analysis.finished);
    answer.outcome = SEAT_MOVED;
    CHECK(table_apply(table, s, &answer) && !table->analysis.finished &&
          table->analysis.round_ms == 2 * TABLE_ANALYSIS_FIRST_MS);
    /* back one move: another position, nothing known of it yet; old lines are dropped */
    CHECK(table_view(table, 2, why, sizeof why) && table->analysis.line_count == 0 && table->board->move_count == 2);
    table_thinking(table, &voice, "depth 5 multipv 1 score 999 pv 1,1");
    CHECK(table->analysis.line_count == 0);
    table_snapshot(table, s);
    CHECK(s->want == WANT_ANALYSIS && s->count == 2 && s->color == BLACK);
    const TableVoice now = {.generation = s->generation, .want = WANT_ANALYSIS, .side = BLACK};
    table_thinking(table, &now, "NBEST 9,9 10,10"); /* a brain without multipv lines */
    CHECK(table->analysis.line_count == 2 && !table->analysis.line[0].has_score && table->analysis.line[1].pv_x[0] == 10);
    CHECK(!table_view(table, 9, why, sizeof why));
    /* a move at the earlier position replaces the rest of the game */
    CHECK(table_play(table, 0, 0, why, sizeof why) && table->count == 3 && table->x[2] == 0);
    CHECK(!table->evals[3].known);
    CHECK(table_analyse(table, false, &bot, 3, why, sizeof why) && table->analysis.view == 3);
    table_snapshot(table, s);
    CHECK(s->want == WANT_NOTHING); /* people on both sides */
    free(s);
    free_table(table);
}

/* ---- the seat, against the fake brain ---- */

static bool fake_command(char *out, size_t size, const char *arguments) {
    const char *tools = getenv("WUZI_TOOLS");
    if (!tools) return false;
    snprintf(out, size, "'%s/fake_brain' %s", tools, arguments);
    return true;
}

/* Ask `seating` for the move at `table`, apply it; the outcome. */
static SeatOutcome brain_turn(Seating *seating, Table *table) {
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    atomic_store(&table->cancel, false);
    TableAnswer answer;
    seating_step(seating, s, NULL, NULL, &answer);
    table_apply(table, s, &answer);
    free(s);
    return answer.outcome;
}

/* The fake's first-empty-cell play, with and without TAKEBACK: after an undo the brain either
 * took the stones back (one process all along) or was restarted and given BOARD — either way
 * its next move shows it knows the position. */
static void takeback_case(const char *options, bool restarted) {
    char command[512];
    if (!fake_command(command, sizeof command, options)) {
        printf("SKIP: WUZI_TOOLS is not set\n");
        return;
    }
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "fake");
    snprintf(brain.command, sizeof brain.command, "%s", command);
    table_set_player(table, WHITE, &brain);
    Seating seating;
    seating_init(&seating, &table->cancel);
    char why[256];
    CHECK(table_play(table, 7, 7, why, sizeof why));
    CHECK(brain_turn(&seating, table) == SEAT_MOVED && table->x[1] == 0 && table->y[1] == 0);
    const pid_t first = seating.seat[WHITE]->brain.pid;
    CHECK(table_play(table, 8, 8, why, sizeof why));
    CHECK(brain_turn(&seating, table) == SEAT_MOVED && table->x[3] == 1 && table->y[3] == 0);
    CHECK(table_undo(table, why, sizeof why) && table->count == 2);
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    atomic_store(&table->cancel, false);
    TableAnswer answer;
    CHECK(!seating_step(&seating, s, NULL, NULL, &answer)); /* the takeback */
    table_apply(table, s, &answer);
    free(s);
    if (restarted) {
        CHECKF(strstr(table->note, "no TAKEBACK"), "note \"%s\"", table->note);
        CHECK(seating_running(&seating) == 0);
    } else {
        CHECK(table->note[0] == '\0' && seating.seat[WHITE]->brain.pid == first);
    }
    /* we play (1,0) ourselves: the fake must now pick (2,0), not a cell it still thinks is free */
    CHECK(table_play(table, 1, 0, why, sizeof why));
    CHECK(brain_turn(&seating, table) == SEAT_MOVED);
    CHECKF(table->x[3] == 2 && table->y[3] == 0, "the brain played %d,%d", table->x[3], table->y[3]);
    CHECK(seating_running(&seating) == 1);
    CHECK(restarted ? seating.seat[WHITE]->brain.pid != first : seating.seat[WHITE]->brain.pid == first);
    seating_destroy(&seating);
    free_table(table);
}

static void test_seat_takeback_sent(void) { takeback_case("good", false); }
static void test_seat_without_takeback_is_restarted(void) { takeback_case("good -notakeback", true); }

static void to_table(void *context, const TableVoice *voice, const char *text) {
    table_thinking(context, voice, text);
}

/* A hint's score is the person's (the side to move), not the brain's colour's. */
static void test_hint_score_is_the_persons(void) {
    char command[512];
    if (!fake_command(command, sizeof command, "good -altmessage")) {
        printf("SKIP: WUZI_TOOLS is not set\n");
        return;
    }
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "fake");
    snprintf(brain.command, sizeof brain.command, "%s", command);
    table_set_player(table, WHITE, &brain);
    Seating seating;
    seating_init(&seating, &table->cancel);
    char why[256];
    CHECK(table_want_hint(table, why, sizeof why));
    TableSnapshot *s = malloc(sizeof *s);
    table_snapshot(table, s);
    atomic_store(&table->cancel, false);
    TableAnswer answer;
    CHECK(seating_step(&seating, s, to_table, table, &answer) && table_apply(table, s, &answer));
    CHECK(table->has_hint);
    CHECKF(table->thinking.side == BLACK && table->thinking.brain == WHITE && table->thinking.hint,
           "side %d brain %d hint %d", table->thinking.side, table->thinking.brain, table->thinking.hint);
    CHECK(table->thinking.has_score && table->thinking.score == 10);
    /* a line from a question no longer asked is dropped */
    const TableVoice stale = {.generation = table->generation - 1, .want = WANT_MOVE, .brain_color = WHITE, .side = WHITE};
    table_thinking(table, &stale, "depth 5 score -900");
    CHECK(table->thinking.score == 10);
    free(s);
    seating_destroy(&seating);
    free_table(table);
}

static void test_seat_late_and_crashing_brains(void) {
    char late[512], crash[512];
    if (!fake_command(late, sizeof late, "late 2000") || !fake_command(crash, sizeof crash, "crash 0")) {
        printf("SKIP: WUZI_TOOLS is not set\n");
        return;
    }
    Table *table = new_table(15, 15, 0);
    TablePlayer brain = {.brain = true};
    snprintf(brain.name, sizeof brain.name, "slow");
    snprintf(brain.command, sizeof brain.command, "%s", late);
    table_set_player(table, BLACK, &brain);
    Seating seating;
    seating_init(&seating, &table->cancel);
    /* a 100 ms move limit and a 1 s grace: 2 s is late */
    CHECK(brain_turn(&seating, table) == SEAT_TIMEOUT);
    CHECK(table_over(table) && table->end == TABLE_TIME && table->result == RESULT_WHITE_WINS);
    CHECK(seating_running(&seating) == 0);
    const TableRules rules = table->rules;
    char why[256];
    CHECK(table_new_game(table, &rules, 0, NULL, NULL, why, sizeof why));
    snprintf(brain.command, sizeof brain.command, "%s", crash);
    table_set_player(table, BLACK, &brain);
    CHECK(brain_turn(&seating, table) == SEAT_CRASHED);
    CHECKF(table->end == TABLE_CRASH && strstr(table->reason, "crashed"), "reason %s", table->reason);
    snprintf(brain.command, sizeof brain.command, "/nonexistent/brain");
    table_set_player(table, BLACK, &brain);
    CHECK(table_new_game(table, &rules, 0, NULL, NULL, why, sizeof why));
    CHECK(brain_turn(&seating, table) == SEAT_CRASHED);
    CHECKF(strstr(table->reason, "could not run"), "reason %s", table->reason);
    seating_destroy(&seating);
    free_table(table);
}

/* ---- HTTP ---- */

static bool parse(HttpRequest *r, const char *text, HttpError *error) {
    r->head_length = strlen(text);
    memcpy(r->head, text, r->head_length + 1);
    return http_parse_head(r, error);
}

static void test_http_requests(void) {
    HttpRequest *r = malloc(sizeof *r);
    HttpError e;
    CHECK(parse(r, "GET /api/games/abc?since=3 HTTP/1.1\r\nHost: 127.0.0.1:8155\r\nX-A:  b \r\n\r\n", &e));
    CHECK(strcmp(r->method, "GET") == 0 && strcmp(r->path, "/api/games/abc") == 0 && strcmp(r->query, "since=3") == 0);
    CHECK(strcmp(http_header(r, "host"), "127.0.0.1:8155") == 0 && strcmp(http_header(r, "x-a"), "b") == 0);
    CHECK(parse(r, "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 12\r\n\r\n", &e) && r->content_length == 12);
    const struct {
        const char *text;
        int status;
    } bad[] = {
        {"GET / HTTP/1.1\r\n\r\n", 400},                                     /* no Host */
        {"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400},               /* two */
        {"GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505},
        {"GET /\r\nHost: a\r\n\r\n", 400},
        {"get / HTTP/1.1\r\nHost: a\r\n\r\n", 400},
        {"GET nothing HTTP/1.1\r\nHost: a\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost a\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 501},
        {"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999\r\n\r\n", 413},
        {"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n", 400},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const bool ok = parse(r, bad[i].text, &e);
        CHECKF(!ok && e.status == bad[i].status && e.reason[0], "case %zu: status %d (%s)", i, e.status, e.reason);
    }
    char *long_url = malloc(HTTP_HEAD_MAX);
    snprintf(long_url, HTTP_HEAD_MAX, "GET /%0*d HTTP/1.1\r\nHost: a\r\n\r\n", HTTP_TARGET_MAX + 10, 0);
    CHECK(!parse(r, long_url, &e) && e.status == 414);
    free(long_url);
    CHECK(http_head_end("GET / HTTP/1.1\r\nHost: a\r\n\r\nbody", 31) == 27);
    CHECK(http_head_end("GET / HTTP/1.1\r\nHost: a\r\n", 25) == 0);
    free(r);
}

static void test_http_forms(void) {
    static const char *const allowed[] = {"x", "name", NULL};
    HttpForm form;
    HttpError e;
    CHECK(http_form_parse("x=7&name=a%20b+c", allowed, &form, &e));
    CHECK(strcmp(http_form_get(&form, "x"), "7") == 0 && strcmp(http_form_get(&form, "name"), "a b c") == 0);
    CHECK(http_form_get(&form, "y") == NULL);
    CHECK(http_form_parse("", allowed, &form, &e) && form.count == 0);
    CHECK(!http_form_parse("z=1", allowed, &form, &e) && strstr(e.reason, "unknown"));
    CHECK(!http_form_parse("x=1&x=2", allowed, &form, &e) && strstr(e.reason, "twice"));
    CHECK(!http_form_parse("x", allowed, &form, &e));
    CHECK(!http_form_parse("x=%zz", allowed, &form, &e));
    CHECK(!http_form_parse("x=%0a", allowed, &form, &e));
}

/* Each refusal of a request from elsewhere, and what passes. */
static void test_host_and_origin_checks(void) {
    HttpError e;
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "GET", "127.0.0.1:8155", NULL, NULL, &e));
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "GET", "localhost:8155", NULL, NULL, &e));
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "GET", "LocalHost:8155", NULL, NULL, &e));
    /* DNS rebinding: a name that resolved to us, or another port */
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "GET", "evil.example:8155", NULL, NULL, &e) && e.status == 403);
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "GET", "127.0.0.1:8156", NULL, NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "GET", "127.0.0.1", NULL, NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "GET", NULL, NULL, NULL, &e));
    /* localhost only on loopback */
    CHECK(!web_request_allowed("192.168.1.5", 8155, false, "GET", "localhost:8155", NULL, NULL, &e));
    CHECK(web_request_allowed("192.168.1.5", 8155, false, "GET", "192.168.1.5:8155", NULL, NULL, &e));
    CHECK(web_request_allowed("[::1]", 8155, true, "GET", "[::1]:8155", NULL, NULL, &e));
    /* state changes from another origin */
    CHECK(web_request_allowed("127.0.0.1", 80, true, "POST", "127.0.0.1", "http://127.0.0.1", NULL, &e));
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "POST", "localhost:8155", "http://localhost:8155", NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", "http://evil.example", NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", "null", NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", "https://127.0.0.1:8155", NULL, &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", NULL, "cross-site", &e));
    CHECK(!web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", NULL, "same-site", &e));
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", NULL, "same-origin", &e));
    CHECK(web_request_allowed("127.0.0.1", 8155, true, "POST", "127.0.0.1:8155", NULL, NULL, &e));
}

static void test_json_out(void) {
    JsonOut j;
    json_init(&j);
    json_object_begin(&j);
    json_key(&j, "a");
    json_int(&j, -3);
    json_key(&j, "s");
    json_string(&j, "q\"\\\n</script>");
    json_key(&j, "l");
    json_array_begin(&j);
    json_bool(&j, true);
    json_null(&j);
    json_array_begin(&j);
    json_array_end(&j);
    json_array_end(&j);
    json_object_end(&j);
    CHECKF(strcmp(j.text, "{\"a\":-3,\"s\":\"q\\\"\\\\\\u000a\\u003c/script>\",\"l\":[true,null,[]]}") == 0, "%s", j.text);
    json_free(&j);
}

int main(void) {
    RUN(test_book_notation);
    RUN(test_thinking_wuzi_words);
    RUN(test_thinking_other_words);
    RUN(test_thinking_multipv);
    RUN(test_rule_names);
    RUN(test_psq_and_sgf_read);
    RUN(test_save_and_load_round_trip);
    RUN(test_table_refuses_bad_moves);
    RUN(test_table_occupied_and_off_board);
    RUN(test_table_renju_foul_refused);
    RUN(test_table_undo_back_to_the_persons_move);
    RUN(test_table_swap_and_hint);
    RUN(test_swap2_opening);
    RUN(test_game_clock);
    RUN(test_table_analysis);
    RUN(test_seat_takeback_sent);
    RUN(test_seat_without_takeback_is_restarted);
    RUN(test_hint_score_is_the_persons);
    RUN(test_seat_late_and_crashing_brains);
    RUN(test_http_requests);
    RUN(test_http_forms);
    RUN(test_host_and_origin_checks);
    RUN(test_json_out);
    return check_summary();
}

/* The search on positions written by hand, by node and depth budgets (never wall time): wins
 * in one, blocks, defences to open threes, wins by fours and by threes, renju fouls avoided,
 * the static answer at timeout 0, and tic-tac-toe checked exhaustively. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "movegen.h"
#include "rng.h"
#include "rules.h"
#include "search.h"
#include "threat.h"

static Board board;
static Search *search;

static void fresh(int size, int connect, int rule) {
    board_init(&board, geometry_get(size, size, connect, rule));
}

/* Stones along a line from x,y stepping dx,dy: 'X' black, 'O' white, anything else skipped. */
static void stones(int x, int y, int dx, int dy, const char *pattern) {
    for (int i = 0; pattern[i]; i++, x += dx, y += dy) {
        if (pattern[i] == 'X') board_put(&board, cell_at(x, y), BLACK);
        if (pattern[i] == 'O') board_put(&board, cell_at(x, y), WHITE);
    }
}

static SearchResult think(int64_t nodes, int depth) {
    const SearchLimits limits = {.time = {.unlimited = true}, .max_nodes = nodes, .max_depth = depth};
    search_clear(search);
    return search_think(search, &board, &limits, NULL, NULL);
}

static bool is_at(int cell, int x, int y) { return cell == cell_at(x, y); }

static void test_takes_five(void) {
    fresh(15, 5, 0);
    stones(3, 7, 1, 0, "XXXX");
    stones(3, 9, 1, 0, "OOOO");
    board.to_move = BLACK;
    const SearchResult result = think(50000, 0);
    CHECK(is_at(result.move, 2, 7) || is_at(result.move, 7, 7));
    CHECK(result.score >= MATE_BOUND);
}

static void test_blocks_four(void) {
    fresh(15, 5, 0);
    stones(2, 9, 1, 0, "XOOOO");
    stones(6, 4, 1, 1, "XX");
    board.to_move = BLACK;
    const SearchResult result = think(50000, 0);
    CHECKF(is_at(result.move, 7, 9), "played %d,%d", cell_x(result.move), cell_y(result.move));
}

static void test_defends_open_three(void) {
    fresh(15, 5, 0);
    stones(5, 9, 1, 0, "OOO");
    stones(6, 4, 1, 0, "X.X");
    stones(3, 12, 1, 0, "X");
    board.to_move = BLACK;
    const SearchResult result = think(200000, 0);
    CHECKF(is_at(result.move, 4, 9) || is_at(result.move, 8, 9), "played %d,%d",
           cell_x(result.move), cell_y(result.move));
}

static void test_double_four_wins(void) {
    /* Row 5: O X X X _ _ ; column 9: O X X X _ : the shared cell 9,5 makes two fours. */
    fresh(15, 5, 0);
    stones(4, 5, 1, 0, "OXXX");
    stones(9, 1, 0, 1, "OXXX");
    stones(2, 12, 1, 0, "O.O");
    stones(12, 12, 1, 0, "O");
    board.to_move = BLACK;
    const SearchResult result = think(200000, 0);
    CHECKF(is_at(result.move, 9, 5), "played %d,%d", cell_x(result.move), cell_y(result.move));
    CHECK(result.score >= MATE_BOUND);
}

static void test_vcf_two_fours(void) {
    /* Row 6: O X X X _ (2..5): 6,6 makes a four. Column 6: O X X (6,2..6,4). Anti-diagonal
     * 9,2 8,3 7,4 with O on 10,1: 6,5 makes a four there. Either four first, then the other
     * cell makes two fours at once: a win by continuous fours starting at 6,6 or 6,5. */
    fresh(15, 5, 0);
    stones(2, 6, 1, 0, "OXXX");
    stones(6, 2, 0, 1, "OXX");
    stones(10, 1, -1, 1, "OXXX");
    stones(8, 12, 1, 0, "O.O.O");
    board.to_move = BLACK;
    const SearchResult result = think(300000, 0);
    CHECK(result.score >= MATE_BOUND);
    CHECKF(is_at(result.move, 6, 6) || is_at(result.move, 6, 5), "played %d,%d",
           cell_x(result.move), cell_y(result.move));
}

static void test_double_three_wins_freestyle(void) {
    fresh(15, 5, 0);
    stones(5, 7, 1, 0, "XX");           /* row 7: 5,7 6,7 — with 8,7 a split open three */
    stones(8, 5, 0, 1, "XX");           /* column 8: 8,5 8,6 — with 8,7 an open three */
    stones(1, 1, 1, 0, "O.O");
    stones(13, 13, 1, 0, "O");
    board.to_move = BLACK;
    const SearchResult result = think(500000, 0);
    CHECKF(result.score >= MATE_BOUND, "score %d at %d,%d", result.score, cell_x(result.move),
           cell_y(result.move));
}

static void test_renju_black_avoids_double_three(void) {
    fresh(15, 5, RULE_RENJU);
    stones(5, 7, 1, 0, "XX");
    stones(7, 5, 0, 1, "XX");
    stones(1, 1, 1, 0, "O.O.O");
    board.to_move = BLACK;
    const SearchResult result = think(100000, 0);
    CHECK(!is_at(result.move, 7, 7));
    CHECK(board.cell[result.move] == EMPTY);
    CHECK(!rules_forbidden(&board, result.move, BLACK));
}

static void test_renju_lost_position_still_answers(void) {
    /* White's four can only be blocked on a double-four point of black's: black is lost, yet
     * the search must answer with some legal, empty cell. */
    fresh(15, 5, RULE_RENJU);
    stones(3, 7, 1, 0, "XXX");          /* black XXX_ at 3..5: 7,7 would be a four … */
    stones(7, 3, 0, 1, "XXX");          /* … and a second four: a double four at 7,7 */
    stones(7, 8, 0, 1, "OOOO");         /* white 7,8..7,11: its five point is 7,7 or 7,12 */
    stones(7, 12, 0, 1, "X");
    board.to_move = BLACK;
    CHECK(rules_foul(&board, cell_at(7, 7)) == FOUL_DOUBLE_FOUR);
    const SearchResult result = think(50000, 0);
    CHECK(result.move != NO_CELL && board.cell[result.move] == EMPTY);
    CHECK(!rules_forbidden(&board, result.move, BLACK));
    CHECK(result.score <= -MATE_BOUND);
}

/* Two open threes of white far apart: no black move stops both, so the defences are empty. The
 * search must still answer with a move among the stones (it played the first empty cell, 0,0). */
static void test_lost_position_plays_on_near_the_stones(void) {
    fresh(15, 5, 0);
    stones(5, 5, 1, 0, "OOO");
    stones(11, 9, 0, 1, "OOO");
    stones(8, 8, 1, 0, "X");
    stones(3, 12, 1, 0, "X");
    stones(12, 3, 1, 0, "X");
    board.to_move = BLACK;
    const SearchResult result = think(200000, 0);
    int nearest = 99;
    for (int cell = board_first(&board); cell; cell = board_next(&board, cell)) {
        if (board.cell[cell] == EMPTY) continue;
        const int dx = abs(cell_x(cell) - cell_x(result.move)), dy = abs(cell_y(cell) - cell_y(result.move));
        const int distance = dx > dy ? dx : dy;
        if (distance < nearest) nearest = distance;
    }
    CHECKF(result.move != NO_CELL && board.cell[result.move] == EMPTY && nearest <= 2,
           "played %d,%d, %d cells from the nearest stone", cell_x(result.move), cell_y(result.move), nearest);
}

static void test_static_answer_takes_five(void) {
    fresh(15, 5, 0);
    stones(3, 3, 1, 1, "XXXX");
    stones(3, 9, 1, 0, "OOO");
    board.to_move = BLACK;
    const SearchLimits limits = {.time = {.unlimited = false, .soft_ms = 0, .hard_ms = 0}};
    const SearchResult result = search_think(search, &board, &limits, NULL, NULL);
    CHECK(is_at(result.move, 2, 2) || is_at(result.move, 7, 7));
}

static void test_same_result_twice(void) {
    fresh(15, 5, 0);
    stones(7, 7, 1, 1, "X.O");
    stones(6, 8, 1, 0, "OX");
    board.to_move = WHITE;
    const SearchResult first = think(30000, 0);
    const SearchResult second = think(30000, 0);
    CHECK(first.move == second.move && first.nodes == second.nodes && first.score == second.score);
}

/* Two search threads (Lazy SMP) share the table: the same wins, blocks and defences, and a
 * quiet position answered with a legal move after both threads searched. */
static void test_two_threads(void) {
    search_set_threads(search, 2);
    test_blocks_four();
    test_defends_open_three();
    test_vcf_two_fours();
    fresh(15, 5, 0);
    stones(7, 7, 1, 1, "X.O");
    stones(6, 8, 1, 0, "OX");
    board.to_move = WHITE;
    const SearchResult result = think(200000, 0);
    CHECK(result.move != NO_CELL && board.cell[result.move] == EMPTY);
    CHECKF(result.nodes >= 200000, "%llu nodes", (unsigned long long)result.nodes);
    search_set_threads(search, 1);
}

/* ---- tic-tac-toe: every line of the opponent's, the search never loses ------------------ */

static int ttt_losses, ttt_positions;

static void ttt_explore(int search_color) {
    if (board.move_count == 9) return;
    if (board.to_move == search_color) {
        ttt_positions++;
        const SearchResult result = think(0, 9);
        const Verdict verdict = rules_play(&board, cell_x(result.move), cell_y(result.move));
        if (verdict == VERDICT_PLAYING) ttt_explore(search_color);
        board_undo(&board);
        return;
    }
    for (int c = board_first(&board); c; c = board_next(&board, c)) {
        if (board.cell[c] != EMPTY) continue;
        const Verdict verdict = rules_play(&board, cell_x(c), cell_y(c));
        if (verdict == VERDICT_WIN) ttt_losses++;
        else if (verdict == VERDICT_PLAYING) ttt_explore(search_color);
        board_undo(&board);
    }
}

/* A helper's deeper ordinary score never replaces the main thread's proven win; a helper's
 * proven win beats an ordinary score; otherwise the deepest ordinary score counts. */
static void test_thread_choice(void) {
    const ThreadOutcome main_won[] = {{10, MATE - 5, 8}, {11, 300, 12}};
    CHECK(search_pick_thread(main_won, 2) == 0);
    const ThreadOutcome helper_won[] = {{10, 200, 12}, {11, 300, 9}, {12, MATE - 7, 10}};
    CHECK(search_pick_thread(helper_won, 3) == 2);
    const ThreadOutcome deeper[] = {{10, 200, 8}, {11, 300, 10}, {12, -MATE + 9, 12}};
    CHECK(search_pick_thread(deeper, 3) == 1);
    const ThreadOutcome idle[] = {{10, 200, 8}, {NO_CELL, 0, 0}};
    CHECK(search_pick_thread(idle, 2) == 0);
}

/* Several best moves from one search: distinct and legal, the first one the think's answer. */
static void test_ranked_moves(void) {
    fresh(15, 5, 0);
    stones(7, 7, 1, 1, "XO");
    stones(6, 8, 1, 0, "X");
    board.to_move = WHITE;
    const SearchLimits limits = {.time = {.unlimited = true}, .max_depth = 6};
    int cells[5];
    search_clear(search);
    const int count = search_best_moves(search, &board, &limits, 5, cells, NULL, NULL);
    CHECKF(count == 5, "%d moves", count);
    for (int i = 0; i < count; i++) {
        CHECK(board.cell[cells[i]] == EMPTY);
        for (int j = 0; j < i; j++) CHECK(cells[i] != cells[j]);
    }
}

static void test_tic_tac_toe_never_loses(void) {
    for (int color = BLACK; color <= WHITE; color++) {
        fresh(3, 3, 0);
        ttt_explore(color);
    }
    CHECKF(ttt_losses == 0, "lost %d lines", ttt_losses);
    CHECK(ttt_positions > 100);
}

/* The defences against the opponent's winning threats (threat.h's generator): every cell that
 * leaves no threat when played (our fours aside) is one of them, and outside caro (where a
 * threat one stone spoils constrains nothing, and the search does not narrow) nothing else is,
 * over random crowded positions. */
/* Random crowded games under `rule` (stones in the central 9x9, reproducible from `seed`): after
 * each move, until someone has a five, `visit` looks at the position on the board. */
static void random_positions(int rule, uint64_t seed, int games, int plies, void (*visit)(void)) {
    uint64_t rng = seed;
    for (int game = 0; game < games; game++) {
        fresh(15, 5, rule);
        for (int ply = 0; ply < plies; ply++) {
            const int cell = cell_at(3 + (int)(rng_next(&rng) % 9), 3 + (int)(rng_next(&rng) % 9));
            if (board.cell[cell] != EMPTY) continue;
            board_make(&board, cell);
            if (shape_class_count(&board.shapes, BLACK, CLASS_FIVE) || shape_class_count(&board.shapes, WHITE, CLASS_FIVE))
                break;
            visit();
        }
    }
}

static int checked_defences;
static void defences_match_play(void) {
    const int me = board.to_move, other = opponent(me);
    if (!movegen_has_winning_threat(&board, other)) return;
    int defences[MAX_MOVES];
    const int count = movegen_defences(&board, defences, MAX_MOVES);
    const bool caro = board.rule & RULE_CARO;
    CHECK(count >= 0 || caro);
    for (int c = board_first(&board); c; c = board_next(&board, c)) {
        if (!movegen_legal(&board, c)) continue;
        bool expected = class_makes_four(shape_cell_class(&board.shapes, c, me));
        if (!expected) {
            board_make(&board, c);
            expected = !movegen_has_winning_threat(&board, other);
            board_undo(&board);
        }
        const bool listed = count < 0 || cells_contain(defences, count, c);
        CHECK(caro ? !expected || listed : expected == listed);
    }
    checked_defences++;
}

static void test_defences_match_play(void) {
    checked_defences = 0;
    const int rules[] = {0, RULE_EXACT5, RULE_RENJU, RULE_CARO};
    for (int i = 0; i < 4; i++) random_positions(rules[i], 77 + (uint64_t)rules[i], 60, 70, defences_match_play);
    CHECK(checked_defences > 100);
}

/* Does `other` (to move) win by a four at `cell`, played out: legal, and its one block is
 * forbidden to us, or is no four of ours and after it `other` has a legal open four or double
 * four and we no five? (A four-three, or a four whose block leaves a double four.) The board is
 * unchanged on return. */
static bool four_wins(int cell, int other) {
    const int me = opponent(other);
    if (!class_makes_four(shape_cell_class(&board.shapes, cell, other)) || !movegen_legal(&board, cell)) return false;
    board_make(&board, cell);
    bool wins = false;
    const int block = movegen_find(&board, other, CLASS_FIVE);
    if (shape_class_count(&board.shapes, other, CLASS_FIVE) == 1 && !movegen_legal(&board, block)) {
        wins = true;
    } else if (shape_class_count(&board.shapes, other, CLASS_FIVE) == 1 &&
               !class_makes_four(shape_cell_class(&board.shapes, block, me))) {
        board_make(&board, block);
        wins = !shape_class_count(&board.shapes, me, CLASS_FIVE) && movegen_has_winning_threat(&board, other);
        board_undo(&board);
    }
    board_undo(&board);
    return wins;
}

/* Does `other`, to move, have a four that wins played out? */
static bool some_four_wins(int other) {
    for (int c = board_first(&board); c; c = board_next(&board, c))
        if (board.cell[c] == EMPTY && four_wins(c, other)) return true;
    return false;
}

/* The defences against four-threes (threat.h's generator, played out): over random crowded
 * positions, a cell left out does not save us — after our stone there, the opponent still has
 * a winning threat or a four that wins played out. */
static int checked_four_threes, checked_renju_black;
static void four_three_defences_match_play(void) {
    const int me = board.to_move, other = opponent(me);
    if (movegen_has_winning_threat(&board, other) || !shape_class_count(&board.shapes, other, CLASS_FOUR_THREE))
        return;
    int defences[MAX_MOVES];
    const int count = movegen_four_three_defences(&board, defences, MAX_MOVES);
    if (count < 0) return;
    if (other == BLACK && (board.rule & RULE_RENJU)) checked_renju_black++;
    for (int c = board_first(&board); c; c = board_next(&board, c)) {
        if (!movegen_legal(&board, c) || cells_contain(defences, count, c)) continue;
        board_make(&board, c);
        const bool still_lost = movegen_has_winning_threat(&board, other) || some_four_wins(other);
        board_undo(&board);
        CHECKF(still_lost, "%d,%d saves and is left out", cell_x(c), cell_y(c));
    }
    checked_four_threes++;
}

static void test_four_three_defences_match_play(void) {
    checked_four_threes = checked_renju_black = 0;
    const int rules[] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++) random_positions(rules[i], 91 + (uint64_t)rules[i], 80, 70, four_three_defences_match_play);
    CHECKF(checked_four_threes > 100, "%d positions", checked_four_threes);
    CHECKF(checked_renju_black > 5, "%d positions against renju black", checked_renju_black);
}

/* White's four-three cell at 7,7 (a four along row 7, an open three along column 7): black's
 * answers are on those two lines, never a cell off them. */
static void test_four_three_defences_by_hand(void) {
    fresh(15, 5, 0);
    stones(4, 7, 1, 0, "OOO.");
    stones(7, 8, 0, 1, "OO");
    stones(3, 7, 1, 0, "X");
    stones(2, 2, 1, 1, "X.X.X");
    board.to_move = BLACK;
    CHECK(shape_cell_class(&board.shapes, cell_at(7, 7), WHITE) == CLASS_FOUR_THREE);
    int defences[MAX_MOVES];
    const int count = movegen_four_three_defences(&board, defences, MAX_MOVES);
    CHECK(cells_contain(defences, count, cell_at(7, 7)));
    CHECK(cells_contain(defences, count, cell_at(8, 7)));
    CHECK(cells_contain(defences, count, cell_at(7, 10)));
    CHECK(cells_contain(defences, count, cell_at(7, 6)));
    CHECK(!cells_contain(defences, count, cell_at(12, 12)));
    CHECK(!cells_contain(defences, count, cell_at(10, 4)));
}

/* A win by a four-three or a double three read from the classes is one the threat search
 * proves, over random crowded positions of every rule it applies to. */
static ThreatSearch *proving;
static int three_win_claims;
static void three_wins_are_proved(void) {
    const int me = board.to_move, them = opponent(me);
    if (movegen_has_winning_threat(&board, me) || movegen_has_winning_threat(&board, them)) return;
    if (!movegen_wins_by_three(&board)) return;
    int move;
    threat_clear(proving);
    CHECKF(threat_vct(proving, &board, 200000, &move, NULL, NULL), "no win proved after %d moves", board.move_count);
    three_win_claims++;
}

static void test_three_wins_are_proved(void) {
    proving = threat_new(1u << 20);
    three_win_claims = 0;
    const int rules[] = {0, RULE_EXACT5, RULE_RENJU};
    for (int i = 0; i < 3; i++) random_positions(rules[i], 131 + (uint64_t)rules[i], 120, 60, three_wins_are_proved);
    threat_free(proving);
    CHECKF(three_win_claims > 50, "%d claims", three_win_claims);
}

/* Black's four-three at 7,7 wins while white has no four; once white's block of that four
 * would make white a four, it no longer does. */
static void test_four_three_win_by_hand(void) {
    fresh(15, 5, 0);
    stones(4, 7, 1, 0, "XXX.");
    stones(7, 8, 0, 1, "XX");
    stones(3, 7, 1, 0, "O");
    stones(1, 1, 1, 1, "O.O.O");
    board.to_move = BLACK;
    CHECK(movegen_wins_by_three(&board));
    stones(8, 4, 0, 1, "OO.");
    stones(8, 8, 0, 1, "O");
    CHECK(shape_cell_class(&board.shapes, cell_at(8, 7), WHITE) >= CLASS_FOUR);
    CHECK(!movegen_wins_by_three(&board));
}

int main(void) {
    search = search_new();
    search_set_hash_bytes(search, 4u << 20);
    RUN(test_takes_five);
    RUN(test_blocks_four);
    RUN(test_defends_open_three);
    RUN(test_double_four_wins);
    RUN(test_vcf_two_fours);
    RUN(test_double_three_wins_freestyle);
    RUN(test_renju_black_avoids_double_three);
    RUN(test_renju_lost_position_still_answers);
    RUN(test_lost_position_plays_on_near_the_stones);
    RUN(test_static_answer_takes_five);
    RUN(test_same_result_twice);
    RUN(test_tic_tac_toe_never_loses);
    RUN(test_two_threads);
    RUN(test_thread_choice);
    RUN(test_ranked_moves);
    RUN(test_defences_match_play);
    RUN(test_four_three_defences_by_hand);
    RUN(test_four_three_defences_match_play);
    RUN(test_four_three_win_by_hand);
    RUN(test_three_wins_are_proved);
    search_free(search);
    return check_summary();
}

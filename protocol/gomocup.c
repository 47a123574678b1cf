#include "gomocup.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>


#define NBEST_MAX 32

void gomocup_init(Gomocup *session, Engine *engine, Output *output) {
    memset(session, 0, sizeof *session);
    session->engine = engine;
    session->output = output;
    engine_limits_default(&session->limits);
    session->show_detail = true;
}

/* ---- parsing ---- */

static const char *skip_blanks(const char *text) {
    while (*text == ' ' || *text == '\t') text++;
    return text;
}

/* The command word: its length, and the arguments after it. */
static size_t command_word(const char *line, const char **arguments) {
    size_t length = 0;
    while (line[length] && line[length] != ' ' && line[length] != '\t') length++;
    *arguments = skip_blanks(line + length);
    return length;
}

static bool word_is(const char *word, size_t length, const char *name) {
    return strlen(name) == length && strncasecmp(word, name, length) == 0;
}

/* A decimal integer (optional sign); advances *text. Rejects overflow beyond int64. */
static bool parse_int64(const char **text, int64_t *value) {
    const char *p = skip_blanks(*text);
    bool negative = false;
    if (*p == '+' || *p == '-') negative = *p++ == '-';
    if (!isdigit((unsigned char)*p)) return false;
    int64_t result = 0;
    for (; isdigit((unsigned char)*p); p++) {
        const int digit = *p - '0';
        if (result > (INT64_MAX - digit) / 10) return false;
        result = result * 10 + digit;
    }
    *value = negative ? -result : result;
    *text = skip_blanks(p);
    return true;
}

static bool parse_int(const char **text, int *value) {
    int64_t wide;
    if (!parse_int64(text, &wide) || wide < INT_MIN || wide > INT_MAX) return false;
    *value = (int)wide;
    return true;
}

/* `count` integers separated by commas, and nothing after them. */
static bool parse_ints(const char *text, int *values, int count) {
    for (int i = 0; i < count; i++) {
        if (i > 0) {
            if (*text != ',') return false;
            text++;
        }
        if (!parse_int(&text, &values[i])) return false;
    }
    return *text == '\0';
}

/* ---- replies ---- */

static void reply_error(Gomocup *session, const char *reason) {
    output_line(session->output, "ERROR %s", reason);
}

static void reply_engine_error(Gomocup *session, EngineError error) {
    reply_error(session, engine_error_text(error));
}

static bool need_game(Gomocup *session) {
    if (engine_has_game(session->engine)) return true;
    reply_engine_error(session, ENGINE_NO_GAME);
    return false;
}

/* Yixin-Board's realtime lines: which root move is being searched, done, best, lost. */
static void report_root(Gomocup *session, const EngineReport *report) {
    static const char *const names[] = {
        [REPORT_ROOT_SEARCHING] = "POS", [REPORT_ROOT_SEARCHED] = "DONE", [REPORT_ROOT_BEST] = "BEST",
        [REPORT_ROOT_LOST] = "LOST",
    };
    if (report->kind == REPORT_ROOT_REFRESH) {
        output_message(session->output, "REALTIME REFRESH");
        return;
    }
    output_message(session->output, "REALTIME %s %d,%d", names[report->kind], cell_x(report->cell),
                   cell_y(report->cell));
}

static void report_iteration(void *context, const EngineReport *report) {
    Gomocup *session = context;
    if (!session->show_detail) return;
    if (report->kind != REPORT_ITERATION) {
        report_root(session, report);
        return;
    }
    char score[32], rank[24] = "", pv[REPORT_PV_MAX * 8 + 1] = "";
    if (report->mate > 0)
        snprintf(score, sizeof score, "win in %d", report->mate);
    else if (report->mate < 0)
        snprintf(score, sizeof score, "loss in %d", -report->mate);
    else
        snprintf(score, sizeof score, "%d", report->score);
    size_t used = 0;
    for (int i = 0; i < report->pv_length && i < REPORT_PV_MAX; i++)
        used += (size_t)snprintf(pv + used, sizeof pv - used, "%s%d,%d", i ? " " : "",
                                 cell_x(report->pv[i]), cell_y(report->pv[i]));
    if (report->multipv) snprintf(rank, sizeof rank, " multipv %d", report->multipv);
    const int64_t ms = report->elapsed_ms > 0 ? report->elapsed_ms : 1;
    output_message(session->output, "depth %d%s score %s nodes %llu nps %llu time %lld pv %s",
                   report->depth, rank, score, (unsigned long long)report->nodes,
                   (unsigned long long)(report->nodes * 1000 / (uint64_t)ms),
                   (long long)report->elapsed_ms, used ? pv : "-");
}

static void think_begin(const Gomocup *session) {
    if (session->hooks.think_begin) session->hooks.think_begin(session->hooks.context);
}

static void think_end(const Gomocup *session) {
    if (session->hooks.think_end) session->hooks.think_end(session->hooks.context);
}

/* The limits of a think asked for by a command that arrived at `arrival_ms`. */
static const EngineLimits *limits_from(Gomocup *session, int64_t arrival_ms) {
    session->limits.start_ms = arrival_ms;
    return &session->limits;
}

/* The engine's choice for the side to move; NO_CELL if none. */
static int think(Gomocup *session) {
    limits_from(session, session->line_arrival_ms);
    think_begin(session);
    const int cell = engine_think(session->engine, &session->limits, report_iteration, session);
    think_end(session);
    return cell;
}

/* Think, play the move on our board and send it. */
static void reply_move(Gomocup *session) {
    const int cell = think(session);
    if (!cell) {
        reply_engine_error(session, ENGINE_GAME_OVER);
        return;
    }
    engine_play(session->engine, cell_x(cell), cell_y(cell));
    output_line(session->output, "%d,%d", cell_x(cell), cell_y(cell));
}

/* ---- commands ---- */

static void command_start(Gomocup *session, const char *arguments, bool rectangular) {
    int size[2];
    const bool parsed = rectangular ? parse_ints(arguments, size, 2) : parse_ints(arguments, size, 1);
    if (!parsed) {
        reply_error(session, rectangular ? "RECTSTART wants width,height" : "START wants a size");
        return;
    }
    if (!rectangular) size[1] = size[0];
    const EngineError error = engine_start(session->engine, size[0], size[1]);
    if (error != ENGINE_OK) {
        reply_engine_error(session, error);
        return;
    }
    session->block = BLOCK_NONE;
    output_line(session->output, "OK");
}

static void command_restart(Gomocup *session) {
    if (!need_game(session)) return;
    engine_start(session->engine, engine_width(session->engine), engine_height(session->engine));
    output_line(session->output, "OK");
}

/* Gomocup's rule bits, which the engine takes as they are. */
enum { RULE_BIT_EXACT_FIVE = 1, RULE_BIT_RENJU = 4, RULE_BIT_CARO = 8 };

int gomocup_rule(int64_t value) {
    switch (value) {
    case 2: return RULE_BIT_RENJU;          /* Yixin-Board's renju */
    case 5: case 6: return 0;               /* Yixin-Board's freestyle with swap1 / swap2 openings */
    default: break;
    }
    if (value & RULE_BIT_CARO) return RULE_BIT_CARO | (int)(value & RULE_BIT_EXACT_FIVE);
    if (value & RULE_BIT_RENJU) return RULE_BIT_RENJU;
    return (int)(value & RULE_BIT_EXACT_FIVE);  /* bit 2, a continuous game, changes nothing here */
}

static void command_info(Gomocup *session, const char *arguments) {
    const char *value;
    const size_t length = command_word(arguments, &value);
    if (length == 0) return;
    if (word_is(arguments, length, "folder")) {
        snprintf(session->folder, sizeof session->folder, "%s", value);
        return;
    }
    if (word_is(arguments, length, "level")) {
        engine_set_level(session->engine, value);   /* INFO never answers: unknown names are ignored */
        return;
    }
    int64_t number;
    const char *cursor = value;
    if (!parse_int64(&cursor, &number)) return;   /* evaluate x,y and unknown keys land here too */
    EngineLimits *limits = &session->limits;
    if (word_is(arguments, length, "timeout_turn"))
        limits->turn_ms = number < 0 ? 0 : number;
    else if (word_is(arguments, length, "timeout_match"))
        limits->match_ms = number < 0 ? 0 : number;
    else if (word_is(arguments, length, "time_left"))
        limits->time_left_ms = number;
    else if (word_is(arguments, length, "max_memory"))
        engine_set_memory(session->engine, number);
    else if (word_is(arguments, length, "game_type"))
        session->game_type = (int)(number & 15);
    else if (word_is(arguments, length, "rule"))
        engine_set_rule(session->engine, gomocup_rule(number));
    else if (word_is(arguments, length, "thread_num"))
        engine_set_threads(session->engine, number < 1 ? 1 : number > 256 ? 256 : (int)number);
    else if (word_is(arguments, length, "hash_size"))   /* KiB, as Yixin-Board and its kin send it */
        engine_set_table_bytes(session->engine, number <= 0 ? 0 : number > (INT64_MAX >> 10) ? INT64_MAX : number << 10);
    else if (word_is(arguments, length, "max_node"))
        limits->max_nodes = number < 0 ? 0 : number;
    else if (word_is(arguments, length, "max_depth"))
        limits->max_depth = number < 0 ? 0 : number > INT_MAX ? INT_MAX : (int)number;
    else if (word_is(arguments, length, "show_detail")) {
        /* 0: no search lines; otherwise the iterations, and with bit 1 Yixin-Board's realtime lines */
        session->show_detail = number != 0;
        session->limits.realtime = (number & 1) != 0;
    }
    else if (word_is(arguments, length, "pondering"))
        session->pondering = number != 0;
}

/* x,y of a TURN / TAKEBACK / PLAY argument, with the reply on error. */
static bool parse_move(Gomocup *session, const char *arguments, int *x, int *y) {
    int xy[2];
    if (!parse_ints(arguments, xy, 2)) {
        reply_error(session, "malformed coordinates: want x,y");
        return false;
    }
    if (!engine_on_board(session->engine, xy[0], xy[1])) {
        reply_engine_error(session, ENGINE_OFF_BOARD);
        return false;
    }
    *x = xy[0];
    *y = xy[1];
    return true;
}

static void command_begin(Gomocup *session) {
    if (!need_game(session)) return;
    reply_move(session);
}

typedef EngineError (*MoveChange)(Engine *engine, int x, int y);

/* TURN, TAKEBACK: read x,y and change the position; on any error the reply is sent and the
 * position is as it was. */
static bool change_position(Gomocup *session, const char *arguments, MoveChange change, int *x, int *y) {
    if (!need_game(session) || !parse_move(session, arguments, x, y)) return false;
    const EngineError error = change(session->engine, *x, *y);
    if (error == ENGINE_OK) return true;
    reply_engine_error(session, error);
    return false;
}

static void command_turn(Gomocup *session, const char *arguments) {
    int x, y;
    if (!change_position(session, arguments, engine_play, &x, &y)) return;
    if (engine_board_full(session->engine)) {
        /* The opponent's move ended the game: there is nothing to answer, and a refusal would
         * leave the board in doubt, so take it back and say so. */
        engine_takeback(session->engine, x, y);
        reply_engine_error(session, ENGINE_GAME_OVER);
        return;
    }
    reply_move(session);
}

static void command_takeback(Gomocup *session, const char *arguments) {
    int x, y;
    if (change_position(session, arguments, engine_takeback, &x, &y)) output_line(session->output, "OK");
}

static void command_play(Gomocup *session, const char *arguments) {
    int x, y;
    if (!need_game(session) || !parse_move(session, arguments, &x, &y)) return;
    const EngineError error = engine_play(session->engine, x, y);
    if (error != ENGINE_OK) {
        reply_engine_error(session, error);
        return;
    }
    output_line(session->output, "%d,%d", x, y);
}

static void command_about(Gomocup *session) {
    output_line(session->output,
                "name=\"%s\", version=\"%s\", author=\"The Wuzi developers\", country=\"-\"",
                GOMOCUP_NAME, GOMOCUP_VERSION);
}

/* ---- blocks: BOARD, YXBOARD, SWAP2BOARD ---- */

static void block_begin(Gomocup *session, GomocupBlock block) {
    session->block = block;
    session->block_arrival_ms = session->line_arrival_ms;
    session->block_error = NULL;
    session->block_count = 0;
}

static void block_fail(Gomocup *session, const char *reason) {
    if (!session->block_error) session->block_error = reason;
}

static void block_line(Gomocup *session, const char *line) {
    const bool swap2 = session->block == BLOCK_SWAP2;
    int values[3];
    if (!parse_ints(line, values, swap2 ? 2 : 3)) {
        block_fail(session, swap2 ? "bad SWAP2BOARD line: want x,y" : "bad BOARD line: want x,y,field");
        return;
    }
    if (!swap2 && (values[2] < 1 || values[2] > 3)) {
        block_fail(session, "bad BOARD line: field must be 1, 2 or 3");
        return;
    }
    if (session->block_count >= MAX_MOVES) {
        block_fail(session, "too many stones");
        return;
    }
    GomocupStone *stone = &session->block_stones[session->block_count++];
    stone->x = values[0];
    stone->y = values[1];
    stone->field = swap2 ? 0 : values[2];
}

/* BOARD: field 1 = ours, 2 = the opponent's, 3 = a stone of a finished line in a continuous game
 * (whose it was is not said: it only blocks, so it is counted as the opponent's). We are to
 * move: with equal counts we are black, with one stone fewer white; any other count (possible
 * only outside real games) falls back to the move order: the first stone is black's. */
static int own_color(const GomocupStone *stones, int count) {
    int own = 0, other = 0;
    for (int i = 0; i < count; i++) {
        if (stones[i].field == 1)
            own++;
        else
            other++;
    }
    if (own == other) return BLACK;
    if (other == own + 1) return WHITE;
    return stones[0].field == 1 ? BLACK : WHITE;
}

static EngineError set_board_position(Gomocup *session) {
    const int count = session->block_count;
    const int own = count ? own_color(session->block_stones, count) : BLACK;
    EngineStone stones[MAX_MOVES];
    for (int i = 0; i < count; i++) {
        const GomocupStone *stone = &session->block_stones[i];
        stones[i] = (EngineStone){stone->x, stone->y, stone->field == 1 ? own : opponent(own)};
    }
    return engine_set_position(session->engine, stones, count, own);
}

static void print_cells(char *text, size_t size, const int *cells, int count) {
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%d,%d", i ? " " : "",
                                 cell_x(cells[i]), cell_y(cells[i]));
}

static void swap2_done(Gomocup *session) {
    const int count = session->block_count;
    if (count != 0 && count != 3 && count != 5) {
        reply_error(session, "SWAP2BOARD wants 0, 3 or 5 stones");
        return;
    }
    EngineStone stones[5];
    for (int i = 0; i < count; i++)
        stones[i] = (EngineStone){session->block_stones[i].x, session->block_stones[i].y,
                                  i % 2 == 0 ? BLACK : WHITE};
    const EngineError error =
        engine_set_position(session->engine, stones, count, count % 2 == 0 ? BLACK : WHITE);
    if (error != ENGINE_OK) {
        reply_engine_error(session, error);
        return;
    }
    think_begin(session);
    const Swap2Answer answer = engine_swap2(session->engine, limits_from(session, session->block_arrival_ms));
    think_end(session);
    if (answer.swap) {
        output_line(session->output, "SWAP");
        return;
    }
    if (answer.count == 0) {
        reply_error(session, "no swap2 answer on this board");
        return;
    }
    for (int i = 0; i < answer.count; i++)
        engine_play(session->engine, cell_x(answer.cells[i]), cell_y(answer.cells[i]));
    char text[64];
    print_cells(text, sizeof text, answer.cells, answer.count);
    output_line(session->output, "%s", text);
}

static void block_done(Gomocup *session) {
    const GomocupBlock block = session->block;
    session->block = BLOCK_NONE;
    if (session->block_error) {
        reply_error(session, session->block_error);
        return;
    }
    if (!need_game(session)) return;
    if (block == BLOCK_SWAP2) {
        swap2_done(session);
        return;
    }
    const EngineError error = set_board_position(session);
    if (error != ENGINE_OK) {
        reply_engine_error(session, error);
        return;
    }
    if (block == BLOCK_BOARD) {
        session->line_arrival_ms = session->block_arrival_ms;   /* its clock started at BOARD */
        reply_move(session);
    }
}

/* ---- Yixin-Board extensions ---- */

static void command_nbest(Gomocup *session, const char *arguments) {
    int wanted = 1;
    const char *cursor = arguments;
    if (*arguments && !parse_int(&cursor, &wanted)) {
        reply_error(session, "YXNBEST wants a count");
        return;
    }
    if (!need_game(session)) return;
    if (wanted < 1) wanted = 1;
    if (wanted > NBEST_MAX) wanted = NBEST_MAX;
    int cells[NBEST_MAX];
    think_begin(session);
    const int found = engine_best_moves(session->engine, limits_from(session, session->line_arrival_ms), wanted,
                                        cells, report_iteration, session);
    think_end(session);
    if (found == 0) {
        reply_engine_error(session, ENGINE_GAME_OVER);
        return;
    }
    char text[NBEST_MAX * 8 + 1];
    print_cells(text, sizeof text, cells, found);
    output_message(session->output, "NBEST %s", text);
    output_line(session->output, "%d,%d", cell_x(cells[0]), cell_y(cells[0]));
}

static void command_show_forbid(Gomocup *session) {
    if (!need_game(session)) return;
    char text[8 + 4 * MAX_MOVES + 2] = "FORBID ";
    size_t used = strlen(text);
    int cells[MAX_MOVES];
    const int count = engine_forbidden_cells(session->engine, cells, MAX_MOVES);
    for (int i = 0; i < count; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%02d%02d", cell_x(cells[i]), cell_y(cells[i]));
    snprintf(text + used, sizeof text - used, ".");
    output_line(session->output, "%s", text);
}

/* One move (YXBALANCEONE) or two (YXBALANCETWO) that we would play from here; the position is
 * unchanged. Without an evaluation scale to aim at, the best moves are the most even ones. */
static void command_balance(Gomocup *session, int moves) {
    if (!need_game(session)) return;
    int cells[2];
    int found = 0;
    for (; found < moves; found++) {
        const int cell = think(session);
        if (!cell) break;
        cells[found] = cell;
        engine_play(session->engine, cell_x(cell), cell_y(cell));
    }
    for (int i = found - 1; i >= 0; i--) engine_takeback(session->engine, cell_x(cells[i]), cell_y(cells[i]));
    if (found < moves) {
        reply_engine_error(session, ENGINE_GAME_OVER);
        return;
    }
    char text[32];
    print_cells(text, sizeof text, cells, found);
    output_line(session->output, "%s", text);
}

/* The cells where the opponent would win at once: the side to move must take one of them. */
static void command_search_defend(Gomocup *session) {
    if (!need_game(session)) return;
    int cells[NBEST_MAX] = {0};
    const int count = engine_winning_cells_of_opponent(session->engine, cells, NBEST_MAX);
    char text[NBEST_MAX * 8 + 1];
    print_cells(text, sizeof text, cells, count);
    output_message(session->output, "DEFEND %s", count ? text : "none");
}

static void command_show_info(Gomocup *session) {
    Output *output = session->output;
    output_message(output, "INFO NAME %s %s", GOMOCUP_NAME, GOMOCUP_VERSION);
    output_message(output, "INFO LEVEL %s", engine_level_name(session->engine));
    output_message(output, "INFO RULE %d", engine_rule(session->engine));
    output_message(output, "INFO HASH_SIZE %llu", (unsigned long long)(engine_table_bytes(session->engine) >> 10));
    output_message(output, "INFO TIMEOUT_TURN %lld TIMEOUT_MATCH %lld",
                   (long long)session->limits.turn_ms, (long long)session->limits.match_ms);
}

/* ---- dispatch ---- */

GomocupUrgent gomocup_urgent(const char *line) {
    const char *arguments;
    line = skip_blanks(line);
    const size_t length = command_word(line, &arguments);
    if (word_is(line, length, "END")) return URGENT_END;
    if (word_is(line, length, "YXSTOP") || word_is(line, length, "STOP")) return URGENT_STOP;
    return URGENT_NONE;
}

bool gomocup_silent(const char *line) {
    const char *arguments;
    line = skip_blanks(line);
    const size_t length = command_word(line, &arguments);
    return word_is(line, length, "INFO") || word_is(line, length, "YXHASHCLEAR") ||
           word_is(line, length, "YXSTOP") || word_is(line, length, "STOP");
}

static const char *const COMMANDS[] = {
    "START", "RECTSTART", "RESTART", "INFO", "BEGIN", "TURN", "BOARD", "YXBOARD", "SWAP2BOARD",
    "TAKEBACK", "PLAY", "ABOUT", "END", "YXSTOP", "STOP", "YXHASHCLEAR", "YXNBEST",
    "YXSHOWFORBID", "YXBALANCEONE", "YXBALANCETWO", "YXSHOWINFO", "YXSEARCHDEFEND",
};

static bool is_command(const char *word, size_t length) {
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (word_is(word, length, COMMANDS[i])) return true;
    return false;
}

/* The unknown command echoed back as printable text only: a raw control byte could confuse the
 * manager reading our replies. */
static void reply_unknown(Gomocup *session, const char *line, size_t length) {
    char shown[65];
    size_t n = 0;
    for (size_t i = 0; i < length && n < sizeof shown - 1; i++) {
        const unsigned char c = (unsigned char)line[i];
        shown[n++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    shown[n] = 0;
    output_line(session->output, "UNKNOWN command %s", shown);
}

static GomocupStatus handle_command(Gomocup *session, const char *line) {
    const char *arguments;
    const size_t length = command_word(line, &arguments);
#define IS(name) word_is(line, length, name)
    if (IS("START")) command_start(session, arguments, false);
    else if (IS("RECTSTART")) command_start(session, arguments, true);
    else if (IS("RESTART")) command_restart(session);
    else if (IS("INFO")) command_info(session, arguments);
    else if (IS("BEGIN")) command_begin(session);
    else if (IS("TURN")) command_turn(session, arguments);
    else if (IS("BOARD")) block_begin(session, BLOCK_BOARD);
    else if (IS("YXBOARD")) block_begin(session, BLOCK_YXBOARD);
    else if (IS("SWAP2BOARD")) block_begin(session, BLOCK_SWAP2);
    else if (IS("TAKEBACK")) command_takeback(session, arguments);
    else if (IS("PLAY")) command_play(session, arguments);
    else if (IS("ABOUT")) command_about(session);
    else if (IS("END")) return GOMOCUP_END;
    else if (IS("YXSTOP") || IS("STOP") || IS("YXHASHCLEAR")) {
        if (IS("YXHASHCLEAR")) engine_clear_hash(session->engine);
        /* a stop with no think running has nothing to stop */
    }
    else if (IS("YXNBEST")) command_nbest(session, arguments);
    else if (IS("YXSHOWFORBID")) command_show_forbid(session);
    else if (IS("YXBALANCEONE")) command_balance(session, 1);
    else if (IS("YXBALANCETWO")) command_balance(session, 2);
    else if (IS("YXSHOWINFO")) command_show_info(session);
    else if (IS("YXSEARCHDEFEND")) command_search_defend(session);
    else reply_unknown(session, line, length);
#undef IS
    return GOMOCUP_CONTINUE;
}

GomocupStatus gomocup_handle(Gomocup *session, const char *line) {
    line = skip_blanks(line);
    if (*line == '\0') return GOMOCUP_CONTINUE;
    if (session->block != BLOCK_NONE) {
        const char *arguments;
        const size_t length = command_word(line, &arguments);
        if (word_is(line, length, "DONE")) {
            block_done(session);
            return GOMOCUP_CONTINUE;
        }
        if (word_is(line, length, "END")) return GOMOCUP_END;   /* nothing is printed after END */
        if (!is_command(line, length)) {
            block_line(session, line);
            return GOMOCUP_CONTINUE;
        }
        /* A command inside a block: the block was abandoned. Refuse it, then obey the command. */
        session->block = BLOCK_NONE;
        reply_error(session, "block ended without DONE");
    }
    return handle_command(session, line);
}

void gomocup_line_too_long(Gomocup *session) {
    if (session->block != BLOCK_NONE) {
        block_fail(session, "line too long");
        return;
    }
    reply_error(session, "line too long");
}

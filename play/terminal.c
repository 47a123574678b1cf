#include "terminal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line_input.h"
#include "monotonic.h"
#include "notation.h"
#include "seating.h"

/* A line of analysis at most this often, so that a fast search does not flood the terminal. */
#define REPORT_EVERY_MS 1000
/* How often the loop looks at Ctrl-C and the clocks while nobody types. */
#define IDLE_STEP_MS 200
#define GRAPH_WIDTH 41

static void format_clock(int64_t ms, char *out, size_t size) {
    const long long tenths = ms / 100;
    snprintf(out, size, "%lld:%02lld.%lld", tenths / 600, tenths / 10 % 60, tenths % 10);
}

static void draw_columns(const Table *table, int cell_width, FILE *out) {
    fprintf(out, "   ");
    for (int x = 0; x < table->rules.width; x++) {
        char column[4];
        notation_column(x, column, sizeof column);
        fprintf(out, "%*s", cell_width, column);
    }
    fprintf(out, "\n");
}

/* The move number of the stone on x,y among the moves shown, 0 if none. */
static int move_number(const Table *table, int x, int y) {
    for (int i = 0; i < table->analysis.view; i++)
        if (table->x[i] == x && table->y[i] == y) return i + 1;
    return 0;
}

/* The analysis's rank (1, 2, …) of the empty cell x,y among its best moves, 0 if none. */
static int best_rank(const Table *table, int x, int y) {
    const TableAnalysis *a = &table->analysis;
    if (!a->on) return 0;
    for (int i = 0; i < a->line_count; i++)
        if (a->line[i].pv_count && a->line[i].pv_x[0] == x && a->line[i].pv_y[0] == y) return i + 1;
    return 0;
}

static void draw_row(const Table *table, int y, bool numbers, int cell_width, FILE *out) {
    const int view = table->analysis.view;
    const int last = view ? cell_at(table->x[view - 1], table->y[view - 1]) : -1;
    fprintf(out, "%2d ", table->rules.height - y);
    bool after_last = false;
    for (int x = 0; x < table->rules.width; x++) {
        const int cell = cell_at(x, y);
        const int stone = table->board->cell[cell];
        const int rank = stone == EMPTY ? best_rank(table, x, y) : 0;
        char text[16];
        if (numbers && stone != EMPTY)
            snprintf(text, sizeof text, "%d", move_number(table, x, y));
        else if (rank)
            snprintf(text, sizeof text, "%d", rank);
        else if (table->has_hint && x == table->hint_x && y == table->hint_y)
            snprintf(text, sizeof text, "?");
        else
            snprintf(text, sizeof text, "%c", stone == BLACK ? 'X' : stone == WHITE ? 'O' : '.');
        /* the last move is bracketed: its left pad holds '(' and the next cell's holds ')' */
        const int pad = cell_width - (int)strlen(text);
        fprintf(out, "%*s%c%s", pad > 1 ? pad - 1 : 0, "", cell == last ? '(' : after_last ? ')' : ' ', text);
        after_last = cell == last;
    }
    fprintf(out, "%c%2d\n", after_last ? ')' : ' ', table->rules.height - y);
}

static void draw_player(const Table *table, int color, FILE *out) {
    char clock[32];
    const int64_t left = table_time_left(table, color);
    /* time left is rounded up: 0:00.0 left means the flag has fallen */
    format_clock(left >= 0 ? (left + 99) / 100 * 100 : table_clock_ms(table, color), clock, sizeof clock);
    fprintf(out, "%s %-6s %-24s %s%s\n", color == BLACK ? "X" : "O", color_name(color), table->players[color].name,
            clock, left >= 0 ? " left" : "");
}

/* "black +35", "white wins in 3": a score from the side to move's view, said as whose it is. */
static void score_words(const Thinking *t, char *out, size_t size) {
    const int side = t->side ? t->side : BLACK;
    if (!t->has_score) snprintf(out, size, "no score");
    else if (t->mate) snprintf(out, size, "%s wins in %d", color_name(t->mate > 0 ? side : opponent(side)), abs(t->mate));
    else if (t->score == 0) snprintf(out, size, "even");
    else snprintf(out, size, "%s +%d", color_name(t->score > 0 ? side : opponent(side)), abs(t->score));
}

static void draw_analysis(const Table *table, FILE *out) {
    const TableAnalysis *a = &table->analysis;
    const int side = a->view % 2 == 0 ? BLACK : WHITE;
    fprintf(out, "analysis by %s of move %d of %d (%s to move)%s\n", a->brain.name, a->view, table->count,
            color_name(side), a->finished ? "" : ", thinking");
    for (int i = 0; i < a->line_count; i++) {
        const Thinking *t = &a->line[i];
        char cell[8] = "-", score[48], line[THINKING_TEXT_MAX + 64];
        if (t->pv_count) notation_cell(t->pv_x[0], t->pv_y[0], table->rules.height, cell, sizeof cell);
        score_words(t, score, sizeof score);
        thinking_describe(t, table->rules.height, line, sizeof line);
        fprintf(out, "  %d. %-4s %-18s %s\n", i + 1, cell, score, line);
    }
    if (a->line_count == 0 && a->message[0]) fprintf(out, "  %s\n", a->message);
}

void terminal_draw(const Table *table, bool numbers, FILE *out) {
    int cell_width = 2;
    if (numbers) cell_width = table->count >= 99 ? 4 : 3;
    fprintf(out, "\n");
    draw_columns(table, cell_width, out);
    for (int y = 0; y < table->rules.height; y++) draw_row(table, y, numbers, cell_width, out);
    draw_columns(table, cell_width, out);
    draw_player(table, BLACK, out);
    draw_player(table, WHITE, out);
    if (table->analysis.on) {
        draw_analysis(table, out);
    } else if (table->thinking.side) {
        const Thinking *t = &table->thinking;
        char line[THINKING_TEXT_MAX + 64];
        thinking_describe(t, table->rules.height, line, sizeof line);
        /* the score is the side to move's: say whose, a hint's being the person's */
        fprintf(out, "%s, %s %s: %s\n", table->players[t->brain].name, t->hint ? "hint for" : "thinking as",
                color_name(t->side), line);
    }
    if (table->note[0]) fprintf(out, "note: %s\n", table->note);
    if (table->has_hint) {
        char cell[8];
        notation_cell(table->hint_x, table->hint_y, table->rules.height, cell, sizeof cell);
        fprintf(out, "hint: %s (marked ?)\n", cell);
    }
    const int view = table->analysis.view;
    if (view > 0) {
        char cell[8];
        notation_cell(table->x[view - 1], table->y[view - 1], table->rules.height, cell, sizeof cell);
        fprintf(out, "move %d was %s\n", view, cell);
    }
    if (table_over(table) && view == table->count) fprintf(out, "Game over: %s\n", table->reason);
    fflush(out);
}

/* The analysis in one line: "analysis depth 12: h8 black +35, i9 black +20". */
static void analysis_summary(const Table *table, char *out, size_t size) {
    const TableAnalysis *a = &table->analysis;
    size_t n = (size_t)snprintf(out, size, "analysis");
    if (a->line[0].has_depth && n < size) n += (size_t)snprintf(out + n, size - n, " depth %d", a->line[0].depth);
    if (n < size) n += (size_t)snprintf(out + n, size - n, ":");
    for (int i = 0; i < a->line_count && n < size; i++) {
        char cell[8] = "-", score[48];
        if (a->line[i].pv_count) notation_cell(a->line[i].pv_x[0], a->line[i].pv_y[0], table->rules.height, cell, sizeof cell);
        score_words(&a->line[i], score, sizeof score);
        n += (size_t)snprintf(out + n, size - n, "%s %s %s", i ? "," : "", cell, score);
    }
}

static void on_message(void *context, const TableVoice *voice, const char *text) {
    TerminalSession *s = context;
    table_thinking(s->table, voice, text);
    if (voice->want != WANT_ANALYSIS || s->table->analysis.line_count == 0) return;
    /* what changed, at most once a second */
    const int64_t now = monotonic_ms();
    if (now - s->last_report_ms < REPORT_EVERY_MS) return;
    char summary[sizeof s->last_report];
    analysis_summary(s->table, summary, sizeof summary);
    if (strcmp(summary, s->last_report) == 0) return;
    s->last_report_ms = now;
    snprintf(s->last_report, sizeof s->last_report, "%s", summary);
    fprintf(s->out, "%s\n", summary);
    fflush(s->out);
}

static void announce(TerminalSession *s, const TableSnapshot *snapshot) {
    const char *name = snapshot->want == WANT_ANALYSIS ? "" : snapshot->players[snapshot->brain_color].name;
    switch (snapshot->want) {
    case WANT_HINT: fprintf(s->out, "asking %s for a hint...\n", name); break;
    case WANT_SWAP:
        fprintf(s->out, "%s %s...\n", name,
                snapshot->count == 0 ? "places the opening's first three stones" : "chooses a colour");
        break;
    case WANT_ANALYSIS: /* said once a position: its later rounds go on quietly */
        if (snapshot->analysis_ms != TABLE_ANALYSIS_FIRST_MS) return;
        fprintf(s->out, "%s analyses (type anything to stop it)...\n", snapshot->analyst.name);
        s->last_report[0] = '\0';
        s->last_report_ms = 0;
        break;
    case WANT_MOVE:
        fprintf(s->out, "%s (%s) is thinking...\n", color_name(snapshot->color), name);
        break;
    case WANT_NOTHING: return;
    }
    fflush(s->out);
}

/* Let the brains do what the table wants; the want that was served (WANT_NOTHING: none).
 * An analysis stops when a line is typed. */
static TableWant brains_step(TerminalSession *s, Seating *seating, LineInput *input) {
    TableSnapshot *snapshot = malloc(sizeof *snapshot);
    if (!snapshot) return WANT_NOTHING;
    table_snapshot(s->table, snapshot);
    const TableWant want = snapshot->want;
    if (want == WANT_ANALYSIS && line_input_ready(input)) {
        free(snapshot);
        return WANT_NOTHING; /* a command first */
    }
    atomic_store(&s->table->cancel, false);
    announce(s, snapshot);
    if (want == WANT_ANALYSIS) line_input_poke(input, &s->table->cancel);
    TableAnswer answer;
    const bool asked = seating_step(seating, snapshot, on_message, s, &answer);
    line_input_poke(input, NULL);
    table_apply(s->table, snapshot, &answer);
    if (!asked && answer.note[0]) fprintf(s->out, "note: %s\n", answer.note);
    free(snapshot);
    return asked ? want : WANT_NOTHING;
}

static void help(FILE *out) {
    fprintf(out, "moves: h8 (column letter, row from the bottom) or x,y (protocol, from the top left)\n"
                 "commands: undo, new, swap, hint, numbers, save FILE.psq|FILE.sgf, help, quit\n"
                 "swap opening: black, white (take that colour), two (place the 4th and 5th stones)\n"
                 "analysis: analyse (on or off), back, forward, first, last, go N, lines N, graph;\n"
                 "          Enter shows the board with the best moves marked 1, 2, ...\n");
}

static void trim(char *line) {
    size_t n = strlen(line);
    while (n > 0 && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
    size_t start = 0;
    while (isspace((unsigned char)line[start])) start++;
    memmove(line, line + start, n - start + 1);
}

static void refuse(TerminalSession *s, const char *why) {
    fprintf(s->out, "refused: %s\n", why);
}

static void save(TerminalSession *s, const char *path) {
    char why[512];
    if (!*path) {
        refuse(s, "save wants a file name ending in .psq or .sgf");
        return;
    }
    GameRecord *record = malloc(sizeof *record);
    if (!record) return;
    table_record(s->table, record);
    if (record_save(path, record, why, sizeof why))
        fprintf(s->out, "saved %d moves to %s\n", s->table->count, path);
    else
        refuse(s, why);
    free(record);
}

/* The score graph: one row a position analysed, black's advantage to the right. */
static void graph(TerminalSession *s) {
    const Table *table = s->table;
    int shown = 0;
    fprintf(s->out, "move  score (black's view)   white %*s black\n", GRAPH_WIDTH - 12, "");
    for (int i = 0; i <= table->count; i++) {
        const TableEval *e = &table->evals[i];
        if (!e->known) continue;
        const double black = e->mate ? (e->mate > 0 ? 1.0 : -1.0) : tanh(e->score / 600.0);
        const int at = (int)lround((black + 1) / 2 * (GRAPH_WIDTH - 1));
        char bar[GRAPH_WIDTH + 1];
        for (int c = 0; c < GRAPH_WIDTH; c++) bar[c] = c == GRAPH_WIDTH / 2 ? '|' : ' ';
        for (int c = at < GRAPH_WIDTH / 2 ? at : GRAPH_WIDTH / 2; c <= (at > GRAPH_WIDTH / 2 ? at : GRAPH_WIDTH / 2); c++)
            bar[c] = c == at ? '*' : c == GRAPH_WIDTH / 2 ? '|' : '-';
        bar[GRAPH_WIDTH] = '\0';
        char score[32];
        if (e->mate) snprintf(score, sizeof score, "%s wins in %d", e->mate > 0 ? "black" : "white", abs(e->mate));
        else snprintf(score, sizeof score, "%+d", e->score);
        fprintf(s->out, "%4d  %-22s %s%s\n", i, score, bar, i == table->analysis.view ? "  <" : "");
        shown++;
    }
    if (!shown) fprintf(s->out, "no position has a score yet: analyse, or let a brain that says its score play\n");
}

/* analyse [on|off]; false when it was refused. */
static bool analyse_command(TerminalSession *s, const char *argument, char *why, size_t size) {
    Table *table = s->table;
    const bool on = !strcmp(argument, "on") ? true : !strcmp(argument, "off") ? false : !table->analysis.on;
    if (on && !s->analyst.brain) {
        snprintf(why, size, "no brain to analyse with (pbrain-wuzi was not found)");
        return false;
    }
    return table_analyse(table, on, &s->analyst, table->analysis.lines, why, size);
}

/* The analysis's commands (the position shown, how many best moves, the graph); -1 when the
 * line is none of them, else whether the board changed. */
static int analysis_command(TerminalSession *s, const char *line, char *why, size_t size) {
    Table *table = s->table;
    const int view = table->analysis.view;
    int n = 0, end = 0;
    if (!strncmp(line, "analyse", 7) || !strncmp(line, "analyze", 7) || !strncmp(line, "analysis", 8)) {
        const char *argument = line + strcspn(line, " ");
        while (*argument == ' ') argument++;
        return analyse_command(s, argument, why, size) ? 1 : (refuse(s, why), 0);
    }
    if (!strcmp(line, "graph")) {
        graph(s);
        return 0;
    }
    if (!strcmp(line, "back") || !strcmp(line, "<")) n = view - 1;
    else if (!strcmp(line, "forward") || !strcmp(line, ">")) n = view + 1;
    else if (!strcmp(line, "first")) n = 0;
    else if (!strcmp(line, "last")) n = table->count;
    else if (sscanf(line, "go %d%n", &n, &end) == 1 && line[end] == '\0') {
    } else if (sscanf(line, "lines %d%n", &n, &end) == 1 && line[end] == '\0') {
        if (table_analyse(table, table->analysis.on, &s->analyst, n, why, size)) return 1;
        refuse(s, why);
        return 0;
    } else {
        return -1;
    }
    if (table_view(table, n, why, size)) return 1;
    refuse(s, why);
    return 0;
}

/* black, white, two: the person's choice in the swap opening; -1 when the line is none. */
static int choice_command(TerminalSession *s, const char *line, char *why, size_t size) {
    TableChoice choice;
    if (!strcmp(line, "black") || !strcmp(line, "take black")) choice = CHOICE_BLACK;
    else if (!strcmp(line, "white") || !strcmp(line, "take white")) choice = CHOICE_WHITE;
    else if (!strcmp(line, "two") || !strcmp(line, "two more")) choice = CHOICE_TWO_MORE;
    else return -1;
    if (table_choose(s->table, choice, why, size)) return 1;
    refuse(s, why);
    return 0;
}

/* A move typed as h8 or x,y; whether the board changed. */
static bool move_command(TerminalSession *s, const char *line, char *why, size_t size) {
    Table *table = s->table;
    int x, y;
    const NotationParse parsed = notation_parse(line, table->rules.width, table->rules.height, &x, &y);
    if (parsed == NOTATION_NOT_A_CELL) {
        snprintf(why, size, "\"%.40s\" is neither a move (h8 or x,y) nor a command (type help)", line);
    } else if (parsed == NOTATION_OFF_BOARD) {
        char last[4];
        notation_column(table->rules.width - 1, last, sizeof last);
        snprintf(why, size, "%.40s is off the board (columns a to %s, rows 1 to %d; x,y from 0)", line, last,
                 table->rules.height);
    } else if (table_play(table, x, y, why, size)) {
        return true;
    }
    refuse(s, why);
    return false;
}

/* One typed line; false to quit. */
static bool command(TerminalSession *s, char *line) {
    char why[512];
    Table *table = s->table;
    trim(line);
    if (!line[0]) { /* Enter: the board again (in an analysis, with its best moves) */
        terminal_draw(table, s->numbers, s->out);
        return true;
    }
    if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0) return false;
    if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        help(s->out);
        return true;
    }
    bool drawn = true;
    int handled;
    if (strcmp(line, "undo") == 0) {
        drawn = table_undo(table, why, sizeof why);
        if (!drawn) refuse(s, why);
    } else if (strcmp(line, "new") == 0) {
        const TableRules rules = table->rules;
        drawn = start_position_new_game(s->start, table, &rules, why, sizeof why);
        if (!drawn) refuse(s, why);
    } else if (strcmp(line, "swap") == 0) {
        drawn = table_swap(table, why, sizeof why);
        if (!drawn) refuse(s, why);
    } else if (strcmp(line, "hint") == 0) {
        if (!table_want_hint(table, why, sizeof why)) refuse(s, why);
        drawn = false;
    } else if (strcmp(line, "numbers") == 0) {
        s->numbers = !s->numbers;
    } else if (strncmp(line, "save", 4) == 0 && (line[4] == '\0' || line[4] == ' ')) {
        char *path = line + 4;
        while (*path == ' ') path++;
        save(s, path);
        drawn = false;
    } else if ((handled = analysis_command(s, line, why, sizeof why)) >= 0) {
        drawn = handled;
    } else if ((handled = choice_command(s, line, why, sizeof why)) >= 0) {
        drawn = handled;
    } else {
        drawn = move_command(s, line, why, sizeof why);
    }
    if (drawn) terminal_draw(table, s->numbers, s->out);
    return true;
}

static void prompt(TerminalSession *s) {
    const Table *table = s->table;
    const int actor = table_actor(table);
    const char *who = table->players[actor].name;
    if (table->analysis.on)
        fprintf(s->out, "analysis, move %d of %d (a move, back, forward, analyse off...)> ", table->analysis.view,
                table->count);
    else if (table_over(table))
        fprintf(s->out, "new, undo, save FILE or quit> ");
    else if (table_choosing(table))
        fprintf(s->out, "%s to choose: black, white%s> ", who,
                table->stage == STAGE_CHOOSE3 && table->rules.opening_rule == OPENING_RULE_SWAP2 ? " or two (place two more)" : "");
    else if (table->stage == STAGE_PLACE3 || table->stage == STAGE_PLACE2)
        fprintf(s->out, "%s to place stone %d (%s)> ", who, table->count + 1, color_name(table_to_move(table)));
    else
        fprintf(s->out, "%s (%s) to move> ", color_name(table_to_move(table)), who);
    fflush(s->out);
}

/* How long to wait for a line: a little, to watch Ctrl-C and the person's game clock. */
static int idle_wait(const Table *table) {
    const int64_t flag = table_ms_until_flag(table);
    return flag >= 0 && flag < IDLE_STEP_MS ? (int)flag + 1 : IDLE_STEP_MS;
}

int terminal_run(TerminalSession *s) {
    Seating seating;
    seating_init(&seating, &s->table->cancel);
    LineInput *input = line_input_start(s->in);
    if (!input) return 1;
    terminal_draw(s->table, s->numbers, s->out);
    char line[LINE_INPUT_MAX];
    bool prompted = false;
    for (;;) {
        if (s->quit && atomic_load(s->quit)) break;
        if (table_check_time(s->table)) {
            terminal_draw(s->table, s->numbers, s->out);
            prompted = false;
        }
        const TableWant served = brains_step(s, &seating, input);
        if (s->quit && atomic_load(s->quit)) break;
        if (served == WANT_ANALYSIS) {
            if (s->table->analysis.finished) terminal_draw(s->table, s->numbers, s->out);
            prompted = false;
            continue;
        }
        if (served != WANT_NOTHING) {
            terminal_draw(s->table, s->numbers, s->out);
            prompted = false;
            continue;
        }
        if (!prompted) prompt(s);
        prompted = true;
        const LineWait got = line_input_next(input, line, sizeof line, idle_wait(s->table));
        if (got == LINE_NONE) continue;
        if (got == LINE_END) break;
        prompted = false;
        if (got == LINE_TOO_LONG) {
            refuse(s, "the line is too long");
            continue;
        }
        if (!command(s, line)) break;
    }
    fprintf(s->out, "\n");
    line_input_stop(input);
    seating_destroy(&seating);
    return 0;
}

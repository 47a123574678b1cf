#include "terminal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "seating.h"

#define LINE_MAX_INPUT 1024

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

/* The move number of the stone on x,y, 0 if none. */
static int move_number(const Table *table, int x, int y) {
    for (int i = 0; i < table->count; i++)
        if (table->x[i] == x && table->y[i] == y) return i + 1;
    return 0;
}

static void draw_row(const Table *table, int y, bool numbers, int cell_width, FILE *out) {
    const int last = table->count ? cell_at(table->x[table->count - 1], table->y[table->count - 1]) : -1;
    fprintf(out, "%2d ", table->rules.height - y);
    bool after_last = false;
    for (int x = 0; x < table->rules.width; x++) {
        const int cell = cell_at(x, y);
        const int stone = table->board->cell[cell];
        char text[16];
        if (numbers && stone != EMPTY)
            snprintf(text, sizeof text, "%d", move_number(table, x, y));
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
    format_clock(table_clock_ms(table, color), clock, sizeof clock);
    fprintf(out, "%s %-6s %-24s %s\n", color == BLACK ? "X" : "O", color_name(color), table->players[color].name, clock);
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
    if (table->thinking.side) {
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
    if (table->count > 0) {
        char cell[8];
        notation_cell(table->x[table->count - 1], table->y[table->count - 1], table->rules.height, cell, sizeof cell);
        fprintf(out, "move %d was %s\n", table->count, cell);
    }
    if (table_over(table)) fprintf(out, "Game over: %s\n", table->reason);
    fflush(out);
}

static void on_message(void *context, const TableVoice *voice, const char *text) {
    Table *table = context;
    table_thinking(table, voice, text);
}

/* Let the brains do what the table wants; true if one moved or hinted. */
static bool brains_step(TerminalSession *s, Seating *seating) {
    TableSnapshot *snapshot = malloc(sizeof *snapshot);
    if (!snapshot) return false;
    table_snapshot(s->table, snapshot);
    atomic_store(&s->table->cancel, false);
    if (snapshot->want != WANT_NOTHING) {
        if (snapshot->want == WANT_HINT)
            fprintf(s->out, "asking %s for a hint...\n", snapshot->players[snapshot->brain_color].name);
        else
            fprintf(s->out, "%s (%s) is thinking...\n", color_name(snapshot->color),
                    snapshot->players[snapshot->color].name);
        fflush(s->out);
    }
    TableAnswer answer;
    const bool asked = seating_step(seating, snapshot, on_message, s->table, &answer);
    table_apply(s->table, snapshot, &answer);
    if (!asked && answer.note[0]) fprintf(s->out, "note: %s\n", answer.note);
    free(snapshot);
    return asked;
}

static void help(FILE *out) {
    fprintf(out, "moves: h8 (column letter, row from the bottom) or x,y (protocol, from the top left)\n"
                 "commands: undo, new, swap, hint, numbers, save FILE.psq|FILE.sgf, help, quit\n");
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

/* One typed line; false to quit. */
static bool command(TerminalSession *s, char *line) {
    char why[512];
    Table *table = s->table;
    trim(line);
    if (!line[0]) return true;
    if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0 || strcmp(line, "q") == 0) return false;
    if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
        help(s->out);
        return true;
    }
    bool drawn = true;
    if (strcmp(line, "undo") == 0) {
        drawn = table_undo(table, why, sizeof why);
        if (!drawn) refuse(s, why);
    } else if (strcmp(line, "new") == 0) {
        const TableRules rules = table->rules;
        drawn = start_position_new_game(s->start, table, &rules, why, sizeof why);
        if (!drawn) refuse(s, why);
    } else if (strcmp(line, "swap") == 0) {
        table_swap(table);
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
    } else {
        int x, y;
        const NotationParse parsed = notation_parse(line, table->rules.width, table->rules.height, &x, &y);
        if (parsed == NOTATION_NOT_A_CELL) {
            snprintf(why, sizeof why, "\"%.40s\" is neither a move (h8 or x,y) nor a command (type help)", line);
            refuse(s, why);
            drawn = false;
        } else if (parsed == NOTATION_OFF_BOARD) {
            char last[4];
            notation_column(table->rules.width - 1, last, sizeof last);
            snprintf(why, sizeof why, "%.40s is off the board (columns a to %s, rows 1 to %d; x,y from 0)", line,
                     last, table->rules.height);
            refuse(s, why);
            drawn = false;
        } else if (!table_play(table, x, y, why, sizeof why)) {
            refuse(s, why);
            drawn = false;
        }
    }
    if (drawn) terminal_draw(table, s->numbers, s->out);
    return true;
}

static void prompt(TerminalSession *s) {
    const Table *table = s->table;
    if (table_over(table))
        fprintf(s->out, "new, undo, save FILE or quit> ");
    else
        fprintf(s->out, "%s (%s) to move> ", color_name(table_to_move(table)), table->players[table_to_move(table)].name);
    fflush(s->out);
}

int terminal_run(TerminalSession *s) {
    Seating seating;
    seating_init(&seating, &s->table->cancel);
    terminal_draw(s->table, s->numbers, s->out);
    char line[LINE_MAX_INPUT];
    for (;;) {
        if (s->quit && atomic_load(s->quit)) break;
        if (brains_step(s, &seating)) {
            if (s->quit && atomic_load(s->quit)) break;
            terminal_draw(s->table, s->numbers, s->out);
            continue;
        }
        prompt(s);
        if (!fgets(line, sizeof line, s->in)) break;
        if (!strchr(line, '\n') && !feof(s->in)) {
            int c;
            while ((c = fgetc(s->in)) != EOF && c != '\n') {
            }
            refuse(s, "the line is too long");
            continue;
        }
        if (!command(s, line)) break;
    }
    fprintf(s->out, "\n");
    seating_destroy(&seating);
    return 0;
}

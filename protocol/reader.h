/* reader: command lines from a file descriptor.
 *
 * A line ends at LF, CR or CR LF (managers use all three, qpiskvork mixes them within one
 * block). Trailing blanks are stripped. A line longer than READER_LINE_MAX is cut there and
 * flagged, and the rest of it up to its end is skipped, so no input can grow memory or crash
 * the reader. Blank lines are returned too (as empty strings); callers skip them. */
#ifndef WUZI_READER_H
#define WUZI_READER_H

#include <stdbool.h>
#include <stddef.h>

#define READER_LINE_MAX (64 * 1024)

typedef struct LineReader {
    int fd;
    bool eof;
    bool after_cr;                    /* last line ended with CR: a following LF is its end too */
    size_t start, end;                /* unread bytes in buffer[start, end) */
    unsigned long reads;              /* read() calls that brought bytes: lines that share one came together */
    char buffer[16 * 1024];
    char line[READER_LINE_MAX + 1];
} LineReader;

typedef enum ReadStatus {
    READ_LINE,        /* a whole line */
    READ_TOO_LONG,    /* a line longer than READER_LINE_MAX: its first READER_LINE_MAX bytes */
    READ_EOF,         /* end of input (or a read error): no more lines */
} ReadStatus;

void reader_init(LineReader *reader, int fd);
/* Blocks until a line is complete; the line stays valid until the next call. A last line
 * without an ending is returned before READ_EOF. */
ReadStatus reader_next(LineReader *reader, const char **line);

#endif

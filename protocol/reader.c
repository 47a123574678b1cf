#include "reader.h"

#include <errno.h>
#include <unistd.h>

void reader_init(LineReader *reader, int fd) {
    reader->fd = fd;
    reader->eof = false;
    reader->after_cr = false;
    reader->start = reader->end = 0;
    reader->reads = 0;
    reader->line[0] = '\0';
}

static bool fill(LineReader *reader) {
    if (reader->eof) return false;
    for (;;) {
        const ssize_t n = read(reader->fd, reader->buffer, sizeof reader->buffer);
        if (n > 0) {
            reader->start = 0;
            reader->end = (size_t)n;
            reader->reads++;
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        reader->eof = true;
        return false;
    }
}

static size_t strip_trailing_blanks(char *text, size_t length) {
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t' ||
                          text[length - 1] == '\f' || text[length - 1] == '\v' ||
                          text[length - 1] == '\0'))
        length--;
    text[length] = '\0';
    return length;
}

ReadStatus reader_next(LineReader *reader, const char **line) {
    size_t length = 0;
    bool too_long = false, any = false;
    *line = reader->line;
    for (;;) {
        if (reader->start == reader->end && !fill(reader)) {
            if (!any) return READ_EOF;
            break;
        }
        const char c = reader->buffer[reader->start++];
        if (c == '\n' && reader->after_cr && !any) {
            /* the LF of a CR LF pair whose CR already ended the previous line */
            reader->after_cr = false;
            continue;
        }
        reader->after_cr = false;
        if (c == '\r' || c == '\n') {
            reader->after_cr = c == '\r';
            break;
        }
        any = true;
        if (length < READER_LINE_MAX)
            reader->line[length++] = c;
        else
            too_long = true;
    }
    strip_trailing_blanks(reader->line, length);
    return too_long ? READ_TOO_LONG : READ_LINE;
}

/* reader and output: line splitting on every ending, overlong lines, the last line without an
 * ending; one write per reply line, no bare MESSAGE, nothing after close. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "output.h"
#include "reader.h"

static LineReader reader;

/* A reader over `bytes` (small: they must fit in the pipe), then end of input. */
static bool reader_over(const char *bytes, size_t length) {
    int fds[2];
    if (pipe(fds) != 0) return false;
    const ssize_t written = write(fds[1], bytes, length);
    close(fds[1]);
    reader_init(&reader, fds[0]);
    return written == (ssize_t)length;
}

static void expect_lines(const char *bytes, const char *const *expected) {
    CHECK(reader_over(bytes, strlen(bytes)));
    const char *line;
    for (int i = 0; expected[i]; i++) {
        const ReadStatus status = reader_next(&reader, &line);
        CHECKF(status == READ_LINE && strcmp(line, expected[i]) == 0, "line %d: status %d '%s', want '%s'",
               i, (int)status, status == READ_EOF ? "" : line, expected[i]);
    }
    CHECK(reader_next(&reader, &line) == READ_EOF);
    CHECK(reader_next(&reader, &line) == READ_EOF);
    close(reader.fd);
}

static void test_line_endings(void) {
    expect_lines("A\nB\r\nC\rD\n", (const char *const[]){"A", "B", "C", "D", NULL});
    /* CR LF is one ending; CR CR is an empty line between */
    expect_lines("A\r\n\r\nB\r\rC", (const char *const[]){"A", "", "B", "", "C", NULL});
    /* LF CR: the CR ends an empty line */
    expect_lines("A\n\rB\n", (const char *const[]){"A", "", "B", NULL});
}

static void test_trailing_blanks(void) {
    expect_lines("TURN 1,2  \t\r\n  \r\nX \n", (const char *const[]){"TURN 1,2", "", "X", NULL});
}

static void test_last_line_without_ending(void) {
    expect_lines("START 15\nEND", (const char *const[]){"START 15", "END", NULL});
    expect_lines("", (const char *const[]){NULL});
}

static void test_overlong_line(void) {
    const size_t length = READER_LINE_MAX + 1000;
    int fds[2];
    CHECK(pipe(fds) == 0);
    /* a writer process: the pipe holds less than the line */
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        char *bytes = malloc(length + 16);
        if (!bytes) _exit(1);
        memset(bytes, 'x', length);
        memcpy(bytes + length, "\r\nOK\n", 5);
        const char *p = bytes;
        size_t left = length + 5;
        while (left > 0) {
            const ssize_t n = write(fds[1], p, left);
            if (n <= 0) _exit(1);
            p += n;
            left -= (size_t)n;
        }
        _exit(0);
    }
    close(fds[1]);
    reader_init(&reader, fds[0]);
    const char *line;
    CHECK(reader_next(&reader, &line) == READ_TOO_LONG);
    CHECK(strlen(line) == READER_LINE_MAX);
    CHECK(reader_next(&reader, &line) == READ_LINE && strcmp(line, "OK") == 0);
    CHECK(reader_next(&reader, &line) == READ_EOF);
    close(fds[0]);
    int status;
    waitpid(pid, &status, 0);
}

/* What the output wrote into a pipe, up to `size` bytes. */
static size_t drain(int fd, char *text, size_t size) {
    const ssize_t n = read(fd, text, size - 1);
    text[n > 0 ? n : 0] = '\0';
    return n > 0 ? (size_t)n : 0;
}

static void test_output_lines(void) {
    int fds[2];
    CHECK(pipe(fds) == 0);
    Output output;
    output_init(&output, fds[1]);
    output_line(&output, "%d,%d", 7, 8);
    output_message(&output, "depth %d", 3);
    output_message(&output, "%s", "");          /* never a bare MESSAGE */
    output_line(&output, "two\nlines\r");       /* a line break cannot split a reply */
    output_close(&output);
    output_line(&output, "after close");
    close(fds[1]);
    char text[256];
    drain(fds[0], text, sizeof text);
    CHECKF(strcmp(text, "7,8\nMESSAGE depth 3\ntwo lines \n") == 0, "output: '%s'", text);
    close(fds[0]);
    output_destroy(&output);
}

int main(void) {
    RUN(test_line_endings);
    RUN(test_trailing_blanks);
    RUN(test_last_line_without_ending);
    RUN(test_overlong_line);
    RUN(test_output_lines);
    return check_summary();
}

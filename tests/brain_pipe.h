/* brain_pipe: the protocol tests' way to drive a real brain, on the runner's brain_process.
 *
 * Starts the program named by $WUZI_BRAIN with arguments, writes command lines with a chosen
 * line ending, reads reply lines verbatim with a deadline, and checks how it exits and that it
 * printed nothing on stderr. Everything sent and received can be logged as a transcript. */
#ifndef WUZI_BRAIN_PIPE_H
#define WUZI_BRAIN_PIPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "brain_process.h"

typedef struct BrainPipe {
    BrainProcess process;
    const char *eol;   /* line ending for brain_pipe_send: "\n" unless changed */
    bool exited;
    int status;        /* exit status once exited; -1 for a signal */
    FILE *errors;      /* the brain's stderr, kept in a temporary file */
    char stderr_text[1024];
} BrainPipe;

/* The brain program: $WUZI_BRAIN, or NULL (the test should then skip). */
const char *brain_pipe_program(void);
/* argv: arguments after the program name, NULL-terminated (may be NULL). */
bool brain_pipe_start(BrainPipe *pipe, const char *const *argv);
/* One line with pipe->eol appended. */
bool brain_pipe_send(BrainPipe *pipe, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Bytes exactly as given (for mixed line endings, overlong lines, partial lines). */
bool brain_pipe_send_raw(BrainPipe *pipe, const char *bytes, size_t length);
/* The next reply line without its ending; false on timeout or end of output. */
bool brain_pipe_read(BrainPipe *pipe, char *line, size_t size, int timeout_ms);
/* The next line that is not a MESSAGE/DEBUG line. */
bool brain_pipe_read_reply(BrainPipe *pipe, char *line, size_t size, int timeout_ms);
/* Closes the brain's stdin (end of input). */
void brain_pipe_close_input(BrainPipe *pipe);
/* Waits for the exit; false if it is still running after timeout_ms. */
bool brain_pipe_wait(BrainPipe *pipe, int timeout_ms);
/* Everything the brain wrote on stderr so far (NUL-terminated, cut at 1 KiB). */
const char *brain_pipe_stderr(BrainPipe *pipe);
/* Kills (if still running), reaps and closes the pipes. */
void brain_pipe_finish(BrainPipe *pipe);
/* Transcript of both directions to `log`, each line after `name`. */
void brain_pipe_log(BrainPipe *pipe, FILE *log, const char *name);

#endif

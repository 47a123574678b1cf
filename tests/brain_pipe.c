#include "brain_pipe.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *brain_pipe_program(void) {
    const char *program = getenv("WUZI_BRAIN");
    return program && *program ? program : NULL;
}

/* `word` in single quotes for /bin/sh, a quote inside written as '\'' . */
static bool append_quoted(char *command, size_t size, const char *word) {
    size_t length = strlen(command);
    if (length + 3 >= size) return false;
    command[length++] = ' ';
    command[length++] = '\'';
    for (; *word; word++) {
        const char *piece = *word == '\'' ? "'\\''" : (char[]){*word, 0};
        const size_t n = strlen(piece);
        if (length + n + 2 >= size) return false;
        memcpy(command + length, piece, n);
        length += n;
    }
    command[length++] = '\'';
    command[length] = '\0';
    return true;
}

bool brain_pipe_start(BrainPipe *pipe_, const char *const *argv) {
    memset(pipe_, 0, sizeof *pipe_);
    pipe_->eol = "\n";
    brain_init(&pipe_->process, "brain", -1, monotonic_ms(), NULL);
    pipe_->process.verbatim = true;
    const char *program = brain_pipe_program();
    if (!program) return false;
    /* A brain that dies must not kill the test with SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    /* exec: the shell becomes the brain, so the exit status is the brain's own. */
    char command[4096] = "exec";
    if (!append_quoted(command, sizeof command, program)) return false;
    for (int i = 0; argv && argv[i]; i++)
        if (!append_quoted(command, sizeof command, argv[i])) return false;
    pipe_->errors = tmpfile();
    if (!pipe_->errors) return false;
    pipe_->process.stderr_fd = fileno(pipe_->errors);
    return brain_start(&pipe_->process, command);
}

void brain_pipe_log(BrainPipe *pipe_, FILE *log, const char *name) {
    if (log) fflush(log);
    pipe_->process.log_fd = log ? fileno(log) : -1;
    snprintf(pipe_->process.name, sizeof pipe_->process.name, "%s", name ? name : "");
}

bool brain_pipe_send_raw(BrainPipe *pipe_, const char *bytes, size_t length) {
    return brain_send_raw(&pipe_->process, bytes, length);
}

bool brain_pipe_send(BrainPipe *pipe_, const char *format, ...) {
    char line[BRAIN_LINE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line - 4, format, args);
    va_end(args);
    brain_log(&pipe_->process, "<", line);
    strcat(line, pipe_->eol);
    return brain_send_raw(&pipe_->process, line, strlen(line));
}

bool brain_pipe_read(BrainPipe *pipe_, char *line, size_t size, int timeout_ms) {
    line[0] = '\0';
    return brain_read(&pipe_->process, line, size, monotonic_ms() + timeout_ms) == BRAIN_READ_OK;
}

bool brain_pipe_read_reply(BrainPipe *pipe_, char *line, size_t size, int timeout_ms) {
    const int64_t deadline = monotonic_ms() + timeout_ms;
    for (;;) {
        if (brain_read(&pipe_->process, line, size, deadline) != BRAIN_READ_OK) return false;
        if (strncmp(line, "MESSAGE ", 8) != 0 && strncmp(line, "DEBUG ", 6) != 0) return true;
    }
}

void brain_pipe_close_input(BrainPipe *pipe_) { brain_close_input(&pipe_->process); }

const char *brain_pipe_stderr(BrainPipe *pipe_) {
    pipe_->stderr_text[0] = '\0';
    if (!pipe_->errors) return pipe_->stderr_text;
    const ssize_t n = pread(fileno(pipe_->errors), pipe_->stderr_text, sizeof pipe_->stderr_text - 1, 0);
    pipe_->stderr_text[n > 0 ? n : 0] = '\0';
    return pipe_->stderr_text;
}

bool brain_pipe_wait(BrainPipe *pipe_, int timeout_ms) {
    if (!brain_wait_exit(&pipe_->process, timeout_ms)) return false;
    pipe_->exited = true;
    pipe_->status = brain_exit_code(&pipe_->process);
    return true;
}

void brain_pipe_finish(BrainPipe *pipe_) {
    brain_stop(&pipe_->process, 0);
    if (pipe_->errors) fclose(pipe_->errors);
    pipe_->errors = NULL;
}
